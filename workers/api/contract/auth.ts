// Contract of sign-up, sign-in (with the optional second factor), token refresh and logout, email
// verification, password reset, the profile and the development outbox (SPEC §7 "Auth"; issues 3, 18).
import { z } from "zod";
import {
  forgotPasswordSchema,
  loginSchema,
  refreshTokenBodySchema,
  registerBodySchema,
  resendVerificationSchema,
  resetPasswordBodySchema,
  secondFactorSchema,
  usernameSchema,
  verifyEmailSchema,
} from "../../../core/auth/schemas";
import { recoveryTokenSchema } from "../../../core/auth/recovery-token";
import type { ApiErrorCode } from "./errors";
import { apiRoute, BEARER, jsonBody, ok, OPTIONAL_BEARER } from "./route";

// ─── Request schemas ─────────────────────────────────────────────────────────────────────────

export const challengeSchema = z.object({
  challenge_token: z
    .string({ error: "is required" })
    .min(1, { error: "is required" })
    .max(2000, { error: "is too long" }),
  code: secondFactorSchema.shape.code,
});

/** A flow, link or remembered-browser token (issue 18). */
const tokenSchema = recoveryTokenSchema;
/** Asking for a code: the address, and the remembered-browser token when this client has one. */
export const codeRequestSchema = forgotPasswordSchema.extend({ browser_token: tokenSchema.optional() });
export const resendRequestSchema = resendVerificationSchema.extend({ browser_token: tokenSchema.optional() });
/** A code is tried within its flow (the flow token), or by the account's own signed-in session. */
export const verifyEmailBodySchema = verifyEmailSchema.extend({ flow_token: tokenSchema.optional() });
export const resetPasswordFlowSchema = resetPasswordBodySchema.extend({ flow_token: tokenSchema });
export const linkSchema = z.object({ token: tokenSchema });
export const linkResetSchema = resetPasswordBodySchema.pick({ password: true }).extend({ token: tokenSchema });

export const usernameQuerySchema = z.object({ username: usernameSchema });
export const outboxQuerySchema = z.object({
  to: z.string({ error: "is required" }).trim().toLowerCase().min(1, { error: "is required" }),
});

// ─── Response schemas ────────────────────────────────────────────────────────────────────────

const isoDate = (description: string) => z.string().meta({ description: `${description} (ISO 8601).` });

/** The account as the API shows it (workers/api/db/users.ts toUserView). */
export const userSchema = z
  .object({
    id: z.string(),
    username: z.string().meta({ example: "ada.lovelace" }),
    email: z.string().meta({ example: "ada@example.com" }),
    email_verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    last_login: z.string().nullable().meta({ description: "The last sign-in (ISO 8601), null before the first." }),
    total_domains: z
      .number()
      .int()
      .meta({ description: "Domains held by the account (filled by GET /profile; 0 elsewhere)." }),
    domains: z
      .array(z.string())
      .meta({ description: "Names of the account's domains (GET /profile; empty elsewhere)." }),
    expiring_soon_count: z.number().int(),
    expired_domains_count: z.number().int(),
    created_at: isoDate("When the account was created"),
    updated_at: isoDate("When the account last changed"),
    paymentMethods: z.array(z.string()),
  })
  .meta({ id: "User" });
export type UserView = z.infer<typeof userSchema>;

/** The visitor's cart (X-Cart-Id) merged into the account's at sign-up and sign-in (issue 19). */
const cartMergeFields = {
  cart_id: z
    .string()
    .nullable()
    .meta({ description: "The cart to keep using (send it as X-Cart-Id), null when there is none." }),
  cart_dropped: z.array(z.string()).meta({ description: "Visitor cart lines that could not come along." }),
};

/** An opened session: the tokens, the user and the merged cart. */
export const signedInSchema = z
  .object({
    token: z.string().meta({ description: "The access token: send it as `Authorization: Bearer <token>`." }),
    refresh_token: z.string().meta({ description: "Exchanged for new tokens at POST /auth/refresh-token (once)." }),
    expires_at: isoDate("When the access token expires"),
    refresh_expires_at: isoDate("When the refresh token expires"),
    remember_me: z.boolean(),
    user: userSchema,
    ...cartMergeFields,
  })
  .meta({ id: "SignedIn" });
export type SignedIn = z.infer<typeof signedInSchema>;

