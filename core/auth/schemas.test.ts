import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addressSchema,
  AUTH_MESSAGES as M,
  changeEmailSchema,
  changePasswordBodySchema,
  changePasswordSchema,
  changeUsernameSchema,
  COUNTRY_CODES,
  DELETE_ACCOUNT_PHRASE,
  deleteAccountSchema,
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordSchema,
  recoveryCodeSchema,
  refreshTokenBodySchema,
  registerBodySchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordBodySchema,
  resetPasswordSchema,
  secondFactorSchema,
  seedKeySchema,
  totpCodeSchema,
  usernameSchema,
  verificationCodeSchema,
  verifyEmailSchema,
} from "./schemas";
import { generateSeedKey } from "./seed-key";

/** Messages of a failed parse, by dotted path ("" for the value itself). */
function errors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
const messages = (schema: z.ZodType, value: unknown) => errors(schema, value)[""] ?? [];

const ZERO_KEY = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const GOOD_PASSWORD = "Str0ng!pass";

describe("usernameSchema (SPEC §5)", () => {
  it("accepts lowercase letters, digits, dots and underscores, trimmed", () => {
    expect(usernameSchema.parse("  alice.b_2  ")).toBe("alice.b_2");
    expect(usernameSchema.parse("abc")).toBe("abc");
    expect(usernameSchema.parse("a".repeat(30))).toBe("a".repeat(30));
    expect(usernameSchema.parse("a.b.c_d_e")).toBe("a.b.c_d_e");
    expect(usernameSchema.parse("_alice")).toBe("_alice");
    expect(usernameSchema.parse("alice.")).toBe("alice.");
  });
  it("is required: missing, empty and blank give only that message", () => {
    expect(messages(usernameSchema, undefined)).toEqual([M.required]);
    expect(messages(usernameSchema, "")).toEqual([M.required]);
    expect(messages(usernameSchema, "   ")).toEqual([M.required]);
  });
  it("3 to 30 characters", () => {
    expect(messages(usernameSchema, "ab")).toEqual([M.usernameTooShort]);
    expect(messages(usernameSchema, "a".repeat(31))).toEqual([M.usernameTooLong]);
  });
  it("only lowercase letters, digits, dots and underscores", () => {
    for (const bad of ["Alice", "al-ice", "al ice", "alıce", "ali@ce", "alice!"]) {
      expect(messages(usernameSchema, bad)).toEqual([M.usernameCharacters]);
    }
  });
  it("cannot start with a dot", () => {
    expect(messages(usernameSchema, ".alice")).toEqual([M.usernameLeadingDot]);
  });
  it('no consecutive dots or underscores: "..", "__", "._", "_."', () => {
    for (const bad of ["al..ice", "al__ice", "al._ice", "al_.ice", "alice__"]) {
      expect(messages(usernameSchema, bad)).toEqual([M.usernameConsecutive]);
    }
  });
  it("one message per broken rule", () => {
    expect(messages(usernameSchema, ".A")).toEqual([M.usernameTooShort, M.usernameCharacters, M.usernameLeadingDot]);
    expect(messages(usernameSchema, "..")).toEqual([M.usernameTooShort, M.usernameLeadingDot, M.usernameConsecutive]);
  });
});

describe("emailSchema", () => {
  it("trims and lower-cases", () => {
    expect(emailSchema.parse("  Alice@Example.COM ")).toBe("alice@example.com");
  });
  it("required, then valid", () => {
    expect(messages(emailSchema, undefined)).toEqual([M.required]);
    expect(messages(emailSchema, "  ")).toEqual([M.required]);
    for (const bad of ["alice", "alice@", "@example.com", "a@@example.com", "a@example", "a b@example.com"]) {
      expect(messages(emailSchema, bad)).toEqual([M.emailInvalid]);
    }
  });
  it("at most 254 characters", () => {
    expect(messages(emailSchema, `${"a".repeat(250)}@x.co`)).toEqual([M.emailTooLong]);
  });
});

