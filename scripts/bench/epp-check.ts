// `npm run bench`'s whole-catalogue check through the EPP gateway (issue 23), run by
// scripts/bench/epp.mjs (`node --import tsx`) while scripts/bench/epp-gateway.ts serves: the
// storefront's own http registry adapter (workers/api/adapters/registry/http.ts, as the Worker
// makes it with REGISTRY_ADAPTER=http: 100 names per gateway request, 4 requests in flight) checks
// one fresh label on every extension of data/tld-prices.csv, `BENCH_EPP_WARMUP` uncounted times,
// then `BENCH_EPP_RUNS` timed times, one after another. Every answer must hold one available
// result per extension. Prints one JSON line:
//   { tlds, runs, warmup, gatewayRequestsPerCheck, ms: { count, p50, p95, min, max } }
// Gateway: BENCH_EPP_URL, BENCH_EPP_TOKEN, BENCH_EPP_CLIENT_ID (epp-gateway.ts's first line).
import { randomInt } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createHttpRegistry } from "../../workers/api/adapters/registry";
import { readCatalogueTlds } from "./epp-catalogue";

function stats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    min: round(sorted[0] ?? 0),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** "benchepp" + 10 random letters: a label nobody registered, so every extension answers available. */
function freshLabel(): string {
  let label = "benchepp";
  for (let i = 0; i < 10; i += 1) label += String.fromCharCode(97 + randomInt(26));
  return label;
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main() {
  const runs = Number(process.env.BENCH_EPP_RUNS ?? 40);
  const warmup = Number(process.env.BENCH_EPP_WARMUP ?? 5);
  const tlds = readCatalogueTlds();
  let requests = 0;
  const registry = createHttpRegistry({
    baseUrl: setting("BENCH_EPP_URL"),
    token: setting("BENCH_EPP_TOKEN"),
    clientId: setting("BENCH_EPP_CLIENT_ID"),
    fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    },
  });
  const durations: number[] = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const label = freshLabel();
    requests = 0;
    const started = performance.now();
    const checks = await registry.checkLabel(label, tlds);
    const ms = performance.now() - started;
    const wrong = checks.filter((check, index) => check.name !== `${label}.${tlds[index]}` || !check.available);
    if (checks.length !== tlds.length || wrong.length > 0)
      throw new Error(
        `check of ${label} on ${tlds.length} extensions: ${checks.length} answers, ${wrong.length} not available (${JSON.stringify(wrong[0])})`,
      );
    if (run >= warmup) durations.push(ms);
  }
  process.stdout.write(
    `${JSON.stringify({ tlds: tlds.length, runs, warmup, gatewayRequestsPerCheck: requests, ms: stats(durations) })}\n`,
  );
}

await main();
