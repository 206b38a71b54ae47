// Sign-up, sign-in (with the optional second factor), token refresh and logout, email
// verification and password reset (SPEC §7 "Auth"; issue 3).
import { createMiddleware } from "hono/factory";
import { hashSecret, sha256Hex, verifySecret } from "../../../core/auth/password";
import { refreshTokenBodySchema } from "../../../core/auth/schemas";
import { generateSeedKey, normaliseSeedKey } from "../../../core/auth/seed-key";
import { verifyTotp } from "../../../core/auth/totp";
import { devOutboxEnabled } from "../../../core/dev-outbox";
import { outboxFor } from "../adapters/mail";
import { localeFrom } from "../adapters/mail";
import {
  codeInvalid,
  consumeFlowCode,
  consumeLink,
  consumeOwnerCode,
  issueCode,
  newToken,
  rememberBrowser,
  rememberedBrowserUser,
} from "../auth/codes";
import { authOf, optionalAuth, requireAuth, SESSION_EXPIRED_MESSAGE } from "../auth/middleware";
import {
  assertCodeCheckAllowed,
  assertLoginAllowed,
  assertRegisterAllowed,
  LIMITS,
  loginDelayMs,
  recordCodeCheckFailure,
  recordRegistration,
  releaseAttempt,
  takeAttempt,
  takeCodeMail,
  type Counter,
} from "../auth/rate-limit";
import { checkPassword, dummySecretHash } from "../auth/sessions";
import {
  challengeLocked,
  CHALLENGE_LOCKED,
  completeLogin,
  mergeVisitorCart,
  readSignIn,
  recordFailedSignIn,
  type RequestContext,
} from "../auth/sign-in";
import { newRefreshToken, refreshTtl, signAccessToken, signChallengeToken, verifyChallengeToken } from "../auth/tokens";
import {
  emailExists,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  insertUser,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  toUserView,
  updateUserFields,
  usernameExists,
  useRecoveryCode,
  type UserRow,
} from "../db/users";
import { profileDomainFields } from "../db/user-domains";
import type { ApiBindings } from "../bindings";
import { emailInUse, usernameTaken } from "../auth/identity-taken";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";
import {
  devOutboxRoute,
  extendSessionRoute,
  forgotPasswordRoute,
  loginRoute,
  loginTwoFactorRoute,
  logoutRoute,
  profileRoute,
  refreshTokenRoute,
  registerRoute,
  resendVerificationRoute,
  resetPasswordLinkRoute,
  resetPasswordRoute,
  sendVerificationRoute,
  usernameAvailableRoute,
  verifyEmailLinkRoute,
  verifyEmailRoute,
} from "../contract/auth";
import { REFRESH_REUSE_GRACE_MS } from "../auth/tokens";

export const INVALID_CREDENTIALS = "Invalid username, password or seed key";
const invalidCredentials = () => new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);

const sessionExpired = (code: "unauthorized" | "challenge_expired" | "invalid_refresh_token" = "unauthorized") =>
  new ApiError(401, code, SESSION_EXPIRED_MESSAGE);

const originOf = (c: { req: { url: string } }) => new URL(c.req.url).origin;

/** Development only: in production the outbox endpoint does not exist. */
const devOutboxOnly = createMiddleware<ApiBindings>(async (c, next) => {
  if (!devOutboxEnabled(c.env))
    throw new ApiError(404, "not_found", `No API endpoint at ${c.req.method} ${c.req.path}.`);
  await next();
});

/**
 * Runs a code check under the per-address limit: refused with 429 once the address has too many
 * recent failures, and a `code_invalid` answer counts as one more.
 */
async function limitedCodeCheck<T>(db: D1Database, ip: string, now: Date, check: () => Promise<T>): Promise<T> {
  await assertCodeCheckAllowed(db, ip, now);
  try {
    return await check();
  } catch (error) {
    if (error instanceof ApiError && error.code === "code_invalid") await recordCodeCheckFailure(db, ip, now);
    throw error;
  }
}

/**
 * A reset proven by a code or link: the new password, the address verified (the mail reached
 * it), every session ended; this browser is remembered for later code requests.
 */
async function completeReset(
  db: D1Database,
  user: UserRow,
  password: string,
  now: Date,
): Promise<{ email: string; browser_token: string }> {
  await updateUserFields(db, user.id, { password_hash: await hashSecret(password), email_verified: 1 }, now);
  await revokeUserSessions(db, user.id, now);
  return { email: user.email, browser_token: await rememberBrowser(db, user.id, now) };
}

async function loginFailed(c: RequestContext, username: string, user: UserRow | null): Promise<never> {
  const now = c.var.services.now();
  await recordFailedSignIn(c, user?.id ?? null, username, now);
  throw invalidCredentials();
}