describe("passwordSchema (one rule for sign-up, reset and settings)", () => {
  it("accepts 8+ with upper, lower, digit and special", () => {
    expect(passwordSchema.parse("Abcdef1!")).toBe("Abcdef1!");
    expect(passwordSchema.parse("Çok güçlü 1 şifre.")).toBe("Çok güçlü 1 şifre.");
  });
  it("is not trimmed (spaces are part of the password)", () => {
    expect(passwordSchema.parse(" Abcdef1! ")).toBe(" Abcdef1! ");
  });
  it("normalises to NFC so the same password hashes the same everywhere", () => {
    const decomposed = "Cafe\u0301123!";
    expect(passwordSchema.parse(decomposed)).toBe("Caf\u00e9123!");
  });
  it("required gives only that message", () => {
    expect(messages(passwordSchema, undefined)).toEqual([M.required]);
    expect(messages(passwordSchema, "")).toEqual([M.required]);
  });
  it("one message per missing rule", () => {
    expect(messages(passwordSchema, "Abcde1!")).toEqual([M.passwordTooShort]);
    expect(messages(passwordSchema, "abcdef1!")).toEqual([M.passwordUppercase]);
    expect(messages(passwordSchema, "ABCDEF1!")).toEqual([M.passwordLowercase]);
    expect(messages(passwordSchema, "Abcdefg!")).toEqual([M.passwordDigit]);
    expect(messages(passwordSchema, "Abcdefg1")).toEqual([M.passwordSpecial]);
    expect(messages(passwordSchema, "Abcdef 1")).toEqual([M.passwordSpecial]);
    expect(messages(passwordSchema, "abc")).toEqual([
      M.passwordTooShort,
      M.passwordUppercase,
      M.passwordDigit,
      M.passwordSpecial,
    ]);
  });
  it("at most 128 characters", () => {
    expect(passwordSchema.safeParse(`Aa1!${"x".repeat(124)}`).success).toBe(true);
    expect(messages(passwordSchema, `Aa1!${"x".repeat(125)}`)).toEqual([M.passwordTooLong]);
  });
});

describe("6-digit codes", () => {
  for (const [name, schema] of [
    ["verificationCodeSchema", verificationCodeSchema],
    ["totpCodeSchema", totpCodeSchema],
  ] as const) {
    it(`${name}: exactly 6 digits, spaces ignored`, () => {
      expect(schema.parse("012345")).toBe("012345");
      expect(schema.parse(" 123 456 ")).toBe("123456");
      expect(messages(schema, "")).toEqual([M.required]);
      expect(messages(schema, undefined)).toEqual([M.required]);
      for (const bad of ["12345", "1234567", "12345a", "١٢٣٤٥٦", "12-456"]) {
        expect(messages(schema, bad)).toEqual([M.codeFormat]);
      }
    });
  }
});

describe("seedKeySchema", () => {
  it("normalises: trimmed, lower-cased, single spaces", () => {
    const messy = `  ${ZERO_KEY.toUpperCase().split(" ").join(" \n\t ")}  `;
    expect(seedKeySchema.parse(messy)).toBe(ZERO_KEY);
  });
  it("accepts a freshly generated key", () => {
    const key = generateSeedKey();
    expect(seedKeySchema.parse(key)).toBe(key);
  });
  it("required", () => {
    expect(messages(seedKeySchema, undefined)).toEqual([M.required]);
    expect(messages(seedKeySchema, "   ")).toEqual([M.required]);
  });
  it("must be 12 words", () => {
    expect(messages(seedKeySchema, ZERO_KEY.split(" ").slice(0, 11).join(" "))).toEqual([M.seedKeyWordCount]);
    expect(messages(seedKeySchema, `${ZERO_KEY} abandon`)).toEqual([M.seedKeyWordCount]);
  });
  it("every word from the BIP39 English list", () => {
    expect(messages(seedKeySchema, ZERO_KEY.replace("about", "aboot"))).toEqual([M.seedKeyUnknownWord]);
  });
  it("with a valid checksum", () => {
    expect(messages(seedKeySchema, ZERO_KEY.replace("about", "abandon"))).toEqual([M.seedKeyChecksum]);
  });
  it("refuses absurdly long input before normalising it", () => {
    expect(messages(seedKeySchema, "abandon ".repeat(200))).toEqual([M.tooLong]);
  });
});

