// `npm start` (after the build, migrations and seed): serves the built storefront with both
// workers on http://localhost:$PORT (default 8787); the lookup worker listens on $LOOKUP_PORT
// (default PORT+1). Fully offline.
//
// SERVE_STATE=memory (the browser suite, playwright.config.ts) serves a copy of the migrated and
// seeded .wrangler/state on tmpfs (/dev/shm) instead of the state itself: every D1 write then
// skips SQLite's fsync (docs/decisions/2026-11-28-test-storage.md), and each run starts from the
// seeded state instead of what earlier runs left. The copy is removed when the server stops.
import { cpSync, existsSync, rmSync } from "node:fs";
import { ports, startLookup, startWrangler, STATE_DIR, useStateDir, waitFor } from "./workers.mjs";

const { port, lookupPort } = ports();
if (process.env.SERVE_STATE === "memory" && existsSync("/dev/shm")) {
  const copy = `/dev/shm/trinity-serve-${port}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(STATE_DIR, copy, { recursive: true });
  useStateDir(copy);
  process.on("exit", () => rmSync(copy, { recursive: true, force: true }));
}
await startLookup(lookupPort);
startWrangler(["-c", "wrangler.toml", "--port", String(port)], "storefront worker");
await waitFor(`http://localhost:${port}/robots.txt`);
console.log(`\n  Storefront ready: http://localhost:${port}\n`);