/**
 * Whether a code request comes from the account's owner: their signed-in session, or a browser
 * that earlier completed a verification or reset for the account (not counted against the
 * per-recipient cap).
 */
async function askedByOwner(
  c: { env: ApiBindings["Bindings"]; var: ApiBindings["Variables"] },
  user: UserRow | null,
  browserToken: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!user) return false;
  return c.var.auth?.userId === user.id || (await rememberedBrowserUser(c.env.DB, browserToken, now)) === user.id;
}

/**
 * A mail-me-a-code request (verification, password reset): counted by the address whether or not
 * an account has it, so the answer reveals nothing; the code goes out only to an account that
 * `wants` it. Answers a flow token either way (one that opens nothing when no code went out).
 */
async function mailCode(
  c: { env: ApiBindings["Bindings"]; var: ApiBindings["Variables"]; req: { url: string } },
  { email, browser_token }: { email: string; browser_token?: string },
  purpose: "verify_email" | "reset_password",
  wants: (user: UserRow) => boolean,
): Promise<string> {
  const db = c.env.DB;
  const now = c.var.services.now();
  const user = await findUserByEmail(db, email);
  await takeCodeMail(db, email, c.var.clientIp, now, await askedByOwner(c, user, browser_token, now));
  if (!user || !wants(user)) return newToken();
  return issueCode(db, c.var.services.mail, user, user.email, purpose, originOf(c), now);
}

/** A verification proven by a code or link: the address verified, this browser remembered (its token). */
async function completeVerification(db: D1Database, user: UserRow, now: Date): Promise<string> {
  if (user.email_verified !== 1) await updateUserFields(db, user.id, { email_verified: 1 }, now);
  return rememberBrowser(db, user.id, now);
}

/** The answer of a call that mailed a code (or says it did): the flow token and what to tell. */
const flowTokenAnswer = (flowToken: string, message: string) => ({
  success: true as const,
  data: { flow_token: flowToken },
  message,
});

const PASSWORD_CHANGED = "Your password was changed. Please sign in again.";
const EMAIL_VERIFIED = "Your email address is verified.";

