// My domains at reseller scale (issue 14): a bench account gets 10,000 domains and 100,000 DNS
// records written straight into the bench snapshot's local D1 (generated SQL run by
// `wrangler d1 execute --local --file`, not by hand and not through 110,000 API calls); then the
// my-domains list page (first page, a filter, a sort) is timed for its server time (time to the
// full answer over loopback), a DNS record save (POST /api/v1/dns/domains/{domain}/records) and
// the export of a 1,000-record zone (the page route /dashboard/domains/{domain}/dns/zone).
import { randomInt } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runNpx } from "./server.mjs";
import { durationStats, round2 } from "./load.mjs";

export const DOMAINS = { domains: 10_000, records: 100_000, bigZone: 1_000, listRequests: 40, saves: 40, exports: 10 };

const sql = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * The SQL that gives `userId` its domains (registry ledger + my domains) and DNS records: a few
 * set-based INSERT … SELECT statements over a recursive counter (one statement per table, so the
 * file stays small and D1 runs it in seconds; 110,000 single-row INSERTs take many minutes).
 */
export function seedSql(userId, stem, { domains, records, bigZone }) {
  const now = new Date().toISOString();
  const user = sql(userId);
  const name = `'${stem}' || printf('%05d', i) || '.com'`;
  const created = `printf('%04d-%02d-%02dT00:00:00.000Z', 2015 + i % 10, 1 + i % 12, 1 + i % 28)`;
  const expires = `printf('%04d-%02d-%02dT00:00:00.000Z', 2027 + i % 3, 1 + (i * 7) % 12, 1 + i % 28)`;
  const nameservers = `'["ns1.trinity.example","ns2.trinity.example"]'`;
  const counter = (count) =>
    `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${count - 1})`;
  const perDomain = Math.ceil((records - bigZone) / (domains - 1));
  const statements = [
    `INSERT INTO registry_domains (name, label, tld, status, registrar, created_at, expires_at, locked, transferable, held_here, owner_id, auth_code, nameservers, updated_at, rev)
     ${counter(domains)} SELECT ${name}, '${stem}' || printf('%05d', i), 'com', 'active', 'Trinity Registrar', ${created}, ${expires}, 1, 1, 1, ${user}, 'Bench' || printf('%011d', i), ${nameservers}, ${sql(now)}, 'bench' FROM seq;`,
    `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, locked, auto_renew, nameservers, created_at, updated_at)
     ${counter(domains)} SELECT 'bench-${stem}-' || i, ${user}, ${name}, ${name}, 'com', 'active', ${created}, ${expires}, 1, i % 2, ${nameservers}, ${created}, ${sql(now)} FROM seq;`,
    // Domain 0 holds the 1,000-record zone; the other records are spread over the next domains.
    `INSERT INTO dns_records (id, domain_id, type, name, host, content, ttl, created_at, updated_at)
     ${counter(bigZone)} SELECT 'bench-${stem}-0-r' || i, 'bench-${stem}-0', 'A', 'h' || i, 'h' || i || '.${stem}00000.com', '192.0.2.' || (1 + i % 254), 3600, ${sql(now)}, ${sql(now)} FROM seq;`,
    `INSERT INTO dns_records (id, domain_id, type, name, host, content, ttl, created_at, updated_at)
     ${counter(records - bigZone)} SELECT 'bench-${stem}-' || (1 + i / ${perDomain}) || '-r' || (i % ${perDomain}), 'bench-${stem}-' || (1 + i / ${perDomain}), 'A', 'h' || (i % ${perDomain}),
       'h' || (i % ${perDomain}) || '.${stem}' || printf('%05d', 1 + i / ${perDomain}) || '.com', '192.0.2.' || (1 + i % 254), 3600, ${sql(now)}, ${sql(now)} FROM seq;`,
  ];
  const names = Array.from({ length: domains }, (_, i) => `${stem}${String(i).padStart(5, "0")}.com`);
  return { sql: statements.join("\n"), names, bigZone: names[0], records };
}

