import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/cloudflare";

/**
 * A cookie's value, or null when it is absent or unreadable. Cookies are user input: a value we
 * did not write (bad base64, a forged or truncated signature, JSON of the wrong type) must read
 * as "no cookie", never throw (Remix's `parse` throws on a malformed signature and answers `{}`
 * or any JSON value for a malformed unsigned one). Callers still check the value's type.
 */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  try {
    return (await cookie.parse(header)) ?? null;
  } catch {
    return null;
  }
}

/** Development-only signing secret: `npm start` must work with no configuration. */
const DEVELOPMENT_SECRET = "development-only-cookie-secret-change-me";

/**
 * The secret signed cookies use: COOKIE_SECRET (a wrangler secret) in production, where running
 * without one is refused; a fixed development value otherwise.
 */
export function cookieSecret(context: AppLoadContext): string {
  const { env } = context.cloudflare;
  if (env.COOKIE_SECRET) return env.COOKIE_SECRET;
  if (env.ENVIRONMENT === "production")
    throw new Error("COOKIE_SECRET is not set: run `wrangler secret put COOKIE_SECRET`.");
  return DEVELOPMENT_SECRET;
}

/** The visitor's cart id (DESIGN §1: the cart lives in D1; the browser only holds this id). */
export function cartCookie(context: AppLoadContext) {
  return createCookie("cart", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: context.cloudflare.env.ENVIRONMENT === "production",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [cookieSecret(context)],
  });
}

export async function getCartId(request: Request, context: AppLoadContext): Promise<string | null> {
  const value = await readCookie(cartCookie(context), request);
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}
