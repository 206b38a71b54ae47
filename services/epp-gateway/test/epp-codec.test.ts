// The EPP codec: every command the gateway builds is valid against the IANA schemas (xmllint),
// and what registries answer (RFC examples, the .dk registry's own messages) reads into the
// contract's shapes. Refusals: not XML, a DOCTYPE, a truncated document, a foreign root.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildXml, EppBuildError, escapeAttribute, escapeText } from "../src/epp/build";
import { EppParseError, parseGreeting, parseResponse } from "../src/epp/parse";
import type { ContactData, DsData, EppCommand, RgpReport } from "../src/types";
import { EPP_SCHEMA_WITH_FEE, validateEpp } from "./support/xsd";

const DK = new URL("../../../../shared/fixtures/epp/examples-dk/", import.meta.url);
const dk = (file: string) => readFileSync(new URL(file, DK), "utf8");

const OBJ_URIS = [
  "urn:ietf:params:xml:ns:domain-1.0",
  "urn:ietf:params:xml:ns:contact-1.0",
  "urn:ietf:params:xml:ns:host-1.0",
];
const EXT_URIS = ["urn:ietf:params:xml:ns:secDNS-1.1", "urn:ietf:params:xml:ns:rgp-1.0"];

/** An EPP response around `inner` (the parts between <response> and <trID>). */
function response(inner: string, code = 1000, msg = "Command completed successfully"): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="${code}"><msg>${msg}</msg></result>` +
    `${inner}<trID><clTRID>ABC-12345</clTRID><svTRID>54321-XYZ</svTRID></trID></response></epp>`
  );
}

// RFC 5730 §2.4's greeting, as a registry that also offers secDNS-1.1 and rgp-1.0 sends it.
const GREETING = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">
  <greeting>
    <svID>Example EPP server epp.example.com</svID>
    <svDate>2000-06-08T22:00:00.0Z</svDate>
    <svcMenu>
      <version>1.0</version>
      <lang>en</lang>
      <lang>da</lang>
      <objURI>urn:ietf:params:xml:ns:domain-1.0</objURI>
      <objURI>urn:ietf:params:xml:ns:contact-1.0</objURI>
      <objURI>urn:ietf:params:xml:ns:host-1.0</objURI>
      <svcExtension>
        <extURI>urn:ietf:params:xml:ns:secDNS-1.1</extURI>
        <extURI>urn:ietf:params:xml:ns:rgp-1.0</extURI>
      </svcExtension>
    </svcMenu>
    <dcp>
      <access><all/></access>
      <statement>
        <purpose><admin/><prov/></purpose>
        <recipient><ours/><public/></recipient>
        <retention><stated/></retention>
      </statement>
    </dcp>
  </greeting>
</epp>`;

describe("session commands", () => {
  const cases: [string, EppCommand, string | undefined][] = [
    ["hello", { kind: "hello" }, undefined],
    [
      "login with extensions",
      {
        kind: "login",
        clID: "ClientX",
        pw: "foo-BAR2",
        version: "1.0",
        lang: "en",
        objURIs: OBJ_URIS,
        extURIs: EXT_URIS,
      },
      "ABC-12345",
    ],
    [
      "login with a new password, no extensions",
      {
        kind: "login",
        clID: "ClientX",
        pw: "foo-BAR2",
        newPW: "bar-FOO2",
        version: "1.0",
        lang: "en",
        objURIs: OBJ_URIS.slice(0, 1),
        extURIs: [],
      },
      "ABC-12345",
    ],
    ["logout", { kind: "logout" }, "ABC-12346"],
    ["poll req", { kind: "poll", op: "req" }, "ABC-12347"],
    ["poll ack", { kind: "poll", op: "ack", msgID: "12345" }, "ABC-12348"],
  ];
  it.each(cases)("%s is valid EPP", async (_label, command, clTRID) => {
    const xml = buildXml(command, clTRID);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"')).toBe(true);
    expect(await validateEpp(xml)).toEqual([]);
    if (clTRID !== undefined) expect(xml).toContain(`<clTRID>${clTRID}</clTRID>`);
  });

  it("login escapes its credentials and lists the services", async () => {
    const xml = buildXml(
      {
        kind: "login",
        clID: "a&b<c",
        pw: `p"w'<&>x`,
        version: "1.0",
        lang: "en",
        objURIs: OBJ_URIS,
        extURIs: EXT_URIS,
      },
      "T-1",
    );
    expect(await validateEpp(xml)).toEqual([]);
    expect(xml).toContain("<clID>a&amp;b&lt;c</clID>");
    expect(xml).toContain(`<pw>p"w'&lt;&amp;&gt;x</pw>`);
    expect(xml).toContain(
      "<svcExtension><extURI>urn:ietf:params:xml:ns:secDNS-1.1</extURI><extURI>urn:ietf:params:xml:ns:rgp-1.0</extURI></svcExtension>",
    );
    expect(xml).not.toContain("<newPW>");
  });

  it("poll ack carries the message id; the validator catches a broken document", async () => {
    expect(buildXml({ kind: "poll", op: "ack", msgID: "a&b" })).toContain('<poll op="ack" msgID="a&amp;b"/>');
    expect(await validateEpp("<epp/>")).not.toEqual([]);
  });

  it("refuses a character XML cannot carry rather than altering it", () => {
    expect(() =>
      buildXml({
        kind: "login",
        clID: "ClientX",
        pw: "pass\u0000word",
        version: "1.0",
        lang: "en",
        objURIs: OBJ_URIS,
        extURIs: [],
      }),
    ).toThrow(EppBuildError);
  });
});

