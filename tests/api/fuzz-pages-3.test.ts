// Property-based fuzzing of every page (issue 12), shard 3 of tests/api/fuzz/page-routes.ts (see fuzz/page-suite.ts).
import { pageFuzzSuite } from "./fuzz/page-suite";

pageFuzzSuite(2);
