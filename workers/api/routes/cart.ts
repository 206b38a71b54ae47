import type { Context } from "hono";
import { capYears, maxYearsFor } from "../../../core/cart";
import type { CartView } from "../../../core/cart";
import { checkOne } from "../adapters/registry";
import { optionalAuth } from "../auth/middleware";
import { applyDiscount, normaliseDiscountCode } from "../../../core/checkout";
import {
  addCartItemRoute,
  addCartServerRoute,
  deleteCartDiscountRoute,
  getCartRoute,
  putCartDiscountRoute,
  removeCartItemRoute,
  updateCartItemRoute,
} from "../contract/cart";
import { addCartItem, addServerLine, getCart, removeCartItem, setCartDiscountCode, setCartItemYears } from "../db/cart";
import { cartSummary, discountMessage, findDiscountRule, priceCart } from "../checkout/pricing";
import { loadCatalogue } from "../db/catalogue";
import { domainLinePriceColumns } from "../../../core/domain-pricing";
import type { ApiBindings } from "../bindings";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";
import { cartNotFound, resolveCart } from "../cart-access";
import { parseSearchName } from "../search-name";
import { assertTransferable } from "../transfer-check";
import { authCodeSchema } from "../../../core/transfer";
import { checkServerOrder, cyclePrice } from "../../../core/servers";
import { serverCatalogue } from "../servers/catalogue";

const emptyCart = (id: string | null): Omit<CartView, "id"> & { id: string | null } => ({
  id,
  items: [],
  totalItems: 0,
  subtotal: 0,
  currency: "USD",
});

/** The cart with its server-side money summary: ICANN fees, the discount re-checked, the total. */
async function withSummary<T extends { id: string | null; items: unknown[] }>(c: Context<ApiBindings>, cart: T) {
  if (!cart.id || cart.items.length === 0) return { ...cart, ...EMPTY_SUMMARY };
  try {
    return { ...cart, ...cartSummary(await priceCart(c.env.DB, c.var.services, cart.id, Boolean(c.var.auth))) };
  } catch (error) {
    // A line that cannot be priced now (extension withdrawn…) is reported at checkout; the cart still shows.
    if (error instanceof ApiError) return { ...cart, ...EMPTY_SUMMARY };
    throw error;
  }
}
const EMPTY_SUMMARY = { icannFees: 0, discountAmount: 0, tax: 0, total: 0, discount: null };

const router = contractRouter();
router.use("/cart", optionalAuth);
router.use("/cart/*", optionalAuth);

