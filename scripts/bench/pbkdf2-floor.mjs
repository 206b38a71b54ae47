// The sign-in's floor (issue 25: "sign-in p50 ≤ 1.1× its two PBKDF2 verifications"): what a login
// cannot go below is its two PBKDF2 verifications (password and seed key, together as the login
// route does them) in workerd. A tiny worker, bundled by esbuild from core/auth/password.ts (the
// module the API runs), hashes two secrets once and then verifies both on every POST; Miniflare
// runs it in workerd on loopback, and it is timed from outside exactly like the logins
// (signin.mjs: one keep-alive connection, request sent → last byte). What the login adds on top
// is the rest of its work: routing, D1 reads, limits, the session write.
import path from "node:path";
import http from "node:http";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { durationStats } from "./load.mjs";
import { timedPost } from "./signin.mjs";

const WORKER = `
import { hashSecret, verifySecret } from "./core/auth/password.ts";
const PASSWORD = "Bench-floor-7Q!pass";
const SEED_KEY = "abandon ability able about above absent absorb abstract absurd abuse access accident";
let stored;
export default {
  async fetch(request) {
    if (!stored) stored = await Promise.all([hashSecret(PASSWORD), hashSecret(SEED_KEY)]);
    const body = await request.json();
    // Both at once, as POST /auth/login does (workers/api/routes/auth.ts).
    const [password, seedKey] = await Promise.all([
      verifySecret(body.password ?? PASSWORD, stored[0]),
      verifySecret(body.seed_key ?? SEED_KEY, stored[1]),
    ]);
    return Response.json({ success: true, data: { ok: password.ok && seedKey.ok } });
  },
};
`;

/**
 * `requests` timed POSTs (after `warmup`) to the floor worker in workerd; answers their stats.
 * `cwd` is the tree the server runs (the snapshot), so the floor uses the same password.ts.
 */
export async function pbkdf2FloorRun({ cwd, requests, warmup, compatibilityDate, track }) {
  const bundle = await build({
    stdin: { contents: WORKER, resolveDir: cwd, loader: "js", sourcefile: "pbkdf2-floor-worker.js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0].text;
  const mf = new Miniflare({
    modules: true,
    script,
    // Only a name for the self-contained bundle; workerd refuses one outside its starting
    // directory (the snapshot is elsewhere in /tmp), so it is named under the bench's own.
    scriptPath: path.resolve("pbkdf2-floor-worker.js"),
    compatibilityDate,
    host: "127.0.0.1",
    port: 0,
  });
  const untrack = track(() => mf.dispose());
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = (await mf.ready).href;
    const sockets = new Set();
    const post = async () => {
      const answer = await timedPost(url, {}, "127.0.0.1", agent);
      sockets.add(answer.socket);
      if (answer.status !== 200 || answer.json?.data?.ok !== true)
        throw new Error(`the PBKDF2 floor worker answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
      return answer.ms;
    };
    for (let i = 0; i < warmup; i++) await post();
    const durations = [];
    for (let i = 0; i < requests; i++) durations.push(await post());
    return {
      what: "two verifySecret (core/auth/password.ts) at once per request, in workerd (Miniflare), one keep-alive connection",
      compatibilityDate,
      warmup,
      ...durationStats(durations),
      connections: sockets.size,
    };
  } finally {
    agent.destroy();
    await mf.dispose();
    untrack();
  }
}
