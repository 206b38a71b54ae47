// The bindings the lookup tests see through `env` from "cloudflare:test" / "cloudflare:workers".
import type { D1Migration } from "cloudflare:test";
import type { LookupEnv } from "../../workers/lookup/env";

declare global {
  namespace Cloudflare {
    interface Env extends LookupEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** Base URL of the loopback fakes (tests/fakes/lookup-upstreams.ts). */
      FAKE_UPSTREAMS: string;
    }
  }
}
