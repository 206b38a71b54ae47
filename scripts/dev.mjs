// `npm run dev`: the lookup worker under wrangler dev plus Remix's Vite dev server with hot
// reload. Vite's platform proxy reads wrangler.toml (D1, KV, and LOOKUP through wrangler's dev
// registry); /api/v1 is served by the app/routes/api.v1.$ resource route.
import { spawn } from "node:child_process";
import { ports, startLookup, stopAll } from "./workers.mjs";

const { port, lookupPort } = ports();
await startLookup(lookupPort);
const vite = spawn("node_modules/.bin/remix", ["vite:dev", "--port", String(port)], {
  stdio: "inherit",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
vite.on("exit", (code) => stopAll(code ?? 0));
