// EppCommand → one complete EPP XML document (RFC 5730 §2, RFC 5731 domain, RFC 5733 contact,
// RFC 5910 secDNS-1.1, RFC 3915 rgp-1.0, RFC 8748 fee-1.0). Element order follows the XSDs in
// shared/fixtures/epp/xsd (sequences are ordered; the tests validate every variant against them).
// No pretty-printing: whitespace between elements would only be noise on the wire.
import type { ContactData, DsData, EppCommand, Period, RgpReport } from "../types";

export const NS = {
  epp: "urn:ietf:params:xml:ns:epp-1.0",
  domain: "urn:ietf:params:xml:ns:domain-1.0",
  contact: "urn:ietf:params:xml:ns:contact-1.0",
  host: "urn:ietf:params:xml:ns:host-1.0",
  secDNS: "urn:ietf:params:xml:ns:secDNS-1.1",
  rgp: "urn:ietf:params:xml:ns:rgp-1.0",
  fee: "urn:ietf:params:xml:ns:epp:fee-1.0",
} as const;

/** A command that cannot be written as valid EPP (a character XML cannot carry, a malformed phone number). */
export class EppBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EppBuildError";
  }
}

// XML 1.0 §2.2 Char: no C0 controls but tab/LF/CR, no lone surrogates, no U+FFFE/U+FFFF. These
// cannot be written even as character references, so a value holding one is refused rather than
// silently altered (it may be a password).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function checked(value: string): string {
  const bad = NOT_XML_CHAR.exec(value);
  if (bad !== null) {
    const code = bad[0].codePointAt(0) ?? 0;
    throw new EppBuildError(`U+${code.toString(16).toUpperCase().padStart(4, "0")} cannot be sent in EPP (XML 1.0).`);
  }
  return value;
}

