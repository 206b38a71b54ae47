import {
  API_TOKEN_MESSAGES,
  apiTokenIdSchema,
  apiTokenNameSchema,
  apiTokenScopeSchema,
} from "../../../core/auth/api-tokens";
import { z } from "../../../core/zod";

// The API-token forms of the account-security page (issue 20): their intents and schemas, shared
// by the forms (Conform) and the page's action.

export const API_TOKEN_INTENTS = {
  create: "api-token-create",
  revoke: "api-token-revoke",
  dismiss: "api-token-dismiss",
} as const;

export const API_TOKEN_EXPIRY_OPTIONS = ["7", "30", "90", "365", "never"] as const;
export const EXPIRY_MESSAGE = "must be 7, 30, 90, 365 or never";

/** The create form, for Conform in the browser and the action on the server. */
export const createApiTokenFormSchema = z.object({
  name: apiTokenNameSchema,
  scopes: z
    .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopesEmpty })
    .min(1, { error: API_TOKEN_MESSAGES.scopesEmpty }),
  expiry: z.enum(API_TOKEN_EXPIRY_OPTIONS, { error: EXPIRY_MESSAGE }),
});

/** The form's expiry as the API's `expires_in_days`. */
export function expiresInDays(expiry: (typeof API_TOKEN_EXPIRY_OPTIONS)[number]): number | null {
  return expiry === "never" ? null : Number(expiry);
}

/** The revoke button of one row. */
export const revokeApiTokenFormSchema = z.object({ id: apiTokenIdSchema });
