import type { StorefrontEnv } from "../workers/api/contract/bindings";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    /** The worker's bindings and execution context (wrangler's platform proxy under vite dev). */
    cloudflare: { env: StorefrontEnv; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException" | "props"> };
    /** Per-request CSP nonce for inline scripts (set by the worker entry and by vite dev). */
    nonce: string;
  }
}