const DS: DsData[] = [
  { keyTag: 12345, alg: 8, digestType: 2, digest: "49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC1234" },
  { keyTag: 54321, alg: 13, digestType: 1, digest: "2BB183AF5F22588179A53B0A98631FAD1A292118" },
];
const REPORT: RgpReport = {
  preData: "Pre-delete registration data goes here. Both XML and free text are allowed.",
  postData: "Post-restore registration data goes here. Both XML and free text are allowed.",
  delTime: "2003-07-10T22:00:00.0Z",
  resTime: "2003-07-20T22:00:00.0Z",
  resReason: "Registrant error.",
  statements: [
    "This registrar has not restored the Registered Name in order to assume the rights to use or sell the Registered Name for itself or for any third party.",
    "The information in this report is true to best of this registrar's knowledge, and this registrar acknowledges that intentionally supplying false information in this report shall constitute an incurable material breach of the Registry-Registrar Agreement.",
  ],
  other: "Supporting information goes here.",
};
const ASCII_CONTACT: ContactData = {
  name: "John Doe",
  org: "Example Inc.",
  street: ["123 Example Dr.", "Suite 100"],
  city: "Dulles",
  sp: "VA",
  pc: "20166-6503",
  cc: "us",
  voice: "+1.7035555555",
  email: "jdoe@example.com",
};
const DANISH_CONTACT: ContactData = {
  name: "Søren Æbelø",
  street: ["Åboulevarden 1, 2. tv", "c/o <Hansen & Co>", "Bygning 3", "Opgang B"],
  city: "Århus C",
  pc: "8000",
  cc: "DK",
  voice: "+45.12345678",
  email: "soren@example.dk",
};

