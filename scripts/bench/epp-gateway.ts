// `npm run bench`'s EPP gateway (issue 23), run by scripts/bench/epp.mjs as a child process
// (`node --import tsx`): the real gateway app (services/epp-gateway: HTTP, EppPool, commands) on
// a loopback port, in front of the loopback EPP test server (TLS, a fresh test CA, RFC 5734
// framing) answering from the stateful registry script, which serves every extension of the
// catalogue (data/tld-prices.csv). The same wiring as the gateway's own tests and the storefront's
// end-to-end test (test/support/gateway-harness.ts). Prints one JSON line once it listens:
//   { url, token, clientId, tlds, checkBatch, maxSessions }
// and serves until SIGTERM/SIGINT, when it logs out of its sessions, prints a second JSON line
//   { commands: { "domain:check": { count, p50, p95 }, … }, logins }
// (each EPP command's time as the pool logged it: sent → answered) and exits 0. The pool's
// figures (logins, commands) are read while it runs from the gateway's own GET /health.
// BENCH_EPP_CHECK_BATCH (names per <domain:check>) and BENCH_EPP_SESSIONS change the registry.
import type { EppLogger } from "../../services/epp-gateway/src/log";
import { startHarness, TOKEN } from "../../services/epp-gateway/test/support/gateway-harness";
import { createRegistryScript } from "../../services/epp-gateway/test/support/registry-script";
import { makeTestCa } from "../../services/epp-gateway/test/support/test-ca";
import { readCatalogueTlds } from "./epp-catalogue";

/** Our client id at the bench's registry (the storefront's REGISTRY_CLIENT_ID). */
const CLIENT_ID = "trinity-bench";

function stats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? 0) };
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

async function main() {
  const checkBatch = positive("BENCH_EPP_CHECK_BATCH", 50);
  const maxSessions = positive("BENCH_EPP_SESSIONS", 4);
  const tlds = readCatalogueTlds();
  const times = new Map<string, number[]>();
  let logins = 0;
  const logger: EppLogger = {
    command(entry) {
      const list = times.get(entry.command) ?? [];
      list.push(entry.ms);
      times.set(entry.command, list);
    },
    event(entry) {
      if (entry.event === "login" && entry.code === 1000) logins += 1;
    },
  };
  const ca = makeTestCa();
  const registry = createRegistryScript({ clID: CLIENT_ID, tlds });
  const harness = await startHarness(
    ca,
    [
      {
        id: "bench",
        clID: CLIENT_ID,
        tlds,
        script: registry.script,
        checkBatch,
        maxSessions,
        // The gateway's defaults (config.ts), not the tests' short limits.
        commandTimeoutMs: 10_000,
        greetingTimeoutMs: 10_000,
      },
    ],
    // Times per EPP command instead of the harness's log lines kept in memory.
    { requestTimeoutMs: 15_000, logger },
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await harness.close();
    ca.cleanup();
    const commands = Object.fromEntries([...times].map(([command, list]) => [command, stats(list)]));
    process.stdout.write(`${JSON.stringify({ commands, logins })}\n`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.stdout.write(
    `${JSON.stringify({ url: harness.url, token: TOKEN, clientId: CLIENT_ID, tlds: tlds.length, checkBatch, maxSessions })}\n`,
  );
}

await main();
