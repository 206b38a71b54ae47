// Contract of servers (issue 11, SPEC §7 "GET /hosting/, GET /vps/"): the catalogue (public), the
// signed-in user's servers and hosting accounts, a server's detail, power actions, the root
// password behind the account password, auto-renewal and renewal into the cart.
import { z } from "zod";
import type { CartView } from "../../../core/cart";
import {
  BILLING_CYCLES,
  renewServerSchema,
  revealPasswordSchema,
  SERVER_ACTIONS,
  SERVER_ARCHES,
  SERVER_KINDS,
  SERVER_STATUSES,
  serverCatalogueSchema,
  serverListQuerySchema,
} from "../../../core/servers";
import { autoRenewBodySchema } from "../../../core/my-domains";
import { cartSchema } from "./cart";
import type { ApiErrorCode } from "./errors";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

export const serverIdParamSchema = z.object({ id: z.string().max(64) });
export const serverActionParamSchema = z.object({
  id: z.string().max(64),
  action: z.enum(SERVER_ACTIONS, { error: `must be one of ${SERVER_ACTIONS.join(", ")}` }),
});

const money = z.number().meta({ description: "US dollars, two decimals." });
const isoTime = z.string().meta({ description: "UTC, ISO 8601.", example: "2026-03-01T12:00:00.000Z" });

const catalogueOsSchema = serverCatalogueSchema.shape.operating_systems.element;
const cataloguePlanSchema = serverCatalogueSchema.shape.plans.element;

