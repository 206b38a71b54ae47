import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { REFRESH_WINDOW_MS } from "../../core/auth/session-timers";
import type { SignedIn, UserView } from "../../workers/api/contract/auth";
import { apiClient, readApi, type ApiData, type ApiResult, type ReadableResponse } from "./api.server";
import { cartCookie, cookieSecret } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { clearChallenge } from "./signin-flow.server";
import { clearSignupFlow } from "./signup-flow.server";
import { createToastHeaders } from "./toast.server";
import { isCode } from "../i18n/api-errors";

/**
 * The edge session (DESIGN §1): the API's access token (15-minute JWT) and refresh token live in
 * one signed, HttpOnly, SameSite=Lax cookie (Secure everywhere but localhost). Pages never see
 * the tokens: the root loader hands the browser only what the session monitor needs
 * (`sessionView`). On every request the server does what the browser's monitor does (SPEC §4):
 * it refreshes the access token when under 5 minutes remain and ends the session when the refresh
 * token is gone, expired or refused.
 */

/** What a signed-in page may know about its user (never tokens). */
export type SessionUser = {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
};

type StoredSession = {
  token: string;
  refreshToken: string;
  /** Access-token expiry, epoch ms. */
  expiresAt: number;
  /** Refresh-token (= session) expiry, epoch ms. */
  refreshExpiresAt: number;
  rememberMe: boolean;
  user: SessionUser;
};

export type AuthSession = StoredSession;

/** Why a session that the browser still held is over. */
export type SessionEnd = "expired" | "terminated";

export type SessionState = {
  auth: AuthSession | null;
  /** Set when this request found a session that just ended (to show the expired message). */
  ended: SessionEnd | null;
  /** A Set-Cookie header to send with this request's response (refreshed or cleared session). */
  setCookie: string | null;
};

/** The account fields a session keeps, as the API answers them (the contract's User). */
export type AccountUser = Pick<UserView, "id" | "username" | "email" | "email_verified" | "two_factor_enabled">;

const SESSION_COOKIE = "__session";

function isLocalhost(request: Request): boolean {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

function storage(context: AppLoadContext, request: Request) {
  return createCookieSessionStorage<{ auth: StoredSession }>({
    cookie: {
      name: SESSION_COOKIE,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: !isLocalhost(request),
      secrets: [cookieSecret(context)],
    },
  });
}

function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === "string" &&
    typeof v.refreshToken === "string" &&
    typeof v.expiresAt === "number" &&
    typeof v.refreshExpiresAt === "number" &&
    typeof v.user === "object" &&
    v.user !== null
  );
}

export function toSessionUser(user: AccountUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.email_verified,
    twoFactorEnabled: user.two_factor_enabled,
  };
}

/** Serialises a session cookie; it persists for remember-me sessions only (a browser-session cookie otherwise). */
async function commit(context: AppLoadContext, request: Request, stored: StoredSession): Promise<string> {
  const sessions = storage(context, request);
  const session = await sessions.getSession();
  session.set("auth", stored);
  return sessions.commitSession(
    session,
    stored.rememberMe ? { expires: new Date(stored.refreshExpiresAt) } : undefined,
  );
}

async function destroy(context: AppLoadContext, request: Request): Promise<string> {
  const sessions = storage(context, request);
  return sessions.destroySession(await sessions.getSession());
}

// One resolution per request: the root loader, the route loaders and actions of one request share
// it, so a due refresh happens once (refresh tokens are single-use).
const resolved = new WeakMap<AppLoadContext, Promise<SessionState>>();

/**
 * The request's session, refreshed when due (under 5 minutes left). `refreshWithinMs` widens that
 * window for the browser monitor's own refresh call, whose clock may run a little ahead.
 */
export function getSessionState(
  request: Request,
  context: AppLoadContext,
  options: { refreshWithinMs?: number } = {},
): Promise<SessionState> {
  let state = resolved.get(context);
  if (!state) {
    state = resolveSession(request, context, options.refreshWithinMs ?? REFRESH_WINDOW_MS);
    resolved.set(context, state);
  }
  return state;
}

