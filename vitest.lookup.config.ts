// Integration tests of the lookup worker inside workerd (@cloudflare/vitest-pool-workers 0.15,
// vitest 4 plugin API). Bindings come from workers/lookup/wrangler.toml; the options below are
// merged over them for tests only.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: "./workers/lookup/index.ts",
      wrangler: { configPath: "./workers/lookup/wrangler.toml" },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
        // Small limit so the tests can reach it; production keeps wrangler.toml's value.
        ratelimits: { PRICING_LIMITER: { simple: { limit: 5, period: 60 } } },
      },
    }),
  ],
  test: {
    include: ["tests/lookup/**/*.test.ts"],
    setupFiles: ["./tests/lookup/apply-migrations.ts"],
  },
}));
