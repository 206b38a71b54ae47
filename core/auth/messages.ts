// The accounts forms' limits and stable English messages (SPEC §5), apart from their zod schemas
// (schemas.ts, which re-exports them): pages import these to translate errors and label fields
// without loading zod, whose schemas they load only when the user reaches a form (issue 25).

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

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ " +
    "UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);
