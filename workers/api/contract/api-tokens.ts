// Contract of the personal API tokens (issue 20): a customer's scripts call /api/v1 with
// `Authorization: Bearer trn_…` instead of signing in. Tokens are managed only with a session's
// access token: a personal token never reaches /account/** or /auth/** (workers/api/auth/scopes.ts).
import { z } from "zod";
import { API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES, API_TOKEN_SCOPES } from "../../../core/auth/api-token-limits";
import {
  apiTokenIdSchema,
  apiTokenNameSchema,
  apiTokenScopeSchema as scopeSchema,
} from "../../../core/auth/api-tokens";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

export * from "../../../core/auth/api-token-limits";

export const apiTokenScopeSchema = scopeSchema.meta({
  description:
    "read: reads only; domains: + changes to domains, DNS and transfers; billing: + cart, checkout, cards and orders.",
});

export const createApiTokenBodySchema = z.object({
  name: apiTokenNameSchema.meta({
    description: "What the token is for, to recognise it later.",
    example: "Backup script",
  }),
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

export const apiTokenParamSchema = z.object({ id: apiTokenIdSchema });

const timestamp = z.string().meta({ description: "ISO 8601, UTC.", example: "2026-11-28T07:00:00.000Z" });

export const apiTokenSchema = z
  .object({
    id: z.string().meta({ description: "The token's id (not its secret)." }),
    name: z.string(),
    scopes: z.array(apiTokenScopeSchema),
    hint: z.string().meta({ description: "The prefix and last four characters of the secret.", example: "trn_…x7Qa" }),
    created_at: timestamp,
    expires_at: timestamp.nullable().meta({ description: "When it stops working; null: never." }),
    last_used_at: timestamp
      .nullable()
      .meta({ description: "Last authenticated call (updated at most once a minute); null: never used." }),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const newApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().meta({
      description: "The secret, shown this once: only its hash is stored.",
      example: "trn_3q2-7wEjcnV9T0xq7gBEQ6yqQnQw9J2pJ8mJ0cJ2nDk",
    }),
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
  responses: {
    200: ok(
      z.object({ tokens: z.array(apiTokenSchema) }),
      "The tokens that are not revoked, newest first; expired ones included.",
    ),
  },
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