async function resolveSession(
  request: Request,
  context: AppLoadContext,
  refreshWithinMs: number,
): Promise<SessionState> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${SESSION_COOKIE}=`)) return { auth: null, ended: null, setCookie: null };
  // A cookie we did not sign (or cannot read) is a signed-out visitor, never an error.
  const session = await storage(context, request)
    .getSession(cookie)
    .catch(() => null);
  const stored: unknown = session?.get("auth");
  if (!isStoredSession(stored)) return { auth: null, ended: null, setCookie: null };

  const now = Date.now();
  if (stored.refreshExpiresAt <= now)
    return { auth: null, ended: "expired", setCookie: await destroy(context, request) };
  if (stored.expiresAt - now >= refreshWithinMs) return { auth: stored, ended: null, setCookie: null };

  const answer = await readApi(
    await apiClient(context, request).api.v1.auth["refresh-token"].$post({
      json: { refresh_token: stored.refreshToken },
    }),
  );
  if (answer.ok) {
    const next: StoredSession = {
      ...stored,
      token: answer.data.token,
      refreshToken: answer.data.refresh_token,
      expiresAt: Date.parse(answer.data.expires_at),
      refreshExpiresAt: Date.parse(answer.data.refresh_expires_at),
    };
    return { auth: next, ended: null, setCookie: await commit(context, request, next) };
  }
  if (answer.status === 401) {
    return {
      auth: null,
      ended: isCode(answer, "token_reused") ? "terminated" : "expired",
      setCookie: await destroy(context, request),
    };
  }
  // A concurrent request of this browser refreshed first (409), or the API failed for a moment:
  // keep going with the current token while it lasts, and leave the cookie as it is.
  return { auth: stored.expiresAt > now ? stored : null, ended: null, setCookie: null };
}

/** What the browser's session monitor gets: no tokens. */
export function sessionView(auth: AuthSession | null) {
  if (!auth) return null;
  return {
    username: auth.user.username,
    email: auth.user.email,
    emailVerified: auth.user.emailVerified,
    expiresAt: auth.expiresAt,
    sessionEndsAt: auth.refreshExpiresAt,
    rememberMe: auth.rememberMe,
  };
}
export type SessionView = NonNullable<ReturnType<typeof sessionView>>;

/** What the session monitor's fetcher gets back from the /session route's action. */
export type SessionActionData = { ok: boolean; session: SessionView | null };

/** The path + query of the request, for `?redirect=`. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  // Single-fetch data requests end in ".data"; the page the user asked for is without it.
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  url.searchParams.delete("_data");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname === "/_root" ? "/" : pathname}${search ? `?${search}` : ""}`;
}