describe("recoveryCodeSchema", () => {
  it("case-insensitive, canonical xxxx-xxxx-xxxx", () => {
    expect(recoveryCodeSchema.parse(" ABCD-EFGH-JKMN ")).toBe("abcd-efgh-jkmn");
    expect(recoveryCodeSchema.parse("abcdefghjkmn")).toBe("abcd-efgh-jkmn");
    expect(recoveryCodeSchema.parse("abcd efgh jkmo")).toBe("abcd-efgh-jkm0");
  });
  it("required, then the format", () => {
    expect(messages(recoveryCodeSchema, "")).toEqual([M.required]);
    expect(messages(recoveryCodeSchema, "abcd-efgh")).toEqual([M.recoveryCodeFormat]);
    expect(messages(recoveryCodeSchema, "abcd-efgh-jkm!")).toEqual([M.recoveryCodeFormat]);
    expect(messages(recoveryCodeSchema, "abcd-efgh-jkmu")).toEqual([M.recoveryCodeFormat]);
  });
});

describe("secondFactorSchema", () => {
  it("tells an app code from a recovery code", () => {
    expect(secondFactorSchema.parse({ code: "123 456" })).toEqual({ code: { kind: "totp", code: "123456" } });
    expect(secondFactorSchema.parse({ code: "ABCD-EFGH-JKMN" })).toEqual({
      code: { kind: "recovery", code: "abcd-efgh-jkmn" },
    });
  });
  it("required, then one of the two formats", () => {
    expect(errors(secondFactorSchema, { code: "" })).toEqual({ code: [M.required] });
    expect(errors(secondFactorSchema, {})).toEqual({ code: [M.required] });
    expect(errors(secondFactorSchema, { code: "12345" })).toEqual({ code: [M.secondFactorFormat] });
  });
});

describe("registerSchema / registerBodySchema", () => {
  const body = { username: "alice", email: "Alice@Example.com", password: GOOD_PASSWORD };
  it("the API body: username, email, password", () => {
    expect(registerBodySchema.parse(body)).toEqual({ ...body, email: "alice@example.com" });
  });
  it("the form adds a confirmation that must match", () => {
    expect(registerSchema.parse({ ...body, confirmPassword: GOOD_PASSWORD }).confirmPassword).toBe(GOOD_PASSWORD);
    expect(errors(registerSchema, { ...body, confirmPassword: "Str0ng!pasS" })).toEqual({
      confirmPassword: [M.passwordsDoNotMatch],
    });
    expect(errors(registerSchema, { ...body })).toEqual({ confirmPassword: [M.required] });
  });
  it("reports the mismatch beside the other fields' errors", () => {
    expect(errors(registerSchema, { username: "Al", email: "x", password: "weak", confirmPassword: "other" })).toEqual({
      username: [M.usernameTooShort, M.usernameCharacters],
      email: [M.emailInvalid],
      password: [M.passwordTooShort, M.passwordUppercase, M.passwordDigit, M.passwordSpecial],
      confirmPassword: [M.passwordsDoNotMatch],
    });
  });
  it("the body refuses the same bad input field by field", () => {
    expect(Object.keys(errors(registerBodySchema, {}))).toEqual(["username", "email", "password"]);
  });
});

describe("loginSchema", () => {
  const login = { username: "alice", password: "anything", seed_key: ZERO_KEY };
  it("remember_me: checkbox 'on', booleans, default false", () => {
    expect(loginSchema.parse({ ...login, remember_me: "on" }).remember_me).toBe(true);
    expect(loginSchema.parse({ ...login, remember_me: true }).remember_me).toBe(true);
    expect(loginSchema.parse({ ...login, remember_me: false }).remember_me).toBe(false);
    expect(loginSchema.parse({ ...login, remember_me: "false" }).remember_me).toBe(false);
    expect(loginSchema.parse(login).remember_me).toBe(false);
    expect(errors(loginSchema, { ...login, remember_me: "yes please" })).toEqual({ remember_me: [M.checkbox] });
    expect(errors(loginSchema, { ...login, remember_me: 1 })).toEqual({ remember_me: [M.checkbox] });
  });
  it("username, password and seed key are required; the password rule is not applied", () => {
    expect(loginSchema.parse({ ...login, password: "x" }).password).toBe("x");
    expect(errors(loginSchema, {})).toEqual({ username: [M.required], password: [M.required], seed_key: [M.required] });
    expect(errors(loginSchema, { username: " ", password: "", seed_key: "" })).toEqual({
      username: [M.required],
      password: [M.required],
      seed_key: [M.required],
    });
  });
  it("normalises username (trim, lower case) and seed key", () => {
    const parsed = loginSchema.parse({ ...login, username: " Alice ", seed_key: ` ${ZERO_KEY.toUpperCase()} ` });
    expect(parsed).toEqual({ username: "alice", password: "anything", seed_key: ZERO_KEY, remember_me: false });
  });
  it("does not trim the password", () => {
    expect(loginSchema.parse({ ...login, password: " pw " }).password).toBe(" pw ");
  });
});

