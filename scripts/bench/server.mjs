// Runs `npm run setup`, starts `node scripts/serve.mjs` on a free port and stops it again.
import { spawn } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file, lines = 40) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitExit(child, ms) {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm run <script>` in `cwd`, output appended to `logFile`. */
export function runNpm(script, options) {
  return runCommand("npm", ["run", script], `npm run ${script}`, options);
}

/** `npx <args>` in `cwd` (a local binary such as wrangler), output appended to `logFile`. */
export function runNpx(args, options) {
  return runCommand("npx", args, `npx ${args.join(" ")}`, options);
}

/** Runs a command in `cwd`, output appended to `logFile`; throws with the log's last lines on failure. */
async function runCommand(command, args, label, { cwd, logFile, track }) {
  const fd = openSync(logFile, "a");
  const child = spawn(command, args, {
    cwd,
    stdio: ["ignore", fd, fd],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  closeSync(fd);
  const untrack = track(async () => {
    if (!exited(child)) child.kill("SIGTERM");
    await waitExit(child, 5000);
  });
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c, signal) => resolve(signal ? `signal ${signal}` : c));
  });
  untrack();
  if (code !== 0) throw new Error(`${label} failed (${code}); last lines of ${logFile}:\n${tail(logFile)}`);
}

// Not copied into the snapshot: dependencies are linked, local state is made afresh, the rest is
// history, caches and results.
const SNAPSHOT_SKIP = new Set([
  "node_modules",
  ".git",
  ".wrangler",
  "workers/lookup/.wrangler",
  "bench-results",
  "test-results",
  "playwright-report",
  ".cache",
  ".tmp",
]);

/**
 * Every /assets/… file the server build names exists in build/client (i.e. not a half-written
 * build). The server build may be split into chunks (build/server/assets/*.js, imported by the
 * entry as "./assets/…"): those relative imports are not client files, the names in the chunks are.
 */
function buildProblem(dir) {
  const serverEntry = path.join(dir, "build/server/index.js");
  if (!existsSync(serverEntry)) return "build/server/index.js is missing";
  if (!existsSync(path.join(dir, "build/client/assets"))) return "build/client/assets is missing";
  const serverChunks = path.join(dir, "build/server/assets");
  const serverFiles = [
    serverEntry,
    ...(existsSync(serverChunks)
      ? readdirSync(serverChunks)
          .filter((f) => f.endsWith(".js"))
          .map((f) => path.join(serverChunks, f))
      : []),
  ];
  const named = new Set(
    serverFiles.flatMap((file) => readFileSync(file, "utf8").match(/(?<![\w.])\/assets\/[\w.-]+\.(?:js|css)/g) ?? []),
  );
  if (!named.size) return "the server build names no /assets/ files";
  const missing = [...named].filter((asset) => !existsSync(path.join(dir, "build/client", asset)));
  return missing.length
    ? `build/client lacks ${missing.length} file(s) the server build names (${missing.slice(0, 3).join(", ")})`
    : null;
}

/**
 * Copies the project (with its build) to a private temporary directory, so that other people
 * rebuilding, re-seeding or editing the shared working tree cannot reload or stop the bench
 * server mid-run (wrangler dev rebuilds the worker whenever its sources or build/ change).
 * Retries while the build looks half-written.
 */
export async function snapshotProject(root, track) {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "trinity-bench-"));
    const untrack = track(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(root, dir, {
      recursive: true,
      filter: (source) => !SNAPSHOT_SKIP.has(path.relative(root, source).split(path.sep).join("/")),
    });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const problem = buildProblem(dir);
    if (!problem) return { dir, remove: () => (untrack(), rmSync(dir, { recursive: true, force: true })) };
    untrack();
    rmSync(dir, { recursive: true, force: true });
    if (attempt === 3)
      throw new Error(
        `the build in ${root} is incomplete (${problem}); run \`npm run setup\` (or drop --no-setup) and make sure no other build is running`,
      );
    await sleep(5000);
  }
}

function portFree(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function portListening(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The first port >= `start` such that it and port + 1 (the lookup worker) are free on loopback. */
export async function findFreePort(start) {
  for (let port = start; port < start + 200; port += 2) {
    if ((await portFree(port)) && (await portFree(port + 1))) return port;
  }
  throw new Error(`no free pair of ports in ${start}..${start + 200}`);
}

/**
 * Starts `node scripts/serve.mjs` (both workers in one Miniflare instance) with PORT=port and
 * LOOKUP_PORT=port+1. Resolves once it printed "Storefront ready".
 */
export async function startServer({ cwd, port, logFile, env = {}, timeoutMs = 120_000 }) {
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd,
    stdio: ["ignore", fd, fd],
    detached: true, // own process group: the fallback stop below can reach workerd too
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOOKUP_PORT: String(port + 1),
      WRANGLER_SEND_METRICS: "false",
    },
  });
  closeSync(fd);
  const server = { child, port, lookupPort: port + 1, logFile, origin: `http://localhost:${port}` };
  server.stop = () => stopServer(server);

  const started = Date.now();
  for (;;) {
    if (exited(child)) {
      await server.stop();
      throw new Error(`the server exited before it was ready; last lines of ${logFile}:\n${tail(logFile)}`);
    }
    if (/Storefront ready: http:\/\/localhost:\d+/.test(tail(logFile, 200))) return server;
    if (Date.now() - started > timeoutMs) {
      await server.stop();
      throw new Error(
        `the server was not ready within ${timeoutMs / 1000}s; last lines of ${logFile}:\n${tail(logFile)}`,
      );
    }
    await sleep(250);
  }
}

/** SIGTERM to serve.mjs (it stops workerd); then make sure nothing of its group is left. */
export async function stopServer(server) {
  if (server.stopped) return server.stopped;
  server.stopped = (async () => {
    const { child } = server;
    if (!exited(child)) {
      child.kill("SIGTERM");
      await waitExit(child, 10_000);
    }
    // serve.mjs exits once Miniflare is disposed; give workerd time to close, then insist.
    const pgid = child.pid;
    for (let i = 0; i < 40 && pgid && groupAlive(pgid); i++) await sleep(250);
    if (pgid && groupAlive(pgid)) {
      try {
        process.kill(-pgid, "SIGTERM");
      } catch {
        // The group is already gone.
      }
      for (let i = 0; i < 20 && groupAlive(pgid); i++) await sleep(250);
      if (groupAlive(pgid)) {
        try {
          process.kill(-pgid, "SIGKILL");
        } catch {
          // The group is already gone.
        }
      }
    }
    const leftovers = [];
    for (const port of [server.port, server.lookupPort]) if (await portListening(port)) leftovers.push(port);
    if (leftovers.length)
      console.error(`warning: port(s) ${leftovers.join(", ")} still answer after stopping the server`);
  })();
  return server.stopped;
}