describe("domain and contact commands", () => {
  const cases: [string, EppCommand][] = [
    ["check", { kind: "domain:check", names: ["example.com", "example.net", "exämple.dk"] }],
    [
      "check with a fee request for no command",
      { kind: "domain:check", names: ["example.com"], fee: { currency: "USD", commands: [] } },
    ],
    ["info", { kind: "domain:info", name: "example.com" }],
    ["info with hosts and authInfo", { kind: "domain:info", name: "example.com", hosts: "none", authInfo: "2fooBAR" }],
    ["create, minimal", { kind: "domain:create", name: "example.com", authInfo: "2fooBAR" }],
    [
      "create with everything",
      {
        kind: "domain:create",
        name: "example.com",
        period: { unit: "y", value: 2 },
        ns: ["ns1.example.net", "ns2.example.net"],
        registrant: "jd1234",
        contacts: [
          { type: "admin", id: "sh8013" },
          { type: "tech", id: "sh8013" },
          { type: "billing", id: "bi1234" },
        ],
        authInfo: "2fooBAR",
        ds: DS,
      },
    ],
    ["create with no hosts and no DS", { kind: "domain:create", name: "example.com", ns: [], ds: [], authInfo: "x" }],
    ["renew", { kind: "domain:renew", name: "example.com", curExpDate: "2000-04-03", period: { unit: "y", value: 5 } }],
    ["renew without a period", { kind: "domain:renew", name: "example.com", curExpDate: "2000-04-03" }],
    [
      "transfer request",
      {
        kind: "domain:transfer",
        op: "request",
        name: "example.com",
        period: { unit: "y", value: 1 },
        authInfo: "2fooBAR",
      },
    ],
    [
      "transfer query with authInfo",
      { kind: "domain:transfer", op: "query", name: "example.com", authInfo: "2fooBAR" },
    ],
    ["transfer approve", { kind: "domain:transfer", op: "approve", name: "example.com" }],
    ["transfer reject", { kind: "domain:transfer", op: "reject", name: "example.com" }],
    ["transfer cancel", { kind: "domain:transfer", op: "cancel", name: "example.com" }],
    ["update: lock", { kind: "domain:update", name: "example.com", add: { status: ["clientTransferProhibited"] } }],
    ["update: unlock", { kind: "domain:update", name: "example.com", rem: { status: ["clientTransferProhibited"] } }],
    [
      "update: add, rem and chg together",
      {
        kind: "domain:update",
        name: "example.com",
        add: { ns: ["ns2.example.com"], status: ["clientHold", "clientUpdateProhibited"] },
        rem: { ns: ["ns1.example.com"], status: ["clientDeleteProhibited"] },
        chg: { registrant: "sh8013", authInfo: "2BARfoo" },
      },
    ],
    ["update: an empty chg", { kind: "domain:update", name: "example.com", chg: {} }],
    ["update: secDNS replace all", { kind: "domain:update", name: "example.com", secDNS: { remAll: true, add: DS } }],
    ["update: secDNS remove all", { kind: "domain:update", name: "example.com", secDNS: { remAll: true } }],
    [
      "update: secDNS remove some",
      { kind: "domain:update", name: "example.com", secDNS: { rem: DS.slice(0, 1), add: DS.slice(1) } },
    ],
    ["update: rgp restore request", { kind: "domain:update", name: "example.com", rgp: { op: "request" } }],
    [
      "update: rgp restore report",
      { kind: "domain:update", name: "example.com", chg: {}, rgp: { op: "report", report: REPORT } },
    ],
    [
      "update: rgp report without other",
      { kind: "domain:update", name: "example.com", rgp: { op: "report", report: { ...REPORT, other: undefined } } },
    ],
    ["delete", { kind: "domain:delete", name: "example.com" }],
    ["contact check", { kind: "contact:check", ids: ["sh8013", "sah8013", "8013sah"] }],
    ["contact info", { kind: "contact:info", id: "sh8013" }],
    ["contact create, ASCII", { kind: "contact:create", id: "sh8013", contact: ASCII_CONTACT, authInfo: "2fooBAR" }],
    ["contact create, Danish", { kind: "contact:create", id: "dk-0001", contact: DANISH_CONTACT, authInfo: "2fooBAR" }],
    [
      "contact create, minimal",
      {
        kind: "contact:create",
        id: "min1",
        contact: { name: "A", street: [], city: "B", cc: "DK", email: "a@b.dk" },
        authInfo: "2fooBAR",
      },
    ],
  ];
  it.each(cases)("%s is valid EPP", async (_label, command) => {
    expect(await validateEpp(buildXml(command, "ABC-12345"))).toEqual([]);
    expect(await validateEpp(buildXml(command))).toEqual([]);
  });

  it("check with the fee extension is valid EPP with fee-1.0 (and carries currency and commands)", async () => {
    const xml = buildXml(
      {
        kind: "domain:check",
        names: ["example.com", "example.xyz"],
        fee: { currency: "USD", commands: ["create", "renew"] },
      },
      "ABC-12345",
    );
    expect(await validateEpp(xml, EPP_SCHEMA_WITH_FEE)).toEqual([]);
    expect(xml).toContain(
      '<extension><fee:check xmlns:fee="urn:ietf:params:xml:ns:epp:fee-1.0"><fee:currency>USD</fee:currency>' +
        '<fee:command name="create"/><fee:command name="renew"/></fee:check></extension>',
    );
    // Without the fee schema the strict <extension> wildcard refuses it: the validator is really checking.
    expect(await validateEpp(xml)).not.toEqual([]);
  });

  it("update writes add, rem, chg in the schema's order and the status as an attribute", () => {
    const xml = buildXml({
      kind: "domain:update",
      name: "example.com",
      chg: { registrant: "sh8013" },
      rem: { status: ["clientHold"] },
      add: { ns: ["ns2.example.com"] },
    });
    expect(xml).toContain(
      "<domain:name>example.com</domain:name>" +
        "<domain:add><domain:ns><domain:hostObj>ns2.example.com</domain:hostObj></domain:ns></domain:add>" +
        '<domain:rem><domain:status s="clientHold"/></domain:rem>' +
        "<domain:chg><domain:registrant>sh8013</domain:registrant></domain:chg>",
    );
  });

  it("a restore request carries an empty chg and the rgp extension (RFC 3915 §4.2.5)", () => {
    const xml = buildXml({ kind: "domain:update", name: "example.com", rgp: { op: "request" } });
    expect(xml).toContain("<domain:name>example.com</domain:name><domain:chg/></domain:update>");
    expect(xml).toContain(
      '<rgp:update xmlns:rgp="urn:ietf:params:xml:ns:rgp-1.0"><rgp:restore op="request"/></rgp:update>',
    );
  });

  it("a DS replacement removes all, then adds", () => {
    const xml = buildXml({ kind: "domain:update", name: "example.com", secDNS: { remAll: true, add: DS.slice(1) } });
    expect(xml).toContain(
      '<secDNS:update xmlns:secDNS="urn:ietf:params:xml:ns:secDNS-1.1"><secDNS:rem><secDNS:all>true</secDNS:all></secDNS:rem>' +
        "<secDNS:add><secDNS:dsData><secDNS:keyTag>54321</secDNS:keyTag><secDNS:alg>13</secDNS:alg>" +
        "<secDNS:digestType>1</secDNS:digestType><secDNS:digest>2BB183AF5F22588179A53B0A98631FAD1A292118</secDNS:digest>" +
        "</secDNS:dsData></secDNS:add></secDNS:update>",
    );
  });

  it("contact postal info is int for ASCII, loc otherwise; streets fit in three lines; text is escaped", () => {
    const ascii = buildXml({ kind: "contact:create", id: "sh8013", contact: ASCII_CONTACT, authInfo: "2fooBAR" });
    expect(ascii).toContain('<contact:postalInfo type="int">');
    expect(ascii).toContain("<contact:cc>US</contact:cc>");
    expect(ascii).toContain("<contact:voice>+1.7035555555</contact:voice>");
    const danish = buildXml({ kind: "contact:create", id: "dk-0001", contact: DANISH_CONTACT, authInfo: "2fooBAR" });
    expect(danish).toContain('<contact:postalInfo type="loc">');
    expect(danish).not.toContain('type="int"');
    expect(danish).toContain("<contact:street>c/o &lt;Hansen &amp; Co&gt;</contact:street>");
    expect(danish).toContain("<contact:street>Bygning 3, Opgang B</contact:street>");
    expect(danish.match(/<contact:street>/g)).toHaveLength(3);
  });

  it("refuses a phone number that is not +CC.NUMBER", () => {
    expect(() =>
      buildXml({
        kind: "contact:create",
        id: "sh8013",
        contact: { ...ASCII_CONTACT, voice: "0703 555 5555" },
        authInfo: "2fooBAR",
      }),
    ).toThrow(EppBuildError);
  });
});

describe("greeting", () => {
  it("reads the server's offer", () => {
    expect(parseGreeting(GREETING)).toEqual({
      svID: "Example EPP server epp.example.com",
      svDate: "2000-06-08T22:00:00.0Z",
      versions: ["1.0"],
      langs: ["en", "da"],
      objURIs: OBJ_URIS,
      extURIs: EXT_URIS,
    });
  });

  it("a greeting is not a response, and a response is not a greeting", () => {
    expect(() => parseResponse(GREETING)).toThrow(EppParseError);
    expect(() => parseGreeting(response(""))).toThrow(/greeting/);
  });
});

