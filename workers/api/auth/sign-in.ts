// Completing a sign-in, shared by the password sign-in (routes/auth.ts) and the passkey sign-in
// (routes/passkeys.ts, issue 24): the login history, last login, session and tokens, the visitor's cart.
import { z } from "zod";
import { localeFromHeader } from "../adapters/mail";
import type { ApiBindings } from "../bindings";
import { mergeCartIntoUser } from "../db/cart";
import { recordLoginStatement, toUserView, updateUserFieldsStatement, type UserRow } from "../db/users";
import { ApiError } from "../errors";
import { clearLoginFailuresStatement, loginFailureStatements } from "./rate-limit";
import { prepareSession } from "./sessions";

export const CHALLENGE_LOCKED = "Too many wrong codes. Please sign in again.";
export const challengeLocked = () => new ApiError(401, "challenge_locked", CHALLENGE_LOCKED);

/** What the helpers below read of a request's context: bindings, variables, headers. */
export type RequestContext = {
  env: ApiBindings["Bindings"];
  var: ApiBindings["Variables"];
  req: { header(name: string): string | undefined };
};

/** One line of the account's sign-in history (issue 18): who, from where, with what, and whether it worked. */
function signInLine(c: RequestContext, userId: string | null, username: string, success: boolean, now: Date) {
  return recordLoginStatement(
    c.env.DB,
    { userId, username, ip: c.var.clientIp, userAgent: c.req.header("user-agent") ?? null, success },
    now,
  );
}

/**
 * A failed sign-in (password, seed key, two-factor code or passkey): counted against the name, the
 * address and both, and written to the history, in one batch.
 */
export async function recordFailedSignIn(c: RequestContext, userId: string | null, username: string, now: Date) {
  await c.env.DB.batch([
    ...loginFailureStatements(c.env.DB, username, c.var.clientIp, now),
    signInLine(c, userId, username, false, now),
  ]);
}

/**
 * Completes a sign-in: history, last login, session and tokens, the user. Its writes go to D1 as
 * one batch (one round trip, one transaction) rather than one by one: on the sign-in's path every
 * round trip is time the customer waits (issue 25).
 */
export async function completeLogin(c: RequestContext, user: UserRow, rememberMe: boolean) {
  const now = c.var.services.now();
  const db = c.env.DB;
  // The language signed in with becomes the account's mail language (a client that names none keeps it).
  const locale = localeFromHeader(c.req.header("accept-language"));
  const fields = { last_login: now.toISOString(), ...(locale ? { locale } : {}) };
  const session = await prepareSession(c.env, user.id, rememberMe, now);
  await db.batch([
    clearLoginFailuresStatement(db, user.username, c.var.clientIp),
    signInLine(c, user.id, user.username, true, now),
    updateUserFieldsStatement(db, user.id, fields, now),
    ...session.statements,
  ]);
  const fresh: UserRow = { ...user, ...fields, updated_at: now.toISOString() };
  const cart = await mergeVisitorCart(c, user.id, now);
  return { ...(await session.tokens()), user: toUserView(fresh), ...cart };
}

/**
 * The visitor's cart (X-Cart-Id) joins the account's, at sign-up and sign-in (issue 19): the
 * answer names the cart to keep using and the visitor lines that could not come along.
 */
export async function mergeVisitorCart(
  c: { env: ApiBindings["Bindings"]; req: { header(name: string): string | undefined } },
  userId: string,
  now: Date,
) {
  const visitorCart = z.uuid().safeParse(c.req.header("x-cart-id")?.trim());
  const merged = await mergeCartIntoUser(c.env.DB, visitorCart.success ? visitorCart.data : null, userId, now);
  return { cart_id: merged.cartId, cart_dropped: merged.dropped };
}
