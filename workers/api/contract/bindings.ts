import type { ApiEnv } from "../env";

/**
 * The storefront worker's bindings (workers/storefront.ts): what the Remix load context carries to
 * the web UI (app/load-context.ts). Types only.
 */
export interface StorefrontEnv extends ApiEnv {
  ASSETS: Fetcher;
}