export function signInPath(redirectTo: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/signin?redirect=${encodeURIComponent(redirectTo)}` : "/signin";
}

/**
 * A redirect to sign-in for a visitor whose session is missing or ended: clears the cookie and,
 * when a session ended, carries the translated "session expired" toast (SPEC §4, §8).
 */
export async function signInRedirect(
  request: Request,
  context: AppLoadContext,
  ended: SessionEnd | null = "expired",
): Promise<Response> {
  const headers = new Headers();
  if (ended) {
    const { t } = await getTranslator(request);
    headers.append("Set-Cookie", await destroy(context, request));
    for (const [name, value] of await createToastHeaders({
      type: "warning",
      description: t(ended === "terminated" ? "session.terminated" : "session.expired"),
    })) {
      headers.append(name, value);
    }
  }
  return redirect(signInPath(currentPath(request)), { status: 302, headers });
}

/**
 * The signed-in user of a page or action, or a thrown redirect to `/signin?redirect=<path>`.
 * Actions that answer must append `sessionHeaders(...)` so a refresh done here reaches the browser.
 */
export async function requireAuth(request: Request, context: AppLoadContext): Promise<AuthSession> {
  const state = await getSessionState(request, context);
  if (state.auth) return state.auth;
  throw await signInRedirect(request, context, state.ended);
}

/** The Set-Cookie of this request's session refresh/clear, if any (for actions' own responses). */
export async function sessionHeaders(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  const { setCookie } = await getSessionState(request, context);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return headers;
}

/** A typed API client that sends the signed-in user's bearer token. */
export function userApi(
  context: AppLoadContext,
  request: Request,
  auth: AuthSession,
  options: { cartId?: string | null } = {},
) {
  return apiClient(context, request, { ...options, token: auth.token });
}

/**
 * Reads an API answer for a signed-in call; a 401 (the session was revoked elsewhere, e.g. by a
 * password change) ends the session here too: thrown redirect to sign-in with the message.
 */
export const readUserApi = async <R extends ReadableResponse>(
  request: Request,
  context: AppLoadContext,
  response: R,
): Promise<ApiResult<ApiData<R>>> => {
  const result = await readApi(response);
  if (!result.ok && result.status === 401) throw await signInRedirect(request, context, "expired");
  return result;
};

/**
 * Starts a session from a login answer: the Set-Cookie headers for the session cookie (and the
 * cart cookie when the API merged the visitor's cart into the user's).
 */
export async function createUserSession(
  request: Request,
  context: AppLoadContext,
  answer: SignedIn,
  rememberMe: boolean,
): Promise<Headers> {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await commit(context, request, {
      token: answer.token,
      refreshToken: answer.refresh_token,
      expiresAt: Date.parse(answer.expires_at),
      refreshExpiresAt: Date.parse(answer.refresh_expires_at),
      rememberMe,
      user: toSessionUser(answer.user),
    }),
  );
  if (answer.cart_id) headers.append("Set-Cookie", await cartCookie(context).serialize(answer.cart_id));
  return headers;
}

/** Replaces the user part of the session (after a username/email change or verification). */
export async function updateSessionUser(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  user: AccountUser,
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await commit(context, request, { ...auth, user: toSessionUser(user) }));
  return headers;
}

/** The session's user with the email marked verified (after the code or the mailed link proved it). */
export function markEmailVerified(request: Request, context: AppLoadContext, auth: AuthSession): Promise<Headers> {
  return updateSessionUser(request, context, auth, {
    id: auth.user.id,
    username: auth.user.username,
    email: auth.user.email,
    email_verified: true,
    two_factor_enabled: auth.user.twoFactorEnabled,
  });
}

/** Keeps the session with a new access token (extend-session). */
export async function updateSessionToken(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  token: { token: string; expires_at: string },
): Promise<{ headers: Headers; auth: AuthSession }> {
  const next = { ...auth, token: token.token, expiresAt: Date.parse(token.expires_at) };
  const headers = new Headers();
  headers.append("Set-Cookie", await commit(context, request, next));
  return { headers, auth: next };
}

/**
 * Signs out: revokes the session at the API (refresh token and all) and clears the session and
 * cart cookies, so the next person at this browser sees neither.
 */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<Headers> {
  const { auth } = await getSessionState(request, context);
  if (auth) {
    await apiClient(context, request, { token: auth.token }).api.v1.auth.logout.$post({
      json: { refresh_token: auth.refreshToken },
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroy(context, request));
  headers.append("Set-Cookie", await cartCookie(context).serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await clearSignupFlow(request, context));
  return headers;
}

/** The sentence naming the visitor cart lines the account could not take (issue 19), or null. */
export function cartDroppedText(
  t: Awaited<ReturnType<typeof getTranslator>>["t"],
  dropped: readonly string[] | undefined,
): string | null {
  return dropped && dropped.length > 0 ? t("translation:session.cartDropped", { names: dropped.join(", ") }) : null;
}

/**
 * The headers of a sign-in that succeeded (with the password or a passkey): the session cookies,
 * the two-factor step's cookie cleared, and the welcome toast — a warning naming the visitor's cart
 * lines the account could not take (issue 19).
 */
export async function signedInHeaders(
  request: Request,
  context: AppLoadContext,
  t: Awaited<ReturnType<typeof getTranslator>>["t"],
  answer: SignedIn,
  rememberMe: boolean,
): Promise<Headers> {
  const headers = await createUserSession(request, context, answer, rememberMe);
  headers.append("Set-Cookie", await clearChallenge(request, context));
  const dropped = cartDroppedText(t, answer.cart_dropped);
  const welcome = t("translation:session.signedIn", { username: answer.user.username });
  for (const [name, value] of await createToastHeaders(
    dropped ? { type: "warning", description: `${welcome} ${dropped}` } : { type: "success", description: welcome },
  )) {
    headers.append(name, value);
  }
  return headers;
}