/** A verified bench account (the development outbox gives the code): { id, username, password, seedKey, token, ip }. */
export async function benchAccount(origin) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const username = `benchdomains${randomInt(1e9).toString(36)}`;
  const account = { username, email: `${username}@example.com`, password: `Bench-${randomInt(1e9).toString(36)}-7Q` };
  const post = async (apiPath, body, expected) => {
    const response = await fetch(new URL(`/api/v1${apiPath}`, origin), {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (response.status !== expected)
      throw new Error(`POST ${apiPath} answered ${response.status}: ${JSON.stringify(json).slice(0, 200)}`);
    return json.data;
  };
  const registered = await post("/auth/register", account, 201);
  const outbox = await (
    await fetch(new URL(`/api/v1/dev/outbox?to=${encodeURIComponent(account.email)}`, origin))
  ).json();
  const code = outbox.data.messages.map((message) => /\b(\d{6})\b/u.exec(message.text)?.[1]).find(Boolean);
  if (!code) throw new Error(`no verification code mailed to ${account.email} (is the development outbox on?)`);
  // A code is tried within its registration's flow (issue 18): the register answer's flow token.
  await post("/auth/verify-email", { email: account.email, code, flow_token: registered.flow_token }, 200);
  const login = await post(
    "/auth/login",
    { username, password: account.password, seed_key: registered.seed_key, remember_me: false },
    200,
  );
  return {
    id: login.user.id,
    username,
    password: account.password,
    seedKey: registered.seed_key,
    token: login.token,
    ip,
  };
}

/** One JSON call to the storefront's API as the bench account; throws unless the status is `expect`. */
export async function accountApi(origin, account, method, apiPath, body, expect) {
  const response = await fetch(new URL(`/api/v1${apiPath}`, origin), {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      "content-type": "application/json",
      "cf-connecting-ip": account.ip,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (expect !== undefined && response.status !== expect)
    throw new Error(`${method} ${apiPath} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** Adds the bench account's one address (a whole registrant contact) and answers its contact id. */
export async function benchAddress(origin, account) {
  const address = await accountApi(
    origin,
    account,
    "POST",
    "/account/addresses",
    {
      firstName: "Bench",
      lastName: "Runner",
      address: "1 Edge Street",
      city: "London",
      postalCode: "EC1A 1AA",
      country: "GB",
      phone: "+44 20 7946 0000",
      email: `${account.username}@example.com`,
    },
    201,
  );
  return address.contactId;
}

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

/** Signs in through the /signin page (a form post, as a browser without JS) and answers its cookie header. */
async function pageSession(origin, account) {
  const form = new URLSearchParams({
    intent: "credentials",
    username: account.username,
    password: account.password,
    seed_key: account.seedKey,
    redirect: "/dashboard",
  });
  const response = await fetch(new URL("/signin", origin), {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": account.ip },
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 303 || cookies.length === 0)
    throw new Error(`/signin answered ${response.status} without a session cookie`);
  return cookies.join("; ");
}

/**
 * Seeds and measures. `account` is a verified, signed-in bench user ({ id, username, password,
 * seedKey, token, ip }); `cwd` the snapshot whose local D1 the server uses.
 */
export async function domainsRun({ origin, cwd, account, track, logDir, sizes = DOMAINS }) {
  const stem = `bench${randomInt(1e6).toString(36)}x`;
  const seed = seedSql(account.id, stem, sizes);
  const file = path.join(logDir, "bench-domains-seed.sql");
  writeFileSync(file, seed.sql);
  const seedStarted = performance.now();
  await runNpx(["wrangler", "d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--file", file, "-y"], {
    cwd,
    track,
    logFile: path.join(logDir, "bench-domains-seed.log"),
  });
  const seedSeconds = round2((performance.now() - seedStarted) / 1000);

  const cookie = await pageSession(origin, account);
  const page = async (query) => {
    const durations = [];
    for (let i = 0; i < sizes.listRequests; i += 1) {
      const answer = await timed(new URL(`/dashboard/domains${query}`, origin), { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`/dashboard/domains${query} answered ${answer.status}`);
      if (i === 0 && !answer.body.includes(stem))
        throw new Error(`/dashboard/domains${query} does not list the seeded domains`);
      durations.push(answer.ms);
    }
    return durationStats(durations);
  };
  const list = {
    first: await page(""),
    filter: await page(`?q=${stem}0042`),
    sort: await page("?sort=-expires"),
  };

  const saves = [];
  for (let i = 0; i < sizes.saves; i += 1) {
    const target = seed.names[1 + randomInt(seed.names.length - 1)];
    const answer = await timed(new URL(`/api/v1/dns/domains/${target}/records`, origin), {
      method: "POST",
      headers: {
        authorization: `Bearer ${account.token}`,
        "content-type": "application/json",
        "cf-connecting-ip": account.ip,
      },
      body: JSON.stringify({ type: "TXT", name: `bench${i}`, content: `bench ${i}`, ttl: 3600 }),
    });
    if (answer.status !== 201)
      throw new Error(`DNS record save answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    saves.push(answer.ms);
  }

  const exports = [];
  for (let i = 0; i < sizes.exports; i += 1) {
    const answer = await timed(new URL(`/dashboard/domains/${seed.bigZone}/dns/zone`, origin), { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`zone export answered ${answer.status}`);
    const lines = answer.body.split("\n").filter((line) => /\sIN\s+A\s/u.test(line)).length;
    if (lines < sizes.bigZone) throw new Error(`zone export has ${lines} A records, expected ${sizes.bigZone}`);
    exports.push(answer.ms);
  }
  return {
    domains: sizes.domains,
    records: seed.records,
    seedSeconds,
    list,
    save: durationStats(saves),
    export: durationStats(exports),
  };
}