describe("response envelope", () => {
  it("reads result, trID and the message queue", () => {
    const xml = response(
      `<msgQ count="5" id="12345"><qDate>2000-06-08T22:00:00.0Z</qDate><msg>Transfer requested.</msg></msgQ>`,
      1301,
      "Command completed successfully; ack to dequeue",
    );
    expect(parseResponse(xml)).toEqual({
      result: { code: 1301, msg: "Command completed successfully; ack to dequeue" },
      trID: { clTRID: "ABC-12345", svTRID: "54321-XYZ" },
      msgQ: { count: 5, id: "12345", qDate: "2000-06-08T22:00:00.0Z", msg: "Transfer requested." },
    });
  });

  it("an empty queue (1300) has no msgQ; a poll ack answer has count and id only", () => {
    expect(parseResponse(response("", 1300, "Command completed successfully; no messages")).msgQ).toBeUndefined();
    expect(parseResponse(response(`<msgQ count="4" id="12345"/>`)).msgQ).toEqual({ count: 4, id: "12345" });
  });

  it("the reason is the first extValue reason, else the value's text", () => {
    const withReason =
      `<?xml version="1.0"?><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response>` +
      `<result code="2004"><msg>Parameter value range error</msg>` +
      `<value><domain:period xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">11</domain:period></value>` +
      `<extValue><value><domain:period xmlns:domain="urn:ietf:params:xml:ns:domain-1.0" unit="y">11</domain:period></value>` +
      `<reason>Period exceeds the maximum of 10 years</reason></extValue>` +
      `<extValue><value><x/></value><reason>second</reason></extValue></result>` +
      `<trID><svTRID>54322-XYZ</svTRID></trID></response></epp>`;
    expect(parseResponse(withReason).result).toEqual({
      code: 2004,
      msg: "Parameter value range error",
      reason: "Period exceeds the maximum of 10 years",
    });
    const valueOnly = response("", 2005, "Parameter value syntax error").replace(
      "</msg></result>",
      `</msg><value><domain:name xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">-bad-.example</domain:name></value></result>`,
    );
    expect(parseResponse(valueOnly).result).toEqual({
      code: 2005,
      msg: "Parameter value syntax error",
      reason: "-bad-.example",
    });
  });

  it("decodes the five XML entities, character references and CDATA; keeps non-ASCII", () => {
    const xml = response("", 2306, "Fejl: &lt;navn&gt; &amp; &quot;æøå&quot; &#233;&#x1F600; <![CDATA[<raw & kept>]]>");
    expect(parseResponse(xml).result.msg).toBe(`Fejl: <navn> & "æøå" é😀 <raw & kept>`);
  });

  it("any prefix for the EPP namespace is the EPP namespace", () => {
    const prefixed =
      `<e:epp xmlns:e="urn:ietf:params:xml:ns:epp-1.0"><e:response><e:result code="1000"><e:msg>ok</e:msg></e:result>` +
      `<e:trID><e:svTRID>sv-1</e:svTRID></e:trID></e:response></e:epp>`;
    expect(parseResponse(prefixed)).toEqual({ result: { code: 1000, msg: "ok" }, trID: { svTRID: "sv-1" } });
  });
});

const DOMAIN = 'xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"';
const CONTACT = 'xmlns:contact="urn:ietf:params:xml:ns:contact-1.0"';