export const twoFactorChallengeSchema = z
  .object({
    two_factor_required: z.literal(true),
    challenge_token: z.string().meta({ description: "Sent with the code to POST /auth/login/2fa." }),
  })
  .meta({ id: "TwoFactorChallenge" });

const flowTokenSchema = z.object({
  flow_token: z.string().meta({ description: "Sent with the mailed code to complete the flow." }),
});

const browserToken = z
  .string()
  .meta({ description: "Remembers this browser for later code requests (send it as browser_token)." });

const passwordResetSchema = z.object({ email: z.string(), browser_token: browserToken });

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    created_at: isoDate("When the mail was queued"),
  })
  .meta({ id: "OutboxMessage" });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

// ─── Routes ──────────────────────────────────────────────────────────────────────────────────

const tags = ["Auth"];

export const usernameAvailableRoute = apiRoute({
  method: "get",
  path: "/auth/username-available",
  tags,
  summary: "Whether a username is still free",
  request: { query: usernameQuerySchema },
  responses: { 200: ok(z.object({ available: z.boolean() }), "Whether the username can be taken.") },
});

export const registerRoute = apiRoute(
  {
    method: "post",
    path: "/auth/register",
    tags,
    summary: "Create an account",
    description:
      "Answers the seed key once, and mails a verification code to the address (its flow token is in the answer). " +
      "The account's mails are in the request's language. A visitor cart named by X-Cart-Id joins the account.",
    request: { body: jsonBody(registerBodySchema) },
    responses: {
      201: ok(
        z.object({
          user: userSchema,
          seed_key: z
            .string()
            .meta({ description: "The account's seed key: shown only this once, needed to sign in." }),
          flow_token: z.string().meta({ description: "Sent with the mailed code to POST /auth/verify-email." }),
          ...cartMergeFields,
        }),
        "The account was created.",
      ),
    },
  },
  ["too_many_attempts", "username_taken", "email_exists", "service_not_configured"],
);

export const loginRoute = apiRoute(
  {
    method: "post",
    path: "/auth/login",
    tags,
    summary: "Sign in with username, password and seed key",
    description: "When two-factor authentication is on, the answer is a challenge to complete at POST /auth/login/2fa.",
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: ok(z.union([signedInSchema, twoFactorChallengeSchema]), "Signed in, or the second factor is needed."),
    },
  },
  ["too_many_attempts", "invalid_credentials", "server_misconfigured"],
);

export const loginTwoFactorRoute = apiRoute(
  {
    method: "post",
    path: "/auth/login/2fa",
    tags,
    summary: "Complete a sign-in with an authenticator or recovery code",
    request: { body: jsonBody(challengeSchema) },
    responses: { 200: ok(signedInSchema, "Signed in.") },
  },
  ["challenge_expired", "challenge_locked", "invalid_two_factor_code", "too_many_attempts", "server_misconfigured"],
);

export const refreshTokenRoute = apiRoute(
  {
    method: "post",
    path: "/auth/refresh-token",
    tags,
    summary: "Exchange the refresh token for new tokens",
    description:
      "Each refresh token works once; one presented again ends the session (token_reused), except within seconds of its use (refresh_in_progress).",
    request: { body: jsonBody(refreshTokenBodySchema) },
    responses: {
      200: ok(
        z.object({
          token: z.string(),
          refresh_token: z.string(),
          expires_at: isoDate("When the access token expires"),
          refresh_expires_at: isoDate("When the refresh token expires"),
        }),
        "New tokens.",
      ),
    },
  },
  ["invalid_refresh_token", "refresh_in_progress", "token_reused", "server_misconfigured"],
);

export const extendSessionRoute = apiRoute(
  {
    method: "post",
    path: "/auth/extend-session",
    tags,
    summary: "A new access token for the current session",
    security: BEARER,
    responses: {
      200: ok(
        z.object({ token: z.string(), expires_at: isoDate("When the access token expires") }),
        "A new access token.",
      ),
    },
  },
  ["server_misconfigured"],
);

export const logoutRoute = apiRoute({
  method: "post",
  path: "/auth/logout",
  security: OPTIONAL_BEARER,
  tags,
  summary: "Sign out",
  description:
    "Ends the session of the bearer token (optional) and the one of the refresh token in the body (optional). Always answers 200.",
  request: {
    // Read by hand and never refused: the body is documented, not validated.
    body: {
      required: false,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { refresh_token: { type: "string", description: "The session's refresh token." } },
          },
        },
      },
    },
  },
  responses: { 200: ok(z.null(), "Signed out.") },
});

