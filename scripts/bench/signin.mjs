// The sign-in API, POST /api/v1/auth/login, over HTTP on ONE keep-alive connection (loopback
// only): fresh accounts are registered first, then successful and failing logins, interleaved,
// one after another, each timed from sending the request to the last byte of the answer. Every
// answer must have its expected status, or the section fails. The CPU-bound part of a login is
// two PBKDF2 verifications (password and seed key); hash-time.mjs times the same code in Node.
import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { freshLabel } from "./catalogue.mjs";
import { HASH_TIME } from "./config.mjs";
import { durationStats } from "./load.mjs";

/** A random 10.x.x.x address not used before in this run (the server keys its limits on it). */
function addressSource() {
  const used = new Set();
  return () => {
    let ip;
    do ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
    while (used.has(ip));
    used.add(ip);
    return ip;
  };
}

/** One POST of `body` as JSON on `agent`; resolves with status, parsed body and the time to the last byte (ms). */
export function timedPost(url, body, ip, agent) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "content-length": Buffer.byteLength(payload),
          "cf-connecting-ip": ip,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString("utf8");
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Not JSON: json stays null.
          }
          resolve({ ms, status: response.statusCode, text, json, socket: request.socket });
        });
        response.on("error", reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`no answer within 30 s: POST ${url}`)));
    request.on("error", reject);
    request.end(payload);
  });
}

/** `count` items of each kind spread evenly over one sequence (each kind keeps its own order). */
function interleave(counts) {
  const slots = [];
  for (const [kind, count] of Object.entries(counts))
    for (let i = 0; i < count; i++) slots.push({ kind, at: (i + 0.5) / count });
  return slots.sort((a, b) => a.at - b.at).map((slot) => slot.kind);
}

// Fits the password rule (core/auth/schemas.ts): upper, lower, digit, special, 8+ characters.
const password = () => `Bench-${freshLabel("", 12)}-7Q`;

/**
 * Registers `users` accounts, then `warmup` uncounted logins and the timed ones. Throws on the
 * first answer that does not have its expected status (and shape), naming the request.
 */
export async function signinRun({
  origin,
  registerPath,
  loginPath,
  users,
  requests,
  warmup,
  wrongPassword,
  unknownUser,
  maxFailuresPerUser,
  track,
}) {
  if (wrongPassword > users * maxFailuresPerUser)
    throw new Error(
      `${wrongPassword} wrong-password logins need at least ${Math.ceil(wrongPassword / maxFailuresPerUser)} users (SIGNIN.users is ${users})`,
    );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  const untrack = track(() => {
    stopped = true;
    agent.destroy();
  });
  const nextIp = addressSource();
  const sockets = new Set();
  const post = async (what, url, body, expected) => {
    if (stopped) throw new Error("interrupted");
    const answer = await timedPost(url, body, nextIp(), agent);
    sockets.add(answer.socket);
    const problem =
      answer.status !== expected.status
        ? `HTTP ${answer.status}`
        : !answer.json
          ? "not JSON"
          : expected.check(answer.json);
    if (problem)
      throw new Error(
        `${what} answered ${problem}, expected HTTP ${expected.status}${expected.what ? ` with ${expected.what}` : ""}: ${answer.text.slice(0, 200)}`,
      );
    return answer;
  };
  const registerUrl = new URL(registerPath, origin).href;
  const loginUrl = new URL(loginPath, origin).href;
  try {
    // Accounts: each from its own address (sign-up is limited to 5 per address and hour).
    const accounts = [];
    const registerMs = [];
    for (let i = 0; i < users; i++) {
      const username = freshLabel("bench", 10);
      const account = { username, email: `${username}@example.com`, password: password() };
      const answer = await post(`POST ${registerPath} (user ${i + 1}/${users})`, registerUrl, account, {
        status: 201,
        what: "data.seed_key (12 words)",
        check: (json) =>
          json.success === true &&
          typeof json.data?.seed_key === "string" &&
          json.data.seed_key.trim().split(/\s+/).length === 12
            ? null
            : "no 12-word data.seed_key",
      });
      accounts.push({ ...account, seedKey: answer.json.data.seed_key });
      registerMs.push(answer.ms);
    }

    const ok = {
      status: 200,
      what: "success and data.token",
      check: (json) =>
        json.success === true && typeof json.data?.token === "string"
          ? null
          : json.data?.two_factor_required
            ? "a two-factor challenge"
            : "no data.token",
    };
    const refused = {
      status: 401,
      what: "code invalid_credentials",
      check: (json) => (json.success === false && json.code === "invalid_credentials" ? null : `code ${json.code}`),
    };
    const turn = { ok: 0, wrongPassword: 0, unknownUser: 0 };
    const login = (kind, label) => {
      const n = turn[kind]++;
      const user = accounts[n % accounts.length];
      if (kind === "ok")
        return post(
          `${label} (${user.username})`,
          loginUrl,
          { username: user.username, password: user.password, seed_key: user.seedKey, remember_me: false },
          ok,
        );
      if (kind === "wrongPassword")
        return post(
          `${label} (${user.username}, wrong password)`,
          loginUrl,
          { username: user.username, password: password(), seed_key: user.seedKey, remember_me: false },
          refused,
        );
      // A name nobody registered, with a well-formed seed key: the server checks both secrets against a dummy hash.
      return post(
        `${label} (unknown username)`,
        loginUrl,
        { username: freshLabel("nobody", 10), password: user.password, seed_key: user.seedKey, remember_me: false },
        refused,
      );
    };

    for (let i = 0; i < warmup; i++) await login("ok", `warm-up login ${i + 1}/${warmup}`);
    turn.ok = 0;

    const durations = { ok: [], wrongPassword: [], unknownUser: [] };
    const order = interleave({ ok: requests, wrongPassword, unknownUser });
    for (const [i, kind] of order.entries())
      durations[kind].push((await login(kind, `login ${i + 1}/${order.length}`)).ms);

    return {
      registerUrl,
      loginUrl,
      users,
      warmupLogins: warmup,
      register: durationStats(registerMs),
      success: { status: 200, ...durationStats(durations.ok) },
      wrongPassword: { status: 401, ...durationStats(durations.wrongPassword) },
      unknownUser: { status: 401, ...durationStats(durations.unknownUser) },
      connections: sockets.size, // distinct sockets used: 1 unless the server closed one
      addresses: users + warmup + order.length, // one fresh cf-connecting-ip per request
    };
  } finally {
    agent.destroy();
    untrack();
  }
}

/**
 * hashSecret and verifySecret of core/auth/password.ts in a child `node --import tsx` (Node's
 * WebCrypto, the same module the worker runs), in the tree `cwd` (the snapshot the server runs).
 */
export function hashTimeRun({ cwd, runs = HASH_TIME.runs, warmup = HASH_TIME.warmup, track }) {
  return new Promise((resolve, reject) => {
    let untrack = () => {};
    const child = execFile(
      process.execPath,
      ["--import", "tsx", path.join(cwd, "scripts/bench/hash-time.mjs"), String(runs), String(warmup)],
      { cwd, timeout: HASH_TIME.timeoutMs, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        untrack();
        if (error)
          return reject(
            new Error(
              `hash-time.mjs failed (${error.killed ? `killed after ${HASH_TIME.timeoutMs / 1000} s` : (error.code ?? error.signal)}): ${String(stderr).trim().split("\n").slice(-5).join(" | ")}`,
            ),
          );
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`hash-time.mjs printed no JSON: ${String(stdout).slice(0, 200)}`));
        }
      },
    );
    untrack = track(() => child.kill("SIGTERM"));
  });
}
