import { isbot } from "isbot";

/**
 * Whether the document is streamed to this request (app/entry.server.tsx). Browsers that have run
 * our JS (the `js=1` cookie, set by app/entry.client.tsx) get it streamed, so a slow part never
 * holds up the rest. Bots and browsers without JS get the whole document at once: a streamed
 * Suspense boundary only swaps in with JavaScript.
 */
export function streamsDocument(request: Request): boolean {
  if (isbot(request.headers.get("user-agent") || "")) return false;
  return /(?:^|;\s*)js=1(?:;|$)/.test(request.headers.get("Cookie") ?? "");
}
