// Node unit tests for the pure rules in core/ and the scripts (no Remix plugin, no workerd).
import { defineConfig } from "vitest/config";
import { fuzzSeed } from "./tests/api/fuzz/seed";

export default defineConfig(() => {
  // The fast-check properties run with one seed per run (FUZZ_SEED, else the commit's hash), as
  // the API fuzz suites do; tests/fast-check-seed.ts applies it.
  const fuzz = fuzzSeed(process.env.FUZZ_SEED);
  console.log(`fast-check seed=${fuzz.seed} (${fuzz.source}); replay with FUZZ_SEED=${fuzz.seed}`);
  return {
    test: {
      include: [
        "core/**/*.test.ts",
        "scripts/**/*.test.ts",
        "tests/contract/*.test.ts",
        "app/**/*.test.ts",
        "workers/*.test.ts",
        "workers/lookup/*.test.ts",
        // The DNS providers against the real servers they drive (pdns_server on loopback).
        "tests/dns-provider/*.test.ts",
        // The EPP gateway (services/epp-gateway) against a loopback EPP server over TLS.
        "services/*/test/**/*.test.ts",
      ],
      environment: "node",
      // The fast-check properties generate a hundred inputs each; on a busy 2-core machine one
      // took over the 5 s default, so they get 20 s (a property that loops still fails).
      testTimeout: 20_000,
      setupFiles: ["./tests/fast-check-seed.ts"],
      provide: { fuzzSeed: fuzz.seed },
    },
  };
});
