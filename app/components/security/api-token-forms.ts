import { API_TOKEN_MESSAGES } from "../../../core/auth/api-token-limits";
import { apiTokenIdSchema, apiTokenNameSchema, apiTokenScopeSchema } from "../../../core/auth/api-tokens";
import { z } from "../../../core/zod";
import { API_TOKEN_EXPIRY_OPTIONS, EXPIRY_MESSAGE } from "./api-token-options";

export { API_TOKEN_EXPIRY_OPTIONS, API_TOKEN_INTENTS, EXPIRY_MESSAGE, expiresInDays } from "./api-token-options";

// The API-token forms of the account-security page (issue 20): their intents and schemas, shared
// by the forms (Conform) and the page's action.

/** The create form, for Conform in the browser and the action on the server. */
export const createApiTokenFormSchema = z.object({
  name: apiTokenNameSchema,
  scopes: z
    .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopesEmpty })
    .min(1, { error: API_TOKEN_MESSAGES.scopesEmpty }),
  expiry: z.enum(API_TOKEN_EXPIRY_OPTIONS, { error: EXPIRY_MESSAGE }),
});

/** The revoke button of one row. */
export const revokeApiTokenFormSchema = z.object({ id: apiTokenIdSchema });
