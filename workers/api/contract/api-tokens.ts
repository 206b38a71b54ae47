// Contract of the personal API tokens (issue 20): a customer's scripts call /api/v1 with
// `Authorization: Bearer trn_…` instead of signing in. Tokens are managed only with a session's
// access token: a personal token never reaches /account/** or /auth/** (workers/api/auth/scopes.ts).
import { z } from "zod";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

/** read: reads of domains, DNS, transfers, servers and billing; domains: + changes to domains and DNS; billing: + cart, checkout, cards and orders. */
export const API_TOKEN_SCOPES = ["read", "domains", "billing"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every personal token starts with this, so scanners and people recognise it. */
export const API_TOKEN_PREFIX = "trn_";
export const API_TOKEN_NAME_MAX = 64;
/** Tokens one account may hold at once (revoked ones do not count). */
export const MAX_API_TOKENS = 20;
export const API_TOKEN_MAX_DAYS = 365;

export const API_TOKEN_MESSAGES = {
  nameRequired: "is required",
  nameTooLong: `must be at most ${API_TOKEN_NAME_MAX} characters`,
  scopes: "must be a list of read, domains, billing",
  scopesEmpty: "must name at least one scope",
  days: `must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}`,
  tokenId: "must be a token id",
} as const;

export const apiTokenScopeSchema = z
  .enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopes })
  .meta({ description: "read: reads only; domains: + changes to domains, DNS and transfers; billing: + cart, checkout, cards and orders." });

export const apiTokenNameSchema = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MESSAGES.nameTooLong });

export const createApiTokenBodySchema = z.object({
  name: apiTokenNameSchema.meta({ description: "What the token is for, to recognise it later.", example: "Backup script" }),
  scopes: z
    .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopes })
    .min(1, { error: API_TOKEN_MESSAGES.scopesEmpty })
    .max(API_TOKEN_SCOPES.length * 2, { error: API_TOKEN_MESSAGES.scopes })
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  expires_in_days: z
    .number({ error: API_TOKEN_MESSAGES.days })
    .int({ error: API_TOKEN_MESSAGES.days })
    .min(1, { error: API_TOKEN_MESSAGES.days })
    .max(API_TOKEN_MAX_DAYS, { error: API_TOKEN_MESSAGES.days })
    .nullable()
    .optional()
    .meta({ description: "Days until the token stops working; absent or null: it does not expire." }),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

export const apiTokenParamSchema = z.object({ id: z.uuid({ error: API_TOKEN_MESSAGES.tokenId }) });

const timestamp = z.string().meta({ description: "ISO 8601, UTC.", example: "2026-11-28T07:00:00.000Z" });

export const apiTokenSchema = z
  .object({
    id: z.string().meta({ description: "The token's id (not its secret)." }),
    name: z.string(),
    scopes: z.array(apiTokenScopeSchema),
    hint: z.string().meta({ description: "The prefix and last four characters of the secret.", example: "trn_…x7Qa" }),
    created_at: timestamp,
    expires_at: timestamp.nullable().meta({ description: "When it stops working; null: never." }),
    last_used_at: timestamp.nullable().meta({ description: "Last authenticated call (updated at most once a minute); null: never used." }),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const newApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().meta({ description: "The secret, shown this once: only its hash is stored.", example: "trn_3q2-7wEjcnV9T0xq7gBEQ6yqQnQw9J2pJ8mJ0cJ2nDk" }),
  })
  .meta({ id: "NewApiToken" });
export type NewApiToken = z.infer<typeof newApiTokenSchema>;

const TAGS = ["API tokens"];

export const listApiTokensRoute = apiRoute({
  method: "get",
  path: "/account/api-tokens",
  tags: TAGS,
  summary: "The account's personal API tokens (never their secrets)",
  security: BEARER,
  responses: { 200: ok(z.object({ tokens: z.array(apiTokenSchema) }), "The tokens that are not revoked, newest first; expired ones included.") },
});

export const createApiTokenRoute = apiRoute(
  {
    method: "post",
    path: "/account/api-tokens",
    tags: TAGS,
    summary: "Create a personal API token; its secret is in this answer only",
    security: BEARER,
    request: { body: jsonBody(createApiTokenBodySchema) },
    responses: { 201: ok(newApiTokenSchema, "The new token with its secret.") },
  },
  ["too_many_api_tokens"],
);

export const revokeApiTokenRoute = apiRoute(
  {
    method: "delete",
    path: "/account/api-tokens/{id}",
    tags: TAGS,
    summary: "Revoke a personal API token: it stops working at once",
    security: BEARER,
    request: { params: apiTokenParamSchema },
    responses: { 200: ok(z.null(), "Revoked.") },
  },
  ["api_token_not_found"],
);