export const serverCatalogueViewSchema = z
  .object({
    currency: z.literal("USD"),
    datacenters: serverCatalogueSchema.shape.datacenters,
    operating_systems: z.array(catalogueOsSchema.extend({ licence_per_month: money })),
    plans: z.array(
      cataloguePlanSchema.extend({
        os: z.array(z.string()).meta({ description: "Ids of the operating systems this plan can run." }),
        prices: z.array(
          z.object({
            cycle: z.enum(BILLING_CYCLES),
            months: z.number().int(),
            price: money,
            per_month: money,
            saving: money.meta({ description: "Against paying monthly for as long." }),
            saving_percent: z.number(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "ServerCatalogue" });

export const serverViewSchema = z
  .object({
    id: z.string(),
    hostname: z.string(),
    kind: z.enum(SERVER_KINDS),
    arch: z.enum(SERVER_ARCHES),
    status: z.enum(SERVER_STATUSES),
    plan: z.object({
      id: z.string(),
      name: z.string(),
      cpu_cores: z.number().int().nullable(),
      cpu_model: z.string().nullable(),
      ram_gb: z.number().nullable(),
      disk_gb: z.number().nullable(),
      disk_type: z.string().nullable(),
      traffic_tb: z.union([z.number(), z.literal("unlimited")]).nullable(),
      gpu: z.object({ model: z.string(), memory_gb: z.number(), count: z.number().int() }).nullable(),
      websites: z.number().int().nullable(),
    }),
    os: z.object({ id: z.string(), name: z.string() }).nullable(),
    datacenter: z.object({ id: z.string(), city: z.string().nullable(), country: z.string().nullable() }),
    ipv4: z.string().nullable(),
    ipv6: z.string().nullable(),
    ssh_key_fingerprint: z.string().nullable(),
    has_root_password: z.boolean(),
    billing_cycle: z.enum(BILLING_CYCLES),
    auto_renew: z.boolean(),
    renew_error: z.string().nullable().meta({
      description: "The last failed auto-renewal charge (tried again a day later), in the request's language.",
    }),
    renew_error_at: isoTime.nullable(),
    price: money.meta({ description: "One billing cycle." }),
    expires_at: isoTime,
    grace_ends_at: isoTime.meta({ description: "When an expired server is deleted." }),
    last_action: z.string().nullable(),
    last_action_at: isoTime.nullable(),
    order_id: z.string(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Server" });

const serverListSchema = z.object({
  servers: z.array(serverViewSchema),
  pagination: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

export type ServerCatalogueView = z.infer<typeof serverCatalogueViewSchema>;
export type ServerView = z.infer<typeof serverViewSchema>;
export type ServerList = z.infer<typeof serverListSchema>;

const OWN_SERVER: readonly ApiErrorCode[] = ["server_not_found"];

export const serverPlansRoute = apiRoute({
  method: "get",
  path: "/vps/plans",
  tags: ["Servers"],
  summary: "The server catalogue: plans with prices per billing cycle, operating systems, datacenters",
  responses: { 200: ok(serverCatalogueViewSchema, "The catalogue.") },
});

export const vpsListRoute = apiRoute({
  method: "get",
  path: "/vps/",
  tags: ["Servers"],
  summary: "The user's servers (VPS, root and GPU servers)",
  security: BEARER,
  request: { query: serverListQuerySchema },
  responses: { 200: ok(serverListSchema, "One page of servers.") },
});

export const hostingListRoute = apiRoute({
  method: "get",
  path: "/hosting/",
  tags: ["Servers"],
  summary: "The user's hosting accounts",
  security: BEARER,
  request: { query: serverListQuerySchema },
  responses: { 200: ok(serverListSchema, "One page of hosting accounts.") },
});

export const serverRoute = apiRoute(
  {
    method: "get",
    path: "/vps/{id}",
    tags: ["Servers"],
    summary: "One server of the user",
    security: BEARER,
    request: { params: serverIdParamSchema },
    responses: { 200: ok(serverViewSchema, "The server, refreshed from the provider when its status may have moved.") },
  },
  OWN_SERVER,
);

export const serverActionRoute = apiRoute(
  {
    method: "post",
    path: "/vps/{id}/actions/{action}",
    tags: ["Servers"],
    summary: "A power action: reboot, stop, start or reinstall",
    security: BEARER,
    request: { params: serverActionParamSchema },
    responses: { 202: ok(serverViewSchema, "Requested; the server as it is now.") },
  },
  [...OWN_SERVER, "server_suspended", "invalid_state", "not_found", "conflict", "provider_unavailable"],
);

export const rootPasswordRoute = apiRoute(
  {
    method: "post",
    path: "/vps/{id}/root-password",
    tags: ["Servers"],
    summary: "The server's root password, behind the account password",
    security: BEARER,
    request: { params: serverIdParamSchema, body: jsonBody(revealPasswordSchema) },
    responses: { 200: ok(z.object({ root_password: z.string() }), "The root password (not cached).") },
  },
  [...OWN_SERVER, "invalid_password", "too_many_attempts", "root_password_unavailable"],
);

export const serverAutoRenewRoute = apiRoute(
  {
    method: "put",
    path: "/vps/{id}/auto-renew",
    tags: ["Servers"],
    summary: "Turn auto-renewal on (needs a saved card) or off",
    security: BEARER,
    request: { params: serverIdParamSchema, body: jsonBody(autoRenewBodySchema) },
    responses: { 200: ok(serverViewSchema, "The server with its new setting.") },
  },
  [...OWN_SERVER, "invalid_state", "payment_method_required"],
);

/** The cart (core/cart.ts CartView) as POST /vps/{id}/renew answers it: inline, as it may be null. */
const renewalCartSchema = z.object(cartSchema.shape).nullable();

export const serverRenewRoute = apiRoute(
  {
    method: "post",
    path: "/vps/{id}/renew",
    tags: ["Servers"],
    summary: "Put one more billing cycle of the server in the cart",
    security: BEARER,
    request: { params: serverIdParamSchema, body: jsonBody(renewServerSchema) },
    responses: { 201: ok(renewalCartSchema, "The cart with the renewal.") },
  },
  [...OWN_SERVER, "invalid_state", "plan_unavailable", "cart_not_found", "already_in_cart", "cart_full"],
);

// The answers as the services build them and the schemas describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [Same<CartView, z.infer<typeof cartSchema>>] = [true];
void sameShapes;
