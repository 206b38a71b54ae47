// Contract of the transfer calls (issue 14, SPEC §6/§8): can a name move to us (transfer-check),
// the public transfer status of a name, and a customer's transfer out of a domain held here (the
// auth code for the new registrar, answering the gaining registrar's request).
import { z } from "zod";
import { passwordBodySchema } from "../../../core/my-domains";
import { DOMAIN_NAME_ERRORS } from "./domains";
import { apiRoute, BEARER, jsonBody, ok } from "./route";
import type { ApiErrorCode } from "./errors";

const time = z.string().meta({ description: "UTC ISO 8601 time.", example: "2026-05-01T12:00:00.000Z" });
const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

/** The codes a registry refusal passes through with (app.ts maps them to their statuses). */
export const REGISTRY_CODES = [
  "not_found",
  "not_held_here",
  "invalid_state",
  "invalid_input",
  "unavailable",
] as const satisfies readonly ApiErrorCode[];

/** Why a name registered elsewhere cannot come to us (transfer-check; adding its transfer to the cart). */
export const TRANSFER_CHECK_ERRORS = [
  "pricing_unavailable",
  "server_error",
  "not_registered",
  "already_registered_here",
  "corporate_domain",
  "not_transferable",
  "locked_at_registrar",
] as const satisfies readonly ApiErrorCode[];

/** A path's domain, as typed: every route checks it itself (404 or 400 as before). */
export const domainParamSchema = z.object({
  domain: z.string().meta({ description: "The domain, ASCII or Unicode.", example: "example.com" }),
});

export const transferSchema = z
  .object({
    name: z.string().meta({ description: "ASCII (A-label) name.", example: "example.com" }),
    direction: z
      .enum(["in", "out"])
      .meta({ description: "`in`: moving to us; `out`: another registrar asked for a name held here." }),
    status: z.enum(["pending", "approved", "rejected", "cancelled"]),
    resolved_by: z.enum(["client", "server"]).nullable().meta({
      description: "`client`: a registrar acted; `server`: the registry approved it when the 5-day window ran out.",
    }),
    requested_at: time,
    action_by: time.meta({ description: "When the registry approves a still-pending transfer by itself." }),
    resolved_at: time.nullable(),
    expires_at: time.meta({ description: "The expiry once approved: projected while pending, actual after." }),
    years: z.number().int(),
  })
  .meta({ id: "Transfer" });
export type TransferView = z.infer<typeof transferSchema>;

export const transferStatusSchema = transferSchema
  .omit({ resolved_by: true, years: true })
  .meta({ id: "TransferStatus" });

export const transferCheckSchema = z
  .object({
    domain: z.string().meta({ description: "ASCII (A-label) name.", example: "example.com" }),
    unicode: z.string(),
    tld: z.string(),
    registrar: z.string().meta({ description: "The registrar that holds the name now." }),
    expires_at: time,
    new_expires_at: time.meta({ description: "The expiry once the transfer completes: one year more." }),
    years: z.literal(1),
    currency: z.string().meta({ example: "USD" }),
    transfer_price: money,
    icann_fee: money,
    total: money,
  })
  .meta({ id: "TransferCheck" });
/** GET /domains/{domain}/transfer-check — what the wizard's Review step shows. */
export type TransferCheck = z.infer<typeof transferCheckSchema>;

export const transferCheckParamSchema = z.object({ domain: z.string().max(1024, { error: "is too long" }) });

export const transferCheckRoute = apiRoute(
  {
    method: "get",
    path: "/domains/{domain}/transfer-check",
    tags: ["Transfers"],
    summary: "Whether a name registered elsewhere can be transferred to us, and its price",
    request: { params: transferCheckParamSchema },
    responses: { 200: ok(transferCheckSchema, "The name can be transferred; what the transfer costs and adds.") },
  },
  ["invalid_domain", "unknown_extension", ...TRANSFER_CHECK_ERRORS],
);

export const transferStatusRoute = apiRoute(
  {
    method: "get",
    path: "/domains/{domain}/transfer-status",
    tags: ["Transfers"],
    summary: "The latest transfer of a name, in or out",
    request: { params: domainParamSchema },
    responses: { 200: ok(transferStatusSchema, "The transfer's state and dates.") },
  },
  [...DOMAIN_NAME_ERRORS, "transfer_not_found", ...REGISTRY_CODES],
);

export const authCodeRoute = apiRoute(
  {
    method: "post",
    path: "/dns/domains/{domain}/auth-code",
    tags: ["Transfers"],
    summary: "The auth code (EPP authInfo) to transfer a domain to another registrar",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(passwordBodySchema, "The account password confirms it.") },
    responses: { 200: ok(z.object({ name: z.string(), auth_code: z.string() }), "The domain's auth code.") },
  },
  [
    "domain_not_found",
    "invalid_password",
    "too_many_attempts",
    "domain_not_manageable",
    "domain_locked",
    "transfer_too_soon",
    "service_not_configured",
    ...REGISTRY_CODES,
  ],
);

const transferOutCodes = [
  "domain_not_found",
  "no_pending_transfer",
  "service_not_configured",
  ...REGISTRY_CODES,
] as const;

/** POST /dns/domains/{domain}/transfer-out/<action>: the customer's answer to another registrar's pending request. */
function transferOutRoute<const A extends "approve" | "reject">(action: A, summary: string, answer: string) {
  return apiRoute(
    {
      method: "post",
      path: `/dns/domains/{domain}/transfer-out/${action}`,
      tags: ["Transfers"],
      summary,
      security: BEARER,
      request: { params: domainParamSchema },
      responses: { 200: ok(transferSchema, answer) },
    },
    transferOutCodes,
  );
}

export const transferOutApproveRoute = transferOutRoute(
  "approve",
  "Approve another registrar's pending request for a domain at once",
  "The transfer, approved.",
);

export const transferOutRejectRoute = transferOutRoute(
  "reject",
  "Refuse another registrar's pending request for a domain",
  "The transfer, rejected.",
);
