// EPP gateway figures (issue 23) for `npm run bench`, against a loopback EPP test server:
// 1. the whole catalogue checked through the gateway: the storefront's http registry adapter →
//    the real gateway app (HTTP on loopback) → EppPool (sessions reused) → the EPP test server over
//    TLS answering from the registry script with every catalogue extension
//    (scripts/bench/epp-gateway.ts in a child Node process, scripts/bench/epp-check.ts in another);
// 2. EPP logins per 1,000 commands, from the pool's stats (the gateway's GET /health) over the run;
// 3. a new name's order, POST /api/v1/payment/unified → "completed", p50: (a) on the bench's server
//    (the simulated registry) and (b) on a second server of its own snapshot whose .dev.vars sets
//    REGISTRY_ADAPTER=http and points at the gateway (workerd reaches the Node process on loopback);
//    the two servers take turns, order by order, so that other work on the machine slows both alike.
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { closeSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { EPP } from "./config.mjs";
import { accountApi as api, benchAccount, benchAddress } from "./domains.mjs";
import { durationStats } from "./load.mjs";
import { findFreePort, runNpm, snapshotProject, startServer } from "./server.mjs";

const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: "123" };

/**
 * Starts scripts/bench/epp-gateway.ts (`node --import tsx`, so SIGTERM reaches it and it logs out)
 * and resolves with its first stdout line; `stop()` ends it and resolves with its last line (the
 * EPP command times). Its stderr goes to `logFile`.
 */
async function startGateway({ cwd, logFile, env, track }) {
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/epp-gateway.ts"], {
    cwd,
    stdio: ["ignore", "pipe", fd],
    env: { ...process.env, ...env },
  });
  closeSync(fd);
  const lines = [];
  let wake = () => {};
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    wake();
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  let stopped = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      const last = lines.length > 1 ? lines.at(-1) : null;
      return last ? JSON.parse(last) : null;
    })();
    return stopped;
  };
  const untrack = track(stop);
  const deadline = Date.now() + 60_000;
  while (lines.length === 0) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the EPP gateway exited before it listened (log: ${logFile})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the EPP gateway did not listen within 60 s (log: ${logFile})`);
    }
    await new Promise((resolve) => {
      wake = resolve;
      setTimeout(resolve, 250);
    });
  }
  return {
    ...JSON.parse(lines[0]),
    stop: async () => {
      untrack();
      return stop();
    },
  };
}

/** The gateway pool's figures, from its own GET /health (one registry: "bench"). */
async function poolStats(gatewayUrl) {
  const health = await (await fetch(`${gatewayUrl}/health`)).json();
  const registry = health.registries?.[0]?.sessions;
  if (!registry) throw new Error(`GET /health of the gateway answered no pool: ${JSON.stringify(health)}`);
  return { logins: registry.logins, commands: registry.commands };
}

/** How many of `names` the registry holds for us: the gateway's info (its contract) answers our clID. */
async function heldForUs(gateway, names) {
  let held = 0;
  for (const name of names) {
    const response = await fetch(`${gateway.url}/domain/info`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const answer = await response.json();
    if (answer.result?.code === 1000 && answer.resData?.clID === gateway.clientId) held += 1;
  }
  return held;
}

/** scripts/bench/epp-check.ts against the gateway; resolves with its JSON line. */
function checkRun({ cwd, gateway, runs, warmup, track }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/epp-check.ts"], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        BENCH_EPP_URL: gateway.url,
        BENCH_EPP_TOKEN: gateway.token,
        BENCH_EPP_CLIENT_ID: gateway.clientId,
        BENCH_EPP_RUNS: String(runs),
        BENCH_EPP_WARMUP: String(warmup),
      },
    });
    const untrack = track(() => child.kill("SIGTERM"));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      untrack();
      if (code !== 0) return reject(new Error(`epp-check.ts failed (${code}): ${stderr.trim().slice(-600)}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
    });
  });
}

/** A verified, signed-in account with one address (the registrant contact) on `origin`. */
async function newBuyer(origin) {
  const account = await benchAccount(origin);
  return { origin, account, contactId: await benchAddress(origin, account) };
}

/**
 * One new .com bought (cart → the test card), timed from POST /payment/unified (which makes the
 * order) until the order reads "completed" (its answer, or GET /orders/:id every 25 ms); the cart
 * add is timed on its own. Any other end is an error.
 */