/** Text content: `&`, `<`, `>` (so `]]>` never appears), and CR (a parser would turn a raw CR into LF). */
export function escapeText(value: string): string {
  return checked(value).replace(/[&<>\r]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

/** Attribute values: also quotes, and tab/LF/CR, which attribute-value normalisation would turn into spaces. */
export function escapeAttribute(value: string): string {
  return checked(value).replace(/[&<>"'\t\n\r]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

const TEXT_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

type Attributes = Record<string, string | number | undefined>;

function attributeList(attributes: Attributes | null): string {
  return Object.entries(attributes ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
    .join("");
}

/** One element whose children are already-serialised XML (empty children → `<name/>`). */
function el(name: string, attributes: Attributes | null, ...children: string[]): string {
  const body = children.join("");
  const attrs = attributeList(attributes);
  return body === "" ? `<${name}${attrs}/>` : `<${name}${attrs}>${body}</${name}>`;
}

/** An element holding only text, escaped. */
function leaf(name: string, value: string | number, attributes: Attributes | null = null): string {
  return `<${name}${attributeList(attributes)}>${escapeText(String(value))}</${name}>`;
}

function document(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${el("epp", { xmlns: NS.epp }, body)}`;
}

/** `<command>`: the verb element, the optional `<extension>` (only when it has content), `<clTRID>`. */
function command(verb: string, extensions: string[], clTRID: string | undefined): string {
  const extension = extensions.length > 0 ? el("extension", null, ...extensions) : "";
  const trid = clTRID !== undefined ? leaf("clTRID", clTRID) : "";
  return document(el("command", null, verb, extension, trid));
}

function period(value: Period | undefined, prefix: string): string {
  return value === undefined ? "" : leaf(`${prefix}:period`, value.value, { unit: value.unit });
}

function authInfo(pw: string | undefined, prefix: string): string {
  return pw === undefined ? "" : el(`${prefix}:authInfo`, null, leaf(`${prefix}:pw`, pw));
}

function domainNs(hosts: string[] | undefined): string {
  // nsType needs at least one host: no hosts → no <domain:ns> at all.
  return hosts === undefined || hosts.length === 0
    ? ""
    : el("domain:ns", null, ...hosts.map((host) => leaf("domain:hostObj", host)));
}

function dsData(ds: DsData): string {
  return el(
    "secDNS:dsData",
    null,
    leaf("secDNS:keyTag", ds.keyTag),
    leaf("secDNS:alg", ds.alg),
    leaf("secDNS:digestType", ds.digestType),
    leaf("secDNS:digest", ds.digest),
  );
}

function domainElement(verb: string, ...children: string[]): string {
  return el(`domain:${verb}`, { "xmlns:domain": NS.domain }, ...children);
}

function contactElement(verb: string, ...children: string[]): string {
  return el(`contact:${verb}`, { "xmlns:contact": NS.contact }, ...children);
}

function addRem(tag: "add" | "rem", change: { ns?: string[]; status?: string[] } | undefined): string {
  if (change === undefined) return "";
  const body = domainNs(change.ns) + (change.status ?? []).map((s) => el("domain:status", { s })).join("");
  return body === "" ? "" : el(`domain:${tag}`, null, body);
}

function rgpReport(report: RgpReport): string {
  return el(
    "rgp:report",
    null,
    leaf("rgp:preData", report.preData),
    leaf("rgp:postData", report.postData),
    leaf("rgp:delTime", report.delTime),
    leaf("rgp:resTime", report.resTime),
    leaf("rgp:resReason", report.resReason),
    ...report.statements.map((statement) => leaf("rgp:statement", statement)),
    report.other !== undefined ? leaf("rgp:other", report.other) : "",
  );
}

// RFC 5733 §2.3: "int" postal info is 7-bit ASCII only; anything else goes in the "loc" form.
const ASCII = /^[\x20-\x7e\t\n\r]*$/;

function postalInfo(contact: ContactData): string {
  const fields = [contact.name, contact.org ?? "", ...contact.street, contact.city, contact.sp ?? "", contact.pc ?? ""];
  const type = fields.every((field) => ASCII.test(field)) ? "int" : "loc";
  // addrType allows three street lines: further lines join the third rather than being dropped.
  const street =
    contact.street.length > 3 ? [...contact.street.slice(0, 2), contact.street.slice(2).join(", ")] : contact.street;
  return el(
    "contact:postalInfo",
    { type },
    leaf("contact:name", contact.name),
    contact.org !== undefined ? leaf("contact:org", contact.org) : "",
    el(
      "contact:addr",
      null,
      ...street.map((line) => leaf("contact:street", line)),
      leaf("contact:city", contact.city),
      contact.sp !== undefined ? leaf("contact:sp", contact.sp) : "",
      contact.pc !== undefined ? leaf("contact:pc", contact.pc) : "",
      leaf("contact:cc", contact.cc.toUpperCase()),
    ),
  );
}

/** `+CC.NUMBER` (RFC 5733 §2.5), tolerating the spaces, dashes and brackets people type. */
export function eppPhone(phone: string): string {
  const compact = phone.replace(/[\s\-()]/g, "");
  if (!/^\+[0-9]{1,3}\.[0-9]{1,14}$/.test(compact)) {
    throw new EppBuildError(`"${phone}" is not a phone number in EPP's +CC.NUMBER form (e.g. +45.12345678).`);
  }
  return compact;
}

/** One complete `<epp>` document for `cmd`; `clTRID` goes in `<clTRID>` when given. */
export function buildXml(cmd: EppCommand, clTRID?: string): string {
  switch (cmd.kind) {
    case "hello":
      return document(el("hello", null));
    case "login": {
      const extensions =
        cmd.extURIs.length > 0 ? el("svcExtension", null, ...cmd.extURIs.map((uri) => leaf("extURI", uri))) : "";
      const login = el(
        "login",
        null,
        leaf("clID", cmd.clID),
        leaf("pw", cmd.pw),
        cmd.newPW !== undefined ? leaf("newPW", cmd.newPW) : "",
        el("options", null, leaf("version", cmd.version), leaf("lang", cmd.lang)),
        el("svcs", null, ...cmd.objURIs.map((uri) => leaf("objURI", uri)), extensions),
      );
      return command(login, [], clTRID);
    }
    case "logout":
      return command(el("logout", null), [], clTRID);
    case "poll":
      return command(el("poll", cmd.op === "ack" ? { op: "ack", msgID: cmd.msgID } : { op: "req" }), [], clTRID);
    case "domain:check": {
      const check = el("check", null, domainElement("check", ...cmd.names.map((name) => leaf("domain:name", name))));
      // fee:check needs at least one <fee:command>: asking about no command is not asking.
      const fee =
        cmd.fee === undefined || cmd.fee.commands.length === 0
          ? []
          : [
              el(
                "fee:check",
                { "xmlns:fee": NS.fee },
                leaf("fee:currency", cmd.fee.currency),
                ...cmd.fee.commands.map((name) => el("fee:command", { name })),
              ),
            ];
      return command(check, fee, clTRID);
    }
    case "domain:info":
      return command(
        el(
          "info",
          null,
          domainElement("info", leaf("domain:name", cmd.name, { hosts: cmd.hosts }), authInfo(cmd.authInfo, "domain")),
        ),
        [],
        clTRID,
      );
    case "domain:create": {
      const create = domainElement(
        "create",
        leaf("domain:name", cmd.name),
        period(cmd.period, "domain"),
        domainNs(cmd.ns),
        cmd.registrant !== undefined ? leaf("domain:registrant", cmd.registrant) : "",
        ...(cmd.contacts ?? []).map((contact) => leaf("domain:contact", contact.id, { type: contact.type })),
        authInfo(cmd.authInfo, "domain"),
      );
      const secDNS =
        cmd.ds !== undefined && cmd.ds.length > 0
          ? [el("secDNS:create", { "xmlns:secDNS": NS.secDNS }, ...cmd.ds.map(dsData))]
          : [];
      return command(el("create", null, create), secDNS, clTRID);
    }
    case "domain:renew":
      return command(
        el(
          "renew",
          null,
          domainElement(
            "renew",
            leaf("domain:name", cmd.name),
            leaf("domain:curExpDate", cmd.curExpDate),
            period(cmd.period, "domain"),
          ),
        ),
        [],
        clTRID,
      );
    case "domain:transfer":
      return command(
        el(
          "transfer",
          { op: cmd.op },
          domainElement(
            "transfer",
            leaf("domain:name", cmd.name),
            cmd.op === "request" ? period(cmd.period, "domain") : "",
            authInfo(cmd.authInfo, "domain"),
          ),
        ),
        [],
        clTRID,
      );
    case "domain:update": {
      // RFC 3915's restore examples carry an empty <domain:chg/>, and some registries insist on one
      // of add/rem/chg: an update with none of them but an rgp extension gets the empty chg.
      const wantsChg =
        cmd.chg !== undefined || (cmd.add === undefined && cmd.rem === undefined && cmd.rgp !== undefined);
      const chg = wantsChg
        ? el(
            "domain:chg",
            null,
            cmd.chg?.registrant !== undefined ? leaf("domain:registrant", cmd.chg.registrant) : "",
            authInfo(cmd.chg?.authInfo, "domain"),
          )
        : "";
      const update = domainElement(
        "update",
        leaf("domain:name", cmd.name),
        addRem("add", cmd.add),
        addRem("rem", cmd.rem),
        chg,
      );
      const extensions: string[] = [];
      if (cmd.secDNS !== undefined) {
        const { remAll, rem, add } = cmd.secDNS;
        const remove = remAll
          ? el("secDNS:rem", null, leaf("secDNS:all", "true"))
          : rem !== undefined && rem.length > 0
            ? el("secDNS:rem", null, ...rem.map(dsData))
            : "";
        const addition = add !== undefined && add.length > 0 ? el("secDNS:add", null, ...add.map(dsData)) : "";
        if (remove !== "" || addition !== "") {
          extensions.push(el("secDNS:update", { "xmlns:secDNS": NS.secDNS }, remove, addition));
        }
      }
      if (cmd.rgp !== undefined) {
        const restore =
          cmd.rgp.op === "request"
            ? el("rgp:restore", { op: "request" })
            : el("rgp:restore", { op: "report" }, rgpReport(cmd.rgp.report));
        extensions.push(el("rgp:update", { "xmlns:rgp": NS.rgp }, restore));
      }
      return command(el("update", null, update), extensions, clTRID);
    }
    case "domain:delete":
      return command(el("delete", null, domainElement("delete", leaf("domain:name", cmd.name))), [], clTRID);
    case "contact:check":
      return command(
        el("check", null, contactElement("check", ...cmd.ids.map((id) => leaf("contact:id", id)))),
        [],
        clTRID,
      );
    case "contact:info":
      return command(el("info", null, contactElement("info", leaf("contact:id", cmd.id))), [], clTRID);
    case "contact:create": {
      const { contact } = cmd;
      const create = contactElement(
        "create",
        leaf("contact:id", cmd.id),
        postalInfo(contact),
        contact.voice !== undefined ? leaf("contact:voice", eppPhone(contact.voice)) : "",
        leaf("contact:email", contact.email),
        authInfo(cmd.authInfo, "contact"),
      );
      return command(el("create", null, create), [], clTRID);
    }
  }
}
