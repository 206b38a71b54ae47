// `npm run bench`'s DNS provider figures (issue 22), run by scripts/bench/dns.mjs with tsx: a real
// PowerDNS Authoritative on loopback (tests/support/pdns-server.ts) fed by the PowerDNS provider
// (workers/api/adapters/dns/powerdns.ts), the provider's HTTP calls counted. Prints one JSON line:
//   bigZone   a 1,000-record zone pushed from nothing: time and calls;
//   saves     a changed record pushed, then asked over UDP until it answers the new value (p50/p95);
//   manyZones 10,000 zones of 10 records pushed, 8 at a time: time, calls, calls a record.
// BENCH_DNS_ZONES, BENCH_DNS_SAVES and BENCH_DNS_CONCURRENCY change the sizes.
import { performance } from "node:perf_hooks";
import { recordOf, type DnsRecord } from "../../core/dns";
import { powerDnsProvider, type ZoneSnapshot } from "../../workers/api/adapters/dns";
import { askUdp, startPdns } from "../../tests/support/pdns-server";

const ZONES = Number(process.env.BENCH_DNS_ZONES ?? 10_000);
const SAVES = Number(process.env.BENCH_DNS_SAVES ?? 40);
const NS = ["ns1.trinity-dns.net", "ns2.trinity-dns.net"];
const CONCURRENCY = Number(process.env.BENCH_DNS_CONCURRENCY ?? 8);

function stats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? 0) };
}

const records = (count: number, stem: string): DnsRecord[] =>
  Array.from({ length: count }, (_, i) => recordOf("A", `${stem}${i}`, `192.0.2.${i % 250}`, { id: String(i) }));

async function main() {
  // Not a primary: NOTIFY would first resolve every zone's NS names, which offline means resolver
  // timeouts (about 0.4 s a zone here) that say nothing about the provider.
  const pdns = await startPdns({ primary: false });
  let calls = 0;
  const provider = powerDnsProvider({
    url: pdns.apiUrl,
    apiKey: pdns.apiKey,
    fetch: (input, init) => {
      calls += 1;
      return fetch(input, init);
    },
  });
  try {
    const snapshot = (zone: string, serial: number, list: DnsRecord[]): ZoneSnapshot => ({
      zone,
      serial,
      nameservers: NS,
      records: list,
      dnssec: false,
    });

    // A 1,000-record zone pushed from nothing.
    calls = 0;
    let started = performance.now();
    await provider.push(snapshot("big.bench.example", 1, records(1000, "host")));
    const bigZone = { records: 1000, ms: Math.round(performance.now() - started), calls };
    const last = await askUdp(pdns.dnsPort, "host999.big.bench.example", "A");
    if (!last.answers?.some((a) => "data" in a && a.data === "192.0.2.249"))
      throw new Error("the 1,000-record zone does not answer its last record");

    // Save → answered: one changed A record a save, asked over UDP until the new value answers.
    const saves: number[] = [];
    let zoneRecords = records(10, "www");
    for (let save = 0; save < SAVES; save += 1) {
      const value = `198.51.100.${save % 250}`;
      zoneRecords = zoneRecords.map((record) => (record.name === "www0" ? { ...record, content: value } : record));
      started = performance.now();
      await provider.push(snapshot("saves.bench.example", 2 + save, zoneRecords));
      for (;;) {
        const answer = await askUdp(pdns.dnsPort, "www0.saves.bench.example", "A");
        if (answer.answers?.some((a) => "data" in a && a.data === value)) break;
      }
      saves.push(performance.now() - started);
    }

    // Many zones: a reseller account's 10,000 domains of 10 records each.
    calls = 0;
    started = performance.now();
    let next = 0;
    const worker = async () => {
      for (let zone = next++; zone < ZONES; zone = next++)
        await provider.push(snapshot(`z${zone}.bench.example`, 1, records(10, "r")));
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const sample = await askUdp(pdns.dnsPort, `r9.z${ZONES - 1}.bench.example`, "A");
    if (!sample.answers?.length) throw new Error("the last of the many zones does not answer");
    const manyZones = {
      zones: ZONES,
      recordsEach: 10,
      seconds: Math.round(seconds * 10) / 10,
      zonesPerSecond: Math.round(ZONES / seconds),
      calls,
      callsPerRecord: Math.round((calls / (ZONES * 10)) * 1000) / 1000,
    };
    console.log(JSON.stringify({ bigZone, saves: stats(saves), manyZones }));
  } finally {
    pdns.stop();
  }
}

await main();
