// The card form's refusal codes (the pages translate them), apart from card.ts (which re-exports
// them and holds the form's zod schema) so a page can name them without loading zod.

/**
 * The card errors of SPEC §8 "Payment", as stable codes. The first six are what the issuer (or
 * the test provider playing it) answers; the `incomplete_*`/`invalid_number` ones come from
 * checking the form before anything is sent.
 */
export const CARD_ERROR_CODES = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
  "processing_error",
  "incomplete_number",
  "invalid_number",
  "incomplete_expiry",
  "incomplete_cvc",
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];
