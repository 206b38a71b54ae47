import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { TTL_OPTIONS, type DnsRecord, type DnsRecordInput } from "./dns";
import { exportZone, nearestTtl, parseTtl, parseZone, type ZoneLineReport } from "./zone-file";
import { lexZone } from "./zone-text";

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/zones/${name}`, import.meta.url), "utf8");

/** The five real zones of ../shared/fixtures/zones (copied to tests/fixtures/zones) and their domains. */
const FIXTURES = [
  ["dnspython-example.zone", "example"],
  ["elgs-zonefile_forward.zone", "mydomain.com"],
  ["knot-example.com.zone", "example.com"],
  ["octodns-bind-idn-xn--fa-hia.de.zone", "xn--fa-hia.de"],
  ["octodns-bind-unit.tests.zone", "unit.tests"],
] as const;

const NOW = new Date("2026-11-25T12:00:00Z");
const withIds = (records: readonly DnsRecordInput[]): DnsRecord[] => records.map((r, i) => ({ ...r, id: String(i) }));
const scratch = mkdtempSync(join(tmpdir(), "zone-file-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** BIND's own check of a zone file (`named-checkzone`, Debian bind9-utils; .ci/run installs it). */
function namedCheckzone(domain: string, text: string): { errors: number; output: string } {
  const file = join(scratch, `${domain}.zone`);
  writeFileSync(file, text);
  try {
    const output = execFileSync("named-checkzone", ["-k", "fail", domain, file], {
      encoding: "utf8",
    });
    return { errors: 0, output };
  } catch (error) {
    const failed = error as { code?: string; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT")
      throw new Error("named-checkzone is missing: apt-get install bind9-utils", { cause: error });
    return { errors: 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

const outcome = (report: ZoneLineReport[], line: number) => report.find((entry) => entry.line === line);

describe("every line of the real zones is accounted for", () => {
  for (const [file, domain] of FIXTURES) {
    it(`${file}: one report entry per record line, nothing dropped silently`, () => {
      const text = fixture(file);
      const zone = parseZone(text, domain);
      const directives = lexZone(text).entries.filter((entry) => /^\$(ORIGIN|TTL)$/i.test(entry.tokens[0]?.raw ?? ""));
      expect(zone.report.length + directives.length).toBe(lexZone(text).entries.length);
      expect(zone.report.filter((entry) => entry.outcome === "imported")).toHaveLength(zone.records.length);
      expect(zone.report.filter((entry) => entry.outcome === "skipped")).toHaveLength(zone.skipped);
      expect(zone.report.filter((entry) => entry.outcome === "refused").map(({ line }) => line)).toEqual(
        zone.errors.map(({ line }) => line),
      );
      for (const entry of zone.report) {
        if (entry.outcome !== "imported") expect(entry.reason.length).toBeGreaterThan(10);
      }
    });

    it(`${file}: the export passes named-checkzone and imports back to the same records`, () => {
      const records = withIds(parseZone(fixture(file), domain).records);
      const text = exportZone(domain, records, ["ns1.trinity-dns.net", "ns2.trinity-dns.net"], NOW);
      const check = namedCheckzone(domain, text);
      expect(check.output).toMatch(/OK/);
      expect(check.errors, check.output).toBe(0);
      const again = parseZone(text, domain);
      expect(again.errors).toEqual([]);
      expect(again.records).toEqual(records.map(({ id: _id, ...rest }) => rest));
    });
  }
});

describe("parseZone on real BIND zones", () => {
  it("knot's example.com: relative names, omitted owners, parentheses, apex NS and SOA skipped", () => {
    const zone = parseZone(fixture("knot-example.com.zone"), "example.com");
    expect(zone.errors).toEqual([]);
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
    // No TTL of their own and $TTL 3600: the automatic TTL, which exports as 3600 again.
    expect(zone.records.every((r) => r.ttl === 0)).toBe(true);
    expect(outcome(zone.report, 4)).toMatchObject({ outcome: "skipped", type: "SOA" });
    expect(outcome(zone.report, 11)).toMatchObject({
      outcome: "skipped",
      type: "NS",
      reason: expect.stringContaining("Nameservers"),
    });
  });

  it("octodns unit.tests: every supported type, SRV null targets, TXT strings, other types skipped", () => {
    const zone = parseZone(fixture("octodns-bind-unit.tests.zone"), "unit.tests");
    expect(zone.errors).toEqual([]);
    const count = (type: string) => zone.records.filter((r) => r.type === type).length;
    expect(["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"].map(count)).toEqual([4, 1, 2, 4, 3, 2, 4, 2]);
    expect(zone.records.find((r) => r.name === "_pop3._tcp")).toMatchObject({ type: "SRV", priority: 0, content: "." });
    expect(zone.records.find((r) => r.type === "CAA" && r.content.includes("iodef"))?.content).toBe(
      '0 iodef "mailto:admin@unit.tests"',
    );
    // SOA, 2 apex NS, 2 SSHFP, 2 LOC, 2 TLSA (one across lines).
    expect(zone.skipped).toBe(9);
    const skippedTypes = zone.report.flatMap((entry) => (entry.outcome === "skipped" ? [entry.type] : []));
    expect(new Set(skippedTypes)).toEqual(new Set(["SOA", "NS", "SSHFP", "LOC", "TLSA"]));
  });

  it("elgs forward zone: upper-case origin, owner named A, TTL before class, an rrset of mixed TTLs", () => {
    const zone = parseZone(fixture("elgs-zonefile_forward.zone"), "mydomain.com");
    expect(zone.records.find((r) => r.name === "a" && r.type === "AAAA")).toMatchObject({
      content: "2001:db8::1",
      ttl: 120,
    });
    expect(outcome(zone.report, 27)).toMatchObject({
      notes: ["TTL 200 is kept as 120, the nearest the editor offers"],
    });
    // The SRV set: its first record says 200, the others inherit 3600; the set keeps the first's (RFC 2181 §5.2).
    const srv = zone.records.filter((r) => r.type === "SRV" && r.name === "_foobar._tcp");
    expect(srv.map((r) => r.ttl)).toEqual([120, 120, 120, 120]);
    expect(outcome(zone.report, 56)).toMatchObject({
      outcome: "imported",
      notes: ["TTL 3600 differs from the 200 of this name's first SRV (line 55): kept 200"],
    });
    // Wildcard services with no target (`*._tcp SRV 0 0 0 .`).
    expect(zone.records.filter((r) => r.name.startsWith("*."))).toHaveLength(2);
    // The indented second `CNAME CNAME` repeats the owner's CNAME: refused, with the line.
    expect(zone.errors).toEqual([{ line: 36, message: expect.stringContaining("This record already exists") }]);
    // The SPF type (obsolete, RFC 7208 §3.1) and names outside the zone are skipped, each said.
    expect(outcome(zone.report, 38)).toMatchObject({ outcome: "skipped", type: "SPF" });
    expect(outcome(zone.report, 43)).toMatchObject({
      outcome: "skipped",
      reason: "treefrog.ca is outside mydomain.com",
    });
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

  it("dnspython's torture zone: $ORIGIN ., escapes in strings, the generic form, each refusal with its line", () => {
    const zone = parseZone(fixture("dnspython-example.zone"), "example");
    const txt = (name: string) => zone.records.find((r) => r.type === "TXT" && r.name === name)?.content;
    // `$ORIGIN .` then absolute owners: the apex NS are recognised as the apex's.
    expect(outcome(zone.report, 21)).toMatchObject({ outcome: "skipped", type: "NS", name: "@" });
    expect(zone.records.find((r) => r.name === "ns1")).toMatchObject({ type: "A", content: "10.53.0.1" });
    expect(txt("txt02")).toBe('"foo" "bar"');
    expect(txt("txt03")).toBe('"foo"');
    expect(txt("txt04")).toBe('"foo" "bar"');
    expect(txt("txt06")).toBe('"foo bar"');
    expect(txt("txt07")).toBe('"foo bar"');
    expect(txt("txt08")).toBe('"foo\nbar"');
    expect(txt("txt10")).toBe('"foo bar"');
    expect(txt("txt11")).toBe('"\\"foo\\""');
    expect(txt("txt12")).toBe('"\\"foo\\""');
    expect(txt("txt13")).toBe('"foo;"');
    expect(txt("txt14")).toBe('"foo;"');
    expect(txt("txt15")).toBe('"bar\\\\;"');
    // RFC 3597: `A \# 4 7f000002` is 127.0.0.2; an unknown TYPE999 is skipped as a type we do not hold.
    expect(zone.records.find((r) => r.name === "unknown3")).toMatchObject({ type: "A", content: "127.0.0.2" });
    expect(zone.report.find((entry) => entry.outcome === "skipped" && entry.name === "unknown2")).toMatchObject({
      type: "TYPE999",
    });
    // MX 10 . is not a null MX (RFC 7505 wants preference 0); a CNAME to "." or to a bare label is no host.
    expect(zone.errors.map(({ line }) => line)).toEqual([49, 51, 108, 133, 134, 219]);
    expect(zone.errors.find(({ line }) => line === 108)?.message).toMatch(/null MX/);
    expect(zone.errors.find(({ line }) => line === 219)?.message).toMatch(/tags: issue, issuewild/);
  });
});

