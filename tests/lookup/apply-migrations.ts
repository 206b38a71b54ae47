// Setup file: applies migrations/ to the test D1 database before the tests of each file run.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
