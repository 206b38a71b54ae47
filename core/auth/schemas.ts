// One zod schema per accounts form (SPEC §5), shared by Conform in the browser and the API on the
// server. Messages are the stable English texts of AUTH_MESSAGES: the API shows them as
// `Parameter "<path>" <message>` and the UI maps path + message to a translated text.
import { z } from "../zod";
import {
  AUTH_MESSAGES,
  COUNTRY_CODES,
  DELETE_ACCOUNT_PHRASE,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./messages";
import { isSeedKeyWord, isValidSeedKey, normaliseSeedKey, SEED_KEY_WORD_COUNT, seedKeyWords } from "./seed-key";
import { normaliseRecoveryCode } from "./totp";
import { recoveryTokenSchema } from "./recovery-token";

export {
  AUTH_MESSAGES,
  COUNTRY_CODES,
  DELETE_ACCOUNT_PHRASE,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./messages";

const M = AUTH_MESSAGES;

/** A required string: missing (Conform sends undefined for an empty field) or blank → "is required". */
const requiredString = () => z.string({ error: M.required });

// ─── Single fields ───────────────────────────────────────────────────────────────────────────

/** SPEC §5 username: 3–30; a–z, 0–9, ".", "_"; not starting with "."; no "..", "__", "._", "_.". */
export const usernameSchema = requiredString()
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") {
      ctx.addIssue({ code: "custom", message: M.required });
      return;
    }
    if (value.length < USERNAME_MIN) ctx.addIssue({ code: "custom", message: M.usernameTooShort });
    if (value.length > USERNAME_MAX) ctx.addIssue({ code: "custom", message: M.usernameTooLong });
    if (!/^[a-z0-9._]*$/u.test(value)) ctx.addIssue({ code: "custom", message: M.usernameCharacters });
    if (value.startsWith(".")) ctx.addIssue({ code: "custom", message: M.usernameLeadingDot });
    if (/[._]{2}/u.test(value)) ctx.addIssue({ code: "custom", message: M.usernameConsecutive });
  });

/** Email: trimmed, lower-cased, valid, at most 254 characters. */
export const emailSchema = requiredString()
  .trim()
  .toLowerCase()
  .min(1, { error: M.required })
  .max(EMAIL_MAX, { error: M.emailTooLong })
  .pipe(z.email({ error: M.emailInvalid }));

/**
 * The one password rule for sign-up, reset and settings (SPEC §5 gives 6 or 8 for settings; 8 everywhere):
 * 8–128 characters with an uppercase letter, a lowercase letter, a digit and a special character
 * (anything that is not a letter, digit or space). Not trimmed; Unicode NFC so the same password
 * typed on different systems hashes the same.
 */
export const passwordSchema = requiredString()
  .normalize("NFC")
  .superRefine((value, ctx) => {
    if (value === "") {
      ctx.addIssue({ code: "custom", message: M.required });
      return;
    }
    if (value.length < PASSWORD_MIN) ctx.addIssue({ code: "custom", message: M.passwordTooShort });
    if (value.length > PASSWORD_MAX) ctx.addIssue({ code: "custom", message: M.passwordTooLong });
    if (!/\p{Lu}/u.test(value)) ctx.addIssue({ code: "custom", message: M.passwordUppercase });
    if (!/\p{Ll}/u.test(value)) ctx.addIssue({ code: "custom", message: M.passwordLowercase });
    if (!/\p{Nd}/u.test(value)) ctx.addIssue({ code: "custom", message: M.passwordDigit });
    if (!/[^\p{L}\p{N}\s]/u.test(value)) ctx.addIssue({ code: "custom", message: M.passwordSpecial });
  });

/** An existing password (sign-in, confirmations): only required, so no rule leaks; NFC like above. */
export const currentPasswordSchema = requiredString()
  .normalize("NFC")
  .min(1, { error: M.required })
  .max(PASSWORD_MAX, { error: M.passwordTooLong });

/** A 6-digit code (spaces typed or pasted inside are ignored). */
const sixDigitCode = () =>
  requiredString().transform((value, ctx) => {
    const code = value.replace(/\s/gu, "");
    if (code === "") ctx.addIssue({ code: "custom", message: M.required });
    else if (!/^\d{6}$/u.test(code)) ctx.addIssue({ code: "custom", message: M.codeFormat });
    return code;
  });

/** Email verification and password reset code: exactly 6 digits. */
export const verificationCodeSchema = sixDigitCode();

