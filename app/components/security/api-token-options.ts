// The API token forms' intents and expiry choices, apart from their zod schemas (api-token-forms.ts,
// which re-exports these): the security page renders without loading zod.

export const API_TOKEN_INTENTS = {
  create: "api-token-create",
  revoke: "api-token-revoke",
  dismiss: "api-token-dismiss",
} as const;

export const API_TOKEN_EXPIRY_OPTIONS = ["7", "30", "90", "365", "never"] as const;
export const EXPIRY_MESSAGE = "must be 7, 30, 90, 365 or never";

/** The form's expiry as the API's `expires_in_days`. */
export function expiresInDays(expiry: (typeof API_TOKEN_EXPIRY_OPTIONS)[number]): number | null {
  return expiry === "never" ? null : Number(expiry);
}
