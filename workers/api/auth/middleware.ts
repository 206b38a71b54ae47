import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../../../core/auth/password";
import { findApiTokenByHash, isApiTokenActive, isApiTokenSecret, scopesOf, touchApiToken } from "../db/api-tokens";
import { findSession } from "../db/users";
import type { ApiBindings, ApiVariables } from "../bindings";
import { ApiError } from "../errors";
import { takeApiTokenCall } from "./rate-limit";
import { scopesAllow } from "./scopes";
import { verifyAccessToken } from "./tokens";

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please log in again.";
export const API_TOKEN_INVALID_MESSAGE = "This API token is not valid: it was revoked, it expired or it never existed.";
export const INSUFFICIENT_SCOPE_MESSAGE = "This API token's scopes do not allow this call.";

export const unauthorized = () => new ApiError(401, "unauthorized", SESSION_EXPIRED_MESSAGE);
const apiTokenInvalid = () => new ApiError(401, "unauthorized", API_TOKEN_INVALID_MESSAGE);
const insufficientScope = () => new ApiError(403, "insufficient_scope", INSUFFICIENT_SCOPE_MESSAGE);

type Auth = NonNullable<ApiVariables["auth"]>;

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/iu.exec(header?.trim() ?? "");
  return match?.[1] ?? null;
}

/**
 * Resolves the bearer token to `c.var.auth`, or null: a session's access token (valid, of a
 * session neither revoked nor expired; the session row is read on every call so that revocation
 * is immediate), or a personal API token (`trn_…`, below). Once resolved, the other middlewares
 * of the same request reuse it.
 */
async function authenticate(c: Context<ApiBindings>): Promise<Auth | null> {
  if (c.var.auth) return c.var.auth;
  const token = bearer(c.req.header("authorization"));
  if (!token) return null;
  if (isApiTokenSecret(token)) return authenticateApiToken(c, token);
  const now = c.var.services.now();
  const claims = await verifyAccessToken(c.env, token, now);
  if (!claims) return null;
  const session = await findSession(c.env.DB, claims.sid, claims.sub);
  if (!session || session.revoked_at !== null || Date.parse(session.expires_at) <= now.getTime()) return null;
  return { userId: claims.sub, sessionId: claims.sid };
}

/**
 * A personal API token (issue 20), found by its hash: 401 when unknown, revoked or expired (also
 * on routes where signing in is optional: the script must learn its token is dead); 403
 * `insufficient_scope` when its scopes do not allow the call (workers/api/auth/scopes.ts);
 * 429 past its calls per minute. Its last use is recorded (at most once a minute).
 */
async function authenticateApiToken(c: Context<ApiBindings>, token: string): Promise<Auth> {
  const now = c.var.services.now();
  const row = await findApiTokenByHash(c.env.DB, await sha256Hex(token));
  if (!row || !isApiTokenActive(row, now)) throw apiTokenInvalid();
  const scopes = scopesOf(row);
  if (!scopesAllow(scopes, c.req.method, c.req.path.replace(/^\/api\/v1(?=\/)/, ""))) throw insufficientScope();
  await takeApiTokenCall(c.env.DB, row.id, now);
  await touchApiToken(c.env.DB, row, now);
  return { userId: row.user_id, sessionId: row.id, apiToken: { id: row.id, scopes } };
}

/** Bearer token required: 401 `unauthorized` otherwise. */
export const requireAuth = createMiddleware<ApiBindings>(async (c, next) => {
  // Two routers may guard one path (/account/* and /account/api-tokens/*, the DNS and domain
  // routes under /dns/domains/*): the request is authenticated (and a token's use counted) once.
  if (c.var.auth) return next();
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
export function authOf(c: { var: { auth?: Auth } }): Auth {
  const auth = c.var.auth;
  if (!auth) throw unauthorized();
  return auth;
}

/**
 * The signed-in user of a route that only a session may use (token management): the scope rule
 * already keeps personal tokens out of /account/**; this says so again where it matters most.
 */
export function sessionAuthOf(c: { var: { auth?: Auth } }): Auth {
  const auth = authOf(c);
  if (auth.apiToken) throw insufficientScope();
  return auth;
}
