// Contract of "My domains" (SPEC §7 "DNS and domains", issue 14): the customer's domains, their
// settings, renewal through the cart, lock, nameservers, deletion, and the private expiry
// calendar. Every route but the calendar feed needs the bearer token; another user's domain
// answers 404 as if it did not exist.
import { z } from "zod";
import {
  autoRenewBodySchema,
  DOMAIN_STATUSES,
  dnssecBodySchema,
  domainListQuerySchema,
  domainLockBodySchema,
  nameserversBodySchema,
  passwordBodySchema,
  renewBodySchema,
  whoisPrivacyBodySchema,
  type DomainAction,
} from "../../../core/my-domains";
import type { ApiErrorCode } from "./errors";
import { apiRoute, BEARER, jsonBody, ok } from "./route";
import { domainParamSchema, REGISTRY_CODES, transferSchema } from "./transfers";

const time = z.string().meta({ description: "UTC ISO 8601 time.", example: "2026-05-01T12:00:00.000Z" });
const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

const DOMAIN_ACTIONS = [
  "none",
  "renew",
  "restore",
  "contact_support",
  "wait",
] as const satisfies readonly DomainAction[];

export const userDomainSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: "ASCII (A-label) name.", example: "xn--bcher-kva.com" }),
    unicode: z.string().meta({ example: "bücher.com" }),
    extension: z.string().meta({ description: "ASCII extension without the dot.", example: "com" }),
    status: z.enum(DOMAIN_STATUSES),
    action: z.enum(DOMAIN_ACTIONS).meta({ description: "What the customer can do next." }),
    registered_at: time.nullable(),
    expires_at: time.nullable(),
    days_left: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Whole days until the expiry (negative once expired)." }),
    locked: z.boolean(),
    auto_renew: z.boolean(),
    whois_privacy: z.boolean(),
    dnssec: z.boolean(),
    ds: z.array(z.string()).meta({
      description: "The DS records at the registry for the signed zone (keyTag alg digestType digest); [] unsigned.",
    }),
    nameservers: z.array(z.string()),
    deleted_at: time.nullable(),
    renew_error: z
      .string()
      .nullable()
      .meta({ description: "Why the last automatic renewal failed, in the request's language." }),
    created_at: time,
  })
  .meta({ id: "UserDomain" });
export type UserDomain = z.infer<typeof userDomainSchema>;

