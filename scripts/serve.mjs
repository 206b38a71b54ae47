// `npm start` (after the build, migrations and seed): serves the built storefront with both
// workers on http://localhost:$PORT (default 8787); the lookup worker listens on $LOOKUP_PORT
// (default PORT+1). Fully offline.
import { ports, startLookup, startWrangler, waitFor } from "./workers.mjs";

const { port, lookupPort } = ports();
await startLookup(lookupPort);
startWrangler(["-c", "wrangler.toml", "--port", String(port)], "storefront worker");
await waitFor(`http://localhost:${port}/robots.txt`);
console.log(`\n  Storefront ready: http://localhost:${port}\n`);
