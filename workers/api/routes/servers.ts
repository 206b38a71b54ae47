// Servers (issue 11, SPEC §7 "GET /hosting/, GET /vps/ (query params)"): the catalogue (public),
// the signed-in user's servers and hosting accounts, a server's detail, power actions, the root
// password behind the account password, and renewal into the cart. Another user's server is 404.
import type { Context } from "hono";
import { $ } from "@hono/zod-openapi";
import { cyclePrice, type ServerKind, type ServerListQuery } from "../../../core/servers";
import { renewalDetails } from "../../../core/servers/item-details";
import { authOf, requireAuth } from "../auth/middleware";
import { listPaymentMethods } from "../db/payment-methods";
import { addServerLine, getCart } from "../db/cart";
import { listServers, updateServer } from "../db/servers";
import type { ApiBindings } from "../bindings";
import { ApiError } from "../errors";
import { catalogueView, findPlan, serverCatalogue } from "../servers/catalogue";
import {
  ownServer,
  refreshServer,
  revealRootPassword,
  runServerAction,
  serverNotFound,
  serverView,
} from "../servers/service";
import {
  hostingListRoute,
  rootPasswordRoute,
  serverActionRoute,
  serverAutoRenewRoute,
  serverPlansRoute,
  serverRenewRoute,
  serverRoute,
  vpsListRoute,
} from "../contract/servers";
import { contractRouter } from "../validate";
import { resolveCart } from "../cart-access";
import { requirePassword } from "../auth/require-password";
import { requestLocale } from "../texts";

const SERVER_KINDS_OF_VPS: readonly ServerKind[] = ["vps", "root", "gpu"];

async function listOf(c: Context<ApiBindings>, kinds: readonly ServerKind[], query: ServerListQuery) {
  const { userId } = authOf(c);
  const { rows, total } = await listServers(c.env.DB, userId, kinds, query);
  const fresh = await Promise.all(rows.map((row) => refreshServer(c.env, c.var.services, row)));
  return {
    servers: fresh.map((row) => serverView(row, requestLocale(c.req.header("accept-language")))),
    pagination: {
      page: query.page,
      per_page: query.per_page,
      total,
      pages: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

export const serverRoutes = $(
  contractRouter()
    // The catalogue: plans with prices per billing cycle and savings, OS list, datacenters (public).
    .openapi(serverPlansRoute, (c) => c.json({ success: true as const, data: catalogueView() }, 200))
    .use("/vps", requireAuth)
    .use("/vps/*", async (c, next) => (c.req.path.endsWith("/vps/plans") ? next() : requireAuth(c, next)))
    .use("/hosting", requireAuth)
    .use("/hosting/*", requireAuth),
)
  .openapi(vpsListRoute, async (c) =>
    c.json({ success: true as const, data: await listOf(c, SERVER_KINDS_OF_VPS, c.req.valid("query")) }, 200),
  )
  .openapi(hostingListRoute, async (c) =>
    c.json({ success: true as const, data: await listOf(c, ["hosting"], c.req.valid("query")) }, 200),
  )
  .openapi(serverRoute, async (c) => {
    const row = await ownServer(c.env, c.var.services, authOf(c).userId, c.req.valid("param").id);
    return c.json(
      { success: true as const, data: serverView(row, requestLocale(c.req.header("accept-language"))) },
      200,
    );
  })
  .openapi(serverActionRoute, async (c) => {
    const { id, action } = c.req.valid("param");
    const row = await runServerAction(c.env, c.var.services, authOf(c).userId, id, action);
    return c.json(
      {
        success: true as const,
        data: serverView(row, requestLocale(c.req.header("accept-language"))),
        message: `${action} requested.`,
      },
      202,
    );
  })
  // The root password, only with the account password (SPEC §5: sensitive actions need it).
  .openapi(rootPasswordRoute, async (c) => {
    const { userId } = authOf(c);
    const row = await ownServer(c.env, c.var.services, userId, c.req.valid("param").id);
    // Wrong passwords are counted with every other confirmation of the account (5 per 15
    // minutes): 429 with Retry-After, even for the right one.
    await requirePassword(c, userId, c.req.valid("json").password);
    const password = await revealRootPassword(c.env, row);
    c.header("cache-control", "no-store");
    return c.json({ success: true as const, data: { root_password: password } }, 200);
  })
  // Auto-renewal (SPEC: needs a saved payment method): the scheduled job charges one billing cycle
  // off-session AUTO_RENEW_DAYS before expiry.
  .openapi(serverAutoRenewRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, payments } = c.var.services;
    const row = await ownServer(c.env, c.var.services, userId, c.req.valid("param").id);
    const { auto_renew } = c.req.valid("json");
    if (auto_renew) {
      if (["terminated", "cancelled", "expired"].includes(row.status))
        throw new ApiError(409, "invalid_state", `The server is ${row.status}: renew it from its page instead.`);
      if ((await listPaymentMethods(c.env.DB, userId, payments.provider)).length === 0) {
        throw new ApiError(
          409,
          "payment_method_required",
          "Auto-renewal needs a saved payment method. Add a card first.",
        );
      }
    }
    const patch = {
      auto_renew: auto_renew ? 1 : 0,
      ...(auto_renew ? {} : { renew_error: null, renew_error_at: null }),
    } as const;
    await updateServer(c.env.DB, row.id, patch, now());
    return c.json(
      {
        success: true as const,
        data: serverView({ ...row, ...patch }, requestLocale(c.req.header("accept-language"))),
        message: auto_renew ? "Auto-renewal turned on." : "Auto-renewal turned off.",
      },
      200,
    );
  })
  // Renewal into the cart: one more cycle, priced from the catalogue at checkout.
  .openapi(serverRenewRoute, async (c) => {
    const { userId } = authOf(c);
    const row = await ownServer(c.env, c.var.services, userId, c.req.valid("param").id);
    if (row.status === "terminated" || row.status === "cancelled")
      throw new ApiError(409, "invalid_state", "This server has ended and cannot be renewed.");
    const plan = findPlan(row.plan);
    if (!plan) throw new ApiError(409, "plan_unavailable", "This plan is no longer sold; contact support to renew.");
    const { cycle } = c.req.valid("json");
    const os = row.os ? (serverCatalogue().operating_systems.find((entry) => entry.id === row.os) ?? null) : null;
    const resolved = await resolveCart(c);
    const cartId = resolved.id ?? crypto.randomUUID();
    const outcome = await addServerLine(
      c.env.DB,
      cartId,
      {
        name: `renew:${row.id}`,
        hostname: row.hostname,
        operation: "renewal",
        cents: cyclePrice(plan, cycle, os).totalCents,
        // A spread: the cart stores details as a plain record. plan is row.plan (findPlan found it by that id).
        details: { ...renewalDetails(row, cycle) },
      },
      c.var.services.now(),
      resolved.ownerId,
    );
    if (outcome === "duplicate")
      throw new ApiError(409, "already_in_cart", `The renewal of ${row.hostname} is already in your cart.`);
    if (outcome === "full")
      throw new ApiError(409, "cart_full", "Your cart is full. Check out or remove an item first.");
    return c.json(
      {
        success: true as const,
        data: await getCart(c.env.DB, cartId),
        message: `The renewal of ${row.hostname} was added to your cart.`,
      },
      201,
    );
  })
  .all("/vps/:id/*", () => {
    throw serverNotFound();
  });