async function buyOne({ origin, account, contactId }) {
  const domain = `benchepp${randomInt(1e12).toString(36)}.com`;
  const cartStarted = performance.now();
  await api(origin, account, "POST", "/cart/items", { domain, years: 1 }, 201);
  const cartMs = performance.now() - cartStarted;
  const started = performance.now();
  const paid = await api(
    origin,
    account,
    "POST",
    "/payment/unified",
    { idempotency_key: `bench-${crypto.randomUUID()}`, contact_id: contactId, card: VISA },
    201,
  );
  let order = paid.order;
  const completedInAnswer = order.status === "completed";
  const deadline = Date.now() + EPP.orderTimeoutMs;
  while (["pending", "paid", "fulfilling"].includes(order.status)) {
    if (Date.now() > deadline) throw new Error(`order for ${domain} still ${order.status} after the time limit`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    order = await api(origin, account, "GET", `/orders/${order.id}`, undefined, 200);
  }
  const ms = performance.now() - started;
  if (order.status !== "completed") throw new Error(`order for ${domain} ended ${order.status}`);
  return { domain, ms, cartMs, completedInAnswer };
}

/** The figures of one registry's orders (warm-up ones left out by the caller). */
function orderFigures(bought) {
  const durations = bought.map((order) => order.ms);
  // The times fall in two groups about 40 ms apart, with either registry (docs/bench.md): the
  // faster group on its own, those within 20 ms of the fastest order.
  const fastest = Math.min(...durations);
  const tenth = (ms) => Math.round(ms * 10) / 10;
  return {
    ms: durationStats(durations),
    fastGroup: durationStats(durations.filter((ms) => ms <= fastest + 20)),
    allMs: durations.map(tenth),
    completedInAnswer: bought.filter((order) => order.completedInAnswer).length,
    cartMs: durationStats(bought.map((order) => order.cartMs)),
    cartAllMs: bought.map((order) => tenth(order.cartMs)),
  };
}

/**
 * `warmup` + `orders` orders on each server, the two taking turns (which goes first alternates),
 * so that both see the same machine: other work on it slows both alike.
 */
async function interleavedOrders({ servers, orders, warmup, track }) {
  let stopped = false;
  const untrack = track(() => {
    stopped = true;
  });
  try {
    const buyers = {};
    for (const [key, origin] of Object.entries(servers)) buyers[key] = await newBuyer(origin);
    const keys = Object.keys(servers);
    const bought = Object.fromEntries(keys.map((key) => [key, []]));
    for (let i = 0; i < warmup + orders; i++) {
      for (const key of i % 2 ? [...keys].reverse() : keys) {
        if (stopped) throw new Error("interrupted");
        bought[key].push(await buyOne(buyers[key]));
      }
    }
    return Object.fromEntries(
      keys.map((key) => [
        key,
        { ...orderFigures(bought[key].slice(warmup)), warmup, names: bought[key].map((order) => order.domain) },
      ]),
    );
  } finally {
    untrack();
  }
}

/**
 * A second storefront server for (b): a snapshot of the bench's snapshot (`cwd`), migrated and
 * seeded afresh, with a .dev.vars that sets the http registry adapter on the gateway (serve.mjs
 * reads it with wrangler.toml). Its own D1: the bench's server keeps the simulated registry.
 */
async function gatewayServer({ cwd, gateway, port, logDir, env, track }) {
  const snapshot = await snapshotProject(cwd, track);
  const setupLog = path.join(logDir, "epp-setup.log");
  writeFileSync(setupLog, "");
  writeFileSync(
    path.join(snapshot.dir, ".dev.vars"),
    [
      "REGISTRY_ADAPTER=http",
      `REGISTRY_API_URL=${gateway.url}`,
      `REGISTRY_API_TOKEN=${gateway.token}`,
      `REGISTRY_CLIENT_ID=${gateway.clientId}`,
      "",
    ].join("\n"),
  );
  await runNpm("db:migrate", { cwd: snapshot.dir, logFile: setupLog, track });
  await runNpm("db:seed", { cwd: snapshot.dir, logFile: setupLog, track });
  const server = await startServer({ cwd: snapshot.dir, port, logFile: path.join(logDir, "epp-server.log"), env });
  const untrack = track(() => server.stop());
  return {
    origin: server.origin,
    stop: async () => {
      untrack();
      await server.stop();
      snapshot.remove();
    },
  };
}

export async function eppRun({ origin, cwd, port, logDir, env = {}, track, step = () => {} }) {
  const result = { checkBatch: null, maxSessions: null };
  const gateway = await startGateway({
    cwd,
    logFile: path.join(logDir, "epp-gateway.log"),
    env: { BENCH_EPP_CHECK_BATCH: String(EPP.checkBatch), BENCH_EPP_SESSIONS: String(EPP.maxSessions) },
    track,
  });
  let gatewayStopped = false;
  try {
    Object.assign(result, {
      tlds: gateway.tlds,
      checkBatch: gateway.checkBatch,
      maxSessions: gateway.maxSessions,
      gatewayUrl: gateway.url,
    });
    step(
      `EPP checks: ${EPP.checkRuns} whole-catalogue checks (${gateway.tlds} extensions) through the gateway after ${EPP.checkWarmup} warm-up ones…`,
    );
    result.check = await checkRun({ cwd, gateway, runs: EPP.checkRuns, warmup: EPP.checkWarmup, track });
    result.poolAfterChecks = await poolStats(gateway.url);

    step("EPP orders: a second server (snapshot, .dev.vars REGISTRY_ADAPTER=http → the gateway)…");
    const secondPort = await findFreePort(port);
    const server = await gatewayServer({ cwd, gateway, port: secondPort, logDir, env, track });
    const before = await poolStats(gateway.url);
    try {
      step(
        `EPP orders: ${EPP.orders} (after ${EPP.orderWarmup} warm-up) on each server, taking turns: simulated registry, gateway…`,
      );
      result.orders = await interleavedOrders({
        servers: { simulated: origin, gateway: server.origin },
        orders: EPP.orders,
        warmup: EPP.orderWarmup,
        track,
      });
    } finally {
      await server.stop();
    }
    const after = await poolStats(gateway.url);
    // Each order through the gateway takes several EPP commands (check, contact, create, update,
    // info): none means the second server did not use the gateway.
    const perOrder = (after.commands - before.commands) / (EPP.orders + EPP.orderWarmup);
    if (perOrder < 3)
      throw new Error(
        `the gateway saw ${after.commands - before.commands} EPP commands for ${EPP.orders + EPP.orderWarmup} orders: the second server did not use it`,
      );
    result.orders.gateway.eppCommandsPerOrder = Math.round(perOrder * 10) / 10;
    // The completed orders are registrations at the registry, not only rows in the storefront.
    const names = result.orders.gateway.names;
    result.orders.gateway.heldAtRegistry = await heldForUs(gateway, names);
    if (result.orders.gateway.heldAtRegistry !== names.length)
      throw new Error(
        `${names.length - result.orders.gateway.heldAtRegistry} of ${names.length} names ordered through the gateway are not ours at the registry`,
      );
    // The whole run: the checks, the orders and the infos just above.
    result.pool = await poolStats(gateway.url);
    result.loginsPer1000Commands = result.pool.commands
      ? Math.round((result.pool.logins / result.pool.commands) * 1000 * 100) / 100
      : null;
    result.eppCommands = await gateway.stop();
    gatewayStopped = true;
    return result;
  } finally {
    if (!gatewayStopped) await gateway.stop();
  }
}

/** The printed section; `section` is the report's sections.epp (time, load average). */
export function formatEpp(epp, section) {
  if (!epp || epp.error) return `EPP gateway: not measured (${epp?.error ?? "skipped"})`;
  const when = section
    ? ` [${section.seconds} s; load average ${section.loadAverageAtStart.join(" ")} → ${section.loadAverageAtEnd?.join(" ") ?? "?"}]`
    : "";
  const row = (label, s) =>
    `  ${label.padEnd(60)} p50 ${String(s.p50).padStart(8)} ms   p95 ${String(s.p95).padStart(8)} ms   (n=${s.count})`;
  // Order times here fall in two groups about 40 ms apart with either registry: mean and the fast group beside p50.
  const orderRow = (label, run) =>
    `${row(label, run.ms)}   mean ${run.ms.mean} ms; fast group p50 ${run.fastGroup.p50} ms (n=${run.fastGroup.count})`;
  const c = epp.check;
  const eppCheck = epp.eppCommands?.commands?.["domain:check"];
  return [
    `EPP gateway (loopback EPP test server over TLS; registry: ${epp.tlds} extensions, ${epp.checkBatch} names per <domain:check>, ${epp.maxSessions} sessions)${when}`,
    row(`check of ${c.tlds} names, http adapter (${c.gatewayRequestsPerCheck} gateway requests)`, c.ms),
    ...(eppCheck ? [row("  one <domain:check>, sent → answered (whole run)", eppCheck)] : []),
    `  ${"EPP logins per 1,000 commands (whole run)".padEnd(60)} ${epp.loginsPer1000Commands} (${epp.pool.logins} logins, ${epp.pool.commands.toLocaleString("en")} commands)`,
    orderRow("order pay → completed, simulated registry", epp.orders.simulated),
    orderRow("order pay → completed, REGISTRY_ADAPTER=http → gateway", epp.orders.gateway),
    `  (through the gateway: ${epp.orders.gateway.eppCommandsPerOrder} EPP commands an order, cart check included; ${epp.orders.gateway.heldAtRegistry}/${epp.orders.gateway.names.length} names held for us at the registry)`,
  ].join("\n");
}
