import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DNS_MESSAGES as M, checkRecord, txtStrings, type DnsRecordBody, type RecordType } from "./dns";

// Record validation to the RFCs (issue 22): targets are host names, never IP addresses; MX, NS
// and SRV targets are LDH; strings are counted in bytes; names stay inside the zone.

const check = (type: RecordType, content: string, more: Partial<DnsRecordBody> = {}) =>
  checkRecord({ type, name: "www", content, ttl: 0, ...more }, "example.com");
const errorsOf = (result: ReturnType<typeof checkRecord>) => (result.ok ? [] : result.errors.map((e) => e.message));
const extra = (type: RecordType): Partial<DnsRecordBody> =>
  type === "MX" ? { priority: 10 } : type === "SRV" ? { name: "_sip._tcp", priority: 1, weight: 1, port: 5060 } : {};

describe("targets", () => {
  it("an IP address is never a target of CNAME, MX, NS or SRV (192.0.2.10 no longer passes as a host)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RecordType>("CNAME", "MX", "NS", "SRV"),
        fc.oneof(fc.ipV4(), fc.ipV6()),
        (type, ip) => {
          expect(errorsOf(check(type, ip, extra(type)))).toContain(M.hostNotIp);
        },
      ),
    );
    expect(errorsOf(check("MX", "192.0.2.10.", { priority: 10 }))).toContain(M.hostNotIp);
    expect(errorsOf(check("CNAME", "host.123"))).toEqual([M.host]);
  });

  it("MX, NS and SRV targets take letters, digits and hyphens; a CNAME may point at an underscore name", () => {
    for (const type of ["MX", "NS", "SRV"] as const)
      expect(errorsOf(check(type, "mail_box.example.net", extra(type)))).toEqual([M.ldhHost]);
    expect(check("CNAME", "s1._domainkey.mail.example.net").ok).toBe(true);
    expect(check("MX", "Mail.Example.NET.", { priority: 5 })).toMatchObject({
      ok: true,
      record: { content: "mail.example.net" },
    });
  });

  it("an xn-- label that does not decode is refused, in a target and in a name", () => {
    expect(errorsOf(check("CNAME", "xn--zz.example.net"))).toEqual([M.badALabel]);
    expect(check("CNAME", "xn--bcher-kva.example.net").ok).toBe(true);
    expect(errorsOf(checkRecord({ type: "A", name: "xn--zz", content: "192.0.2.1", ttl: 0 }, "example.com"))).toEqual([
      M.badALabel,
    ]);
  });

  it("null MX (RFC 7505) needs priority 0; an SRV of '.' says the service is not offered", () => {
    expect(check("MX", ".", { priority: 0 })).toMatchObject({ ok: true, record: { content: "." } });
    expect(errorsOf(check("MX", ".", { priority: 10 }))).toEqual([M.nullMx]);
    expect(check("SRV", ".", extra("SRV")).ok).toBe(true);
  });
});

describe("names", () => {
  const named = (name: string) => checkRecord({ type: "A", name, content: "192.0.2.1", ttl: 0 }, "example.com");

  it("an absolute name outside the zone is refused, not re-rooted; a relative one is the zone's", () => {
    expect(errorsOf(named("www.other.com."))).toEqual([M.outside]);
    expect(named("www.example.com.")).toMatchObject({ ok: true, record: { name: "www" } });
    expect(named("www.other.com")).toMatchObject({ ok: true, record: { name: "www.other.com" } });
  });

  it("a full name is at most 253 characters with the zone", () => {
    const long = Array.from({ length: 4 }, () => "a".repeat(60)).join(".");
    expect(errorsOf(named(long))).toEqual([M.nameLength]);
    expect(named(long.slice(0, 241)).ok).toBe(true);
  });
});

describe("strings are counted in bytes of UTF-8", () => {
  it("a quoted TXT string of 255 characters but more bytes is refused; plain text is cut at 255 bytes", () => {
    expect(errorsOf(check("TXT", `"${"ç".repeat(128)}"`))).toEqual([M.txtChunk]);
    expect(check("TXT", `"${"ç".repeat(127)}"`).ok).toBe(true);
    const pieces = txtStrings("ğ".repeat(300));
    expect(Array.isArray(pieces) && pieces.map((piece) => new TextEncoder().encode(piece).length)).toEqual([
      254, 254, 92,
    ]);
  });

  it("CAA: the RFC 8659 registry's tags, quoted or unquoted values, at most 255 bytes", () => {
    expect(check("CAA", "0 issue letsencrypt.org")).toMatchObject({
      ok: true,
      record: { content: '0 issue "letsencrypt.org"' },
    });
    for (const tag of ["issuemail", "issuevmc", "contactemail", "contactphone"])
      expect(check("CAA", `0 ${tag} "x"`).ok).toBe(true);
    expect(errorsOf(check("CAA", '0 tbs "Unknown"'))).toEqual([M.caa]);
    expect(errorsOf(check("CAA", `0 iodef "${"é".repeat(128)}"`))).toEqual([M.caa]);
  });
});
