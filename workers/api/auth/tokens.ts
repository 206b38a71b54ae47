// Access tokens (HS256 JWT via hono/jwt), refresh tokens (32 random bytes, stored as SHA-256)
// and the short-lived two-factor challenge token.
import { sign, verify } from "hono/jwt";
import { toBase64Url } from "../../../core/auth/password";
import type { ApiEnv } from "../env";
import { ApiError } from "../errors";

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TTL_MS = 24 * 60 * 60_000;
export const REMEMBER_ME_REFRESH_TTL_MS = 7 * 24 * 60 * 60_000;
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Used only outside production when JWT_SECRET is not set. */
const DEVELOPMENT_JWT_SECRET = "trinity-development-jwt-secret-not-for-production";

export function jwtSecret(env: ApiEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.ENVIRONMENT !== "production") return DEVELOPMENT_JWT_SECRET;
  console.error(
    "JWT_SECRET is not set in production: refusing to sign or accept tokens (wrangler secret put JWT_SECRET)",
  );
  throw new ApiError(500, "server_misconfigured", "Sign-in is not available right now.");
}

export const refreshTtl = (rememberMe: boolean) => (rememberMe ? REMEMBER_ME_REFRESH_TTL_MS : REFRESH_TTL_MS);

export function newRefreshToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

export async function signAccessToken(
  env: ApiEnv,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_MS / 1000;
  const token = await sign({ sub: userId, sid: sessionId, iat, exp, typ: "access" }, jwtSecret(env), "HS256");
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Verifies signature and type, and checks `exp` against the injected clock; null when unusable. */
async function verifyToken(env: ApiEnv, token: string, typ: string, now: Date) {
  const secret = jwtSecret(env);
  try {
    const payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
    if (payload.typ !== typ || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
    if (payload.exp * 1000 <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

export async function verifyAccessToken(env: ApiEnv, token: string, now: Date): Promise<AccessClaims | null> {
  const payload = await verifyToken(env, token, "access", now);
  if (!payload || typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number")
    return null;
  return {
    sub: payload.sub,
    sid: payload.sid,
    exp: payload.exp,
    iat: typeof payload.iat === "number" ? payload.iat : 0,
  };
}

export async function signChallengeToken(env: ApiEnv, userId: string, rememberMe: boolean, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  // jti: two sign-ins in the same second get different challenges (wrong codes count per challenge).
  return sign(
    { sub: userId, rm: rememberMe, iat, exp: iat + CHALLENGE_TTL_MS / 1000, typ: "2fa", jti: crypto.randomUUID() },
    jwtSecret(env),
    "HS256",
  );
}

export async function verifyChallengeToken(
  env: ApiEnv,
  token: string,
  now: Date,
): Promise<{ userId: string; rememberMe: boolean } | null> {
  const payload = await verifyToken(env, token, "2fa", now);
  if (!payload || typeof payload.sub !== "string") return null;
  return { userId: payload.sub, rememberMe: payload.rm === true };
}

/** How long after a rotation the old refresh token answers 409 instead of revoking the family. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
