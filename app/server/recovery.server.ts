import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { isRecoveryToken } from "../../core/auth/recovery-token";
import { cookieSecret, readCookie } from "./cookies.server";

/**
 * The recovery flows' cookies (issue 18), both signed and HttpOnly:
 * - `__reset_flow` (15 minutes; path `/`, since the enhanced form posts to `/forgot.data`, which a
 *   `/forgot` cookie path does not match): the address and the flow token of this browser's
 *   password-reset request. Only a request holding it may try that flow's code, so a stranger's
 *   wrong codes never burn the code this browser asked for.
 * - `__recovery_browser` (180 days): the token the API handed back when this browser last
 *   completed a verification or reset; its code requests skip the per-recipient mail cap.
 */

const secure = (context: AppLoadContext) => context.cloudflare.env.ENVIRONMENT === "production";

function resetFlowCookie(context: AppLoadContext) {
  return createCookie("__reset_flow", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(context),
    maxAge: 15 * 60,
    secrets: [cookieSecret(context)],
  });
}

function browserCookie(context: AppLoadContext) {
  return createCookie("__recovery_browser", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secure(context),
    maxAge: 180 * 24 * 60 * 60,
    secrets: [cookieSecret(context)],
  });
}

export type ResetFlow = { email: string; token: string };

/** This browser's reset flow for `email`, when it has one. */
export async function getResetFlowToken(
  request: Request,
  context: AppLoadContext,
  email: string,
): Promise<string | null> {
  const value = await readCookie(resetFlowCookie(context), request);
  if (typeof value !== "object" || value === null) return null;
  const flowEmail: unknown = Reflect.get(value, "email");
  const token: unknown = Reflect.get(value, "token");
  return flowEmail === email && isRecoveryToken(token) ? token : null;
}

export function commitResetFlow(context: AppLoadContext, flow: ResetFlow): Promise<string> {
  return resetFlowCookie(context).serialize(flow);
}

export function clearResetFlow(context: AppLoadContext): Promise<string> {
  return resetFlowCookie(context).serialize("", { maxAge: 0 });
}

/** The remembered-browser token, when this browser has a well-formed one. */
export async function getRecoveryBrowser(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const value = await readCookie(browserCookie(context), request);
  return isRecoveryToken(value) ? value : undefined;
}

export function commitRecoveryBrowser(context: AppLoadContext, token: string): Promise<string> {
  return browserCookie(context).serialize(token);
}
