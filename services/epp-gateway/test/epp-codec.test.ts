// The EPP codec: every command the gateway builds is valid against the IANA schemas (xmllint),
// and what registries answer (RFC examples, the .dk registry's own messages) reads into the
// contract's shapes. Refusals: not XML, a DOCTYPE, a truncated document, a foreign root.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildXml, EppBuildError } from "../src/epp/build";
import { EppParseError, parseGreeting, parseResponse } from "../src/epp/parse";
import type { EppCommand } from "../src/types";
import { validateEpp } from "./support/xsd";

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
