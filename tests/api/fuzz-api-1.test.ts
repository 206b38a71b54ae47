// Property-based fuzzing of /api/v1 (issue 12), shard 1 of the route list in tests/api/fuzz/api-routes.ts.
import { apiFuzzSuite } from "./fuzz/api-suite";

apiFuzzSuite(0);
