// Unit-test setup (vitest.unit.config.ts): every fast-check property of the run uses the run's
// seed (tests/api/fuzz/seed.ts), so a failure replays with FUZZ_SEED=<seed it printed>.
import fc from "fast-check";
import { inject } from "vitest";

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: inject("fuzzSeed") });
