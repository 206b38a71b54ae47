// Integration tests of the lookup worker inside workerd (@cloudflare/vitest-pool-workers 0.15,
// vitest 4 plugin API). Bindings come from workers/lookup/wrangler.toml; the options below are
// merged over them for tests only.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { startFakeUpstreams } from "./tests/fakes/lookup-upstreams";
import { useMemoryTmpdir } from "./scripts/memory-tmpdir.mjs";
import { dropDependencySourceMaps, PREBUNDLED_DEPENDENCIES } from "./scripts/vitest-module-shipping.mjs";

export default defineConfig(async () => {
  // Test storage on tmpfs: no fsync wait on every D1 statement (scripts/memory-tmpdir.mjs).
  useMemoryTmpdir();
  // Loopback fakes of RDAP, SSL Labs and DoH (tests/fakes/lookup-upstreams.ts); the worker is
  // pointed at them through its upstream variables, so the tests call it exactly as in production.
  const fakes = await startFakeUpstreams();
  return {
    plugins: [
      dropDependencySourceMaps(),
      cloudflareTest({
        main: "./workers/lookup/index.ts",
        wrangler: { configPath: "./workers/lookup/wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            FAKE_UPSTREAMS: fakes.url,
            RDAP_BOOTSTRAP_URL: `${fakes.url}/iana/dns.json`,
            SSLLABS_API_URL: `${fakes.url}/ssllabs/api/v4/`,
            SSLLABS_EMAIL: "tools@trinity.example",
            DOH_RESOLVERS: `cloudflare=${fakes.url}/doh/cloudflare/dns-query,google=${fakes.url}/doh/google/resolve`,
            UPSTREAM_TIMEOUT_MS: "3000",
            PAGESPEED_API_URL: `${fakes.url}/pagespeed/runPagespeed`,
            PAGESPEED_TIMEOUT_MS: "3000",
            WHOIS_IANA_SERVER: "127.0.0.1",
            WHOIS_PORT: String(fakes.whoisPort),
          },
          // Small limit so the tests can reach it; production keeps wrangler.toml's value.
          ratelimits: {
            PRICING_LIMITER: { simple: { limit: 5, period: 60 } },
            WHOIS_LIMITER: { simple: { limit: 5, period: 60 } },
            SSL_LIMITER: { simple: { limit: 8, period: 60 } },
            DNS_LIMITER: { simple: { limit: 5, period: 60 } },
            PAGESPEED_LIMITER: { simple: { limit: 5, period: 60 } },
          },
        },
      }),
    ],
    test: {
      include: ["tests/lookup/**/*.test.ts"],
      setupFiles: ["./tests/lookup/apply-migrations.ts"],
      // One module per dependency, not dozens (scripts/vitest-module-shipping.mjs).
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED_DEPENDENCIES } } },
    },
  };
});
