// `npm start` (after the build, migrations and seed), the browser suite's server and the bench's:
// serves the built storefront with both workers on http://localhost:$PORT (default 8787); the
// lookup worker also listens on $LOOKUP_PORT (default PORT+1). Fully offline.
//
// Both workers run in ONE Miniflare instance (one workerd process), as wrangler bundles and
// configures them: `wrangler deploy --dry-run` writes the bundle that would be deployed, and
// wrangler's own `unstable_getMiniflareWorkerOptions` turns each wrangler.toml into its bindings
// (D1, KV, assets, rate limits, the LOOKUP service binding, .dev.vars). Unlike two `wrangler dev`
// processes there is no proxy worker in front of each worker, no dev registry between them and
// no second writer on the local D1 file (docs/decisions/2026-11-28-one-server.md). `npm run dev`
// (scripts/dev.mjs) keeps wrangler dev and Vite for live reload.
//
// SERVE_STATE=memory (the browser suite, playwright.config.ts) serves a copy of the migrated and
// seeded .wrangler/state on tmpfs (/dev/shm) instead of the state itself: every D1 write then
// skips SQLite's fsync (docs/decisions/2026-11-28-test-storage.md), and each run starts from the
// seeded state instead of what earlier runs left. The copy is removed when the server stops.
//
// $PORT speaks HTTP/1.1 and HTTP/2 without TLS ("h2c", prior knowledge): workerd's server speaks
// HTTP/1.1 only, and DNS-over-HTTPS clients such as `dig +http-plain=/dns-query` speak HTTP/2
// only. Each connection's first bytes pick the way: HTTP/1.1 connections are spliced to workerd
// byte for byte, HTTP/2 ones are answered by Node's http2 server forwarding each request
// (scripts/h2c-front.mjs). In production Cloudflare's edge speaks both.
import { execFile } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions as workerOptionsOf } from "wrangler";
import { LOCAL_VARS, ports, STATE_DIR, upstreamVars } from "./workers.mjs";
import { listenFront } from "./h2c-front.mjs";

const { port, lookupPort } = ports();
let stateDir = STATE_DIR;
if (process.env.SERVE_STATE === "memory" && existsSync("/dev/shm")) {
  const stateCopy = `/dev/shm/trinity-serve-${port}`;
  rmSync(stateCopy, { recursive: true, force: true });
  cpSync(STATE_DIR, stateCopy, { recursive: true });
  stateDir = stateCopy;
  process.on("exit", () => rmSync(stateCopy, { recursive: true, force: true }));
}

const [storefront, lookup] = await Promise.all([
  worker("wrangler.toml", "storefront"),
  worker("workers/lookup/wrangler.toml", "lookup"),
]);
const mf = new Miniflare({
  host: "127.0.0.1",
  // workerd listens on a free port of its own; $PORT is the front (scripts/h2c-front.mjs).
  port: 0,
  // Where `wrangler dev --persist-to .wrangler/state` and `wrangler d1 migrations apply --local` keep
  // D1 and KV: the migrations and seed of `npm run setup` are what is served.
  defaultPersistRoot: resolve(stateDir, "v3"),
  // No request for Cloudflare's `request.cf` sample: the placeholder wrangler dev falls back to offline.
  cf: false,
  // A line per request on a terminal (npm start); none under the browser suite or the bench,
  // where nobody reads them and each costs a call into this process.
  logRequests: Boolean(process.stdout.isTTY),
  log: new Log(LogLevel.INFO),
  workers: [
    {
      ...storefront.options,
      bindings: { ...storefront.options.bindings, ...LOCAL_VARS },
    },
    {
      ...lookup.options,
      bindings: { ...lookup.options.bindings, ...LOCAL_VARS, ...upstreamVars() },
      unsafeDirectSockets: [{ host: "127.0.0.1", port: lookupPort }],
    },
    {
      // GET /__scheduled runs the storefront's cron jobs now, as `wrangler dev --test-scheduled`
      // did: Miniflare's own /cdn-cgi/handler/scheduled reaches the assets router in front of the
      // storefront, which has no scheduled handler.
      name: "run-scheduled",
      routes: ["*/__scheduled"],
      modules: true,
      script: "export default { fetch: (request, env) => env.RUN.fetch(request) };",
      serviceBindings: { RUN: runScheduled },
    },
  ],
});
await listenFront(port, new URL(await mf.ready));
console.log(`\n  Storefront ready: http://localhost:${port}\n`);

/** The storefront's scheduled handler, with the cron of its wrangler.toml (`?cron=` picks another). */
async function runScheduled(request) {
  const cron =
    new URL(request.url).searchParams.get("cron") ?? tomlString("wrangler.toml", /^crons\s*=\s*\[\s*"([^"]+)"/m);
  const { outcome } = await (await mf.getWorker("trinity-storefront")).scheduled({ cron });
  return new Response(`Ran scheduled event: ${outcome}\n`, { status: outcome === "ok" ? 200 : 500 });
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await mf.dispose().catch(() => {});
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);

/**
 * One worker as wrangler would deploy it: its bundle (`wrangler deploy --dry-run --outdir`, the
 * same esbuild run and Node.js polyfills as `wrangler dev` and `npm run deploy`) and its Miniflare
 * options read from its wrangler.toml.
 */
async function worker(configPath, name) {
  // One folder per port: two servers starting at once must not write over each other's bundle.
  const outdir = resolve(`.tmp/serve-${port}`, name);
  rmSync(outdir, { recursive: true, force: true });
  try {
    await promisify(execFile)(
      "node_modules/.bin/wrangler",
      ["deploy", "--dry-run", "--outdir", outdir, "-c", configPath],
      {
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: "error" },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    console.error(`Bundling ${configPath} failed:\n${error.stderr || error.message}`);
    process.exit(1);
  }
  const { workerOptions, main } = workerOptionsOf(configPath);
  const entry = `${basename(main, extname(main))}.js`;
  const files = readdirSync(outdir).filter((file) => file !== "README.md" && !file.endsWith(".map"));
  if (files.length !== 1 || files[0] !== entry) {
    throw new Error(`${configPath}: expected one bundled module ${entry} in ${outdir}, found ${files.join(", ")}`);
  }
  // The bundle's own dynamic import() calls stay inside it: the module list is given, not traced.
  const path = join(outdir, entry);
  const options = { ...workerOptions, modules: [{ type: "ESModule", path, contents: readFileSync(path) }] };
  return { options: { name: workerName(configPath), ...options } };
}

/** The `name` of a wrangler.toml (the service the LOOKUP binding names). */
function workerName(configPath) {
  return tomlString(configPath, /^name\s*=\s*"([^"]+)"/m);
}

/** The first string `pattern` captures in a wrangler.toml (its top-level `name`, its first cron). */
function tomlString(configPath, pattern) {
  const match = pattern.exec(readFileSync(configPath, "utf8"));
  if (!match?.[1]) throw new Error(`${configPath}: nothing matches ${pattern}`);
  return match[1];
}
