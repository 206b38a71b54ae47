// The PowerDNS provider (issue 22) against a real PowerDNS Authoritative: Debian's pdns-server
// with the sqlite3 backend on loopback (tests/support/pdns-server.ts), its HTTP API fed by
// workers/api/adapters/dns/powerdns.ts, then asked over UDP with dns-packet for every record type
// after every kind of change.
import { execFileSync } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import dnsPacket, { type RecordType as QueryType } from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordOf, type DnsRecord, type RecordType } from "../../core/dns";
import { DnsProviderError, powerDnsProvider, type ZoneSnapshot } from "../../workers/api/adapters/dns";
import { askUdp, freePort, startPdns, type PdnsServer } from "../support/pdns-server";

const NS = ["ns1.trinity-dns.net", "ns2.trinity-dns.net"];
let pdns: PdnsServer | null = null;
let apiUrl = "";
const API_KEY = "test-api-key";

beforeAll(async () => {
  pdns = await startPdns();
  apiUrl = pdns.apiUrl;
}, 30_000);

const scratch = mkdtempSync(join(tmpdir(), "pdns-test-"));
afterAll(() => {
  pdns?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const ask = (name: string, type: QueryType) => askUdp(pdns?.dnsPort ?? 0, name, type);

let next = 0;
const record = (type: RecordType, name: string, content: string, more: Partial<DnsRecord> = {}): DnsRecord =>
  recordOf(type, name, content, { id: String((next += 1)), ...more });

const ZONE = "pdns-test.example";
const RECORDS: DnsRecord[] = [
  record("A", "@", "192.0.2.1", { ttl: 300 }),
  record("AAAA", "@", "2001:db8::1"),
  record("MX", "@", `mail.${ZONE}`, { priority: 10 }),
  record("A", "mail", "192.0.2.25"),
  record("TXT", "@", '"v=spf1 mx -all" "çok güzel"'),
  record("CAA", "@", '0 issue "letsencrypt.org"'),
  record("CNAME", "www", ZONE),
  record("SRV", "_sip._tcp", `mail.${ZONE}`, { priority: 10, weight: 5, port: 5060 }),
  record("NS", "child", "ns1.child.example.net"),
  record("A", "*.apps", "192.0.2.99"),
  record("FORWARD", "go", "https://example.org/", { redirect_type: 301 }),
];

describe("PowerDNS Authoritative behind the DNS-provider port", () => {
  const provider = () => powerDnsProvider({ url: apiUrl, apiKey: API_KEY });
  const snapshot = (serial: number, records = RECORDS, dnssec = false): ZoneSnapshot => ({
    zone: ZONE,
    serial,
    nameservers: NS,
    records,
    dnssec,
  });

  it("creates the zone and answers every record type over DNS, the SOA with our serial", async () => {
    expect(await provider().push(snapshot(2026112800))).toEqual({ serial: 2026112800, ds: [] });
    const a = await ask(ZONE, "A");
    expect(a.flag_aa).toBe(true);
    expect(a.answers).toEqual([expect.objectContaining({ type: "A", ttl: 300, data: "192.0.2.1" })]);
    expect((await ask(ZONE, "AAAA")).answers?.[0]).toMatchObject({ data: "2001:db8::1", ttl: 3600 });
    expect((await ask(ZONE, "MX")).answers?.[0]).toMatchObject({ data: { preference: 10, exchange: `mail.${ZONE}` } });
    const txt = (await ask(ZONE, "TXT")).answers?.[0] as { data: Buffer[] };
    expect(txt.data.map((part) => part.toString("utf8"))).toEqual(["v=spf1 mx -all", "çok güzel"]);
    expect((await ask(ZONE, "CAA")).answers?.[0]).toMatchObject({ data: { tag: "issue", value: "letsencrypt.org" } });
    expect((await ask(`www.${ZONE}`, "CNAME")).answers?.[0]).toMatchObject({ data: ZONE });
    expect((await ask(`_sip._tcp.${ZONE}`, "SRV")).answers?.[0]).toMatchObject({
      data: { priority: 10, weight: 5, port: 5060, target: `mail.${ZONE}` },
    });
    expect((await ask(`x.apps.${ZONE}`, "A")).answers?.[0]).toMatchObject({ data: "192.0.2.99" });
    expect((await ask(ZONE, "SOA")).answers?.[0]).toMatchObject({
      data: { mname: NS[0], rname: `hostmaster.${ZONE}`, serial: 2026112800, minimum: 3600 },
    });
    expect((await ask(ZONE, "NS")).answers?.map((answer) => ("data" in answer ? answer.data : null)).sort()).toEqual(
      NS,
    );
    // A delegation answers a referral; forwarding is no DNS record.
    expect((await ask(`host.child.${ZONE}`, "A")).authorities?.[0]).toMatchObject({
      type: "NS",
      data: "ns1.child.example.net",
    });
    expect((await ask(`go.${ZONE}`, "A")).rcode).toBe("NXDOMAIN");
  });

  it("a newer serial replaces the zone exactly (removed rrsets go); the same or an older one changes nothing", async () => {
    const calls: string[] = [];
    const counting = powerDnsProvider({
      url: apiUrl,
      apiKey: API_KEY,
      fetch: (input, init) => {
        calls.push(`${init?.method ?? "GET"}`);
        return fetch(input, init);
      },
    });
    await counting.push(snapshot(2026112800));
    const changed = RECORDS.filter((r) => r.type !== "AAAA" && r.type !== "CAA").map((r) =>
      r.type === "A" && r.name === "@" ? { ...r, content: "192.0.2.2" } : r,
    );
    expect(await counting.push(snapshot(2026112801, changed))).toEqual({ serial: 2026112801, ds: [] });
    expect((await ask(ZONE, "A")).answers?.[0]).toMatchObject({ data: "192.0.2.2" });
    expect((await ask(ZONE, "AAAA")).answers).toEqual([]);
    expect((await ask(ZONE, "CAA")).answers).toEqual([]);
    expect((await ask(ZONE, "SOA")).answers?.[0]).toMatchObject({ data: { serial: 2026112801 } });
    // An older snapshot arriving late (a slow retry) does not undo the newer one.
    expect(await counting.push(snapshot(2026112800))).toEqual({ serial: 2026112801, ds: [] });
    expect((await ask(ZONE, "A")).answers?.[0]).toMatchObject({ data: "192.0.2.2" });
    // Each push: the zone read, then its keys read (signed or not); only a newer serial PATCHes
    // and NOTIFYs the secondaries (PUT …/notify).
    expect(calls).toEqual(["GET", "GET", "GET", "PATCH", "GET", "PUT", "GET", "GET"]);
  });

  it("removing the zone stops the answers (REFUSED: not a zone it holds); removing it again is fine", async () => {
    await provider().push(snapshot(2026112802));
    expect((await ask(ZONE, "A")).rcode).toBe("NOERROR");
    await provider().remove(ZONE);
    expect((await ask(ZONE, "A")).rcode).toBe("REFUSED");
    await provider().remove(ZONE);
  });

  it("DNSSEC: a signed zone answers RRSIGs that validate (delv) and gives its DS; unsigned again, none", async () => {
    const signed = await provider().push(snapshot(2026112803, RECORDS, true));
    expect(signed.serial).toBe(2026112803);
    expect(signed.ds).toHaveLength(1);
    expect(signed.ds[0]).toMatch(/^\d{1,5} 13 2 [0-9a-f]{64}$/i);
    // delv validates from a trust anchor: the zone's own key (what the registry's DS vouches for).
    const keys = (await (
      await fetch(`${apiUrl}/api/v1/servers/localhost/zones/${ZONE}./cryptokeys`, { headers: { "x-api-key": API_KEY } })
    ).json()) as { dnskey: string }[];
    const [flags, protocol, algorithm, key] = (keys[0]?.dnskey ?? "").split(" ");
    const anchors = join(scratch, "anchors.conf");
    writeFileSync(anchors, `trust-anchors {\n  ${ZONE}. static-key ${flags} ${protocol} ${algorithm} "${key}";\n};\n`);
    const delv = (name: string) =>
      execFileSync("delv", [`@127.0.0.1`, "-p", String(pdns?.dnsPort), "-a", anchors, `+root=${ZONE}.`, name, "A"], {
        encoding: "utf8",
      });
    const validated = delv(ZONE);
    expect(validated).toContain("; fully validated");
    expect(validated).toMatch(/RRSIG\s+A 13 2 300/);
    // Off: no key, no signatures, no DS to publish.
    const unsigned = await provider().push(snapshot(2026112804, RECORDS, false));
    expect(unsigned).toEqual({ serial: 2026112804, ds: [] });
    expect(delv(ZONE)).not.toContain("; fully validated");
  });

  it("a change NOTIFYs the zone's secondaries (RFC 1996)", async () => {
    await provider().push(snapshot(2026112805));
    const secondary = createSocket("udp4");
    const notified: { opcode?: string; questions?: { name: string }[] }[] = [];
    secondary.on("message", (message) => notified.push(dnsPacket.decode(message)));
    const port = await freePort();
    await new Promise<void>((resolve) => secondary.bind(port, "127.0.0.1", () => resolve()));
    try {
      // The operator names the zone's secondaries (here one, on loopback).
      const metadata = await fetch(`${apiUrl}/api/v1/servers/localhost/zones/${ZONE}./metadata/ALSO-NOTIFY`, {
        method: "PUT",
        headers: { "x-api-key": API_KEY, "content-type": "application/json" },
        body: JSON.stringify({ kind: "ALSO-NOTIFY", metadata: [`127.0.0.1:${port}`] }),
      });
      expect(metadata.status).toBe(200);
      await provider().push(snapshot(2026112806, RECORDS.slice(1)));
      for (let wait = 0; wait < 100 && notified.length === 0; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(notified[0]).toMatchObject({ opcode: "NOTIFY", questions: [{ name: ZONE }] });
    } finally {
      secondary.close();
    }
  });

  it("a wrong key or an unreachable server is a DnsProviderError naming why", async () => {
    await expect(powerDnsProvider({ url: apiUrl, apiKey: "wrong" }).push(snapshot(1))).rejects.toThrow(
      /PowerDNS refused to read the zone pdns-test\.example \(401\)/,
    );
    const closed = await freePort();
    const unreachable = powerDnsProvider({ url: `http://127.0.0.1:${closed}`, apiKey: API_KEY }).push(snapshot(1));
    await expect(unreachable).rejects.toBeInstanceOf(DnsProviderError);
    await expect(unreachable).rejects.toThrow(/could not be reached/);
  });
});
