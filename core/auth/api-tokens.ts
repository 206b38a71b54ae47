// Personal API tokens (issue 20): the input schemas shared by the API (its contract,
// workers/api/contract/api-tokens.ts) and the account-security page (Conform). The scopes, limits
// and messages they use are in ./api-token-limits, which pages read without zod.
import { z } from "../zod";
import { API_TOKEN_SCOPES, API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES } from "./api-token-limits";

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopes });

export const apiTokenNameSchema = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MESSAGES.nameTooLong });

export const apiTokenIdSchema = z.uuid({ error: API_TOKEN_MESSAGES.tokenId });
