/**
 * Whether the development mail outbox is readable (GET /api/v1/dev/outbox, the /dev/mailbox
 * page, the verify page's link to it). It shows every verification and reset code, so it is on
 * only when local serving asks for it (DEV_OUTBOX=on, set by scripts/workers.mjs and vite dev)
 * and never in production, whatever else is configured (issue 12, docs/decisions threat model).
 */
export function devOutboxEnabled(env: { ENVIRONMENT?: string; DEV_OUTBOX?: string }): boolean {
  return env.DEV_OUTBOX === "on" && env.ENVIRONMENT !== "production";
}
