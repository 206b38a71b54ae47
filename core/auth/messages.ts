// The accounts forms' limits and stable English messages (SPEC §5), apart from their zod schemas
// (schemas.ts, which re-exports them): pages import these to translate errors and label fields
// without loading zod, whose schemas they load only when the user reaches a form (issue 25).
export { COUNTRY_CODES } from "./country-codes";

/** Words in a seed key (128 bits of entropy + a 4-bit checksum = 12 × 11 bits); seed-key.ts re-exports it. */
export const SEED_KEY_WORD_COUNT = 12;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** What the user types to delete the account (SPEC §5), exactly. */
export const DELETE_ACCOUNT_PHRASE = "DELETE MY ACCOUNT";

export const AUTH_MESSAGES = {
  required: "is required",
  usernameTooShort: `must be at least ${USERNAME_MIN} characters`,
  usernameTooLong: `must be at most ${USERNAME_MAX} characters`,
  usernameCharacters: "may contain only lowercase letters, digits, dots and underscores",
  usernameLeadingDot: "cannot start with a dot",
  usernameConsecutive: "cannot contain consecutive dots or underscores",
  emailInvalid: "must be a valid email address",
  emailTooLong: `must be at most ${EMAIL_MAX} characters`,
  passwordTooShort: `must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `must be at most ${PASSWORD_MAX} characters`,
  passwordUppercase: "must contain an uppercase letter",
  passwordLowercase: "must contain a lowercase letter",
  passwordDigit: "must contain a digit",
  passwordSpecial: "must contain a special character",
  passwordsDoNotMatch: "Passwords do not match",
  passwordUnchanged: "must differ from the current password",
  codeFormat: "must be 6 digits",
  seedKeyWordCount: `must be ${SEED_KEY_WORD_COUNT} words`,
  seedKeyUnknownWord: "contains a word that is not in the seed key word list",
  seedKeyChecksum: "is not a valid seed key",
  recoveryCodeFormat: "must be a recovery code like xxxx-xxxx-xxxx",
  secondFactorFormat: "must be a 6-digit code or a recovery code",
  deleteConfirmation: `must be exactly "${DELETE_ACCOUNT_PHRASE}"`,
  checkbox: "must be true or false",
  tooLong: "is too long",
  countryFormat: "must be a two-letter country code",
  countryUnknown: "is not a known country code",
  phoneInvalid: "must be a valid phone number",
  refreshToken: "must be a refresh token",
} as const;
