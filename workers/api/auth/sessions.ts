import { sha256Hex, verifySecret, hashSecret } from "../../../core/auth/password";
import { createSessionStatements, updateUserFields, type UserRow } from "../db/users";
import type { ApiEnv } from "../env";
import { newRefreshToken, refreshTtl, signAccessToken } from "./tokens";

/**
 * A new session: the statements that store it (the refresh token hashed), for the caller to run
 * in the batch of its other writes, and `tokens()`, which signs the access token and answers the
 * tokens and their expiry times; the caller hands them out only once the statements have run.
 */
export async function prepareSession(env: ApiEnv, userId: string, rememberMe: boolean, now: Date) {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + refreshTtl(rememberMe));
  const statements = createSessionStatements(
    env.DB,
    { id: sessionId, userId, rememberMe, expiresAt: refreshExpiresAt, tokenHash: await sha256Hex(refreshToken) },
    now,
  );
  const tokens = async () => {
    const access = await signAccessToken(env, userId, sessionId, now);
    return {
      token: access.token,
      refresh_token: refreshToken,
      expires_at: access.expiresAt.toISOString(),
      refresh_expires_at: refreshExpiresAt.toISOString(),
      remember_me: rememberMe,
    };
  };
  return { statements, tokens };
}

/** A hash to verify against when the username is unknown, so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret("not-a-real-secret");
  return dummyHash;
}

/** Checks the password; stores a fresh hash when the stored one uses old parameters. */
export async function checkPassword(db: D1Database, user: UserRow, password: string, now: Date): Promise<boolean> {
  const result = await verifySecret(password, user.password_hash);
  if (result.ok && result.needsRehash)
    await updateUserFields(db, user.id, { password_hash: await hashSecret(password) }, now);
  return result.ok;
}