describe("forgot, resend, reset, verify", () => {
  it("forgotPasswordSchema and resendVerificationSchema: a valid email", () => {
    expect(forgotPasswordSchema.parse({ email: " A@B.co " })).toEqual({ email: "a@b.co" });
    expect(resendVerificationSchema.parse({ email: "a@b.co" })).toEqual({ email: "a@b.co" });
    expect(errors(forgotPasswordSchema, { email: "nope" })).toEqual({ email: [M.emailInvalid] });
  });
  it("resetPasswordBodySchema: email, code, password (the same rule)", () => {
    expect(resetPasswordBodySchema.parse({ email: "a@b.co", code: "123456", password: GOOD_PASSWORD })).toEqual({
      email: "a@b.co",
      code: "123456",
      password: GOOD_PASSWORD,
    });
    expect(errors(resetPasswordBodySchema, { email: "a@b.co", code: "12", password: "weakweak" })).toEqual({
      code: [M.codeFormat],
      password: [M.passwordUppercase, M.passwordDigit, M.passwordSpecial],
    });
  });
  it("resetPasswordSchema: plus a matching confirmation", () => {
    const form = { email: "a@b.co", code: "123456", password: GOOD_PASSWORD };
    expect(resetPasswordSchema.safeParse({ ...form, confirmPassword: GOOD_PASSWORD }).success).toBe(true);
    expect(errors(resetPasswordSchema, { ...form, confirmPassword: "different" })).toEqual({
      confirmPassword: [M.passwordsDoNotMatch],
    });
  });
  it("verifyEmailSchema: email and 6-digit code", () => {
    expect(verifyEmailSchema.parse({ email: "A@b.co", code: "000000" })).toEqual({ email: "a@b.co", code: "000000" });
    expect(errors(verifyEmailSchema, { email: "a@b.co" })).toEqual({ code: [M.required] });
  });
  it("refreshTokenBodySchema: a plausible opaque token", () => {
    expect(refreshTokenBodySchema.safeParse({ refresh_token: "x".repeat(43) }).success).toBe(true);
    expect(errors(refreshTokenBodySchema, { refresh_token: "short" })).toEqual({ refresh_token: [M.refreshToken] });
    expect(errors(refreshTokenBodySchema, {})).toEqual({ refresh_token: [M.required] });
  });
});

