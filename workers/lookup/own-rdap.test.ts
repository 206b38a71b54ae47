// Our own RDAP answers against ICANN's RDAP conformance JSON schemas (the rdap-conformance-tool's
// draft-07 schemas: /work/shared/fixtures/rdap-schema, copied in tests/fakes/fixtures/rdap-schema
// so the suite runs anywhere; provenance in the shared fixtures README §2), plus the gTLD RDAP
// Response Profile's points the schemas do not express, checked as the conformance tool checks
// them from outside: link values naming the query, the registrar's "about" link, RFC 9537
// redactions whose paths resolve as their method says, RFC 3966 phone numbers, `inactive`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import registrarJson from "../../config/registrar.json";
import { normaliseRdapDomain } from "../../core/whois";
import { jsonPath, rdapDomainValidator } from "../../tests/support/rdap-conformance";
import { ownRdapDomain, REGISTRAR, telUri, type UserDomainRow } from "./own-rdap";

interface Link {
  value: string;
  rel: string;
  href: string;
}
interface Entity {
  roles: string[];
  handle?: string;
  publicIds?: { type: string; identifier: string }[];
  links?: Link[];
  vcardArray: ["vcard", [string, Record<string, unknown>, string, unknown][]];
  entities?: Entity[];
}
interface Answer {
  rdapConformance: string[];
  handle: string;
  status: string[];
  links: Link[];
  notices: { title: string; links: Link[] }[];
  events: { eventAction: string }[];
  entities: Entity[];
  unicodeName?: string;
  redacted: { name: { type: string }; prePath?: string; postPath?: string; method: string }[];
}

function answer(domain: UserDomainRow, now: Date, queryUrl?: string): Answer {
  return ownRdapDomain(domain, now, { queryUrl }) as unknown as Answer;
}

function row(overrides: Partial<UserDomainRow> = {}): UserDomainRow {
  return {
    name: "xn--bcher-kva.com",
    unicode: "bücher.com",
    status: "active",
    registered_at: "2025-01-15T08:00:00.000Z",
    expires_at: "2027-01-15T08:00:00.000Z",
    locked: 1,
    whois_privacy: 1,
    dnssec: 1,
    nameservers: '["ns1.trinity.example","ns2.trinity.example"]',
    updated_at: "2026-11-20T10:00:00.000Z",
    organization: "Yılmaz Ltd",
    first_name: "Ada",
    last_name: "Yılmaz",
    email: "ada@example.test",
    phone: "+33 1 23 45 67 89",
    country: "tr",
    ...overrides,
  };
}

/** The URL a client sends for a typed name (a U-label goes out percent-encoded). */
function queried(spelling: string): string {
  return new URL(`https://shop.test/rdap/domain/${spelling}`).toString();
}

const CANONICAL = "https://shop.test/rdap/domain/xn--bcher-kva.com";

/** Every link of the answer except the registrar's "about" one (whose value is its base URL). */
function answerLinks(body: Answer): Link[] {
  return [...body.links, ...body.notices.flatMap((notice) => notice.links)];
}

function registrarOf(body: Answer): Entity {
  const registrar = body.entities.find((entity) => entity.roles.includes("registrar"));
  if (!registrar) throw new Error("no registrar entity");
  return registrar;
}

function registrantOf(body: Answer): Entity {
  const registrant = body.entities.find((entity) => entity.roles.includes("registrant"));
  if (!registrant) throw new Error("no registrant entity");
  return registrant;
}