// Answers modelled on the RFCs' examples (RFC 5731 §3, RFC 5733 §3, RFC 8748 §3.1.1, RFC 3915 §4).
const ANSWERS = {
  check: response(
    `<resData><domain:chkData ${DOMAIN}>` +
      `<domain:cd><domain:name avail="1">example.com</domain:name></domain:cd>` +
      `<domain:cd><domain:name avail="0">example.net</domain:name><domain:reason>In use</domain:reason></domain:cd>` +
      `<domain:cd><domain:name avail="true">premium.xyz</domain:name></domain:cd>` +
      `<domain:cd><domain:name avail="false">reserved.xyz</domain:name><domain:reason lang="en">Reserved by policy</domain:reason></domain:cd>` +
      `</domain:chkData></resData>` +
      `<extension><fee:chkData xmlns:fee="urn:ietf:params:xml:ns:epp:fee-1.0"><fee:currency>USD</fee:currency>` +
      `<fee:cd avail="1"><fee:objID>example.com</fee:objID><fee:class>standard</fee:class>` +
      `<fee:command name="create" standard="1"><fee:period unit="y">1</fee:period><fee:fee description="Registration Fee" refundable="1" grace-period="P5D">10.00</fee:fee></fee:command>` +
      `<fee:command name="renew" standard="1"><fee:period unit="y">1</fee:period><fee:fee description="Renewal Fee">10.00</fee:fee></fee:command></fee:cd>` +
      `<fee:cd avail="1"><fee:objID>Premium.XYZ</fee:objID><fee:class>Premium-Tier1</fee:class>` +
      `<fee:command name="create"><fee:period unit="y">1</fee:period><fee:fee description="Registration Fee">1000.00</fee:fee><fee:fee description="Application Fee">0.5</fee:fee></fee:command>` +
      `<fee:command name="renew"><fee:period unit="y">1</fee:period><fee:fee>100.00</fee:fee></fee:command></fee:cd>` +
      `<fee:cd avail="0"><fee:objID>reserved.xyz</fee:objID><fee:reason>Not for sale</fee:reason></fee:cd>` +
      `</fee:chkData></extension>`,
  ),
  create: response(
    `<resData><domain:creData ${DOMAIN}><domain:name>example.com</domain:name>` +
      `<domain:crDate>1999-04-03T22:00:00.0Z</domain:crDate><domain:exDate>2001-04-03T22:00:00.0Z</domain:exDate></domain:creData></resData>`,
  ),
  renew: response(
    `<resData><domain:renData ${DOMAIN}><domain:name>example.com</domain:name>` +
      `<domain:exDate>2005-04-03T22:00:00.0Z</domain:exDate></domain:renData></resData>`,
  ),
  transfer: response(
    `<resData><domain:trnData ${DOMAIN}><domain:name>example.com</domain:name><domain:trStatus>pending</domain:trStatus>` +
      `<domain:reID>ClientX</domain:reID><domain:reDate>2000-06-08T22:00:00.0Z</domain:reDate>` +
      `<domain:acID>ClientY</domain:acID><domain:acDate>2000-06-13T22:00:00.0Z</domain:acDate>` +
      `<domain:exDate>2002-09-08T22:00:00.0Z</domain:exDate></domain:trnData></resData>`,
    1001,
    "Command completed successfully; action pending",
  ),
  pollTransfer: response(
    `<msgQ count="5" id="12345"><qDate>2000-06-08T22:00:00.0Z</qDate><msg>Transfer requested.</msg></msgQ>` +
      `<resData><domain:trnData ${DOMAIN}><domain:name>example.com</domain:name><domain:trStatus>pending</domain:trStatus>` +
      `<domain:reID>ClientX</domain:reID><domain:reDate>2000-06-08T22:00:00.0Z</domain:reDate>` +
      `<domain:acID>ClientY</domain:acID><domain:acDate>2000-06-13T22:00:00.0Z</domain:acDate></domain:trnData></resData>`,
    1301,
    "Command completed successfully; ack to dequeue",
  ),
  pollPending: response(
    `<msgQ count="1" id="12346"><qDate>1999-04-04T22:01:00.0Z</qDate><msg lang="en">Pending action completed successfully.</msg></msgQ>` +
      `<resData><domain:panData ${DOMAIN}><domain:name paResult="1">example.com</domain:name>` +
      `<domain:paTRID><clTRID>ABC-12345</clTRID><svTRID>54321-XYZ</svTRID></domain:paTRID>` +
      `<domain:paDate>1999-04-04T22:00:00.0Z</domain:paDate></domain:panData></resData>`,
    1301,
    "Command completed successfully; ack to dequeue",
  ),
  rgpInfo: response(
    `<resData><domain:infData ${DOMAIN}><domain:name>example.com</domain:name><domain:roid>EXAMPLE1-REP</domain:roid>` +
      `<domain:status s="pendingDelete"/><domain:clID>ClientX</domain:clID></domain:infData></resData>` +
      `<extension><rgp:infData xmlns:rgp="urn:ietf:params:xml:ns:rgp-1.0"><rgp:rgpStatus s="redemptionPeriod"/></rgp:infData></extension>`,
  ),
  contactCheck: response(
    `<resData><contact:chkData ${CONTACT}><contact:cd><contact:id avail="1">sh8013</contact:id></contact:cd>` +
      `<contact:cd><contact:id avail="0">sah8013</contact:id><contact:reason>In use</contact:reason></contact:cd>` +
      `</contact:chkData></resData>`,
  ),
  contactInfo: response(
    `<resData><contact:infData ${CONTACT}><contact:id>sh8013</contact:id><contact:roid>SH8013-REP</contact:roid>` +
      `<contact:status s="linked"/><contact:status s="clientDeleteProhibited"/>` +
      `<contact:postalInfo type="int"><contact:name>John Doe</contact:name><contact:org>Example Inc.</contact:org>` +
      `<contact:addr><contact:street>123 Example Dr.</contact:street><contact:street>Suite 100</contact:street>` +
      `<contact:city>Dulles</contact:city><contact:sp>VA</contact:sp><contact:pc>20166-6503</contact:pc><contact:cc>US</contact:cc></contact:addr></contact:postalInfo>` +
      `<contact:voice x="1234">+1.7035555555</contact:voice><contact:fax>+1.7035555556</contact:fax><contact:email>jdoe@example.com</contact:email>` +
      `<contact:clID>ClientY</contact:clID><contact:crID>ClientX</contact:crID><contact:crDate>1999-04-03T22:00:00.0Z</contact:crDate>` +
      `<contact:upID>ClientX</contact:upID><contact:upDate>1999-12-03T09:00:00.0Z</contact:upDate>` +
      `<contact:trDate>2000-04-08T09:00:00.0Z</contact:trDate><contact:authInfo><contact:pw>2fooBAR</contact:pw></contact:authInfo>` +
      `</contact:infData></resData>`,
  ),
  contactCreate: response(
    `<resData><contact:creData ${CONTACT}><contact:id>sh8013</contact:id><contact:crDate>1999-04-03T22:00:00.0Z</contact:crDate></contact:creData></resData>`,
  ),
};

