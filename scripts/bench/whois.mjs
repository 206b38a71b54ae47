// WHOIS lookups through the storefront API, GET /api/v1/domains/whois/{domain}, with the lookup
// worker's upstreams on the loopback fakes (tests/fakes/serve-upstreams.ts, via LOOKUP_UPSTREAMS,
// as README "Free tools" explains): RDAP bootstrap + the captured RDAP answers of WHOIS.names.
//
// 1. Cold pass: one uncached lookup per name, one after another; the fake counts the upstream
//    requests each costs (the registry's RDAP answer, plus the registrar's when a thin registry
//    links to it).
// 2. Bounded load run: WHOIS.loadRequests requests over the same names, round-robin,
//    WHOIS.connections at a time. Requests reaching the fake vs. what the same requests would
//    cost uncached (requests × mean upstream requests per lookup from 1) = calls saved.
// 3. Cache-hit latency: WHOIS.hitRequests lookups one after another on one keep-alive
//    connection, timed to the last byte; the fake must see none of them. Each is followed on the
//    same connection by a GET of a static file (STATIC_PATH, served by the same worker's assets):
//    the floor a hit is measured against (issue 25), in the same minute, by the same client.
// Each request carries its own cf-connecting-ip, so the per-client limit (30 a minute) does not
// turn the run into 429s: the figures are about the cache, not the limiter.
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import http from "node:http";
import { STATIC_PATH, WHOIS } from "./config.mjs";
import { percentile, round2 } from "./load.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freshIp(used) {
  let ip;
  do ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  while (used.has(ip));
  used.add(ip);
  return ip;
}

/** Starts the loopback fakes (HTTP on `port`, port-43 WHOIS on port + 1) from `cwd`; resolves when they answer. */
export async function startFakes({ cwd, port, logFd }) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fakes/serve-upstreams.ts"], {
    cwd,
    stdio: ["ignore", logFd ?? "ignore", logFd ?? "ignore"],
    detached: true,
    env: { ...process.env, FAKE_UPSTREAMS_PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`the upstream fakes exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/__fake/count`);
      if (response.ok) return { url, stop };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  stop();
  throw new Error("the upstream fakes did not start within 30 s");
}

async function upstreamCount(fakesUrl) {
  const response = await fetch(`${fakesUrl}/__fake/count?path=/`);
  const { count } = await response.json();
  return count;
}

function timedGet(url, ip, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { accept: "application/json", "cf-connecting-ip": ip } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const ms = performance.now() - started;
          let body = null;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // reported below as a failure
          }
          resolve({ status: response.statusCode, body, ms, socket: request.socket });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

const ok = (answer, name) =>
  answer.status === 200 && answer.body?.success === true && answer.body.data?.domain === name;

export async function whoisRun({
  origin,
  fakesUrl,
  loadRequests = WHOIS.loadRequests,
  hitRequests = WHOIS.hitRequests,
  connections = WHOIS.connections,
  track,
}) {
  const used = new Set();
  const names = WHOIS.names;
  const url = (name) => new URL(`/api/v1/domains/whois/${encodeURIComponent(name)}`, origin).href;
  const failures = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const untrack = track?.(() => agent.destroy());
  try {
    // IANA's bootstrap file is fetched once (then cached for 24 h): on a name of its own first.
    const warm = await timedGet(url(WHOIS.bootstrapName), freshIp(used), agent);
    if (!ok(warm, WHOIS.bootstrapName))
      throw new Error(
        `the first WHOIS lookup (${WHOIS.bootstrapName}) answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 200)}`,
      );

    // 1. Cold pass: one uncached lookup per name, one after another; the fake counts what each costs.
    const cold = [];
    for (const name of names) {
      const before = await upstreamCount(fakesUrl);
      const answer = await timedGet(url(name), freshIp(used), agent);
      if (!ok(answer, name))
        failures.push({ name, status: answer.status, code: answer.body?.code ?? null, phase: "cold" });
      cold.push({ name, ms: answer.ms, upstream: (await upstreamCount(fakesUrl)) - before });
    }
    const perLookup = cold.reduce((sum, entry) => sum + entry.upstream, 0) / cold.length;
    // The KV writes run after the answers (waitUntil): let them land.
    await sleep(500);

    // 2. Bounded load run over the same names, `connections` at a time.
    const before = await upstreamCount(fakesUrl);
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (;;) {
          const index = next++;
          if (index >= loadRequests) return;
          const name = names[index % names.length];
          const answer = await timedGet(url(name), freshIp(used), agent);
          latencies.push(answer.ms);
          if (!ok(answer, name))
            failures.push({ name, status: answer.status, code: answer.body?.code ?? null, phase: "load" });
        }
      }),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    const reached = (await upstreamCount(fakesUrl)) - before;

    // 3. Cache-hit latency, one connection, one request after another.
    const hitAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const untrackHit = track?.(() => hitAgent.destroy());
    const hitBefore = await upstreamCount(fakesUrl);
    const hits = [];
    const statics = [];
    const hitSockets = new Set();
    const staticUrl = new URL(STATIC_PATH, origin).href;
    for (let i = 0; i < hitRequests; i++) {
      const name = names[i % names.length];
      const answer = await timedGet(url(name), freshIp(used), hitAgent);
      hits.push(answer.ms);
      hitSockets.add(answer.socket);
      if (!ok(answer, name))
        failures.push({ name, status: answer.status, code: answer.body?.code ?? null, phase: "hits" });
      const file = await timedGet(staticUrl, freshIp(used), hitAgent);
      statics.push(file.ms);
      hitSockets.add(file.socket);
      if (file.status !== 200) failures.push({ name: STATIC_PATH, status: file.status, code: null, phase: "static" });
    }
    const hitUpstream = (await upstreamCount(fakesUrl)) - hitBefore;
    hitAgent.destroy();
    untrackHit?.();

    const sortedCold = cold.map((entry) => entry.ms).sort((a, b) => a - b);
    const sortedHits = [...hits].sort((a, b) => a - b);
    const sortedStatics = [...statics].sort((a, b) => a - b);
    const sortedLoad = [...latencies].sort((a, b) => a - b);
    const withoutCache = loadRequests * perLookup;
    return {
      names: names.length,
      cold: {
        lookups: cold.length,
        upstreamRequests: cold.reduce((sum, entry) => sum + entry.upstream, 0),
        upstreamPerLookup: round2(perLookup),
        p50Ms: round2(percentile(sortedCold, 50)),
      },
      load: {
        requests: loadRequests,
        connections,
        seconds: round2(loadSeconds),
        upstreamRequests: reached,
        upstreamWithoutCache: Math.round(withoutCache),
        saved: Math.round(withoutCache - reached),
        p50Ms: round2(percentile(sortedLoad, 50)),
        p90Ms: round2(percentile(sortedLoad, 90)),
      },
      hits: {
        requests: hitRequests,
        upstreamRequests: hitUpstream,
        p50Ms: round2(percentile(sortedHits, 50)),
        p90Ms: round2(percentile(sortedHits, 90)),
        maxMs: round2(sortedHits[sortedHits.length - 1]),
        sockets: hitSockets.size,
      },
      // The floor: the static file, interleaved with the hits on the same connection.
      static: {
        path: STATIC_PATH,
        requests: statics.length,
        p50Ms: round2(percentile(sortedStatics, 50)),
        p90Ms: round2(percentile(sortedStatics, 90)),
      },
      failures: failures.length,
      failureSamples: failures.slice(0, 3),
    };
  } finally {
    agent.destroy();
    untrack?.();
  }
}
