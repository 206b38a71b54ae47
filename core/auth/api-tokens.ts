// Personal API tokens (issue 20): the scopes, limits and input schemas shared by the API (its
// contract, workers/api/contract/api-tokens.ts) and the account-security page (Conform).
import { z } from "../zod";
import { API_TOKEN_SCOPES, API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES } from "./api-token-limits";

export {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  MAX_API_TOKENS,
} from "./api-token-limits";
export type { ApiTokenScope } from "./api-token-limits";

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopes });

export const apiTokenNameSchema = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MESSAGES.nameTooLong });

export const apiTokenIdSchema = z.uuid({ error: API_TOKEN_MESSAGES.tokenId });
