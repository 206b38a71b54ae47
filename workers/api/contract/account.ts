// Contract of the account settings (SPEC §7 "Account"), the address book, two-factor
// authentication and the login history. Every route needs the bearer token.
import { z } from "zod";
import {
  addressSchema,
  changeEmailSchema,
  changePasswordBodySchema,
  changeUsernameSchema,
  currentPasswordSchema,
  deleteAccountSchema,
  totpCodeSchema,
} from "../../../core/auth/schemas";
import { userSchema } from "./auth";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

// ─── Request schemas ─────────────────────────────────────────────────────────────────────────

export const addressIdParamSchema = z.object({ id: z.uuid({ error: "must be an address id" }) });
export const enableTwoFactorSchema = z.object({ code: totpCodeSchema });
export const disableTwoFactorSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
/** The account's language (its mails'): the storefront sends it when a signed-in user switches. */
export const languageSchema = z.object({ locale: z.enum(["en", "tr"], { error: "must be en or tr" }) });

// ─── Response schemas ────────────────────────────────────────────────────────────────────────

/** SPEC §3 Address as the API answers it (workers/api/db/addresses.ts). */
export const addressViewSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    organization: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().meta({ description: "Two-letter country code.", example: "TR" }),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    isDefault: z.boolean(),
    contactId: z
      .number()
      .int()
      .meta({ description: "The numeric registrant contact id used for domain operations (SPEC §3, §5)." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Address" });
export type AddressView = z.infer<typeof addressViewSchema>;

export const loginHistoryEntrySchema = z
  .object({
    at: z.string().meta({ description: "When (ISO 8601)." }),
    ip: z.string(),
    device: z
      .string()
      .nullable()
      .meta({ description: "The short device name, null when unknown: never the raw header." }),
    success: z.boolean(),
  })
  .meta({ id: "LoginHistoryEntry" });
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

// ─── Routes ──────────────────────────────────────────────────────────────────────────────────

const tags = ["Account"];
const security = BEARER;
/** What a route that asks for the account password can answer besides its own codes. */
const passwordCodes = ["invalid_password", "too_many_attempts"] as const;

export const accountLanguageRoute = apiRoute({
  method: "put",
  path: "/account/language",
  tags,
  summary: "Set the account's language (its mails')",
  security,
  request: { body: jsonBody(languageSchema) },
  responses: { 200: ok(z.object({ locale: z.enum(["en", "tr"]) }), "The language was saved.") },
});

export const accountEmailRoute = apiRoute(
  {
    method: "put",
    path: "/account/email",
    tags,
    summary: "Change the account's email address",
    description: "The new address is unverified until the mailed code is entered (its flow token is in the answer).",
    security,
    request: { body: jsonBody(changeEmailSchema) },
    responses: {
      200: ok(
        userSchema.extend({
          flow_token: z.string().meta({ description: "Sent with the mailed code to POST /auth/verify-email." }),
        }),
        "The address was changed.",
      ),
    },
  },
  [...passwordCodes, "email_unchanged", "email_exists", "service_not_configured"],
);

export const accountUsernameRoute = apiRoute(
  {
    method: "put",
    path: "/account/username",
    tags,
    summary: "Change the account's username",
    security,
    request: { body: jsonBody(changeUsernameSchema) },
    responses: { 200: ok(userSchema, "The username was changed.") },
  },
  [...passwordCodes, "username_unchanged", "username_taken"],
);

export const accountPasswordRoute = apiRoute(
  {
    method: "put",
    path: "/account/password",
    tags,
    summary: "Change the account's password",
    description: "Every other session of the account ends.",
    security,
    request: { body: jsonBody(changePasswordBodySchema) },
    responses: { 200: ok(z.null(), "The password was changed.") },
  },
  passwordCodes,
);

export const deleteAccountRoute = apiRoute(
  {
    method: "delete",
    path: "/account",
    tags,
    summary: "Delete the account",
    security,
    request: { body: jsonBody(deleteAccountSchema) },
    responses: { 200: ok(z.null(), "The account was deleted.") },
  },
  passwordCodes,
);

const addressTags = ["Addresses"];

export const listAddressesRoute = apiRoute({
  method: "get",
  path: "/account/addresses",
  tags: addressTags,
  summary: "The account's address book",
  security,
  responses: { 200: ok(z.object({ addresses: z.array(addressViewSchema) }), "Every address of the account.") },
});

export const createAddressRoute = apiRoute({
  method: "post",
  path: "/account/addresses",
  tags: addressTags,
  summary: "Add an address",
  security,
  request: { body: jsonBody(addressSchema) },
  responses: { 201: ok(addressViewSchema, "The address was saved.") },
});

export const updateAddressRoute = apiRoute(
  {
    method: "put",
    path: "/account/addresses/{id}",
    tags: addressTags,
    summary: "Change an address",
    security,
    request: { params: addressIdParamSchema, body: jsonBody(addressSchema) },
    responses: { 200: ok(addressViewSchema, "The address was saved.") },
  },
  ["address_not_found"],
);

export const defaultAddressRoute = apiRoute(
  {
    method: "put",
    path: "/account/addresses/{id}/default",
    tags: addressTags,
    summary: "Make an address the default one",
    security,
    request: { params: addressIdParamSchema },
    responses: { 200: ok(addressViewSchema, "The default address was changed.") },
  },
  ["address_not_found"],
);

export const deleteAddressRoute = apiRoute(
  {
    method: "delete",
    path: "/account/addresses/{id}",
    tags: addressTags,
    summary: "Delete an address",
    security,
    request: { params: addressIdParamSchema },
    responses: { 200: ok(z.null(), "The address was deleted.") },
  },
  ["address_not_found"],
);

const twoFactorTags = ["Two-factor authentication"];

export const twoFactorSetupRoute = apiRoute(
  {
    method: "post",
    path: "/account/2fa/setup",
    tags: twoFactorTags,
    summary: "Start turning two-factor authentication on",
    description: "Answers a new secret for the authenticator app; POST /account/2fa/enable confirms it with a code.",
    security,
    responses: {
      200: ok(
        z.object({
          secret: z.string().meta({ description: "The TOTP secret (base32)." }),
          otpauth_uri: z.string().meta({ description: "The otpauth:// URI to show as a QR code." }),
        }),
        "The secret to scan.",
      ),
    },
  },
  ["two_factor_already_enabled"],
);

export const twoFactorEnableRoute = apiRoute(
  {
    method: "post",
    path: "/account/2fa/enable",
    tags: twoFactorTags,
    summary: "Turn two-factor authentication on with a code of the new secret",
    security,
    request: { body: jsonBody(enableTwoFactorSchema) },
    responses: {
      200: ok(
        z.object({
          recovery_codes: z.array(z.string()).meta({ description: "One-time codes: shown only this once." }),
        }),
        "Two-factor authentication is on.",
      ),
    },
  },
  ["two_factor_already_enabled", "two_factor_not_set_up", "invalid_two_factor_code"],
);

export const twoFactorDisableRoute = apiRoute(
  {
    method: "post",
    path: "/account/2fa/disable",
    tags: twoFactorTags,
    summary: "Turn two-factor authentication off",
    security,
    request: { body: jsonBody(disableTwoFactorSchema) },
    responses: { 200: ok(z.null(), "Two-factor authentication is off.") },
  },
  [...passwordCodes, "two_factor_not_enabled", "invalid_two_factor_code"],
);

export const loginHistoryRoute = apiRoute({
  method: "get",
  path: "/account/login-history",
  tags,
  summary: "The account's latest sign-ins (50), newest first",
  security,
  responses: { 200: ok(z.object({ history: z.array(loginHistoryEntrySchema) }), "The sign-ins, successful or not.") },
});
