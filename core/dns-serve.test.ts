import { describe, expect, it } from "vitest";
import { recordOf, type DnsRecord, type RecordType } from "./dns";
import { answerQuestion, onOurNameservers, serialFloor, type ServedZone } from "./dns-serve";

let next = 0;
const record = (type: RecordType, name: string, content: string, more: Partial<DnsRecord> = {}): DnsRecord =>
  recordOf(type, name, content, { id: String((next += 1)), ...more });

const NS = ["ns1.trinity-dns.net", "ns2.trinity-dns.net"];
const zone: ServedZone = {
  name: "example.com",
  serial: 2026112801,
  nameservers: NS,
  records: [
    record("A", "@", "192.0.2.1"),
    record("AAAA", "@", "2001:db8::1", { ttl: 300 }),
    record("MX", "@", "mail.example.com", { priority: 10 }),
    record("MX", "@", "backup.example.net", { priority: 20 }),
    record("TXT", "@", '"v=spf1 mx -all"'),
    record("CAA", "@", '0 issue "letsencrypt.org"'),
    record("A", "mail", "192.0.2.25"),
    record("CNAME", "www", "web.example.com"),
    record("CNAME", "web", "lb.example.com"),
    record("A", "lb", "192.0.2.80"),
    record("CNAME", "cdn", "edge.cdn.example.net"),
    record("CNAME", "dangling", "missing.example.com"),
    record("SRV", "_sip._tcp", "sip.example.com", { priority: 10, weight: 5, port: 5060 }),
    record("A", "*.apps", "192.0.2.99"),
    record("A", "deep.ent", "192.0.2.7"),
    record("NS", "child", "ns1.child.example.com"),
    record("A", "ns1.child", "192.0.2.53"),
    record("FORWARD", "go", "https://example.org/", { redirect_type: 301 }),
  ],
};
const ask = (name: string, type: string) => answerQuestion(zone, name, type);

describe("answerQuestion: what our nameservers say", () => {
  it("answers each held type at the apex with the automatic TTL as 3600", () => {
    expect(ask("example.com", "A")).toMatchObject({
      rcode: "NOERROR",
      authoritative: true,
      answers: [{ name: "example.com", type: "A", ttl: 3600, data: "192.0.2.1" }],
    });
    expect(ask("EXAMPLE.com.", "AAAA").answers).toEqual([
      { name: "example.com", type: "AAAA", ttl: 300, data: "2001:db8::1" },
    ]);
    expect(ask("example.com", "MX").answers.map((r) => r.data)).toEqual([
      { preference: 10, exchange: "mail.example.com" },
      { preference: 20, exchange: "backup.example.net" },
    ]);
    expect(ask("example.com", "TXT").answers[0]?.data).toEqual(["v=spf1 mx -all"]);
    expect(ask("example.com", "CAA").answers[0]?.data).toEqual({ flags: 0, tag: "issue", value: "letsencrypt.org" });
    expect(ask("_sip._tcp.example.com", "SRV").answers[0]?.data).toEqual({
      priority: 10,
      weight: 5,
      port: 5060,
      target: "sip.example.com",
    });
  });

  it("the apex NS are our nameservers and the SOA carries the zone's serial", () => {
    expect(ask("example.com", "NS").answers.map((r) => r.data)).toEqual(NS);
    expect(ask("example.com", "SOA").answers[0]?.data).toEqual({
      mname: "ns1.trinity-dns.net",
      rname: "hostmaster.example.com",
      serial: 2026112801,
      refresh: 7200,
      retry: 3600,
      expire: 1209600,
      minimum: 3600,
    });
  });

  it("chases a CNAME chain inside the zone and stops at one that leaves it", () => {
    expect(ask("www.example.com", "A").answers.map((r) => `${r.name} ${r.type} ${String(r.data)}`)).toEqual([
      "www.example.com CNAME web.example.com",
      "web.example.com CNAME lb.example.com",
      "lb.example.com A 192.0.2.80",
    ]);
    expect(ask("cdn.example.com", "A").answers.map((r) => r.type)).toEqual(["CNAME"]);
    expect(ask("www.example.com", "CNAME").answers).toHaveLength(1);
    // A chain ending at a name the zone lacks: the CNAME and NXDOMAIN for the last name (RFC 6604).
    expect(ask("dangling.example.com", "A")).toMatchObject({ rcode: "NXDOMAIN", answers: [{ type: "CNAME" }] });
  });

  it("NODATA and NXDOMAIN carry the SOA in the authority section; an empty non-terminal is NODATA", () => {
    for (const [name, type, rcode] of [
      ["mail.example.com", "AAAA", "NOERROR"],
      ["nothing.example.com", "A", "NXDOMAIN"],
      ["ent.example.com", "A", "NOERROR"],
      ["go.example.com", "A", "NXDOMAIN"],
    ] as const) {
      const answer = ask(name, type);
      expect(answer, name).toMatchObject({ rcode, answers: [], authority: [{ type: "SOA", ttl: 3600 }] });
    }
  });

  it("a wildcard answers the names under it that do not exist, with the name asked", () => {
    expect(ask("anything.apps.example.com", "A").answers).toEqual([
      { name: "anything.apps.example.com", type: "A", ttl: 3600, data: "192.0.2.99" },
    ]);
    expect(ask("apps.example.com", "A").rcode).toBe("NOERROR");
    expect(ask("x.y.apps.example.com", "A").answers[0]?.data).toBe("192.0.2.99");
  });

  it("a delegated child gets a referral with glue, not an authoritative answer", () => {
    expect(ask("host.child.example.com", "A")).toMatchObject({
      rcode: "NOERROR",
      authoritative: false,
      answers: [],
      authority: [{ name: "child.example.com", type: "NS", data: "ns1.child.example.com" }],
      additional: [{ name: "ns1.child.example.com", type: "A", data: "192.0.2.53" }],
    });
  });

  it("names outside the zone, and no zone at all, are REFUSED", () => {
    expect(ask("example.org", "A").rcode).toBe("REFUSED");
    expect(ask("notexample.com", "A").rcode).toBe("REFUSED");
    expect(answerQuestion(null, "example.com", "A")).toMatchObject({ rcode: "REFUSED", authoritative: false });
  });

  it("ANY at the apex lists the SOA and every record there", () => {
    const types = ask("example.com", "ANY").answers.map((r) => r.type);
    expect(types[0]).toBe("SOA");
    expect(new Set(types)).toEqual(new Set(["SOA", "A", "AAAA", "MX", "TXT", "CAA", "NS"]));
  });
});

describe("serials and delegation", () => {
  it("a serial floor is the day as YYYYMMDD00", () => {
    expect(serialFloor(new Date("2026-11-28T23:59:59Z"))).toBe(2026112800);
  });

  it("a domain is delegated to us when every nameserver it lists is ours", () => {
    expect(onOurNameservers(["NS1.trinity-dns.net.", "ns2.trinity-dns.net"], NS)).toBe(true);
    expect(onOurNameservers(["ns1.trinity-dns.net", "ns.other.net"], NS)).toBe(false);
    expect(onOurNameservers([], NS)).toBe(false);
  });
});
