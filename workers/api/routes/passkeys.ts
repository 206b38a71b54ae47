// Passkeys (issue 24; contract: ../contract/passkeys.ts): add, list, rename and remove them; sign
// in, pass the two-factor step and prove a password confirmation with one. Challenges come from
// the challenge store (single-use, 3 minutes, bound to the session or the two-factor challenge);
// failed answers count where the thing they stand for counts: sign-in failures (per address and
// account), wrong codes of the two-factor challenge, wrong passwords of the confirmations.
import { sha256Hex } from "../../../core/auth/password";
import { mailLocaleOf, type MailSender } from "../adapters/mail";
import { requireAuth, sessionAuthOf, unauthorized, SESSION_EXPIRED_MESSAGE } from "../auth/middleware";
import {
  authenticationOptions,
  challengeStoreOf,
  registrationOptions,
  relyingPartyOf,
  toPasskeyView,
  verifyAssertion,
  verifyRegistration,
} from "../auth/passkeys";
import { confirmAccount, confirmAccountPassword, confirmationOf } from "../auth/password-confirm";
import {
  assertLoginAllowed,
  assertWithinLimits,
  LIMITS,
  loginLimitsAndDelay,
  recordAttempts,
  releaseAttempt,
  takeAttempt,
  type Counter,
} from "../auth/rate-limit";
import { passkeyChangeMail } from "../auth/security-mails";
import { challengeLocked, CHALLENGE_LOCKED, completeLogin, recordFailedSignIn } from "../auth/sign-in";
import { verifyChallengeToken } from "../auth/tokens";
import {
  confirmOptionsRoute,
  confirmRoute,
  listPasskeysRoute,
  registerPasskeyRoute,
  registrationOptionsRoute,
  removePasskeyRoute,
  renamePasskeyRoute,
  secondFactorOptionsRoute,
  secondFactorRoute,
  signInOptionsRoute,
  signInRoute,
} from "../contract/passkeys";
import {
  countPasskeys,
  deletePasskey,
  findPasskey,
  findPasskeyByCredential,
  insertPasskey,
  issuePasskeyProof,
  listPasskeys,
  MAX_PASSKEYS,
  renamePasskey,
  type PasskeyRow,
} from "../db/passkeys";
import { findUserById, type UserRow } from "../db/users";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";

const PASSKEY_INVALID = "The passkey could not be verified.";
const challengeInvalid = () =>
  new ApiError(400, "passkey_challenge_invalid", "This passkey request expired or was already used. Please try again.");
const passkeyNotFound = () => new ApiError(404, "passkey_not_found", "No such passkey.");
const tooManyPasskeys = () =>
  new ApiError(409, "too_many_passkeys", `You already have ${MAX_PASSKEYS} passkeys. Remove one first.`);
const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please try again later.";

/** The signed-in account of a passkey-managing request (a session's token only). */
async function sessionUser(c: Parameters<typeof sessionAuthOf>[0] & { env: { DB: D1Database } }) {
  const auth = sessionAuthOf(c);
  const user = await findUserById(c.env.DB, auth.userId);
  if (!user) throw unauthorized();
  return { auth, user };
}

/** The account's passkey of this credential, or null (unknown, or another account's). */
async function ownPasskey(db: D1Database, user: UserRow, credentialId: string): Promise<PasskeyRow | null> {
  const row = await findPasskeyByCredential(db, credentialId);
  return row?.user_id === user.id ? row : null;
}

/** Tells the owner a passkey was added or removed; a failed send never undoes the change. */
async function mailChange(
  c: { var: { services: { mail: MailSender }; clientIp: string } },
  user: UserRow,
  change: "passkey_added" | "passkey_removed",
  name: string,
  now: Date,
): Promise<void> {
  const message = passkeyChangeMail(mailLocaleOf(user.locale), change, user, { name, at: now, ip: c.var.clientIp });
  await c.var.services.mail.send(message).catch((error: unknown) => console.error("passkey mail failed", error));
}

