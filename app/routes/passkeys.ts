import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { passkeyAction, passkeyCount } from "../server/passkeys.server";

/**
 * The passkey ceremonies of the pages (issue 24; app/server/passkeys.server.ts): JSON steps the
 * browser posts once JavaScript runs (WebAuthn needs it). GET answers how many passkeys the
 * signed-in account has, so a confirmation offers "Use a passkey" only when there is one.
 */
export function loader(args: LoaderFunctionArgs) {
  return passkeyCount(args);
}

export function action(args: ActionFunctionArgs) {
  return passkeyAction(args);
}
