// Completing a sign-in, shared by the password sign-in (routes/auth.ts) and the passkey sign-in
// (routes/passkeys.ts, issue 24): the login history, last login, session and tokens, the visitor's cart.
import { z } from "zod";
import { localeFromHeader } from "../adapters/mail";
import type { ApiBindings } from "../bindings";
import { mergeCartIntoUser } from "../db/cart";
import { findUserById, recordLogin, toUserView, updateUserFields, type UserRow } from "../db/users";
import { ApiError } from "../errors";
import { clearLoginFailures } from "./rate-limit";
import { openSession } from "./sessions";

export const CHALLENGE_LOCKED = "Too many wrong codes. Please sign in again.";
export const challengeLocked = () => new ApiError(401, "challenge_locked", CHALLENGE_LOCKED);

/** What the helpers below read of a request's context: bindings, variables, headers. */
export type RequestContext = {
  env: ApiBindings["Bindings"];
  var: ApiBindings["Variables"];
  req: { header(name: string): string | undefined };
};

/** One line of the account's sign-in history (issue 18): who, from where, with what, and whether it worked. */
export async function logSignIn(
  c: RequestContext,
  userId: string | null,
  username: string,
  success: boolean,
  now: Date,
): Promise<void> {
  await recordLogin(
    c.env.DB,
    { userId, username, ip: c.var.clientIp, userAgent: c.req.header("user-agent") ?? null, success },
    now,
  );
}

/** Completes a sign-in: history, last login, session and tokens, the user. */
export async function completeLogin(c: RequestContext, user: UserRow, rememberMe: boolean) {
  const now = c.var.services.now();
  const db = c.env.DB;
  await clearLoginFailures(db, user.username, c.var.clientIp);
  await logSignIn(c, user.id, user.username, true, now);
  // The language signed in with becomes the account's mail language (a client that names none keeps it).
  const locale = localeFromHeader(c.req.header("accept-language"));
  await updateUserFields(db, user.id, { last_login: now.toISOString(), ...(locale ? { locale } : {}) }, now);
  const tokens = await openSession(c.env, user.id, rememberMe, now);
  const fresh = (await findUserById(db, user.id)) ?? user;
  const cart = await mergeVisitorCart(c, user.id, now);
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
) {
  const visitorCart = z.uuid().safeParse(c.req.header("x-cart-id")?.trim());
  const merged = await mergeCartIntoUser(c.env.DB, visitorCart.success ? visitorCart.data : null, userId, now);
  return { cart_id: merged.cartId, cart_dropped: merged.dropped };
}