/** Authenticator-app code: exactly 6 digits. */
export const totpCodeSchema = sixDigitCode();

/**
 * The seed key, normalised (trimmed, lower-cased, single spaces): 12 words of the BIP39 English
 * list with a valid checksum.
 */
export const seedKeySchema = requiredString()
  .max(1000, { error: M.tooLong })
  .transform((value) => normaliseSeedKey(value))
  .superRefine((value, ctx) => {
    if (value === "") {
      ctx.addIssue({ code: "custom", message: M.required });
      return;
    }
    const words = seedKeyWords(value);
    if (words.length !== SEED_KEY_WORD_COUNT) ctx.addIssue({ code: "custom", message: M.seedKeyWordCount });
    if (!words.every(isSeedKeyWord)) ctx.addIssue({ code: "custom", message: M.seedKeyUnknownWord });
    else if (words.length === SEED_KEY_WORD_COUNT && !isValidSeedKey(value)) {
      ctx.addIssue({ code: "custom", message: M.seedKeyChecksum });
    }
  });

/** A one-time recovery code, case-insensitive, output as canonical xxxx-xxxx-xxxx. */
export const recoveryCodeSchema = requiredString().transform((value, ctx) => {
  if (value.trim() === "") {
    ctx.addIssue({ code: "custom", message: M.required });
    return z.NEVER;
  }
  const code = normaliseRecoveryCode(value);
  if (code === null) {
    ctx.addIssue({ code: "custom", message: M.recoveryCodeFormat });
    return z.NEVER;
  }
  return code;
});

/** A checkbox: "on" from a form (absent when unchecked), or a boolean from the API. */
const checkboxSchema = z
  .union([z.boolean(), z.enum(["on", "off", "true", "false", "1", "0", ""])], { error: M.checkbox })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

// ─── Sign-up, sign-in, codes ─────────────────────────────────────────────────────────────────

/** Runs a cross-field check only once both fields are present strings (so it shows beside other errors). */
const whenStrings =
  (...keys: string[]) =>
  (payload: { value: unknown }): boolean => {
    const value = payload.value;
    if (typeof value !== "object" || value === null) return false;
    return keys.every((key) => typeof Reflect.get(value, key) === "string");
  };

const same = (a: string, b: string) => a.normalize("NFC") === b.normalize("NFC");

/** POST /auth/register {username, email, password}. */
export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** The sign-up form: the body plus a matching confirmation. */
export const registerSchema = registerBodySchema
  .extend({ confirmPassword: requiredString().min(1, { error: M.required }) })
  .refine((data) => same(data.password, data.confirmPassword), {
    path: ["confirmPassword"],
    error: M.passwordsDoNotMatch,
    when: whenStrings("password", "confirmPassword"),
  });

/** A username typed at sign-in: only required (trimmed, lower-cased), so no rule hints anything. */
const loginUsernameSchema = requiredString()
  .trim()
  .toLowerCase()
  .min(1, { error: M.required })
  .max(100, { error: M.tooLong });

/** POST /auth/login {username, password, seed_key, remember_me} and the sign-in form. */
export const loginSchema = z.object({
  username: loginUsernameSchema,
  password: currentPasswordSchema,
  seed_key: seedKeySchema,
  remember_me: checkboxSchema,
});

/** POST /auth/forgot-password {email}. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /auth/resend-verification {email}. */
export const resendVerificationSchema = z.object({ email: emailSchema });

/** POST /auth/reset-password {email, code, password}. */
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
});

/** The reset form: the body plus a matching confirmation. */
export const resetPasswordSchema = resetPasswordBodySchema
  .extend({ confirmPassword: requiredString().min(1, { error: M.required }) })
  .refine((data) => same(data.password, data.confirmPassword), {
    path: ["confirmPassword"],
    error: M.passwordsDoNotMatch,
    when: whenStrings("password", "confirmPassword"),
  });

/** The reset form of a mailed one-click link (issue 18): the link's token and a new password, confirmed. */
export const resetPasswordLinkSchema = z
  .object({
    token: recoveryTokenSchema,
    password: passwordSchema,
    confirmPassword: requiredString().min(1, { error: M.required }),
  })
  .refine((data) => same(data.password, data.confirmPassword), {
    path: ["confirmPassword"],
    error: M.passwordsDoNotMatch,
    when: whenStrings("password", "confirmPassword"),
  });

