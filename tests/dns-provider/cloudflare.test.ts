// The Cloudflare DNS provider (issue 22) against a loopback fake of Cloudflare's API v4
// (tests/fakes/cloudflare-dns.ts, built from the documented shapes): a push makes the zone's
// records exactly the snapshot's in batches, twice changes nothing, DNSSEC answers its DS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordOf, type DnsRecord, type RecordType } from "../../core/dns";
import { cloudflareDnsProvider, DnsProviderError, type ZoneSnapshot } from "../../workers/api/adapters/dns";
import { startCloudflareFake, type CloudflareFake } from "../fakes/cloudflare-dns";

let fake: CloudflareFake;
beforeAll(async () => {
  fake = await startCloudflareFake();
});
afterAll(() => fake.close());

let next = 0;
const record = (type: RecordType, name: string, content: string, more: Partial<DnsRecord> = {}): DnsRecord =>
  recordOf(type, name, content, { id: String((next += 1)), ...more });

const ZONE = "cf-test.example";
const RECORDS: DnsRecord[] = [
  record("A", "@", "192.0.2.1", { ttl: 300 }),
  record("AAAA", "@", "2001:db8::1"),
  record("MX", "@", `mail.${ZONE}`, { priority: 10 }),
  record("TXT", "@", '"v=spf1 mx -all"'),
  record("CAA", "@", '0 issue "letsencrypt.org"'),
  record("CNAME", "www", ZONE),
  record("SRV", "_sip._tcp", `mail.${ZONE}`, { priority: 10, weight: 5, port: 5060 }),
  record("FORWARD", "go", "https://example.org/", { redirect_type: 301 }),
];
const snapshot = (serial: number, records = RECORDS, dnssec = false): ZoneSnapshot => ({
  zone: ZONE,
  serial,
  nameservers: ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"],
  records,
  dnssec,
});
const held = () =>
  (fake.zones.get(ZONE)?.records ?? [])
    .map(
      (r) =>
        `${r.type} ${r.name} ${r.ttl} ${r.content ?? JSON.stringify(r.data)}${r.priority === undefined ? "" : ` ${r.priority}`}`,
    )
    .sort();

describe("Cloudflare DNS behind the DNS-provider port", () => {
  const provider = () => cloudflareDnsProvider({ url: fake.url, apiToken: fake.token, accountId: fake.accountId });

  it("creates the zone and its records in one batch, each in Cloudflare's shape; the same push again changes nothing", async () => {
    expect(await provider().push(snapshot(1))).toEqual({ serial: 1, ds: [] });
    expect(held()).toEqual(
      [
        `A ${ZONE} 300 192.0.2.1`,
        `AAAA ${ZONE} 1 2001:db8::1`,
        `MX ${ZONE} 1 mail.${ZONE} 10`,
        `TXT ${ZONE} 1 "v=spf1 mx -all"`,
        `CAA ${ZONE} 1 {"flags":0,"tag":"issue","value":"letsencrypt.org"}`,
        `CNAME www.${ZONE} 1 ${ZONE}`,
        `SRV _sip._tcp.${ZONE} 1 {"priority":10,"weight":5,"port":5060,"target":"mail.${ZONE}"}`,
      ].sort(),
    );
    fake.requests.length = 0;
    await provider().push(snapshot(1));
    expect(fake.requests.filter((request) => request.includes("/batch"))).toEqual([]);
  });

  it("a change sends only the difference: the old record deleted, the new one posted", async () => {
    fake.requests.length = 0;
    const changed = RECORDS.filter((r) => r.type !== "CAA").map((r) =>
      r.type === "A" ? { ...r, content: "192.0.2.2" } : r,
    );
    await provider().push(snapshot(2, changed));
    expect(held()).toContain(`A ${ZONE} 300 192.0.2.2`);
    expect(held().some((line) => line.startsWith("CAA") || line.includes("192.0.2.1"))).toBe(false);
    expect(fake.requests.filter((request) => request.includes("/batch"))).toHaveLength(1);
  });

  it("a big zone goes in batches of at most 200 changes", async () => {
    const many = Array.from({ length: 450 }, (_, i) => record("A", `h${i}`, `192.0.2.${i % 250}`));
    fake.requests.length = 0;
    await provider().push({ ...snapshot(3, many), zone: "big.cf-test.example" });
    expect(fake.zones.get("big.cf-test.example")?.records).toHaveLength(450);
    expect(fake.requests.filter((request) => request.includes("/batch"))).toHaveLength(3);
  });

  it("DNSSEC on answers Cloudflare's DS; off answers none", async () => {
    const signed = await provider().push(snapshot(4, RECORDS, true));
    expect(signed.ds).toHaveLength(1);
    expect(signed.ds[0]).toMatch(/^2371 13 2 [0-9A-F]{64}$/);
    expect(await provider().push(snapshot(5, RECORDS, false))).toEqual({ serial: 5, ds: [] });
    expect(fake.zones.get(ZONE)?.dnssec).toBe("disabled");
  });

  it("removing the zone deletes it; a wrong token is a DnsProviderError with Cloudflare's reason", async () => {
    await provider().remove(ZONE);
    expect(fake.zones.has(ZONE)).toBe(false);
    await provider().remove(ZONE);
    const refused = cloudflareDnsProvider({ url: fake.url, apiToken: "wrong", accountId: fake.accountId }).push(
      snapshot(1),
    );
    await expect(refused).rejects.toBeInstanceOf(DnsProviderError);
    await expect(refused).rejects.toThrow(/10000 Authentication error/);
  });
});