export const authRoutes = contractRouter()
  .openapi(usernameAvailableRoute, async (c) => {
    const { username } = c.req.valid("query");
    return c.json({ success: true as const, data: { available: !(await usernameExists(c.env.DB, username)) } }, 200);
  })
  .openapi(registerRoute, async (c) => {
    const input = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    await assertRegisterAllowed(db, c.var.clientIp, now);
    if (await usernameExists(db, input.username)) throw usernameTaken();
    if (await emailExists(db, input.email)) throw emailInUse();
    const seedKey = generateSeedKey();
    const id = crypto.randomUUID();
    const [passwordHash, seedKeyHash] = await Promise.all([
      hashSecret(input.password),
      hashSecret(normaliseSeedKey(seedKey)),
    ]);
    // The account's mails are in the language it signs up in (the page's, forwarded as Accept-Language).
    const locale = localeFrom(c.req.header("accept-language"));
    const outcome = await insertUser(
      db,
      { id, username: input.username, email: input.email, passwordHash, seedKeyHash, locale },
      now,
    );
    if (outcome === "username_taken") throw usernameTaken();
    if (outcome === "email_exists") throw emailInUse();
    await recordRegistration(db, c.var.clientIp, now);
    const user = await findUserById(db, id);
    if (!user) throw new Error("user vanished after insert");
    const flowToken = await issueCode(db, c.var.services.mail, user, user.email, "verify_email", originOf(c), now);
    const cart = await mergeVisitorCart(c, user.id, now);
    return c.json(
      {
        success: true as const,
        data: { user: toUserView(user), seed_key: seedKey, flow_token: flowToken, ...cart },
        message:
          "Account created. Save your seed key: it is shown only once. We sent a verification code to your email.",
      },
      201,
    );
  })
  .openapi(loginRoute, async (c) => {
    const input = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    // The limits, the name's delay, the account and its carts: one batch, one round trip.
    const { delay, user, carts } = await readSignIn(c, input.username, now);
    if (delay > 0) await c.var.services.sleep(delay);
    // Both secrets are always checked (against a dummy hash for an unknown name) so the answer
    // and its timing do not tell which part was wrong.
    const [passwordOk, seedOk] = await Promise.all([
      user
        ? checkPassword(db, user, input.password, now)
        : verifySecret(input.password, await dummySecretHash()).then(() => false),
      verifySecret(input.seed_key, user?.seed_key_hash ?? (await dummySecretHash())),
    ]);
    if (!user || !passwordOk || !seedOk.ok) return loginFailed(c, input.username, user);
    if (seedOk.needsRehash)
      await updateUserFields(db, user.id, { seed_key_hash: await hashSecret(input.seed_key) }, now);
    if (user.totp_enabled === 1) {
      return c.json(
        {
          success: true as const,
          data: {
            two_factor_required: true as const,
            challenge_token: await signChallengeToken(c.env, user.id, input.remember_me, now),
          },
          message: "Enter the code from your authenticator app.",
        },
        200,
      );
    }
    return c.json(
      { success: true as const, data: await completeLogin(c, user, input.remember_me, carts), message: "Signed in." },
      200,
    );
  })
  .openapi(loginTwoFactorRoute, async (c) => {
    const input = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const challenge = await verifyChallengeToken(c.env, input.challenge_token, now);
    if (!challenge) throw sessionExpired("challenge_expired");
    const user = await findUserById(db, challenge.userId);
    if (!user || user.totp_enabled !== 1 || !user.totp_secret) throw sessionExpired("challenge_expired");
    await assertLoginAllowed(db, user.username, c.var.clientIp, now);
    // A challenge takes at most 5 wrong codes (TOTP or recovery), from any address: the slot is
    // claimed before the check so parallel guesses count too. Then the user signs in again.
    const challengeCounter: Counter = [LIMITS.twoFactorPerChallenge, await sha256Hex(input.challenge_token)];
    const attempt = await takeAttempt(db, challengeCounter, now, CHALLENGE_LOCKED).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 429 ? challengeLocked() : error;
    });
    // The username's slow-down of sign-in (many addresses guessing) holds for this step too.
    const delay = await loginDelayMs(db, user.username, now);
    if (delay > 0) await c.var.services.sleep(delay);
    let ok = false;
    if (input.code.kind === "totp") {
      const result = await verifyTotp(
        user.totp_secret,
        input.code.code,
        now.getTime(),
        1,
        user.totp_last_step ?? undefined,
      );
      if (result.ok && result.step !== undefined) {
        await updateUserFields(db, user.id, { totp_last_step: result.step }, now);
        ok = true;
      }
    } else {
      ok = await useRecoveryCode(db, user.id, await sha256Hex(input.code.code), now);
    }
    if (!ok) {
      await recordFailedSignIn(c, user.id, user.username, now);
      if (attempt.rank >= LIMITS.twoFactorPerChallenge.max) throw challengeLocked();
      throw new ApiError(401, "invalid_two_factor_code", "The two-factor code is invalid.");
    }
    await releaseAttempt(db, attempt.id);
    return c.json(
      { success: true as const, data: await completeLogin(c, user, challenge.rememberMe), message: "Signed in." },
      200,
    );
  })
  .openapi(refreshTokenRoute, async (c) => {
    const { refresh_token } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const hash = await sha256Hex(refresh_token);
    const row = await findRefreshToken(db, hash);
    if (!row) throw sessionExpired("invalid_refresh_token");
    if (row.used_at !== null || !(await markRefreshTokenUsed(db, hash, now))) {
      // Two requests of the same browser racing with one token (two tabs, a prefetch beside a
      // navigation): the loser is told to keep the token it has, the session stays.
      const usedAt = row.used_at === null ? now.getTime() : Date.parse(row.used_at);
      if (row.revoked_at === null && now.getTime() - usedAt <= REFRESH_REUSE_GRACE_MS) {
        throw new ApiError(
          409,
          "refresh_in_progress",
          "This session was refreshed a moment ago. Use the newest token.",
        );
      }
      // A used token presented again later: someone holds a copy. End the whole session family.
      await revokeSession(db, row.session_id, now);
      throw new ApiError(401, "token_reused", "This session was ended for security reasons. Please log in again.");
    }
    if (row.revoked_at !== null || Date.parse(row.expires_at) <= now.getTime())
      throw sessionExpired("invalid_refresh_token");
    const next = newRefreshToken();
    const expiresAt = new Date(now.getTime() + refreshTtl(row.remember_me === 1));
    await rotateRefreshToken(
      db,
      { sessionId: row.session_id, userId: row.user_id, tokenHash: await sha256Hex(next), expiresAt },
      now,
    );
    const access = await signAccessToken(c.env, row.user_id, row.session_id, now);
    return c.json(
      {
        success: true as const,
        data: {
          token: access.token,
          refresh_token: next,
          expires_at: access.expiresAt.toISOString(),
          refresh_expires_at: expiresAt.toISOString(),
        },
        message: "Token refreshed.",
      },
      200,
    );
  })
  .openapi({ ...extendSessionRoute, middleware: [requireAuth] }, async (c) => {
    const auth = authOf(c);
    const access = await signAccessToken(c.env, auth.userId, auth.sessionId, c.var.services.now());
    return c.json(
      {
        success: true as const,
        data: { token: access.token, expires_at: access.expiresAt.toISOString() },
        message: "Session extended.",
      },
      200,
    );
  })
  .openapi({ ...logoutRoute, middleware: [optionalAuth] }, async (c) => {
    const db = c.env.DB;
    const now = c.var.services.now();
    const body: unknown = await c.req.json().catch(() => ({}));
    const parsed = refreshTokenBodySchema.safeParse(body);
    if (parsed.success) {
      const row = await findRefreshToken(db, await sha256Hex(parsed.data.refresh_token));
      if (row) await revokeSession(db, row.session_id, now);
    }
    const auth = c.var.auth;
    if (auth) await revokeSession(db, auth.sessionId, now);
    return c.json({ success: true as const, data: null, message: "Signed out." }, 200);
  })
  .openapi({ ...sendVerificationRoute, middleware: [requireAuth] }, async (c) => {
    const auth = authOf(c);
    const user = await findUserById(c.env.DB, auth.userId);
    if (!user) throw sessionExpired();
    if (user.email_verified === 1)
      throw new ApiError(409, "email_already_verified", "This email address is already verified.");
    const now = c.var.services.now();
    // The account's own session asks: not counted against the per-recipient cap.
    await takeCodeMail(c.env.DB, user.email, c.var.clientIp, now, true);
    const flowToken = await issueCode(
      c.env.DB,
      c.var.services.mail,
      user,
      user.email,
      "verify_email",
      originOf(c),
      now,
    );
    return c.json(flowTokenAnswer(flowToken, "We sent a verification code to your email."), 200);
  })
  .openapi({ ...verifyEmailRoute, middleware: [optionalAuth] }, async (c) => {
    const { email, code, flow_token } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const signedInAs = c.var.auth?.userId;
    const user = await limitedCodeCheck(db, c.var.clientIp, now, async () => {
      const found = await findUserByEmail(db, email);
      if (!found || found.email_verified === 1) throw codeInvalid();
      if (flow_token) await consumeFlowCode(db, found, "verify_email", flow_token, code, now);
      else if (signedInAs === found.id) await consumeOwnerCode(db, found, "verify_email", code, now);
      else throw codeInvalid();
      return found;
    });
    const browserToken = await completeVerification(db, user, now);
    return c.json(
      { success: true as const, data: { email_verified: true, browser_token: browserToken }, message: EMAIL_VERIFIED },
      200,
    );
  })
  .openapi(verifyEmailLinkRoute, async (c) => {
    const { token } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await consumeLink(db, "verify_email", token, (id) => findUserById(db, id), now);
    const browserToken = await completeVerification(db, user, now);
    return c.json(
      {
        success: true as const,
        data: { email_verified: true, email: user.email, browser_token: browserToken },
        message: EMAIL_VERIFIED,
      },
      200,
    );
  })
  .openapi({ ...resendVerificationRoute, middleware: [optionalAuth] }, async (c) => {
    const flowToken = await mailCode(c, c.req.valid("json"), "verify_email", (user) => user.email_verified === 0);
    return c.json(flowTokenAnswer(flowToken, "If this address waits for verification, we sent it a new code."), 200);
  })
  .openapi({ ...forgotPasswordRoute, middleware: [optionalAuth] }, async (c) => {
    const flowToken = await mailCode(c, c.req.valid("json"), "reset_password", () => true);
    return c.json(flowTokenAnswer(flowToken, "If an account uses this address, we sent it a reset code."), 200);
  })
  .openapi(resetPasswordRoute, async (c) => {
    const { email, code, password, flow_token } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await limitedCodeCheck(db, c.var.clientIp, now, async () => {
      const found = await findUserByEmail(db, email);
      if (!found) throw codeInvalid();
      await consumeFlowCode(db, found, "reset_password", flow_token, code, now);
      return found;
    });
    return c.json(
      { success: true as const, data: await completeReset(db, user, password, now), message: PASSWORD_CHANGED },
      200,
    );
  })
  .openapi(resetPasswordLinkRoute, async (c) => {
    const { token, password } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await consumeLink(db, "reset_password", token, (id) => findUserById(db, id), now);
    return c.json(
      { success: true as const, data: await completeReset(db, user, password, now), message: PASSWORD_CHANGED },
      200,
    );
  })
  .openapi({ ...profileRoute, middleware: [requireAuth] }, async (c) => {
    const user = await findUserById(c.env.DB, authOf(c).userId);
    if (!user) throw sessionExpired();
    // The account's domains (my domains, issue 14): counts and names.
    const domains = await profileDomainFields(c.env.DB, user.id, c.var.services.now());
    return c.json({ success: true as const, data: { ...toUserView(user), ...domains } }, 200);
  })
  .openapi({ ...devOutboxRoute, middleware: [devOutboxOnly] }, async (c) => {
    const { to } = c.req.valid("query");
    return c.json({ success: true as const, data: { messages: await outboxFor(c.env.DB, to) } }, 200);
  });