export const cartRoutes = router
  .openapi(getCartRoute, async (c) => {
    const { id } = await resolveCart(c);
    const cart = id ? await getCart(c.env.DB, id) : null;
    return c.json({ success: true as const, data: await withSummary(c, cart ?? emptyCart(id)) }, 200);
  })
  // Apply a discount code to the cart (signed-in users only, SPEC §5): checked now and again at checkout.
  .openapi(putCartDiscountRoute, async (c) => {
    if (!c.var.auth) throw new ApiError(401, "discount_signin_required", discountMessage("discount_signin_required"));
    const { id } = await resolveCart(c);
    if (!id) throw new ApiError(400, "cart_empty", "Your cart is empty.");
    const code = normaliseDiscountCode(c.req.valid("json").code);
    const priced = await priceCart(c.env.DB, c.var.services, id, true);
    const outcome = applyDiscount(await findDiscountRule(c.env.DB, code), priced.lines, true);
    if (!outcome.ok)
      throw new ApiError(
        outcome.reason === "discount_invalid" ? 404 : 400,
        outcome.reason,
        discountMessage(outcome.reason),
        [{ path: "code", message: discountMessage(outcome.reason) }],
      );
    await setCartDiscountCode(c.env.DB, id, code, c.var.services.now());
    const cart = await getCart(c.env.DB, id);
    return c.json(
      { success: true as const, data: await withSummary(c, cart ?? emptyCart(id)), message: "Discount code is valid" },
      200,
    );
  })
  .openapi(deleteCartDiscountRoute, async (c) => {
    const { id } = await resolveCart(c);
    if (!id) throw cartNotFound();
    await setCartDiscountCode(c.env.DB, id, null, c.var.services.now());
    const cart = await getCart(c.env.DB, id);
    return c.json(
      { success: true as const, data: await withSummary(c, cart ?? emptyCart(id)), message: "Discount removed." },
      200,
    );
  })
  .openapi(addCartItemRoute, async (c) => {
    const input = c.req.valid("json");
    const resolved = await resolveCart(c);
    const cartId = resolved.id ?? crypto.randomUUID();
    const catalogue = await loadCatalogue(c.env.DB);
    const name = parseSearchName(input.domain, catalogue);
    const row = catalogue.byTld.get(name.tld);
    if (!row) throw new ApiError(400, "unknown_extension", "This extension is not supported.");
    const check = await checkOne(c.var.services.registry, name.ascii);

    if (input.operation === "registration" && !check.available) {
      throw new ApiError(409, "not_available", `${name.unicode} is not available for registration.`);
    }
    let authCode: string | null = null;
    if (input.operation === "transfer") {
      // The wizard's checks again (the server decides), then the auth code the transfer needs.
      await assertTransferable(c.var.services, catalogue, name.ascii);
      const parsed = authCodeSchema.safeParse(input.auth_code ?? "");
      if (!parsed.success) {
        const code =
          parsed.error.issues[0]?.message === "auth_code_required" ? "auth_code_required" : "invalid_auth_code";
        throw new ApiError(
          400,
          code,
          code === "auth_code_required"
            ? "The transfer auth code (EPP code) is required."
            : "The auth code must be 6 to 128 printable characters without spaces.",
          [{ path: "auth_code", message: code }],
        );
      }
      authCode = parsed.data;
    }

    const maxYears = maxYearsFor(input.operation, row.max_years);
    const years = capYears(input.years, maxYears);
    const outcome = await addCartItem(
      c.env.DB,
      cartId,
      {
        name: name.ascii,
        unicode: name.unicode,
        tld: name.tld,
        operation: input.operation,
        years,
        max_years: maxYears,
        ...domainLinePriceColumns(row, check),
        auth_code: authCode,
      },
      c.var.services.now(),
      resolved.ownerId,
    );
    if (outcome === "duplicate") throw new ApiError(409, "already_in_cart", `${name.unicode} is already in your cart.`);
    if (outcome === "full")
      throw new ApiError(409, "cart_full", "Your cart is full. Check out or remove an item first.");
    const cart = await getCart(c.env.DB, cartId);
    if (!cart) throw cartNotFound();
    return c.json({ success: true as const, data: cart, message: `${name.unicode} was added to your cart.` }, 201);
  })
  // Servers (issue 11): a plan with its cycle, OS, datacenter, hostname and SSH key. The price is
  // the catalogue's (plan × cycle + OS licence), computed here and again at checkout.
  .openapi(addCartServerRoute, async (c) => {
    const input = c.req.valid("json");
    const checked = checkServerOrder(serverCatalogue(), input);
    if (!checked.ok)
      throw new ApiError(400, "invalid_parameter", `Parameter "${checked.issue.path}" ${checked.issue.message}`, [
        checked.issue,
      ]);
    const resolved = await resolveCart(c);
    const cartId = resolved.id ?? crypto.randomUUID();
    const price = cyclePrice(checked.plan, input.cycle, checked.os);
    const outcome = await addServerLine(
      c.env.DB,
      cartId,
      {
        name: `vps:${input.hostname}`,
        hostname: input.hostname,
        operation: "registration",
        cents: price.totalCents,
        details: {
          plan: checked.plan.id,
          cycle: input.cycle,
          os: checked.os?.id ?? null,
          datacenter: checked.datacenter.id,
          hostname: input.hostname,
          ssh_key: input.ssh_key ?? null,
        },
      },
      c.var.services.now(),
      resolved.ownerId,
    );
    if (outcome === "duplicate")
      throw new ApiError(409, "already_in_cart", `A server named ${input.hostname} is already in your cart.`, [
        { path: "hostname", message: "is already in your cart" },
      ]);
    if (outcome === "full")
      throw new ApiError(409, "cart_full", "Your cart is full. Check out or remove an item first.");
    const cart = await getCart(c.env.DB, cartId);
    if (!cart) throw cartNotFound();
    return c.json(
      {
        success: true as const,
        data: cart,
        message: `${checked.plan.name} (${input.hostname}) was added to your cart.`,
      },
      201,
    );
  })
  .openapi(updateCartItemRoute, async (c) => {
    const { id: cartId } = await resolveCart(c);
    if (!cartId) throw cartNotFound();
    const { years, quantity } = c.req.valid("json");
    if (quantity !== undefined && quantity <= 0) {
      if (!(await removeCartItem(c.env.DB, cartId, c.req.valid("param").id)))
        throw new ApiError(404, "item_not_found", "That item is not in the cart.");
      return c.json({ success: true as const, data: await getCart(c.env.DB, cartId) }, 200);
    }
    if (years !== undefined) {
      const updated = await setCartItemYears(c.env.DB, cartId, c.req.valid("param").id, years);
      if (!updated)
        throw new ApiError(
          400,
          "invalid_years",
          "That period is not allowed for this item (or the item is not in the cart).",
        );
    }
    return c.json({ success: true as const, data: await getCart(c.env.DB, cartId) }, 200);
  })
  .openapi(removeCartItemRoute, async (c) => {
    const { id: cartId } = await resolveCart(c);
    if (!cartId) throw cartNotFound();
    const removed = await removeCartItem(c.env.DB, cartId, c.req.valid("param").id);
    if (!removed) throw new ApiError(404, "item_not_found", "That item is not in the cart.");
    const cart = await getCart(c.env.DB, cartId);
    if (!cart) throw cartNotFound();
    return c.json({ success: true as const, data: cart }, 200);
  });