describe("answers into the contract's resData", () => {
  it.each(Object.entries(ANSWERS))("the %s answer used here is valid EPP", async (_label, xml) => {
    expect(await validateEpp(xml, EPP_SCHEMA_WITH_FEE)).toEqual([]);
  });

  it("check: avail as a boolean, the reason, the fee class and amounts per command", () => {
    expect(parseResponse(ANSWERS.check).resData).toEqual({
      cd: [
        {
          name: "example.com",
          avail: true,
          fee: { class: "standard", currency: "USD", create: "10.00", renew: "10.00" },
        },
        { name: "example.net", avail: false, reason: "In use" },
        {
          name: "premium.xyz",
          avail: true,
          fee: { class: "premium", currency: "USD", create: "1000.50", renew: "100.00" },
        },
        { name: "reserved.xyz", avail: false, reason: "Reserved by policy" },
      ],
    });
  });

  it("create, renew, transfer", () => {
    expect(parseResponse(ANSWERS.create).resData).toEqual({
      name: "example.com",
      crDate: "1999-04-03T22:00:00.0Z",
      exDate: "2001-04-03T22:00:00.0Z",
    });
    expect(parseResponse(ANSWERS.renew).resData).toEqual({ name: "example.com", exDate: "2005-04-03T22:00:00.0Z" });
    const transfer = parseResponse(ANSWERS.transfer);
    expect(transfer.result).toEqual({ code: 1001, msg: "Command completed successfully; action pending" });
    expect(transfer.resData).toEqual({
      name: "example.com",
      trStatus: "pending",
      reID: "ClientX",
      reDate: "2000-06-08T22:00:00.0Z",
      acID: "ClientY",
      acDate: "2000-06-13T22:00:00.0Z",
      exDate: "2002-09-08T22:00:00.0Z",
    });
  });

  it("poll messages carry their data: a transfer notice, a pending-action notice", () => {
    const transfer = parseResponse(ANSWERS.pollTransfer);
    expect(transfer.msgQ).toEqual({
      count: 5,
      id: "12345",
      qDate: "2000-06-08T22:00:00.0Z",
      msg: "Transfer requested.",
    });
    expect(transfer.resData).toEqual({
      name: "example.com",
      trStatus: "pending",
      reID: "ClientX",
      reDate: "2000-06-08T22:00:00.0Z",
      acID: "ClientY",
      acDate: "2000-06-13T22:00:00.0Z",
    });
    const pending = parseResponse(ANSWERS.pollPending);
    expect(pending.msgQ?.msg).toBe("Pending action completed successfully.");
    expect(pending.resData).toEqual({
      pan: {
        name: "example.com",
        paResult: true,
        paTRID: { clTRID: "ABC-12345", svTRID: "54321-XYZ" },
        paDate: "1999-04-04T22:00:00.0Z",
      },
    });
  });

  it("info: rgpStatus from the rgp-1.0 extension; no ns is an empty list", () => {
    expect(parseResponse(ANSWERS.rgpInfo).resData).toEqual({
      name: "example.com",
      roid: "EXAMPLE1-REP",
      status: ["pendingDelete"],
      ns: [],
      clID: "ClientX",
      rgpStatus: ["redemptionPeriod"],
    });
  });

  it("info: hostAttr names are nameservers, and prefixes do not matter (default namespace, odd prefixes)", () => {
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<x:epp xmlns:x="urn:ietf:params:xml:ns:epp-1.0"><x:response><x:result code="1000"><x:msg>OK</x:msg></x:result>` +
      `<x:resData><infData xmlns="urn:ietf:params:xml:ns:domain-1.0"><name>eksempel.dk</name><roid>EKSEMPEL_DK-DK</roid>` +
      `<status s="ok"/><status s="clientTransferProhibited">locked by owner</status><registrant>DKHM1-DK</registrant>` +
      `<ns><hostAttr><hostName>ns1.eksempel.dk</hostName><hostAddr ip="v4">192.0.2.2</hostAddr></hostAttr>` +
      `<hostAttr><hostName>ns2.example.net</hostName></hostAttr></ns>` +
      `<clID>REG-ME</clID><crDate>2020-01-01T00:00:00Z</crDate><exDate>2027-01-31T00:00:00Z</exDate></infData></x:resData>` +
      `<x:extension><s:infData xmlns:s="urn:ietf:params:xml:ns:secDNS-1.1"><s:maxSigLife>604800</s:maxSigLife>` +
      `<s:dsData><s:keyTag>1</s:keyTag><s:alg>13</s:alg><s:digestType>2</s:digestType><s:digest>AB12</s:digest></s:dsData>` +
      `</s:infData></x:extension>` +
      `<x:trID><x:svTRID>sv-77</x:svTRID></x:trID></x:response></x:epp>`;
    expect(parseResponse(xml).resData).toEqual({
      name: "eksempel.dk",
      roid: "EKSEMPEL_DK-DK",
      status: ["ok", "clientTransferProhibited"],
      registrant: "DKHM1-DK",
      ns: ["ns1.eksempel.dk", "ns2.example.net"],
      clID: "REG-ME",
      crDate: "2020-01-01T00:00:00Z",
      exDate: "2027-01-31T00:00:00Z",
      secDNS: { dsData: [{ keyTag: 1, alg: 13, digestType: 2, digest: "AB12" }] },
    });
  });

  it("an element in a foreign namespace is not read as EPP's, whatever its prefix", () => {
    const xml = ANSWERS.renew.replace(
      `<resData><domain:renData ${DOMAIN}>`,
      `<resData><domain:renData xmlns:domain="urn:example:other">`,
    );
    expect(parseResponse(xml).resData).toBeUndefined();
  });

  it("contact check, info, create", () => {
    expect(parseResponse(ANSWERS.contactCheck).resData).toEqual({
      cd: [
        { id: "sh8013", avail: true },
        { id: "sah8013", avail: false, reason: "In use" },
      ],
    });
    expect(parseResponse(ANSWERS.contactInfo).resData).toEqual({
      id: "sh8013",
      roid: "SH8013-REP",
      status: ["linked", "clientDeleteProhibited"],
      postalInfo: [
        {
          type: "int",
          name: "John Doe",
          org: "Example Inc.",
          street: ["123 Example Dr.", "Suite 100"],
          city: "Dulles",
          sp: "VA",
          pc: "20166-6503",
          cc: "US",
        },
      ],
      voice: "+1.7035555555",
      fax: "+1.7035555556",
      email: "jdoe@example.com",
      clID: "ClientY",
      crID: "ClientX",
      crDate: "1999-04-03T22:00:00.0Z",
      upDate: "1999-12-03T09:00:00.0Z",
      trDate: "2000-04-08T09:00:00.0Z",
      authInfo: { pw: "2fooBAR" },
    });
    expect(parseResponse(ANSWERS.contactCreate).resData).toEqual({ id: "sh8013", crDate: "1999-04-03T22:00:00.0Z" });
  });
});

describe("refusals", () => {
  const refused: [string, string][] = [
    ["not XML", "HTTP/1.1 502 Bad Gateway"],
    ["empty", ""],
    ["JSON", '{"result":{"code":1000}}'],
    ["truncated", response("").slice(0, 120)],
    ["a foreign root", `<html xmlns="http://www.w3.org/1999/xhtml"><body>hi</body></html>`],
    ["epp in no namespace", `<epp><response><result code="1000"><msg>x</msg></result></response></epp>`],
    [
      "no result",
      `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><trID><svTRID>abc</svTRID></trID></response></epp>`,
    ],
    ["a result code that is not EPP's", response("", 1000).replace('code="1000"', 'code="200"')],
    [
      "a DOCTYPE with entities",
      `<?xml version="1.0"?><!DOCTYPE epp [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>` +
        response("", 1000, "&b;").replace(/^<\?xml[^>]*\?>/, ""),
    ],
    ["an undeclared entity", response("", 1000, "&nbsp;")],
    ["an entity named like an object property", response("", 1000, "&constructor;")],
    ["a control character XML 1.0 does not allow", response("", 1000, "bell \u0007")],
    ["a character reference to one", response("", 1000, "bell &#7;")],
    [
      "an undeclared prefix",
      response("", 1000).replace("<response>", "<x:response>").replace("</response>", "</x:response>"),
    ],
    ["two roots", response("") + response("")],
  ];
  it.each(refused)("%s → EppParseError", (_label, input) => {
    expect(() => parseResponse(input)).toThrow(EppParseError);
    expect(() => parseGreeting(input)).toThrow(EppParseError);
  });
});

describe("the .dk registry's messages", () => {
  it("its commands validate", async () => {
    expect(await validateEpp(dk("info_domain.xml"))).toEqual([]);
    expect(await validateEpp(dk("update_domain_change_nameserver.xml"))).toEqual([]);
  });

  it("info response → the info shape", () => {
    expect(parseResponse(dk("info_domain_response.xml"))).toEqual({
      result: { code: 1000, msg: "Command completed successfully" },
      trID: { clTRID: "ABC-12345", svTRID: "54322-XYZ" },
      resData: {
        name: "example.com",
        roid: "EXAMPLE1-REP",
        status: ["ok"],
        registrant: "jd1234",
        contacts: [
          { type: "admin", id: "sh8013" },
          { type: "tech", id: "sh8013" },
        ],
        ns: ["ns1.example.com", "ns1.example.net"],
        hosts: ["ns1.example.com", "ns2.example.com"],
        clID: "ClientX",
        crID: "ClientY",
        crDate: "1999-04-03T22:00:00.0Z",
        upDate: "1999-12-03T09:00:00.0Z",
        exDate: "2005-04-03T22:00:00.0Z",
        trDate: "2000-04-08T09:00:00.0Z",
        authInfo: { pw: "USER1-DK-098f6bcd4621d373cade4e832627b4f6" },
      },
    });
  });

  it("secDNS-1.1 info → secDNS.dsData beside the info", () => {
    const { resData } = parseResponse(dk("dnssec-1.1.xml"));
    expect(resData?.secDNS).toEqual({
      dsData: [{ keyTag: 12345, alg: 3, digestType: 1, digest: "49FD46E6C4B45C55D4AC" }],
    });
    expect(resData?.ns).toEqual(["ns1.example.com", "ns2.example.com"]);
    expect(resData?.authInfo).toEqual({ pw: "2fooBAR" });
  });

  it("the RGP update response → rgpStatus", () => {
    expect(parseResponse(dk("rgp-response.xml"))).toEqual({
      result: { code: 1000, msg: "Command completed successfully" },
      trID: { clTRID: "ABC-12345", svTRID: "54321-XYZ" },
      resData: { rgpStatus: ["pendingRestore"] },
    });
  });
});

// --- properties --------------------------------------------------------------------------------------

/** Pieces that break naive XML writers, non-ASCII from several scripts, and ordinary text. */
const piece = fc.oneof(
  fc.constantFrom("<", ">", "&", '"', "'", "]]>", "<!--", "&amp;", "&#x41;", "&nbsp;", "\r\n", "\t", " ", "\n"),
  fc.constantFrom("æ", "ø", "Å", "é", "ß", "ü", "中文", "😀", "\u00a0", "\u200b", "عربي", "Ωμέγα", "\uFFFD"),
  fc.string({ minLength: 1, maxLength: 4 }),
);
const anyText = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(""));
const XML_WS = /^[ \t\n\r]+|[ \t\n\r]+$/g;
const xmlTrim = (value: string) => value.replace(XML_WS, "");
/** XML Schema's token length: whitespace collapsed, counted in characters (code points). */
const tokenLength = (value: string) => [...value.replace(/[ \t\n\r]+/g, " ").replace(/^ | $/g, "")].length;
const token = (min: number, max: number) =>
  fc
    .array(piece, { minLength: 1, maxLength: max })
    .map((parts) => parts.join(""))
    .filter((value) => tokenLength(value) >= min && tokenLength(value) <= max);
/** A token with no XML whitespace at its ends: what a reader gives back unchanged. */
const trimmedToken = (min: number, max: number) => token(min, max).filter((value) => xmlTrim(value) === value);
const postalLine = anyText.filter((value) => [...value].length >= 1 && [...value].length <= 255);
const hex = fc.stringMatching(/^([0-9A-F]{2}){1,32}$/);
const dsArb: fc.Arbitrary<DsData> = fc.record({
  keyTag: fc.integer({ min: 0, max: 65535 }),
  alg: fc.integer({ min: 0, max: 255 }),
  digestType: fc.integer({ min: 0, max: 255 }),
  digest: hex,
});
const RUNS = { numRuns: 40 };

describe("properties", () => {
  it("domain create and update with any names and texts build schema-valid EPP", async () => {
    await fc.assert(
      fc.asyncProperty(
        token(1, 60),
        fc.array(token(1, 60), { maxLength: 3 }),
        token(3, 16),
        anyText,
        fc.array(dsArb, { maxLength: 2 }),
        fc.record({
          preData: anyText,
          postData: anyText,
          resReason: anyText,
          s1: anyText,
          s2: anyText,
          other: anyText,
        }),
        async (name, ns, registrant, pw, ds, report) => {
          const create = buildXml({ kind: "domain:create", name, ns, registrant, authInfo: pw, ds }, "ABC-12345");
          expect(await validateEpp(create)).toEqual([]);
          const update = buildXml({
            kind: "domain:update",
            name,
            add: { ns },
            chg: { registrant, authInfo: pw },
            secDNS: { remAll: true, add: ds },
            rgp: {
              op: "report",
              report: { ...REPORT, ...report, statements: [report.s1, report.s2] },
            },
          });
          expect(await validateEpp(update)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("contact create and login with any texts build schema-valid EPP", async () => {
    await fc.assert(
      fc.asyncProperty(
        token(3, 16),
        fc.record({
          name: postalLine,
          org: fc.option(anyText, { nil: undefined }),
          street: fc.array(anyText, { maxLength: 4 }),
          city: postalLine,
          sp: fc.option(anyText, { nil: undefined }),
          pc: fc.option(token(0, 16), { nil: undefined }),
          cc: fc.stringMatching(/^[A-Za-z]{2}$/),
          voice: fc.option(fc.stringMatching(/^\+[0-9]{1,3}\.[0-9]{1,14}$/), { nil: undefined }),
          email: token(1, 80),
        }),
        anyText,
        token(8, 64),
        async (id, contact, authInfo, password) => {
          const create = buildXml({ kind: "contact:create", id, contact, authInfo }, "ABC-12345");
          expect(await validateEpp(create)).toEqual([]);
          const ascii = /^[\x20-\x7e\t\n\r]*$/;
          const all = [
            contact.name,
            contact.org ?? "",
            ...contact.street,
            contact.city,
            contact.sp ?? "",
            contact.pc ?? "",
          ];
          expect(create).toContain(
            `<contact:postalInfo type="${all.every((field) => ascii.test(field)) ? "int" : "loc"}">`,
          );
          const login = buildXml({
            kind: "login",
            clID: id,
            pw: password,
            newPW: password,
            version: "1.0",
            lang: "en",
            objURIs: OBJ_URIS,
            extURIs: EXT_URIS,
          });
          expect(await validateEpp(login)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("a value with a character XML cannot carry is refused; any other value builds valid XML", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 20 }), async (pw) => {
        const representable = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u.test(pw);
        const build = () => buildXml({ kind: "domain:create", name: "example.com", authInfo: pw });
        if (!representable) {
          expect(build).toThrow(EppBuildError);
          return;
        }
        expect(await validateEpp(build())).toEqual([]);
      }),
      RUNS,
    );
  });

  it("what the builder writes reads back through the parser unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(
        trimmedToken(1, 60),
        fc.array(trimmedToken(1, 60), { minLength: 1, maxLength: 3 }),
        trimmedToken(3, 16),
        anyText,
        trimmedToken(1, 40),
        anyText,
        async (name, ns, registrant, pw, msgID, msg) => {
          // The command's own serialised elements, moved into an info answer as a registry would echo them.
          const command = buildXml({ kind: "domain:create", name, ns, registrant, authInfo: pw });
          const element = (tag: string) =>
            command.match(new RegExp(`<domain:${tag}>[\\s\\S]*?</domain:${tag}>`))?.[0] ?? "";
          const answer =
            `<?xml version="1.0" encoding="UTF-8"?><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response>` +
            `<result code="1000"><msg>${escapeText(msg)}</msg></result>` +
            `<msgQ count="1" id="${escapeAttribute(msgID)}"/>` +
            `<resData><domain:infData ${DOMAIN}>${element("name")}<domain:roid>EXAMPLE1-REP</domain:roid>` +
            `<domain:status s="ok"/>${element("registrant")}${element("ns")}<domain:clID>ClientX</domain:clID>` +
            `${element("authInfo")}</domain:infData></resData>` +
            `<trID><svTRID>54321-XYZ</svTRID></trID></response></epp>`;
          expect(await validateEpp(answer)).toEqual([]);
          const parsed = parseResponse(answer);
          expect(parsed.result.msg).toBe(xmlTrim(msg));
          expect(parsed.msgQ?.id).toBe(msgID);
          expect(parsed.resData).toEqual({
            name,
            roid: "EXAMPLE1-REP",
            status: ["ok"],
            registrant,
            ns,
            clID: "ClientX",
            authInfo: { pw: xmlTrim(pw) },
          });
        },
      ),
      RUNS,
    );
  });

  it("arbitrary input never crashes the parser: it answers or throws EppParseError", () => {
    const fragments = fc.constantFrom(
      response(""),
      GREETING,
      "<epp>",
      "</epp>",
      '<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">',
      "<response>",
      '<result code="1000">',
      "<msg>",
      "&",
      "&lt;",
      "<![CDATA[",
      "]]>",
      "<!DOCTYPE x>",
      "<?xml version='1.0'?>",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fragments, fc.string({ unit: "binary", maxLength: 8 })), { maxLength: 8 }),
        (parts) => {
          const input = parts.join("");
          for (const read of [parseResponse, parseGreeting]) {
            try {
              read(input);
            } catch (error) {
              expect(error).toBeInstanceOf(EppParseError);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
