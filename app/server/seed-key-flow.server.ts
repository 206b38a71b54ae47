import type { AppLoadContext } from "@remix-run/cloudflare";
import { hasUnconfirmedKey } from "../../core/auth/signup-flow";
import { getSessionState } from "./session.server";
import { getSignupFlow } from "./signup-flow.server";

/**
 * The flow while its seed key waits for confirmation (the "registered flag" of /createkey), or
 * null. Once someone else signs in at this browser, the key is not theirs to see.
 */
export async function getUnconfirmedKeyFlow(request: Request, context: AppLoadContext) {
  const [flow, { auth }] = await Promise.all([getSignupFlow(request, context), getSessionState(request, context)]);
  if (!hasUnconfirmedKey(flow)) return null;
  if (auth && auth.user.username !== flow.username) return null;
  return flow;
}