export const domainPageSchema = z
  .object({
    domains: z.array(userDomainSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    pages: z.number().int(),
    counts: z
      .object({ total: z.number().int(), expiring_soon: z.number().int(), expired: z.number().int() })
      .meta({ description: "The whole account, whatever the filter." }),
  })
  .meta({ id: "UserDomainPage" });
export type DomainPage = z.infer<typeof domainPageSchema>;

/** What the registry says about a domain held here. */
export const registryInfoSchema = z
  .object({
    status: z.enum([
      "active",
      "expiring_soon",
      "pending",
      "pending_transfer",
      "transfer_out_pending",
      "grace_period",
      "redemption",
      "pending_delete",
      "deleted",
      "suspended",
    ]),
    registrar: z.string(),
    created_at: time,
    expires_at: time,
    locked: z.boolean(),
    transferable: z.boolean(),
    held_here: z.boolean(),
    max_renewal_years: z.number().int().meta({ description: "The most years a renewal accepts now (0: none)." }),
    grace_ends_at: time.nullable(),
    redemption_ends_at: time.nullable(),
    releases_at: time.nullable(),
    transferred_at: time.nullable(),
  })
  .meta({ id: "RegistryInfo" });

export const userDomainDetailSchema = userDomainSchema
  .extend({
    registry: registryInfoSchema.nullable(),
    transfer: transferSchema.nullable().meta({ description: "The latest transfer of the name, in or out." }),
    renewal: z
      .object({
        operation: z.enum(["renewal", "restore"]),
        max_years: z.number().int(),
        price_per_year: money,
        currency: z.string(),
      })
      .nullable()
      .meta({ description: "What renewing (or restoring, in redemption) costs; null when it is not possible now." }),
  })
  .meta({ id: "UserDomainDetail" });
export type UserDomainDetail = z.infer<typeof userDomainDetailSchema>;

export const idParamSchema = z.object({
  id: z.string().min(1).max(253).meta({ description: "The domain's id or its (ASCII) name.", example: "example.com" }),
});

const manageCodes = ["domain_not_found", "domain_not_manageable", "service_not_configured"] as const;

export const listDomainsRoute = apiRoute({
  method: "get",
  path: "/user-domains",
  tags: ["My domains"],
  summary: "The signed-in customer's domains: search, status filter, sort, a page at a time",
  security: BEARER,
  request: { query: domainListQuerySchema },
  responses: { 200: ok(domainPageSchema, "One page of the customer's domains.") },
});

export const domainDetailRoute = apiRoute(
  {
    method: "get",
    path: "/user-domains/{id}",
    tags: ["My domains"],
    summary: "One domain of the customer, with the registry's view, its latest transfer and renewal price",
    security: BEARER,
    request: { params: idParamSchema },
    responses: { 200: ok(userDomainDetailSchema, "The domain.") },
  },
  ["domain_not_found", "unavailable"],
);

/** PUT /user-domains/{id}/<setting>: one of the domain's on/off settings; answers the domain after the change. */
function domainSettingRoute<const P extends string, B extends z.ZodType>(
  path: P,
  summary: string,
  body: B,
  errors: readonly ApiErrorCode[] = manageCodes,
) {
  return apiRoute(
    {
      method: "put",
      path,
      tags: ["My domains"],
      summary,
      security: BEARER,
      request: { params: idParamSchema, body: jsonBody(body) },
      responses: { 200: ok(userDomainSchema, "The domain after the change.") },
    },
    errors,
  );
}

export const autoRenewRoute = domainSettingRoute(
  "/user-domains/{id}/auto-renew",
  "Turn automatic renewal on or off (on needs a saved payment method)",
  autoRenewBodySchema,
  [...manageCodes, "payment_method_required"],
);

export const whoisPrivacyRoute = domainSettingRoute(
  "/user-domains/{id}/whois-privacy",
  "Turn WHOIS privacy on or off",
  whoisPrivacyBodySchema,
);

export const dnssecRoute = domainSettingRoute("/user-domains/{id}/dnssec", "Turn DNSSEC on or off", dnssecBodySchema);

export const renewRoute = apiRoute(
  {
    method: "post",
    path: "/user-domains/{id}/renew",
    tags: ["My domains"],
    summary: "Add the renewal (or, in redemption, the restore) of a domain to the cart",
    description:
      "The years are capped at what the registry allows (a domain runs at most 10 years ahead); checkout renews it.",
    security: BEARER,
    request: { params: idParamSchema, body: jsonBody(renewBodySchema) },
    responses: {
      201: ok(
        z.object({
          cart_id: z.string(),
          name: z.string(),
          operation: z.enum(["renewal", "restore"]),
          years: z.number().int(),
          max_years: z.number().int(),
          price: money,
          currency: z.string(),
        }),
        "The line added to the customer's cart.",
      ),
    },
  },
  [
    "domain_not_found",
    "cannot_renew",
    "no_pricing",
    "already_in_cart",
    "cart_full",
    "service_not_configured",
    "unavailable",
  ],
);

export const domainLockRoute = apiRoute(
  {
    method: "put",
    path: "/domains/dns/{domain}/domain-lock",
    tags: ["My domains"],
    summary: "Lock or unlock a domain at the registry (the account password confirms it)",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(domainLockBodySchema) },
    responses: { 200: ok(userDomainSchema, "The domain after the change.") },
  },
  [...manageCodes, "invalid_password", "too_many_attempts", ...REGISTRY_CODES],
);

export const nameserversRoute = apiRoute(
  {
    method: "put",
    path: "/dns/domains/{domain}/nameservers",
    tags: ["My domains"],
    summary: "Set a domain's nameservers",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(nameserversBodySchema) },
    responses: { 200: ok(userDomainSchema, "The domain after the change.") },
  },
  [...manageCodes, "invalid_input", ...REGISTRY_CODES],
);

export const deleteDomainRoute = apiRoute(
  {
    method: "delete",
    path: "/dns/domains/{domain}",
    tags: ["My domains"],
    summary: "Delete a domain (the account password confirms it); it can be restored during redemption",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(passwordBodySchema) },
    responses: {
      200: ok(
        userDomainSchema.extend({ registry: registryInfoSchema }),
        "The domain, deleted, with the registry's view.",
      ),
    },
  },
  [...manageCodes, "invalid_password", "too_many_attempts", "pending_transfer", ...REGISTRY_CODES],
);

export const createCalendarRoute = apiRoute({
  method: "post",
  path: "/user-domains/calendar",
  tags: ["My domains"],
  summary: "A new private calendar link of the account's expiry dates (the previous link stops working)",
  security: BEARER,
  responses: {
    201: ok(
      z.object({
        path: z
          .string()
          .meta({ description: "The feed's path, to join to the API's origin.", example: "/api/v1/calendar/Zx…k.ics" }),
      }),
      "The new link, shown once.",
    ),
  },
});

export const calendarFileParamSchema = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: "must be a calendar file" })
    .meta({ description: "The private token, then `.ics`." }),
});

/** Documented only (the answer is an iCalendar file, not JSON). */
export const calendarFeedRoute = apiRoute(
  {
    method: "get",
    path: "/calendar/{file}",
    tags: ["My domains"],
    summary: "The private expiry calendar (iCalendar), at the unguessable link made by POST /user-domains/calendar",
    request: { params: calendarFileParamSchema },
    responses: {
      200: {
        description: "An iCalendar feed: one all-day event per domain expiry, with a reminder 7 days before.",
        content: { "text/calendar": { schema: z.string() } },
      },
    },
  },
  ["calendar_not_found"],
);