/** POST /auth/verify-email {email, code}. */
export const verifyEmailSchema = z.object({ email: emailSchema, code: verificationCodeSchema });

/** The code part of POST /auth/verify-email (the page's form: the address is the signed-in user's). */
export const verifyEmailCodeSchema = verifyEmailSchema.pick({ code: true });

/** POST /auth/refresh-token {refresh_token}. */
export const refreshTokenBodySchema = z.object({
  refresh_token: requiredString().min(16, { error: M.refreshToken }).max(512, { error: M.refreshToken }),
});

/** The second sign-in step once two-factor is on: a 6-digit app code or a recovery code. */
export const secondFactorSchema = z.object({
  code: requiredString().transform(
    (value, ctx): { kind: "totp"; code: string } | { kind: "recovery"; code: string } => {
      const digits = value.replace(/\s/gu, "");
      if (digits === "") {
        ctx.addIssue({ code: "custom", message: M.required });
        return z.NEVER;
      }
      if (/^\d{6}$/u.test(digits)) return { kind: "totp", code: digits };
      const recovery = normaliseRecoveryCode(value);
      if (recovery !== null) return { kind: "recovery", code: recovery };
      ctx.addIssue({ code: "custom", message: M.secondFactorFormat });
      return z.NEVER;
    },
  ),
});

// ─── Settings ────────────────────────────────────────────────────────────────────────────────

/** PUT /account/email {new_email, password} ("must differ from the current one" needs the user: the API checks it). */
export const changeEmailSchema = z.object({ new_email: emailSchema, password: currentPasswordSchema });

/** PUT /account/username {new_username, password}. */
export const changeUsernameSchema = z.object({ new_username: usernameSchema, password: currentPasswordSchema });

const differsFromCurrent = {
  path: ["new_password"],
  error: M.passwordUnchanged,
  when: whenStrings("current_password", "new_password"),
};

/** PUT /account/password {current_password, new_password}: the new one follows the rule and differs. */
export const changePasswordBodySchema = z
  .object({ current_password: currentPasswordSchema, new_password: passwordSchema })
  .refine((data) => !same(data.current_password, data.new_password), differsFromCurrent);

/** The settings form: the body plus a matching confirmation. */
export const changePasswordSchema = z
  .object({
    current_password: currentPasswordSchema,
    new_password: passwordSchema,
    confirm_password: requiredString().min(1, { error: M.required }),
  })
  .refine((data) => !same(data.current_password, data.new_password), differsFromCurrent)
  .refine((data) => same(data.new_password, data.confirm_password), {
    path: ["confirm_password"],
    error: M.passwordsDoNotMatch,
    when: whenStrings("new_password", "confirm_password"),
  });

/** DELETE /account {password, confirmation}: the phrase exactly, case and spaces included. */
export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  confirmation: requiredString()
    .min(1, { error: M.required })
    .refine((value) => value === DELETE_ACCOUNT_PHRASE, { error: M.deleteConfirmation }),
});

// ─── Address book ────────────────────────────────────────────────────────────────────────────

const requiredText = (max: number) =>
  requiredString().trim().min(1, { error: M.required }).max(max, { error: M.tooLong });

/** An optional text: blank, null or absent all become null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const PHONE = /^\+?[0-9][0-9 ().-]{3,22}[0-9]$/u;

/** One address-book entry (SPEC §3 Address; §5: first name, last name, address, city, country required). */
export const addressSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  organization: optionalText(200),
  address: requiredText(200),
  city: requiredText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: requiredString()
    .trim()
    .toUpperCase()
    .superRefine((code, ctx) => {
      if (code === "") ctx.addIssue({ code: "custom", message: M.required });
      else if (!/^[A-Z]{2}$/u.test(code)) ctx.addIssue({ code: "custom", message: M.countryFormat });
      else if (!COUNTRY_CODES.has(code)) ctx.addIssue({ code: "custom", message: M.countryUnknown });
    }),
  phone: optionalText(30).refine((value) => value === null || PHONE.test(value), { error: M.phoneInvalid }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: M.emailTooLong })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.email().safeParse(value).success, { error: M.emailInvalid }),
  isDefault: checkboxSchema,
});

export type RegisterInput = z.output<typeof registerSchema>;
export type RegisterBody = z.output<typeof registerBodySchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.output<typeof changePasswordBodySchema>;
export type AddressInput = z.output<typeof addressSchema>;
