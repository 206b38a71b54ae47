import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import {
  openSignupFlow,
  sealSignupFlow,
  SIGNUP_FLOW_MAX_AGE_SECONDS,
  type SignupFlow,
} from "../../core/auth/signup-flow";
import { cookieSecret, readCookie } from "./cookies.server";

/**
 * The sign-up flow cookie: what /signup hands to /createkey and /verify-email.
 *
 * Why a cookie holds the seed key: the API answers the key exactly once (at registration) and
 * stores only its hash, yet the key page must survive a reload, a failed confirmation and the
 * download link — without JavaScript too, so the key cannot stay in browser memory. It therefore
 * travels in this short-lived cookie (30 minutes), HttpOnly (no script reads it), SameSite=Lax,
 * Secure outside localhost, signed (Remix) and, since a signature does not hide anything, the
 * content itself is sealed with AES-GCM under a key derived from the cookie secret. The key is
 * removed as soon as the user confirms it was saved; the cookie goes when the email is verified.
 * It also keeps the two positions asked back (stable across no-JS re-renders) and the time of the
 * last verification mail (the resend countdown without JavaScript).
 */
const FLOW_COOKIE = "__signup_flow";

function isLocalhost(request: Request): boolean {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

function flowCookie(context: AppLoadContext, request: Request) {
  return createCookie(FLOW_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalhost(request),
    maxAge: SIGNUP_FLOW_MAX_AGE_SECONDS,
    secrets: [cookieSecret(context)],
  });
}

/** The request's sign-up flow, or null (none, expired, tampered with). */
export async function getSignupFlow(request: Request, context: AppLoadContext): Promise<SignupFlow | null> {
  const sealed = await readCookie(flowCookie(context, request), request);
  if (sealed === null) return null;
  return openSignupFlow(sealed, cookieSecret(context), Date.now());
}

/** The Set-Cookie value that stores `flow` (its lifetime counts from the flow's start). */
export async function commitSignupFlow(request: Request, context: AppLoadContext, flow: SignupFlow): Promise<string> {
  const remaining = Math.max(1, Math.floor((flow.startedAt + SIGNUP_FLOW_MAX_AGE_SECONDS * 1000 - Date.now()) / 1000));
  return flowCookie(context, request).serialize(await sealSignupFlow(flow, cookieSecret(context)), {
    maxAge: remaining,
  });
}

/** The Set-Cookie value that removes the flow. */
export async function clearSignupFlow(request: Request, context: AppLoadContext): Promise<string> {
  return flowCookie(context, request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Whole minutes to wait from a 429 answer's Retry-After (seconds; `readApi`'s retryAfter), at least 1. */
export function retryAfterMinutes(seconds: number | null): number {
  return seconds !== null && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}
