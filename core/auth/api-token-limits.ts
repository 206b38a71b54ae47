// API token scopes, limits and messages (SPEC §7), apart from their zod schemas (api-tokens.ts,
// which re-exports these): the security page names them without loading zod.

/** read: reads of domains, DNS, transfers, servers and billing; domains: + changes to domains, DNS and transfers; billing: + cart, checkout, cards and orders. */
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
