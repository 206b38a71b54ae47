import { Hono } from "hono";
import { z } from "zod";
import { addDomainToCartSchema, capYears, maxYearsFor } from "../../../core/cart";
import type { CartView } from "../../../core/cart";
import { addCartItem, getCart, removeCartItem, setCartItemYears } from "../db/cart";
import { loadCatalogue } from "../db/catalogue";
import { priceCents } from "../domain-quote";
import type { ApiBindings } from "../env";
import { ApiError } from "../errors";
import { zValidate } from "../validate";
import { parseSearchName } from "./domains";

/**
 * The server-side cart (DESIGN §1). A cart is addressed by an unguessable id that the client
 * keeps (the storefront in a signed cookie) and sends as `X-Cart-Id`; adding to a cart without
 * one creates it and answers the new id.
 */
const CART_HEADER = "x-cart-id";
const cartIdSchema = z.uuid();

function cartIdFrom(header: string | undefined): string | null {
  if (!header) return null;
  const parsed = cartIdSchema.safeParse(header.trim());
  if (!parsed.success) throw new ApiError(400, "invalid_cart", 'Header "X-Cart-Id" must be a cart id.');
  return parsed.data;
}

const emptyCart = (id: string | null): Omit<CartView, "id"> & { id: string | null } => ({
  id,
  items: [],
  totalItems: 0,
  subtotal: 0,
  currency: "USD",
});

const yearsBodySchema = z.object({
  years: z.coerce.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(10, { error: "must be at most 10" }),
});

export const cartRoutes = new Hono<ApiBindings>()
  .get("/cart", async (c) => {
    const id = cartIdFrom(c.req.header(CART_HEADER));
    const cart = id ? await getCart(c.env.DB, id) : null;
    return c.json({ success: true as const, data: cart ?? emptyCart(id) });
  })
  .post("/cart/items", zValidate("json", addDomainToCartSchema), async (c) => {
    const input = c.req.valid("json");
    const cartId = cartIdFrom(c.req.header(CART_HEADER)) ?? crypto.randomUUID();
    const catalogue = await loadCatalogue(c.env.DB);
    const name = parseSearchName(input.domain, catalogue);
    const row = catalogue.byTld.get(name.tld);
    if (!row) throw new ApiError(400, "unknown_extension", "This extension is not supported.");
    const [check] = await c.var.services.registry.check([name.ascii]);

    if (input.operation === "registration" && !check.available) {
      throw new ApiError(409, "not_available", `${name.unicode} is not available for registration.`);
    }
    if (input.operation === "transfer") {
      if (check.available) throw new ApiError(409, "not_registered", `${name.unicode} is not registered, so it cannot be transferred. You can register it instead.`);
      const info = await c.var.services.registry.info(name.ascii);
      if (!info) throw new ApiError(409, "not_registered", `${name.unicode} is not registered, so it cannot be transferred.`);
      if (info.heldHere) throw new ApiError(409, "already_registered_here", `${name.unicode} is already registered with us.`);
      if (!info.transferable) throw new ApiError(409, "not_transferable", `${name.unicode} is a protected corporate domain and cannot be transferred.`);
    }

    const cents = priceCents(row, check);
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
        first_year_cents: cents.firstYear,
        renewal_cents: cents.renewal,
        transfer_cents: cents.transfer,
        icann_fee_cents: cents.icannFee,
        currency: row.currency,
        on_sale: row.on_sale,
        is_popular: row.is_popular,
        premium: check.premium ? 1 : 0,
      },
      c.var.services.now(),
    );
    if (outcome === "duplicate") throw new ApiError(409, "already_in_cart", `${name.unicode} is already in your cart.`);
    if (outcome === "full") throw new ApiError(409, "cart_full", "Your cart is full. Check out or remove an item first.");
    const cart = await getCart(c.env.DB, cartId);
    return c.json({ success: true as const, data: cart, message: `${name.unicode} was added to your cart.` }, 201);
  })
  .patch("/cart/items/:id", zValidate("json", yearsBodySchema), async (c) => {
    const cartId = cartIdFrom(c.req.header(CART_HEADER));
    if (!cartId) throw new ApiError(404, "cart_not_found", "There is no such cart.");
    const updated = await setCartItemYears(c.env.DB, cartId, c.req.param("id"), c.req.valid("json").years);
    if (!updated) throw new ApiError(400, "invalid_years", "That period is not allowed for this item (or the item is not in the cart).");
    return c.json({ success: true as const, data: await getCart(c.env.DB, cartId) });
  })
  .delete("/cart/items/:id", async (c) => {
    const cartId = cartIdFrom(c.req.header(CART_HEADER));
    if (!cartId) throw new ApiError(404, "cart_not_found", "There is no such cart.");
    const removed = await removeCartItem(c.env.DB, cartId, c.req.param("id"));
    if (!removed) throw new ApiError(404, "item_not_found", "That item is not in the cart.");
    return c.json({ success: true as const, data: await getCart(c.env.DB, cartId) });
  });