export const sendVerificationRoute = apiRoute(
  {
    method: "post",
    path: "/email/send-verification",
    tags,
    summary: "Mail a new verification code to the signed-in account's address",
    security: BEARER,
    responses: { 200: ok(flowTokenSchema, "A code was mailed.") },
  },
  ["email_already_verified", "too_many_attempts", "service_not_configured"],
);

export const verifyEmailRoute = apiRoute(
  {
    method: "post",
    path: "/auth/verify-email",
    security: OPTIONAL_BEARER,
    tags,
    summary: "Verify an address with the mailed code",
    description:
      "The code is tried within its flow (flow_token), or without one by the account's own session (bearer token, optional).",
    request: { body: jsonBody(verifyEmailBodySchema) },
    responses: {
      200: ok(z.object({ email_verified: z.boolean(), browser_token: browserToken }), "The address is verified."),
    },
  },
  ["code_invalid", "too_many_attempts"],
);

export const verifyEmailLinkRoute = apiRoute(
  {
    method: "post",
    path: "/auth/verify-email-link",
    tags,
    summary: "Verify an address with the mailed one-click link's token",
    request: { body: jsonBody(linkSchema) },
    responses: {
      200: ok(
        z.object({ email_verified: z.boolean(), email: z.string(), browser_token: browserToken }),
        "The address is verified.",
      ),
    },
  },
  ["link_invalid"],
);

/**
 * POST a mail-me-a-code request (verification, password reset): the answer never tells whether an
 * account has the address; the owner's own token or browser is not counted against the address's cap.
 */
function mailCodeRoute<const P extends string, B extends z.ZodType>(
  path: P,
  summary: string,
  account: string,
  body: B,
  answer: string,
) {
  return apiRoute(
    {
      method: "post",
      path,
      security: OPTIONAL_BEARER,
      tags,
      summary,
      description: `The answer is the same whether or not an account ${account} this address. A bearer token (optional) or browser_token of the account's owner is not counted against the per-address cap.`,
      request: { body: jsonBody(body) },
      responses: { 200: ok(flowTokenSchema, answer) },
    },
    ["too_many_attempts", "service_not_configured"],
  );
}

export const resendVerificationRoute = mailCodeRoute(
  "/auth/resend-verification",
  "Mail a new verification code",
  "waits for",
  resendRequestSchema,
  "A code was mailed if the address waits for verification.",
);

export const forgotPasswordRoute = mailCodeRoute(
  "/auth/forgot-password",
  "Mail a password reset code",
  "uses",
  codeRequestSchema,
  "A code was mailed if an account uses the address.",
);

/** POST a new password with what the reset mail gave (its code or its one-click link's token). */
function passwordResetRoute<const P extends string, B extends z.ZodType>(
  path: P,
  summary: string,
  body: B,
  errors: readonly ApiErrorCode[],
) {
  return apiRoute(
    {
      method: "post",
      path,
      tags,
      summary,
      description: "Every session of the account ends; the address counts as verified.",
      request: { body: jsonBody(body) },
      responses: { 200: ok(passwordResetSchema, "The password was changed.") },
    },
    errors,
  );
}

export const resetPasswordRoute = passwordResetRoute(
  "/auth/reset-password",
  "Set a new password with the mailed code",
  resetPasswordFlowSchema,
  ["code_invalid", "too_many_attempts"],
);

export const resetPasswordLinkRoute = passwordResetRoute(
  "/auth/reset-password-link",
  "Set a new password with the mailed one-click link's token",
  linkResetSchema,
  ["link_invalid"],
);

export const profileRoute = apiRoute({
  method: "get",
  path: "/profile",
  tags: ["Account"],
  summary: "The signed-in account, with its domain counts",
  security: BEARER,
  responses: { 200: ok(userSchema, "The account.") },
});

export const devOutboxRoute = apiRoute(
  {
    method: "get",
    path: "/dev/outbox",
    tags: ["Development"],
    summary: "Mails queued for an address (development only)",
    description: "Exists only where the development outbox is on; elsewhere 404.",
    request: { query: outboxQuerySchema },
    responses: {
      200: ok(z.object({ messages: z.array(outboxMessageSchema) }), "The address's mails, as the outbox holds them."),
    },
  },
  ["not_found"],
);
