// `npm start` (after the build, migrations and seed): serves the built storefront with both
// workers on http://localhost:$PORT (default 8787); the lookup worker listens on $LOOKUP_PORT
// (default PORT+1). Fully offline. With SERVE_TOGETHER=1 (the browser suite) both workers run in
// one wrangler dev on $PORT, the lookup worker without a port of its own (workers.mjs).
import { ports, startLookup, startTogether, startWrangler, waitFor } from "./workers.mjs";

const { port, lookupPort } = ports();
if (process.env.SERVE_TOGETHER === "1") {
  await startTogether(port);
} else {
  await startLookup(lookupPort);
  startWrangler(["-c", "wrangler.toml", "--port", String(port)], "storefront worker");
}
await waitFor(`http://localhost:${port}/robots.txt`);
console.log(`\n  Storefront ready: http://localhost:${port}\n`);
