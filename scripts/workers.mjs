// What local serving shares: the ports, the state directory, the development variables and the
// lookup worker's upstreams (serve.mjs and dev.mjs), and starting the lookup worker under
// wrangler dev (dev.mjs). Both workers use the same local state (.wrangler/state) so the lookup
// worker reads the catalogue the storefront's migrations and seed wrote; under `npm run dev` the
// storefront reaches it through the LOOKUP service binding and wrangler's local dev registry.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const STATE_DIR = ".wrangler/state";

/**
 * The wrangler.toml files describe the deployed (production) workers. Serving locally is
 * development, and only here is the development mail outbox (GET /api/v1/dev/outbox and
 * /dev/mailbox, which show verification and reset codes) turned on (issue 12).
 */
export const LOCAL_VARS = { ENVIRONMENT: "development", DEV_OUTBOX: "on" };

/** `wrangler dev --var NAME:value` arguments for `vars`. */
function varArgs(vars) {
  return Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}
const wranglerBin = "node_modules/.bin/wrangler";

/** How many times a crashed worker is started again, and how long it must have run first. */
const RESTARTS = 5;
const RESTART_AFTER_MS = 15_000;

/**
 * Starts `wrangler dev` for one worker. A worker that ran a while and then exits on its own is
 * started again (at most RESTARTS times): wrangler dev itself sometimes exits with an empty
 * "✘ [ERROR]" after serving for many minutes (seen in both clean-clone browser runs of 2026-11-28,
 * when the browser suite still ran under it), and one crash must not end a long `npm run dev`
 * session. A worker that fails soon after starting (a port in use, a bad config) stops everything.
 */
export function startWrangler(args, name, restartsLeft = RESTARTS) {
  // A devtools port derived from the worker's port (PORT + 10000): several servers starting at
  // once on one machine (tests, bench, npm start) would otherwise race for wrangler's default one.
  const portAt = args.indexOf("--port");
  const inspector = portAt >= 0 ? ["--inspector-port", String(Number(args[portAt + 1]) + 10000)] : [];
  const startedAt = Date.now();
  const child = spawn(
    wranglerBin,
    [
      "dev",
      ...args,
      ...inspector,
      ...varArgs(LOCAL_VARS),
      "--persist-to",
      STATE_DIR,
      "--show-interactive-dev-session=false",
      "--test-scheduled",
    ],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  child.on("exit", (code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit ${code}`;
    if (restartsLeft > 0 && Date.now() - startedAt >= RESTART_AFTER_MS) {
      console.error(`${name} stopped (${how}); starting it again (${restartsLeft - 1} more restarts allowed).`);
      startWrangler(args, name, restartsLeft - 1);
      return;
    }
    console.error(`${name} stopped (${how}); shutting down.`);
    stopAll(code ?? 1);
  });
  if (children.length === 0) for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
  children.push(child);
  return child;
}

const children = [];
let stopping = false;
export function stopAll(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

export async function waitFor(url, { timeoutMs = 60_000 } = {}) {
  const started = Date.now();
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * LOOKUP_UPSTREAMS=http://127.0.0.1:N points the lookup worker's RDAP, SSL Labs, DoH and PageSpeed calls at
 * the loopback fakes (tests/fakes/serve-upstreams.ts), as the browser tests do. Unset, it asks
 * the real services (and, offline, shows their clear failure messages).
 */
export function upstreamVars() {
  const base = process.env.LOOKUP_UPSTREAMS;
  if (!base) return {};
  return {
    RDAP_BOOTSTRAP_URL: `${base}/iana/dns.json`,
    SSLLABS_API_URL: `${base}/ssllabs/api/v4/`,
    SSLLABS_EMAIL: "tools@trinity.example",
    PAGESPEED_API_URL: `${base}/pagespeed/runPagespeed`,
    DOH_RESOLVERS: `cloudflare=${base}/doh/cloudflare/dns-query,google=${base}/doh/google/resolve`,
    // The fakes' port-43 WHOIS listens on the next port.
    WHOIS_IANA_SERVER: "127.0.0.1",
    WHOIS_PORT: String(Number(new URL(base).port) + 1),
  };
}

export function startLookup(port) {
  startWrangler(
    ["-c", "workers/lookup/wrangler.toml", "--port", String(port), "--ip", "127.0.0.1", ...varArgs(upstreamVars())],
    "lookup worker",
  );
  return waitFor(`http://127.0.0.1:${port}/`);
}

export function ports() {
  const port = Number(process.env.PORT ?? 8787);
  const lookupPort = Number(process.env.LOOKUP_PORT ?? port + 1);
  usePrivateRegistry(port);
  return { port, lookupPort };
}

/**
 * A wrangler dev registry of this instance's own (unless the caller chose one): the storefront's
 * LOOKUP service binding then reaches this instance's lookup worker, never the one of another
 * `npm start`, test or bench run on the machine, which would re-register "trinity-lookup" in the
 * shared registry and leave this one "not connected" (issue 12). One per port: two instances
 * cannot share a port anyway.
 */
function usePrivateRegistry(port) {
  process.env.WRANGLER_REGISTRY_PATH ??= resolve(`.wrangler/registry-${port}`);
}