describe("master file rules", () => {
  const records = (text: string, domain = "example.com") => parseZone(text, domain);

  it("a name without a final dot gets the origin, and a doubled zone name is pointed out", () => {
    const zone = records("$ORIGIN example.com.\n@ 300 IN MX 10 mx.example.com\nmail.example.com 300 IN A 192.0.2.1\n");
    expect(zone.records.map((r) => `${r.name} ${r.content}`)).toEqual([
      "@ mx.example.com.example.com",
      "mail.example.com 192.0.2.1",
    ]);
    expect(zone.report.map((entry) => (entry.outcome === "imported" ? entry.notes : []))).toEqual([
      [
        "mx.example.com has no final dot, so it became mx.example.com.example.com. (write mx.example.com. if that was meant)",
      ],
      [
        "mail.example.com has no final dot, so it became mail.example.com.example.com. (write mail.example.com. if that was meant)",
      ],
    ]);
  });

  it("$ORIGIN and $TTL change mid-file; BIND's dump format ($ORIGIN . and absolute owners) reads the same", () => {
    const bind =
      "$ORIGIN .\n$TTL 300\nexample.com IN A 192.0.2.1\n$ORIGIN example.com.\nwww A 192.0.2.2\n$TTL 600\nmail A 192.0.2.3\n";
    expect(records(bind).records.map((r) => `${r.name} ${r.ttl}`)).toEqual(["@ 300", "www 300", "mail 600"]);
  });

  it("$INCLUDE and $GENERATE are refused with their line; nothing else on a refused line is taken", () => {
    const zone = records("www A 192.0.2.1\n$INCLUDE /etc/passwd\n$GENERATE 1-10 host$ A 192.0.2.$\n");
    expect(zone.errors).toEqual([
      { line: 2, message: "$INCLUDE is not supported: paste the included file's records here instead" },
      { line: 3, message: "$GENERATE is not supported (only $ORIGIN and $TTL)" },
    ]);
    expect(zone.records).toHaveLength(1);
  });

  it("escapes in names: \\DDD letters are fine, a byte we cannot serve is refused by name", () => {
    expect(records("w\\119w A 192.0.2.1\n").records[0]?.name).toBe("www");
    expect(records("a\\032b A 192.0.2.1\n").errors[0]?.message).toBe(
      "the name a\\032b holds characters other than letters, digits, hyphens and underscores",
    );
    expect(records("a\\.b A 192.0.2.1\n").errors).toHaveLength(1);
    expect(records("x\\300 A 192.0.2.1\n").errors[0]?.message).toMatch(/not a byte/);
  });

  it("the RFC 3597 generic form of every type we hold", () => {
    const zone = records(
      [
        "a TYPE1 \\# 4 C0000201",
        "b TYPE28 \\# 16 20010db8000000000000000000000001",
        "c TYPE5 \\# 18 04686f7374076578616d706c6503636f6d00",
        "@ TYPE15 \\# 3 0000 00",
        "t TYPE16 \\# 8 03 666f6f 03 626172",
        "_sip._tcp TYPE33 \\# 23 000a 0005 13c4 03737670 076578616d706c65 03636f6d 00",
        "@ TYPE257 \\# 22 00 05 6973737565 6c657473656e63727970742e6f7267",
        "x TYPE1 \\# 3 C00002",
      ].join("\n"),
    );
    expect(zone.records.map((r) => `${r.type} ${r.name} ${r.priority ?? ""} ${r.content}`)).toEqual([
      "A a  192.0.2.1",
      "AAAA b  2001:db8::1",
      "CNAME c  host.example.com",
      "MX @ 0 .",
      'TXT t  "foo" "bar"',
      "SRV _sip._tcp 10 svp.example.com",
      'CAA @  0 issue "letsencrypt.org"',
    ]);
    expect(zone.errors).toEqual([
      { line: 8, message: "the \\# data is too short or long for A: the data ends too early" },
    ]);
  });

  it("null MX (0 .) alone at its name; beside another MX it is refused", () => {
    expect(records("@ MX 0 .\n").records[0]).toMatchObject({ type: "MX", priority: 0, content: "." });
    const both = records("@ MX 0 .\n@ MX 10 mail.example.com.\n");
    expect(both.errors[0]).toMatchObject({ line: 2, message: expect.stringMatching(/only MX of its name/) });
  });

  it("other classes, a missing owner and a missing type are said, not dropped", () => {
    const zone = records('  A 192.0.2.1\nversion CH TXT "9.18"\nwww 300 IN\n');
    expect(zone.report).toEqual([
      { line: 1, outcome: "refused", reason: "the line has no owner name (the first record of a file must name one)" },
      {
        line: 2,
        outcome: "skipped",
        type: "TXT",
        name: "version.example.com",
        reason: "class CH: only IN records are served",
      },
      { line: 3, outcome: "refused", reason: "the line has no record type" },
    ]);
  });

  it("unbalanced parentheses and unclosed strings name their line", () => {
    expect(records("www A (192.0.2.1\n").errors).toEqual([{ line: 1, message: "a ( is never closed" }]);
    expect(records('t TXT "open\nwww A 192.0.2.1\n').errors[0]).toEqual({
      line: 1,
      message: "a quoted string is not closed on its line",
    });
  });

  it("binary bytes and NUL in a file get refusals by line, never an exception", () => {
    const zone = records("www A 192.0.2.1\n\u0000\u0001\u00ff garbage\n\udc00 TXT x\n");
    expect(zone.records).toHaveLength(1);
    expect(zone.errors.map(({ line }) => line)).toEqual([2, 3]);
  });

  it("a 10,000-line $INCLUDE file is refused line by line and quickly", () => {
    const zone = records("$INCLUDE self.zone\n".repeat(10_000));
    expect(zone.errors).toHaveLength(10_000);
    expect(zone.errors[9_999]?.line).toBe(10_000);
  });
});

