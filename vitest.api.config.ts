// Integration tests of the storefront's /api/v1 app inside workerd, with the real migrations
// applied and the real lookup worker running beside it as an auxiliary worker (bundled here
// from workers/lookup/index.ts), reached through the LOOKUP service binding as in production.
import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { tomlVars } from "./scripts/deploy-config.mjs";
import { fuzzSeed } from "./tests/api/fuzz/seed";
import { useMemoryTmpdir } from "./scripts/memory-tmpdir.mjs";
import { dropDependencySourceMaps, PREBUNDLED_DEPENDENCIES } from "./scripts/vitest-module-shipping.mjs";

const DATABASE_ID = "00000000-0000-4000-8000-000000000001";

/**
 * The fuzz shards, longest first: together they are nine tenths of the suite's test time. On a
 * clean clone Vitest has no timings yet and starts the largest files first, and the shards (four
 * lines each) came last: the two lanes then ended minutes apart (1,026 s for 807 s of work a lane,
 * docs/decisions/2026-11-28-suite-time.md). Longest first, the short files fill the gaps at the end.
 */
const LONGEST_FIRST = [
  "fuzz-pages-2",
  "fuzz-pages-3",
  "fuzz-pages-4",
  "fuzz-pages-1",
  "fuzz-api-1",
  "fuzz-api-3",
  "fuzz-api-2",
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const rest = await super.sort(files.filter((file) => rank(file) === LONGEST_FIRST.length));
    const fuzz = files.filter((file) => rank(file) < LONGEST_FIRST.length).sort((a, b) => rank(a) - rank(b));
    return [...fuzz, ...rest];
  }
}

export default defineConfig(async () => {
  // Test storage on tmpfs: no fsync wait on every D1 statement (scripts/memory-tmpdir.mjs).
  useMemoryTmpdir();
  // One seed for every fast-check property of the run (FUZZ_SEED, else the commit's hash).
  const fuzz = fuzzSeed(process.env.FUZZ_SEED);
  console.log(`fuzz seed=${fuzz.seed} (${fuzz.source}); replay with FUZZ_SEED=${fuzz.seed}`);
  await build({
    entryPoints: ["./workers/lookup/index.ts"],
    outfile: "./.tmp/test-lookup/index.js",
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    // Runtime modules of workerd (cloudflare:sockets for port-43 WHOIS) stay imports.
    external: ["cloudflare:*"],
    logLevel: "warning",
  });
  return {
    plugins: [
      dropDependencySourceMaps(),
      cloudflareTest({
        main: "./workers/api/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            // wrangler.toml describes the deployed site (production); the tests run as local
            // serving does, with the development outbox on. DEPLOY_VARS is what deploy ships.
            ENVIRONMENT: "test",
            DEV_OUTBOX: "on",
            // The site's own host, as a deployment names it (README): requests to it skip the
            // forwarding lookup (workers/forwarding.ts), one D1 query of ~1 ms per page-fuzz case.
            STOREFRONT_HOSTS: "shop.test",
            // The EPP gateway's poll callback secret (POST /api/v1/registry/notices): set, so the
            // fuzz suite (which sends it) reaches the route's body checks and handling.
            REGISTRY_CALLBACK_TOKEN: "test-registry-callback-token",
            DEPLOY_VARS: tomlVars("./wrangler.toml"),
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            CATALOGUE_CSV: readFileSync("./data/tld-prices.csv", "utf8"),
          },
          workers: [
            {
              name: "trinity-lookup",
              modules: true,
              scriptPath: "./.tmp/test-lookup/index.js",
              compatibilityDate: "2025-09-01",
              compatibilityFlags: ["nodejs_compat"],
              // Upstreams on a closed loopback port: the API tests see the tools exactly as offline
              // (the lookup worker's own tests use the fakes) and never reach the network.
              bindings: {
                ENVIRONMENT: "test",
                RDAP_BOOTSTRAP_URL: "http://127.0.0.1:9/dns.json",
                SSLLABS_API_URL: "http://127.0.0.1:9/api/v4/",
                SSLLABS_EMAIL: "tools@trinity.example",
                DOH_RESOLVERS: "cloudflare=http://127.0.0.1:9/dns-query,google=http://127.0.0.1:9/resolve",
                PAGESPEED_API_URL: "http://127.0.0.1:9/pagespeedonline/v5/runPagespeed",
              },
              d1Databases: { DB: DATABASE_ID },
              kvNamespaces: { CACHE: "lookup-cache" },
              // Small limit so a test can reach it; production keeps wrangler.toml's value.
              ratelimits: {
                PRICING_LIMITER: { simple: { limit: 8, period: 60 } },
                WHOIS_LIMITER: { simple: { limit: 30, period: 60 } },
                SSL_LIMITER: { simple: { limit: 30, period: 60 } },
                DNS_LIMITER: { simple: { limit: 30, period: 60 } },
                PAGESPEED_LIMITER: { simple: { limit: 30, period: 60 } },
              },
            },
          ],
        },
      }),
    ],
    test: {
      include: ["tests/api/**/*.test.ts"],
      // Vitest's default on a 2-core machine is one file at a time (CPUs − 1); the files are
      // independent (each has its own isolated storage), so both cores run one each. The fuzz
      // shards (fuzz-pages-1…4, fuzz-api-1…3) are the longest files, split so the two lanes even out.
      maxWorkers: 2,
      sequence: { sequencer: LongestFirst },
      setupFiles: ["./tests/api/apply-migrations.ts"],
      // Loopback fakes of outside services (Stripe), reached by the tests through inject().
      globalSetup: ["./tests/fakes/global-setup.ts"],
      // The fuzz suites' seed, read by tests/api/fuzz/harness.ts through inject("fuzzSeed").
      provide: { fuzzSeed: fuzz.seed },
      // One module per dependency, not hundreds (scripts/vitest-module-shipping.mjs); the page fuzz
      // imports the storefront worker, whose Remix runtime only loads pre-bundled.
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED_DEPENDENCIES } } },
    },
  };
});