export const passkeyRoutes = contractRouter()
  .openapi({ ...listPasskeysRoute, middleware: [requireAuth] }, async (c) => {
    const rows = await listPasskeys(c.env.DB, sessionAuthOf(c).userId);
    return c.json({ success: true as const, data: { passkeys: rows.map(toPasskeyView) } }, 200);
  })
  .openapi({ ...registrationOptionsRoute, middleware: [requireAuth] }, async (c) => {
    const { auth, user } = await sessionUser(c);
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const existing = await listPasskeys(c.env.DB, user.id);
    if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
    const options = await registrationOptions(rp, user, existing);
    const { flowToken, expiresAt } = await challengeStoreOf(c.env.DB, c.var.services.now).issue({
      challenge: options.challenge,
      purpose: "register",
      userId: user.id,
      binding: auth.sessionId,
    });
    return c.json(
      { success: true as const, data: { flow_token: flowToken, expires_at: expiresAt.toISOString(), options } },
      200,
    );
  })
  .openapi({ ...registerPasskeyRoute, middleware: [requireAuth] }, async (c) => {
    const { auth, user } = await sessionUser(c);
    const db = c.env.DB;
    const now = c.var.services.now();
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const { flow_token, name, credential } = c.req.valid("json");
    const taken = await challengeStoreOf(db, c.var.services.now).take(flow_token, {
      purpose: "register",
      binding: auth.sessionId,
    });
    if (!taken || taken.userId !== user.id) throw challengeInvalid();
    const created = await verifyRegistration(rp, credential, taken.challenge);
    if (!created) throw new ApiError(400, "passkey_invalid", PASSKEY_INVALID);
    if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS) throw tooManyPasskeys();
    const id = crypto.randomUUID();
    const outcome = await insertPasskey(
      db,
      {
        id,
        user_id: user.id,
        credential_id: created.credentialId,
        public_key: created.publicKey,
        counter: created.counter,
        transports: JSON.stringify(created.transports),
        device_type: created.deviceType,
        backed_up: created.backedUp ? 1 : 0,
        name,
      },
      now,
    );
    if (outcome === "exists")
      throw new ApiError(409, "passkey_already_registered", "This passkey is already registered.");
    const row = await findPasskey(db, user.id, id);
    if (!row) throw new Error("passkey vanished after insert");
    await mailChange(c, user, "passkey_added", name, now);
    return c.json({ success: true as const, data: toPasskeyView(row), message: "Passkey added." }, 201);
  })
  .openapi({ ...renamePasskeyRoute, middleware: [requireAuth] }, async (c) => {
    const { userId } = sessionAuthOf(c);
    const { id } = c.req.valid("param");
    if (!(await renamePasskey(c.env.DB, userId, id, c.req.valid("json").name))) throw passkeyNotFound();
    const row = await findPasskey(c.env.DB, userId, id);
    if (!row) throw passkeyNotFound();
    return c.json({ success: true as const, data: toPasskeyView(row), message: "Passkey renamed." }, 200);
  })
  .openapi({ ...removePasskeyRoute, middleware: [requireAuth] }, async (c) => {
    const { user } = await sessionUser(c);
    const { id } = c.req.valid("param");
    const row = await findPasskey(c.env.DB, user.id, id);
    if (!row) throw passkeyNotFound();
    // The password, or a passkey proof (POST /auth/passkeys/confirm), under the confirmations' limit.
    await confirmAccountPassword(confirmationOf(c), user, c.req.valid("json").password);
    if (!(await deletePasskey(c.env.DB, user.id, id))) throw passkeyNotFound();
    const now = c.var.services.now();
    await mailChange(c, user, "passkey_removed", row.name, now);
    return c.json({ success: true as const, data: { id }, message: "Passkey removed." }, 200);
  })
  .openapi(signInOptionsRoute, async (c) => {
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    // No allowCredentials: the browser offers the passkeys it holds for this site (and the
    // conditional UI lists them in the username field's autofill).
    const options = await authenticationOptions(rp, []);
    const { flowToken, expiresAt } = await challengeStoreOf(c.env.DB, c.var.services.now).issue({
      challenge: options.challenge,
      purpose: "sign_in",
      userId: null,
      binding: null,
    });
    return c.json(
      { success: true as const, data: { flow_token: flowToken, expires_at: expiresAt.toISOString(), options } },
      200,
    );
  })
  .openapi(signInRoute, async (c) => {
    const db = c.env.DB;
    const now = c.var.services.now();
    const ip = c.var.clientIp;
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const { flow_token, credential, remember_me } = c.req.valid("json");
    const ipCounter: Counter = [LIMITS.loginPerIp, ip];
    await assertWithinLimits(db, [ipCounter], now, TOO_MANY_SIGN_INS);
    const taken = await challengeStoreOf(db, c.var.services.now).take(flow_token, {
      purpose: "sign_in",
      binding: null,
    });
    if (!taken) throw challengeInvalid();
    const row = await findPasskeyByCredential(db, credential.id);
    const user = row ? await findUserById(db, row.user_id) : null;
    if (!row || !user) {
      // A credential no account holds: counted against the address like a failed sign-in.
      await recordAttempts(db, [ipCounter], now);
      throw new ApiError(401, "passkey_invalid", PASSKEY_INVALID);
    }
    const delay = await loginLimitsAndDelay(db, user.username, ip, now);
    if (delay > 0) await c.var.services.sleep(delay);
    if (!(await verifyAssertion(db, rp, row, credential, taken.challenge, now))) {
      await recordFailedSignIn(c, user.id, user.username, now);
      throw new ApiError(401, "passkey_invalid", PASSKEY_INVALID);
    }
    // The passkey verified its user (UV required): it stands for password, seed key and second factor.
    return c.json(
      { success: true as const, data: await completeLogin(c, user, remember_me ?? false), message: "Signed in." },
      200,
    );
  })
  .openapi(secondFactorOptionsRoute, async (c) => {
    const { challenge_token } = c.req.valid("json");
    const db = c.env.DB;
    const challenge = await verifyChallengeToken(c.env, challenge_token, c.var.services.now());
    const user = challenge ? await findUserById(db, challenge.userId) : null;
    if (!challenge || !user || user.totp_enabled !== 1)
      throw new ApiError(401, "challenge_expired", SESSION_EXPIRED_MESSAGE);
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const passkeys = await listPasskeys(db, user.id);
    if (passkeys.length === 0) throw passkeyNotFound();
    const options = await authenticationOptions(rp, passkeys);
    const { flowToken, expiresAt } = await challengeStoreOf(db, c.var.services.now).issue({
      challenge: options.challenge,
      purpose: "second_factor",
      userId: user.id,
      binding: await sha256Hex(challenge_token),
    });
    return c.json(
      { success: true as const, data: { flow_token: flowToken, expires_at: expiresAt.toISOString(), options } },
      200,
    );
  })
  .openapi(secondFactorRoute, async (c) => {
    const { challenge_token, flow_token, credential } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const challenge = await verifyChallengeToken(c.env, challenge_token, now);
    const user = challenge ? await findUserById(db, challenge.userId) : null;
    if (!challenge || !user || user.totp_enabled !== 1)
      throw new ApiError(401, "challenge_expired", SESSION_EXPIRED_MESSAGE);
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    await assertLoginAllowed(db, user.username, c.var.clientIp, now);
    const challengeHash = await sha256Hex(challenge_token);
    const taken = await challengeStoreOf(db, c.var.services.now).take(flow_token, {
      purpose: "second_factor",
      binding: challengeHash,
    });
    if (!taken || taken.userId !== user.id) throw challengeInvalid();
    // A failed passkey is one more wrong code on this two-factor challenge (it dies at the 5th).
    const challengeCounter: Counter = [LIMITS.twoFactorPerChallenge, challengeHash];
    const attempt = await takeAttempt(db, challengeCounter, now, CHALLENGE_LOCKED).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 429 ? challengeLocked() : error;
    });
    const row = await ownPasskey(db, user, credential.id);
    if (!row || !(await verifyAssertion(db, rp, row, credential, taken.challenge, now))) {
      await recordFailedSignIn(c, user.id, user.username, now);
      if (attempt.rank >= LIMITS.twoFactorPerChallenge.max) throw challengeLocked();
      throw new ApiError(401, "passkey_invalid", PASSKEY_INVALID);
    }
    await releaseAttempt(db, attempt.id);
    return c.json(
      { success: true as const, data: await completeLogin(c, user, challenge.rememberMe), message: "Signed in." },
      200,
    );
  })
  .openapi({ ...confirmOptionsRoute, middleware: [requireAuth] }, async (c) => {
    const { auth, user } = await sessionUser(c);
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const passkeys = await listPasskeys(c.env.DB, user.id);
    if (passkeys.length === 0) throw passkeyNotFound();
    const options = await authenticationOptions(rp, passkeys);
    const { flowToken, expiresAt } = await challengeStoreOf(c.env.DB, c.var.services.now).issue({
      challenge: options.challenge,
      purpose: "confirm",
      userId: user.id,
      binding: auth.sessionId,
    });
    return c.json(
      { success: true as const, data: { flow_token: flowToken, expires_at: expiresAt.toISOString(), options } },
      200,
    );
  })
  .openapi({ ...confirmRoute, middleware: [requireAuth] }, async (c) => {
    const { auth, user } = await sessionUser(c);
    const db = c.env.DB;
    const now = c.var.services.now();
    const rp = relyingPartyOf(c.req.url, c.env.STOREFRONT_HOSTS);
    const { flow_token, credential } = c.req.valid("json");
    const taken = await challengeStoreOf(db, c.var.services.now).take(flow_token, {
      purpose: "confirm",
      binding: auth.sessionId,
    });
    if (!taken || taken.userId !== user.id) throw challengeInvalid();
    // Under the password confirmations' limit: a failed passkey is one more wrong password.
    await confirmAccount(
      confirmationOf(c),
      user,
      async () => {
        const row = await ownPasskey(db, user, credential.id);
        return row !== null && verifyAssertion(db, rp, row, credential, taken.challenge, now);
      },
      () => new ApiError(403, "passkey_invalid", PASSKEY_INVALID),
    );
    const proof = await issuePasskeyProof(db, user.id, auth.sessionId, now);
    return c.json(
      { success: true as const, data: { proof: proof.token, expires_at: proof.expiresAt.toISOString() } },
      200,
    );
  });
