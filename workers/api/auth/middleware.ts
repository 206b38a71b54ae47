import { createMiddleware } from "hono/factory";
import { findSession } from "../db/users";
import type { ApiBindings } from "../env";
import { ApiError } from "../errors";
import { verifyAccessToken } from "./tokens";

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please log in again.";

export const unauthorized = () => new ApiError(401, "unauthorized", SESSION_EXPIRED_MESSAGE);

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/iu.exec(header?.trim() ?? "");
  return match ? match[1] : null;
}

/**
 * Resolves the bearer token to `c.var.auth` (a valid token of a session that is neither revoked
 * nor expired), or null. The session row is read on every call so that revocation is immediate.
 */
async function authenticate(c: Parameters<Parameters<typeof createMiddleware<ApiBindings>>[0]>[0]) {
  const token = bearer(c.req.header("authorization"));
  if (!token) return null;
  const now = c.var.services.now();
  const claims = await verifyAccessToken(c.env, token, now);
  if (!claims) return null;
  const session = await findSession(c.env.DB, claims.sid, claims.sub);
  if (!session || session.revoked_at !== null || Date.parse(session.expires_at) <= now.getTime()) return null;
  return { userId: claims.sub, sessionId: claims.sid };
}

/** Bearer token required: 401 `unauthorized` otherwise. */
export const requireAuth = createMiddleware<ApiBindings>(async (c, next) => {
  const auth = await authenticate(c);
  if (!auth) throw unauthorized();
  c.set("auth", auth);
  await next();
});

/** Bearer token optional (logout): sets `auth` when a valid one is present. */
export const optionalAuth = createMiddleware<ApiBindings>(async (c, next) => {
  const auth = await authenticate(c);
  if (auth) c.set("auth", auth);
  await next();
});

/** The signed-in user of a route behind requireAuth. */
export function authOf(c: { var: { auth?: { userId: string; sessionId: string } } }): { userId: string; sessionId: string } {
  const auth = c.var.auth;
  if (!auth) throw unauthorized();
  return auth;
}
