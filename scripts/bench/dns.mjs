// DNS hosting figures (issue 22) for `npm run bench`:
// - the embedded provider: a record saved through the API (POST /api/v1/dns/domains/{d}/records),
//   then /dns-query asked (RFC 8484 GET) until it answers the new value, on the bench's server;
// - PowerDNS: scripts/bench/dns-provider.ts (tsx) against a real pdns_server on loopback.
import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import dnsPacket from "dns-packet";
import { accountApi as api, benchAddress } from "./domains.mjs";
import { durationStats } from "./load.mjs";

export const DNS = { saves: 40 };

/** Buys one .com for the bench account (cart → address → the test card), as a customer does. */
async function boughtDomain(origin, account) {
  const domain = `benchdns${randomInt(1e9).toString(36)}.com`;
  const contactId = await benchAddress(origin, account);
  await api(origin, account, "POST", "/cart/items", { domain, years: 1 }, 201);
  await api(
    origin,
    account,
    "POST",
    "/payment/unified",
    {
      idempotency_key: `bench-${randomInt(1e12)}`,
      contact_id: contactId,
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
    },
    201,
  );
  return domain;
}

async function dohAnswers(origin, name, value) {
  const query = dnsPacket.encode({ type: "query", id: 0, questions: [{ type: "A", name }] });
  const response = await fetch(new URL(`/dns-query?dns=${query.toString("base64url")}`, origin));
  const packet = dnsPacket.decode(Buffer.from(await response.arrayBuffer()));
  return (packet.answers ?? []).some((answer) => answer.data === value);
}

/** Save → answered over DoH, `saves` times; then the PowerDNS figures. */
export async function dnsRun({ origin, account, cwd, saves = DNS.saves }) {
  const domain = await boughtDomain(origin, account);
  const durations = [];
  for (let save = 0; save < saves; save += 1) {
    const value = `198.51.100.${save % 250}`;
    const started = performance.now();
    await api(
      origin,
      account,
      "POST",
      `/dns/domains/${domain}/records`,
      { type: "A", name: `s${save}`, content: value },
      201,
    );
    while (!(await dohAnswers(origin, `s${save}.${domain}`, value)));
    durations.push(performance.now() - started);
  }
  const output = await promisify(execFile)("npx", ["tsx", "scripts/bench/dns-provider.ts"], {
    cwd,
    maxBuffer: 1 << 20,
    encoding: "utf8",
  });
  const line = output.stdout.trim().split("\n").at(-1) ?? "{}";
  return { embedded: { saves: durationStats(durations) }, powerdns: JSON.parse(line) };
}

export function formatDns(dns) {
  if (!dns || dns.error) return `DNS hosting: not measured (${dns?.error ?? "skipped"})`;
  const row = (label, s) =>
    `  ${label.padEnd(52)} p50 ${String(s.p50).padStart(8)} ms   p95 ${String(s.p95).padStart(8)} ms   (n=${s.count})`;
  const p = dns.powerdns;
  return [
    "DNS hosting (save → the new value answered)",
    row("embedded: POST …/records, then GET /dns-query", dns.embedded.saves),
    row("PowerDNS: provider push, then a UDP query", p.saves),
    `  PowerDNS: a 1,000-record zone pushed from nothing       ${p.bigZone.ms} ms, ${p.bigZone.calls} API calls`,
    `  PowerDNS: ${p.manyZones.zones.toLocaleString("en")} zones × ${p.manyZones.recordsEach} records pushed              ${p.manyZones.seconds} s (${p.manyZones.zonesPerSecond} zones/s), ${p.manyZones.calls.toLocaleString("en")} API calls = ${p.manyZones.callsPerRecord} a record`,
  ].join("\n");
}
