// The bindings the API tests see through `env` from "cloudflare:workers".
import type { D1Migration } from "cloudflare:test";
import type { ApiEnv } from "../../workers/api/env";

declare global {
  namespace Cloudflare {
    interface Env extends ApiEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** data/tld-prices.csv, the sample catalogue `npm run db:seed` imports. */
      CATALOGUE_CSV: string;
      /** The storefront's wrangler.toml [vars]: what `npm run deploy` ships. */
      DEPLOY_VARS: Record<string, string>;
    }
  }
}