describe("settings", () => {
  it("changeEmailSchema: new_email valid, password required", () => {
    expect(changeEmailSchema.parse({ new_email: " New@X.io ", password: "pw" })).toEqual({
      new_email: "new@x.io",
      password: "pw",
    });
    expect(errors(changeEmailSchema, { new_email: "x" })).toEqual({
      new_email: [M.emailInvalid],
      password: [M.required],
    });
  });
  it("changeUsernameSchema: new_username follows the username rules", () => {
    expect(changeUsernameSchema.parse({ new_username: "bob.b", password: "pw" })).toEqual({
      new_username: "bob.b",
      password: "pw",
    });
    expect(errors(changeUsernameSchema, { new_username: "bob..b", password: "pw" })).toEqual({
      new_username: [M.usernameConsecutive],
    });
  });
  it("changePasswordBodySchema: new follows the rule and differs from the current one", () => {
    expect(changePasswordBodySchema.parse({ current_password: "old", new_password: GOOD_PASSWORD })).toEqual({
      current_password: "old",
      new_password: GOOD_PASSWORD,
    });
    expect(errors(changePasswordBodySchema, { current_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD })).toEqual({
      new_password: [M.passwordUnchanged],
    });
    expect(errors(changePasswordBodySchema, { current_password: "old", new_password: "short" })).toEqual({
      new_password: [M.passwordTooShort, M.passwordUppercase, M.passwordDigit, M.passwordSpecial],
    });
  });
  it("changePasswordSchema: plus confirm_password matching new_password", () => {
    const ok = { current_password: "old", new_password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(errors(changePasswordSchema, { ...ok, confirm_password: "other" })).toEqual({
      confirm_password: [M.passwordsDoNotMatch],
    });
    expect(errors(changePasswordSchema, { ...ok, current_password: GOOD_PASSWORD, confirm_password: "other" })).toEqual(
      {
        new_password: [M.passwordUnchanged],
        confirm_password: [M.passwordsDoNotMatch],
      },
    );
    expect(errors(changePasswordSchema, {})).toEqual({
      current_password: [M.required],
      new_password: [M.required],
      confirm_password: [M.required],
    });
  });
  it("deleteAccountSchema: password and the exact phrase", () => {
    expect(DELETE_ACCOUNT_PHRASE).toBe("DELETE MY ACCOUNT");
    expect(deleteAccountSchema.parse({ password: "pw", confirmation: "DELETE MY ACCOUNT" })).toEqual({
      password: "pw",
      confirmation: "DELETE MY ACCOUNT",
    });
    for (const wrong of ["delete my account", "DELETE MY ACCOUNT ", "DELETE  MY ACCOUNT", "DELETE"]) {
      expect(errors(deleteAccountSchema, { password: "pw", confirmation: wrong })).toEqual({
        confirmation: [M.deleteConfirmation],
      });
    }
    expect(errors(deleteAccountSchema, {})).toEqual({ password: [M.required], confirmation: [M.required] });
  });
});

describe("addressSchema", () => {
  const minimal = { firstName: " Ada ", lastName: "Lovelace", address: "1 Main St", city: "London", country: " gb " };
  it("required: first name, last name, address, city, country; optional ones become null", () => {
    expect(addressSchema.parse(minimal)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      organization: null,
      address: "1 Main St",
      city: "London",
      state: null,
      postalCode: null,
      country: "GB",
      phone: null,
      email: null,
      isDefault: false,
    });
    expect(errors(addressSchema, {})).toEqual({
      firstName: [M.required],
      lastName: [M.required],
      address: [M.required],
      city: [M.required],
      country: [M.required],
    });
    expect(errors(addressSchema, { ...minimal, firstName: "  ", city: "" })).toEqual({
      firstName: [M.required],
      city: [M.required],
    });
  });
  it("keeps the optional fields when given; blank or null ones become null", () => {
    const full = {
      ...minimal,
      organization: "Analytical Engines Ltd",
      state: "",
      postalCode: " SW1A 1AA ",
      phone: "+44 20 7946 0958",
      email: " Ada@Example.com ",
      isDefault: "on",
    };
    expect(addressSchema.parse(full)).toMatchObject({
      organization: "Analytical Engines Ltd",
      state: null,
      postalCode: "SW1A 1AA",
      phone: "+44 20 7946 0958",
      email: "ada@example.com",
      isDefault: true,
    });
    expect(addressSchema.parse({ ...minimal, organization: null, isDefault: true })).toMatchObject({
      organization: null,
      isDefault: true,
    });
  });
  it("country: ISO 3166-1 alpha-2, upper-cased", () => {
    expect(addressSchema.parse({ ...minimal, country: "tr" }).country).toBe("TR");
    expect(errors(addressSchema, { ...minimal, country: "TUR" })).toEqual({ country: [M.countryFormat] });
    expect(errors(addressSchema, { ...minimal, country: "T1" })).toEqual({ country: [M.countryFormat] });
    expect(errors(addressSchema, { ...minimal, country: "XX" })).toEqual({ country: [M.countryUnknown] });
    expect(errors(addressSchema, { ...minimal, country: "UK" })).toEqual({ country: [M.countryUnknown] });
  });
  it("knows the 249 assigned country codes", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of ["US", "TR", "DE", "GB", "AX", "SS"]) expect(COUNTRY_CODES.has(code)).toBe(true);
    for (const code of ["UK", "EU", "XK", "ZZ"]) expect(COUNTRY_CODES.has(code)).toBe(false);
  });
  it("phone and email are checked when given", () => {
    expect(errors(addressSchema, { ...minimal, phone: "call me", email: "nope" })).toEqual({
      phone: [M.phoneInvalid],
      email: [M.emailInvalid],
    });
  });
  it("limits lengths", () => {
    expect(errors(addressSchema, { ...minimal, firstName: "a".repeat(101), postalCode: "1".repeat(21) })).toEqual({
      firstName: [M.tooLong],
      postalCode: [M.tooLong],
    });
  });
});