describe("our RDAP service (ICANN gTLD RDAP profile)", () => {
  const validate = rdapDomainValidator();
  const now = new Date("2026-11-25T12:00:00.000Z");
  const spellings = [
    ["A-label", "xn--bcher-kva.com"],
    ["upper case", "XN--BCHER-KVA.COM"],
    ["trailing dot", "xn--bcher-kva.com."],
    ["U-label", "bücher.com"],
    ["upper-case U-label with a trailing dot", "BÜCHER.COM."],
  ] as const;
  const cases = [true, false].flatMap((privacy) =>
    [true, false].flatMap((delegated) =>
      spellings.map(
        ([label, spelling]) =>
          [
            `privacy ${privacy ? "on" : "off"}, ${delegated ? "with" : "without"} nameservers, ${label} query`,
            row({ whois_privacy: privacy ? 1 : 0, nameservers: delegated ? '["ns1.trinity.example"]' : "[]" }),
            queried(spelling),
          ] as const,
      ),
    ),
  );

  it.each(cases)("validates against the conformance tool's schemas: %s", (_label, domain, queryUrl) => {
    // The schemas predate RFC 9537: its registered `redacted` member is checked on its own below.
    expect(validate(ownRdapDomain(domain, now, { queryUrl }))).toEqual([]);
  });

  it.each(cases)("names the query in every link value, the canonical URL in href: %s", (_label, domain, queryUrl) => {
    const body = answer(domain, now, queryUrl);
    const links = answerLinks(body);
    expect(links.map((link) => link.rel)).toEqual(["self", "terms-of-service", "glossary", "help"]);
    for (const link of links) expect(link.value).toBe(queryUrl);
    expect(body.links[0]!.href).toBe(CANONICAL);
    expect(body.notices.map((notice) => notice.links[0]!.href)).toEqual([
      "https://trinity.example/terms",
      "https://icann.org/epp",
      "https://icann.org/wicf",
    ]);
  });

  it.each(cases)("redacts by RFC 9537 with paths that resolve as their method says: %s", (_label, domain, queryUrl) => {
    const body = answer(domain, now, queryUrl);
    expect(body.rdapConformance).toContain("redacted");
    for (const redaction of body.redacted) {
      if (redaction.method === "removal") {
        expect(redaction.prePath, redaction.name.type).toBeDefined();
        expect(jsonPath(body, redaction.prePath!), redaction.name.type).toEqual([]);
      } else {
        expect(redaction.method).toBe("emptyValue");
        const found = jsonPath(body, redaction.postPath!);
        expect(found.length, redaction.name.type).toBeGreaterThan(0);
        for (const value of found) expect(value, redaction.name.type).toBe("");
      }
    }
    // The street, city and postal code are never published, privacy on or off, and never as a bare "".
    const types = body.redacted.map((redaction) => redaction.name.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "Registry Registrant ID",
        "Registrant Street",
        "Registrant City",
        "Registrant Postal Code",
      ]),
    );
    const adr = registrantOf(body).vcardArray[1].find((property) => property[0] === "adr");
    expect(adr?.[1]).toEqual({ cc: "TR" });
    expect(new Set(types).size).toBe(types.length);
  });

  it.each(cases)(
    "writes phones as RFC 3966 tel: URIs and marks a name without nameservers inactive: %s",
    (_l, domain) => {
      const body = answer(domain, now);
      const tels = [
        ...registrantOf(body).vcardArray[1],
        ...registrarOf(body).entities!.flatMap((entity) => entity.vcardArray[1]),
      ].filter((property) => property[0] === "tel");
      expect(tels.length).toBe(domain.whois_privacy === 1 ? 1 : 2);
      for (const tel of tels) {
        expect(tel[1]).toEqual({ type: "voice" });
        expect(tel[2]).toBe("uri");
        expect(tel[3]).toMatch(/^tel:\+\d+(-\d+)*(;ext=\d+)?$/u);
      }
      expect(body.status.includes("inactive")).toBe(domain.nameservers === "[]");
    },
  );

  it("publishes the registrant with privacy off, phone in the tel: style, and withholds only the address lines", () => {
    const body = answer(row({ whois_privacy: 0 }), now, queried("bücher.com"));
    expect(registrantOf(body).vcardArray[1]).toEqual([
      ["version", {}, "text", "4.0"],
      ["fn", {}, "text", "Ada Yılmaz"],
      ["org", {}, "text", "Yılmaz Ltd"],
      ["adr", { cc: "TR" }, "text", ["", "", "", "", "", "", ""]],
      ["tel", { type: "voice" }, "uri", "tel:+33-1-23-45-67-89"],
      ["email", {}, "text", "ada@example.test"],
    ]);
    expect(body.redacted.map((redaction) => redaction.name.type)).toEqual([
      "Registry Registrant ID",
      "Registrant Street",
      "Registrant City",
      "Registrant Postal Code",
    ]);
  });

  it("lists what it leaves out with privacy off: no organization, a number without its country code", () => {
    const body = answer(row({ whois_privacy: 0, organization: null, phone: "0212 555 01 02", email: null }), now);
    const properties = registrantOf(body).vcardArray[1].map((property) => property[0]);
    expect(properties).toEqual(["version", "fn", "adr"]);
    expect(body.redacted.map((redaction) => redaction.name.type)).toEqual(
      expect.arrayContaining(["Registrant Organization", "Registrant Phone", "Registrant Email"]),
    );
  });

  it("withholds the registrant's personal data with privacy on", () => {
    const body = answer(row(), now, queried("bücher.com"));
    expect(registrantOf(body).vcardArray[1]).toEqual([
      ["version", {}, "text", "4.0"],
      ["fn", {}, "text", ""],
      ["adr", { cc: "TR" }, "text", ["", "", "", "", "", "", ""]],
    ]);
    expect(body.redacted.map((redaction) => redaction.name.type)).toEqual([
      "Registry Registrant ID",
      "Registrant Name",
      "Registrant Organization",
      "Registrant Street",
      "Registrant City",
      "Registrant Postal Code",
      "Registrant Phone",
      "Registrant Email",
    ]);
    const text = JSON.stringify(body);
    for (const secret of ["ada@example.test", "Yılmaz", "23-45"]) expect(text).not.toContain(secret);
  });

  it("takes the registrar from config/registrar.json: IANA id, ROID suffix, RDAP base URL, abuse contact", () => {
    expect(REGISTRAR).toEqual(registrarJson);
    const body = answer(row(), now, queried("bücher.com"));
    expect(body.handle).toBe(`XN__BCHER_KVA_COM-${registrarJson.roidSuffix}`);
    expect(body.handle).toMatch(/^(\w|_){1,80}-\w{1,8}$/u);
    const registrar = registrarOf(body);
    expect(registrar.handle).toBe(registrarJson.ianaId);
    expect(registrar.publicIds).toEqual([{ type: "IANA Registrar ID", identifier: registrarJson.ianaId }]);
    expect(registrar.vcardArray[1]).toContainEqual(["fn", {}, "text", registrarJson.name]);
    // RP 2.4.6 (-47700…-47703): one "about" link, value the registrar's RDAP base URL, href https.
    expect(registrar.links).toEqual([
      { value: registrarJson.rdapBaseUrl, rel: "about", href: registrarJson.url, type: "text/html" },
    ]);
    expect(new URL(registrar.links![0]!.href).protocol).toBe("https:");
    const abuse = registrar.entities?.find((entity) => entity.roles.includes("abuse"));
    expect(abuse?.vcardArray[1]).toEqual(
      expect.arrayContaining([
        ["tel", { type: "voice" }, "uri", telUri(registrarJson.abusePhone)],
        ["email", {}, "text", registrarJson.abuseEmail],
      ]),
    );
    // Another identity handed in (as the gateway's operator would configure it) is the one published.
    const other = ownRdapDomain(row(), now, {
      registrar: { ...registrarJson, name: "Other", ianaId: "1234", roidSuffix: "OTHER" },
    }) as unknown as Answer;
    expect(other.handle).toBe("XN__BCHER_KVA_COM-OTHER");
    expect(registrarOf(other).publicIds).toEqual([{ type: "IANA Registrar ID", identifier: "1234" }]);
  });

  it("keeps the profile's conformance values, notices, events and statuses", () => {
    const body = answer(row(), now);
    expect(body.rdapConformance).toEqual([
      "rdap_level_0",
      "icann_rdap_technical_implementation_guide_1",
      "icann_rdap_response_profile_1",
      "redacted",
    ]);
    expect(body.notices.map((notice) => notice.title)).toEqual([
      "Terms of Service",
      "Status Codes",
      "RDDS Inaccuracy Complaint Form",
    ]);
    expect(body.events.map((event) => event.eventAction)).toEqual([
      "registration",
      "expiration",
      "registrar expiration",
      "last changed",
      "last update of RDAP database",
    ]);
    expect(body.status).toEqual(["client transfer prohibited", "client delete prohibited", "client update prohibited"]);
    expect(answer(row({ locked: 0 }), now).status).toEqual(["active"]);
    expect(answer(row({ status: "pending_transfer", nameservers: "[]" }), now).status).toEqual([
      "pending transfer",
      "client transfer prohibited",
      "client delete prohibited",
      "client update prohibited",
      "inactive",
    ]);
    expect(body.unicodeName).toBe("bücher.com");
  });

  it("without a query URL (our WHOIS answer), names the configured RDAP base", () => {
    const body = answer(row(), now);
    const expected = `${registrarJson.rdapBaseUrl.replace(/\/?$/u, "/")}domain/xn--bcher-kva.com`;
    for (const link of answerLinks(body)) expect(link.value).toBe(expected);
    expect(body.links[0]!.href).toBe(expected);
  });

  it("names any spelling of the query as sent, and the same canonical href (property)", () => {
    const spelling = fc
      .tuple(
        fc.array(fc.boolean(), { minLength: 17, maxLength: 17 }),
        fc.constantFrom("xn--bcher-kva.com", "bücher.com"),
        fc.boolean(),
      )
      .map(([upper, name, dot]) => {
        const cased = [...name].map((char, at) => (upper[at] ? char.toUpperCase() : char)).join("");
        return `${cased}${dot ? "." : ""}`;
      });
    const origin = fc.constantFrom("https://shop.test", "https://trinity.example", "http://localhost:5173");
    fc.assert(
      fc.property(origin, spelling, fc.boolean(), (base, name, viaApi) => {
        const queryUrl = new URL(`${base}${viaApi ? "/api/v1" : ""}/rdap/domain/${name}`).toString();
        const body = answer(row(), now, queryUrl);
        for (const link of answerLinks(body)) expect(link.value).toBe(queryUrl);
        expect(body.links[0]!.href).toBe(`${base}${viaApi ? "/api/v1" : ""}/rdap/domain/xn--bcher-kva.com`);
      }),
    );
  });

  it("reads back through the WHOIS normaliser", () => {
    const result = normaliseRdapDomain(ownRdapDomain(row({ whois_privacy: 0 }), now), {
      domain: "xn--bcher-kva.com",
      unicode: "bücher.com",
      server: null,
      fetchedAt: now.toISOString(),
    });
    expect(result.registrant).toEqual({
      organization: "Yılmaz Ltd",
      name: "Ada Yılmaz",
      email: "ada@example.test",
      phone: "+33-1-23-45-67-89",
      country: "TR",
    });
    expect(result.dnssec).toBe(false);
  });
});

describe("telUri (RFC 3966 global numbers)", () => {
  it.each([
    ["+33 1 23 45 67 89", "tel:+33-1-23-45-67-89"],
    ["+90.5551234567", "tel:+90-5551234567"],
    ["+1.5555550100", "tel:+1-5555550100"],
    ["+1 (555) 555-0100", "tel:+1-555-555-0100"],
    ["+44 20 7946 0958 ext. 12", "tel:+44-20-7946-0958;ext=12"],
    [" +49/30 1234567 ", "tel:+49-30-1234567"],
  ])("%s → %s", (phone, uri) => {
    expect(telUri(phone)).toBe(uri);
  });

  it.each(["0212 555 01 02", "", "+", "+12", "+1234567890123456", "+33 1 23 45 67 89 abc", "tel:+33123"])(
    "%s is not a global number: null",
    (phone) => {
      expect(telUri(phone)).toBeNull();
    },
  );
});
