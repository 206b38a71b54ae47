import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DnsRecord } from "./dns";
import { exportZone, nearestTtl, parseTtl, parseZone } from "./zone-file";

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/zones/${name}`, import.meta.url), "utf8");

describe("parseZone on real BIND zones", () => {
  it("knot's example.com: relative names, omitted owners, parentheses, apex NS skipped", () => {
    const zone = parseZone(fixture("knot-example.com.zone"), "example.com");
    expect(zone.errors).toEqual([]);
    // SOA and the two apex NS are skipped.
    expect(zone.skipped).toBe(3);
    expect(zone.records.map((r) => [r.type, r.name, r.content, r.priority])).toEqual([
      ["MX", "@", "mail.example.com", 10],
      ["A", "dns1", "192.0.2.1", null],
      ["AAAA", "dns1", "2001:db8::1", null],
      ["A", "dns2", "192.0.2.2", null],
      ["AAAA", "dns2", "2001:db8::2", null],
      ["A", "mail", "192.0.2.3", null],
      ["AAAA", "mail", "2001:db8::3", null],
    ]);
    expect(zone.records.every((r) => r.ttl === 3600)).toBe(true);
  });

  it("octodns unit.tests: every supported type, SRV null targets, TXT strings, other types skipped", () => {
    const zone = parseZone(fixture("octodns-bind-unit.tests.zone"), "unit.tests");
    expect(zone.errors).toEqual([]);
    const count = (type: string) => zone.records.filter((r) => r.type === type).length;
    expect([
      count("A"),
      count("AAAA"),
      count("CNAME"),
      count("MX"),
      count("TXT"),
      count("NS"),
      count("SRV"),
      count("CAA"),
    ]).toEqual([4, 1, 2, 4, 3, 2, 4, 2]);
    expect(zone.records.find((r) => r.name === "_pop3._tcp")).toMatchObject({
      type: "SRV",
      priority: 0,
      weight: 0,
      port: 0,
      content: ".",
    });
    expect(zone.records.find((r) => r.type === "CAA" && r.content.includes("iodef"))?.content).toBe(
      '0 iodef "mailto:admin@unit.tests"',
    );
    expect(zone.records.find((r) => r.name === "wwww.sub")?.content).toBe("2.2.3.6");
    // SOA, 2 apex NS, 2 SSHFP, 2 LOC, 2 TLSA (one across lines).
    expect(zone.skipped).toBe(9);
  });

  it("elgs forward zone: upper-case origin, owner named A, trailing comments, TTL before class", () => {
    const zone = parseZone(fixture("elgs-zonefile_forward.zone"), "mydomain.com");
    const a = zone.records.filter((r) => r.type === "A");
    expect(a.map((r) => `${r.name} ${r.content}`)).toContain("tst 101.228.10.127");
    expect(zone.records.find((r) => r.name === "a" && r.type === "AAAA")).toMatchObject({
      content: "2001:db8::1",
      ttl: 120,
    });
    expect(zone.records.find((r) => r.type === "CAA" && r.content.includes("account"))?.content).toBe(
      '0 issue "ca.example.net; account=230123"',
    );
  });

  it("an IDN zone (faß.de) in its A-label form", () => {
    const zone = parseZone(fixture("octodns-bind-idn-xn--fa-hia.de.zone"), "xn--fa-hia.de");
    expect(zone.errors).toEqual([]);
    expect(zone.records.map((r) => `${r.type} ${r.name} ${r.content}`)).toEqual([
      "MX @ mx.xn--fa-hia.de",
      "A mx 127.0.0.1",
      "A ns1 127.0.0.1",
      "A xn--dj-vu-sqa5d 127.0.0.1",
    ]);
  });

  it("dnspython's example: reports bad lines with their number and imports the rest", () => {
    const zone = parseZone(fixture("dnspython-example.zone"), "example");
    expect(zone.records.length).toBeGreaterThan(10);
    for (const error of zone.errors) expect(error.line).toBeGreaterThan(0);
    expect(zone.records.find((r) => r.name === "a01")).toMatchObject({ type: "A", content: "0.0.0.0" });
  });

  it("exports a zone that imports back to the same records", () => {
    const records: DnsRecord[] = parseZone(fixture("octodns-bind-unit.tests.zone"), "unit.tests").records.map(
      (r, i) => ({ ...r, id: String(i) }),
    );
    const text = exportZone("unit.tests", records, ["ns1.trinity-dns.net"], new Date("2026-11-25T12:00:00Z"));
    expect(text).toContain("$ORIGIN unit.tests.");
    expect(text).toContain(
      "@\tIN\tSOA\tns1.trinity-dns.net. hostmaster.unit.tests. ( 2026112500 7200 3600 1209600 3600 )",
    );
    const again = parseZone(text, "unit.tests");
    expect(again.errors).toEqual([]);
    expect(again.records).toEqual(records.map(({ id: _id, ...rest }) => rest));
  });
});

describe("TTLs", () => {
  it("reads units and maps to the nearest option", () => {
    expect(parseTtl("1h30m")).toBe(5400);
    expect(parseTtl("1w")).toBe(604800);
    expect(parseTtl("abc")).toBeNull();
    expect(nearestTtl(3600)).toBe(3600);
    expect(nearestTtl(604800)).toBe(86400);
    expect(nearestTtl(200)).toBe(120);
  });
});
