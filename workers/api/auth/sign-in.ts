// Completing a sign-in, shared by the password sign-in (routes/auth.ts) and the passkey sign-in
// (routes/passkeys.ts, issue 24): the login history, last login, session and tokens, the visitor's cart.
import { z } from "zod";
import { localeFromHeader } from "../adapters/mail";
import type { ApiBindings } from "../bindings";
import {
  cartMergeReadFrom,
  cartMergeReadStatements,
  mergeCartIntoUser,
  type CartMergeRead,
  type CartOwnerRow,
} from "../db/cart";
import {
  findUserByUsernameStatement,
  recordLoginStatement,
  toUserView,
  updateUserFieldsStatement,
  type UserRow,
} from "../db/users";
import { ApiError } from "../errors";
import { clearLoginFailuresStatement, loginFailureStatements, loginLimitReads, type WindowRow } from "./rate-limit";
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

/** A cart id as X-Cart-Id carries it (built once: a schema's construction costs more than its use). */
const cartIdHeader = z.uuid();

/** The visitor's cart named by the request (X-Cart-Id), or null. */
function visitorCartIdOf(c: { req: { header(name: string): string | undefined } }): string | null {
  const visitorCart = cartIdHeader.safeParse(c.req.header("x-cart-id")?.trim());
  return visitorCart.success ? visitorCart.data : null;
}

/**
 * What a password sign-in reads before its PBKDF2 work, as one D1 batch (one round trip, issue
 * 25): the address's limits and the name's delay (loginLimitReads), the account, and the two carts
 * a successful sign-in merges. Throws the 429 of a full limit; answers the delay, the account (or
 * null) and the carts.
 */
export async function readSignIn(c: RequestContext, username: string, now: Date) {
  const db = c.env.DB;
  const limits = loginLimitReads(db, username, c.var.clientIp, now);
  const carts = cartMergeReadStatements(db, visitorCartIdOf(c), { username });
  const results = await db.batch<WindowRow | UserRow | CartOwnerRow>([
    ...limits.statements,
    findUserByUsernameStatement(db, username),
    ...carts,
  ]);
  const first = (at: number) => results[at]?.results[0];
  const n = limits.statements.length;
  const delay = limits.settle(results.slice(0, n).map((result) => result.results[0] as WindowRow | undefined));
  return {
    delay,
    user: (first(n) as UserRow | undefined) ?? null,
    carts: cartMergeReadFrom(first(n + 1) as CartOwnerRow | undefined, first(n + 2) as CartOwnerRow | undefined),
  };
}

/**
 * Completes a sign-in: history, last login, session and tokens, the user. Its writes go to D1 as
 * one batch (one round trip, one transaction) rather than one by one: on the sign-in's path every
 * round trip is time the customer waits (issue 25).
 */
export async function completeLogin(c: RequestContext, user: UserRow, rememberMe: boolean, carts?: CartMergeRead) {
  const now = c.var.services.now();
  const db = c.env.DB;
  // The language signed in with becomes the account's mail language (a client that names none keeps it).
  const locale = localeFromHeader(c.req.header("accept-language"));
  const fields = { last_login: now.toISOString(), ...(locale ? { locale } : {}) };
  const session = await prepareSession(c.env, user.id, rememberMe, now);
  // The access token is signed while D1 writes (no one sees it before the batch has run).
  const [tokens] = await Promise.all([
    session.tokens(),
    db.batch([
      clearLoginFailuresStatement(db, user.username, c.var.clientIp),
      signInLine(c, user.id, user.username, true, now),
      updateUserFieldsStatement(db, user.id, fields, now),
      ...session.statements,
    ]),
  ]);
  const fresh: UserRow = { ...user, ...fields, updated_at: now.toISOString() };
  const cart = await mergeVisitorCart(c, user.id, now, carts);
  return { ...tokens, user: toUserView(fresh), ...cart };
}

/**
 * The visitor's cart (X-Cart-Id) joins the account's, at sign-up and sign-in (issue 19): the
 * answer names the cart to keep using and the visitor lines that could not come along.
 */
export async function mergeVisitorCart(
  c: { env: ApiBindings["Bindings"]; req: { header(name: string): string | undefined } },
  userId: string,
  now: Date,
  carts?: CartMergeRead,
) {
  const merged = await mergeCartIntoUser(c.env.DB, visitorCartIdOf(c), userId, now, carts);
  return { cart_id: merged.cartId, cart_dropped: merged.dropped };
}