describe("export, then import: the same records", () => {
  // Labels a record can have (checkRecord): no "--" in positions 3–4, which would make an A-label
  // ("xn--0") that is not valid punycode, refused on save and on import alike.
  const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/).filter((value) => value.slice(2, 4) !== "--");
  const host = fc.tuple(label, label).map(([a, b]) => `${a}.${b}.net`);
  const ttl = fc.constantFrom(...TTL_OPTIONS);
  const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((value) => value.trim() === value);
  const record: fc.Arbitrary<DnsRecordInput> = fc
    .oneof(
      fc.record({ type: fc.constant("A" as const), name: label, content: fc.ipV4(), ttl }),
      fc.record({ type: fc.constant("CNAME" as const), name: label, content: host, ttl }),
      fc.record({
        type: fc.constant("MX" as const),
        name: label,
        content: host,
        ttl,
        priority: fc.integer({ min: 0, max: 65535 }),
      }),
      fc.record({
        type: fc.constant("TXT" as const),
        name: label,
        content: fc.array(text, { minLength: 1, maxLength: 3 }),
        ttl,
      }),
      fc.record({ type: fc.constant("CAA" as const), name: label, content: text, ttl }),
    )
    .map((drawn) => {
      const base: DnsRecordInput = {
        type: drawn.type,
        name: drawn.name,
        content: "",
        ttl: drawn.ttl,
        priority: null,
        weight: null,
        port: null,
        redirect_type: null,
        page_title: null,
      };
      if (drawn.type === "TXT")
        return {
          ...base,
          content: (drawn.content as string[]).map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(" "),
        };
      if (drawn.type === "CAA")
        return { ...base, content: `0 issue "${(drawn.content as string).replace(/["\\]/g, (c) => `\\${c}`)}"` };
      if (drawn.type === "MX")
        return { ...base, content: drawn.content as string, priority: (drawn as { priority: number }).priority };
      return { ...base, content: drawn.content as string };
    });

  it("any records of the held types survive an export and an import (TXT and CAA in any Unicode)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(record, { selector: (r) => `${r.name}`, maxLength: 8 }), (drawn) => {
        const exported = exportZone("example.com", withIds(drawn), ["ns1.trinity-dns.net"], NOW);
        const again = parseZone(exported, "example.com");
        expect(again.errors).toEqual([]);
        expect(again.records).toEqual(drawn);
      }),
      { numRuns: 300 },
    );
  });

  it("named-checkzone accepts the export of a zone with escapes, Unicode TXT, a null MX and wildcards", () => {
    const zone = parseZone(
      [
        "@ MX 0 .",
        '@ TXT "v=spf1 -all" "çalışma \\"quoted\\" \\\\ back"',
        "* 300 A 192.0.2.1",
        '_dmarc TXT "v=DMARC1; p=reject"',
        "*._tcp SRV 0 0 0 .",
        "dkim CNAME s1._domainkey.mail.example.net.",
        '@ CAA 0 iodef "mailto:dns@example.com"',
      ].join("\n"),
      "example.com",
    );
    expect(zone.errors).toEqual([]);
    const text = exportZone("example.com", withIds(zone.records), ["ns1.trinity-dns.net"], NOW);
    expect(text).toContain('@\tIN\tTXT\t"v=spf1 -all" "\\195\\167al\\196\\177\\197\\159ma \\"quoted\\" \\\\ back"');
    const check = namedCheckzone("example.com", text);
    expect(check.errors, check.output).toBe(0);
    expect(parseZone(text, "example.com").records).toEqual(zone.records);
  });
});

describe("TTLs", () => {
  it("reads units and maps to the nearest option", () => {
    expect(parseTtl("1h30m")).toBe(5400);
    expect(parseTtl("1w")).toBe(604800);
    expect(parseTtl("abc")).toBeNull();
    expect(parseTtl("2147483648")).toBeNull();
    expect(nearestTtl(3600)).toBe(3600);
    expect(nearestTtl(604800)).toBe(86400);
    expect(nearestTtl(200)).toBe(120);
  });
});
