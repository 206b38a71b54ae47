// EPP XML → Greeting / EppResponse (the contract's envelope, workers/api/adapters/registry/README.md).
// Registries choose their own prefixes (and some put the object namespace on the default prefix),
// so the document is first resolved into a tree of (namespace URI, local name) elements and every
// lookup below matches on those, never on a prefix.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { NS } from "./build";
import type { EppMessageQueue, EppResponse, EppResult, Greeting } from "../types";

/** The input is not an EPP document the gateway can read (not XML, a DOCTYPE, wrong root, no result). */
export class EppParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EppParseError";
  }
}

// --- the namespace-resolved tree -------------------------------------------------------------------

interface XmlElement {
  uri: string;
  local: string;
  /** Unprefixed attributes by name (namespace declarations and prefixed attributes left out). */
  attrs: Map<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), entity references decoded. */
  text: string;
}

const XML_NS = "http://www.w3.org/XML/1998/namespace";

// Entities are decoded here, not by fast-xml-parser: only the five predefined ones and character
// references exist without a DTD (and a DTD is refused), so anything else is an error, not text.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  cdataPropName: "#cdata",
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const PREDEFINED = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]$/u;
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string): string {
  const reference = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z_][\w.-]*))?;?/g;
  return raw.replace(reference, (match: string, hex?: string, dec?: string, name?: string) => {
    if (!match.endsWith(";") || match === "&;") {
      throw new EppParseError(`Not well-formed XML: a bare "&" in "${raw.slice(0, 80)}".`);
    }
    if (name !== undefined) {
      const value = PREDEFINED.get(name);
      if (value === undefined) throw new EppParseError(`Not well-formed XML: the entity &${name}; is not defined.`);
      return value;
    }
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
    const char = code <= 0x10ffff ? String.fromCodePoint(code) : "";
    if (!XML_CHAR.test(char)) throw new EppParseError(`Not well-formed XML: ${match} is not an XML character.`);
    return char;
  });
}

type RawNode = Record<string, unknown>;

function isRecord(value: unknown): value is RawNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rawText(node: RawNode): string | null {
  if (typeof node["#text"] === "string") return decode(node["#text"]);
  const cdata = node["#cdata"];
  if (Array.isArray(cdata)) {
    return cdata.map((part) => (isRecord(part) && typeof part["#text"] === "string" ? part["#text"] : "")).join("");
  }
  return null;
}

function resolve(node: RawNode, scope: Map<string, string>): XmlElement | null {
  const qname = Object.keys(node).find((key) => key !== ":@" && key !== "#text" && key !== "#cdata");
  if (qname === undefined) return null;
  const rawAttrs = isRecord(node[":@"]) ? node[":@"] : {};
  const inScope = new Map(scope);
  const attrs = new Map<string, string>();
  for (const [name, value] of Object.entries(rawAttrs)) {
    // Attribute-value normalisation (XML 1.0 §3.3.3): literal whitespace becomes a space;
    // whitespace written as a character reference stays.
    const decoded = decode(String(value).replace(/[\t\n]/g, " "));
    if (name === "xmlns") inScope.set("", decoded);
    else if (name.startsWith("xmlns:")) inScope.set(name.slice(6), decoded);
    else if (!name.includes(":")) attrs.set(name, decoded);
  }
  const colon = qname.indexOf(":");
  const prefix = colon === -1 ? "" : qname.slice(0, colon);
  const uri = inScope.get(prefix);
  if (uri === undefined && prefix !== "") {
    throw new EppParseError(`Not namespace-well-formed: the prefix "${prefix}" of <${qname}> is not declared.`);
  }
  const element: XmlElement = { uri: uri ?? "", local: qname.slice(colon + 1), attrs, children: [], text: "" };
  const content = node[qname];
  for (const child of Array.isArray(content) ? content : []) {
    if (!isRecord(child)) continue;
    const text = rawText(child);
    if (text !== null) {
      element.text += text;
      continue;
    }
    const resolved = resolve(child, inScope);
    if (resolved !== null) element.children.push(resolved);
  }
  return element;
}

/** Well-formed XML whose root is `<epp>` in the EPP namespace, or an EppParseError. */
function eppRoot(xml: string): XmlElement {
  if (typeof xml !== "string" || xml.trim() === "") throw new EppParseError("Not an EPP document: the input is empty.");
  // A DTD could declare entities (billion laughs, external files): EPP never uses one (RFC 5730 §2).
  if (/<!DOCTYPE/i.test(xml)) throw new EppParseError("Refused: the document has a DOCTYPE, which EPP does not use.");
  // XML 1.0 §2.11: line ends are normalised to LF before parsing (a CR sent as &#13; survives).
  const normalised = xml.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const bad = NOT_XML_CHAR.exec(normalised);
  if (bad !== null) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    throw new EppParseError(`Not well-formed XML: U+${code} is not an XML 1.0 character.`);
  }
  const valid = XMLValidator.validate(normalised);
  if (valid !== true) {
    // fast-xml-parser reports unclosed elements as "Invalid '[...]' found": say what it means.
    const detail = /^Invalid '\[/.test(valid.err.msg)
      ? "the document ends before its elements are closed (truncated?)"
      : `${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`;
    throw new EppParseError(`Not well-formed XML: ${detail}.`);
  }
  let raw: unknown;
  try {
    raw = parser.parse(normalised);
  } catch (error) {
    throw new EppParseError(`Not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const scope = new Map([["xml", XML_NS]]);
  const roots = (Array.isArray(raw) ? raw : [])
    .filter(isRecord)
    .map((node) => resolve(node, scope))
    .filter((node): node is XmlElement => node !== null);
  const [root] = roots;
  if (roots.length !== 1 || root === undefined) throw new EppParseError("Not an EPP document: no single root element.");
  if (root.local !== "epp" || root.uri !== NS.epp) {
    throw new EppParseError(
      `Not an EPP document: the root is <${root.local}> in ${root.uri ? root.uri : "no namespace"}, not <epp> in ${NS.epp}.`,
    );
  }
  return root;
}

function all(element: XmlElement | undefined, uri: string | null, local: string): XmlElement[] {
  return (element?.children ?? []).filter((child) => child.local === local && (uri === null || child.uri === uri));
}

/** The first child `local` in `uri` (`null`: any namespace). */
function one(element: XmlElement | undefined, uri: string | null, local: string): XmlElement | undefined {
  return all(element, uri, local)[0];
}

/** Leading and trailing XML whitespace removed (not String#trim's: a no-break space is data). */
function xmlTrim(value: string): string {
  return value.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, "");
}

/** All text inside, children included (mixed content such as `<msgQ><msg>`), trimmed. */
function deepText(element: XmlElement): string {
  return xmlTrim(element.text + element.children.map(deepText).join(""));
}

function textOf(element: XmlElement | undefined, uri: string | null, local: string): string | undefined {
  const found = one(element, uri, local);
  return found === undefined ? undefined : xmlTrim(found.text);
}

function texts(element: XmlElement | undefined, uri: string | null, local: string): string[] {
  return all(element, uri, local).map((child) => xmlTrim(child.text));
}

function attr(element: XmlElement | undefined, name: string): string | undefined {
  return element?.attrs.get(name);
}

/** XML Schema boolean: "1"/"true" or "0"/"false" (surrounding whitespace allowed). */
function xmlBoolean(value: string | undefined): boolean | undefined {
  const trimmed = value === undefined ? undefined : xmlTrim(value);
  if (trimmed === "1" || trimmed === "true") return true;
  if (trimmed === "0" || trimmed === "false") return false;
  return undefined;
}

/** An object without the keys whose value is undefined (the contract's optional fields are absent, not null). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

// --- greeting ----------------------------------------------------------------------------------------

/** A server's `<greeting>` (RFC 5730 §2.4). */
export function parseGreeting(xml: string): Greeting {
  const greeting = one(eppRoot(xml), NS.epp, "greeting");
  if (greeting === undefined) throw new EppParseError("Not an EPP greeting: <epp> holds no <greeting>.");
  const svID = textOf(greeting, NS.epp, "svID");
  if (svID === undefined) throw new EppParseError("Not an EPP greeting: no <svID>.");
  const menu = one(greeting, NS.epp, "svcMenu");
  return compact({
    svID,
    svDate: textOf(greeting, NS.epp, "svDate"),
    versions: texts(menu, NS.epp, "version"),
    langs: texts(menu, NS.epp, "lang"),
    objURIs: texts(menu, NS.epp, "objURI"),
    extURIs: texts(one(menu, NS.epp, "svcExtension"), NS.epp, "extURI"),
  });
}

// --- response ----------------------------------------------------------------------------------------

/** A server's `<response>` as the contract's envelope, resData in the shapes the http adapter reads. */
export function parseResponse(xml: string): EppResponse {
  const response = one(eppRoot(xml), NS.epp, "response");
  if (response === undefined) throw new EppParseError("Not an EPP response: <epp> holds no <response>.");
  const result = readResult(one(response, NS.epp, "result"));
  const trID = one(response, NS.epp, "trID");
  const answer: EppResponse = {
    result,
    trID: compact({ clTRID: textOf(trID, NS.epp, "clTRID"), svTRID: textOf(trID, NS.epp, "svTRID") }),
  };
  const msgQ = readMsgQ(one(response, NS.epp, "msgQ"));
  if (msgQ !== undefined) answer.msgQ = msgQ;
  const resData = readResData(one(response, NS.epp, "resData"), one(response, NS.epp, "extension"));
  if (resData !== undefined) answer.resData = resData;
  return answer;
}

function readResult(result: XmlElement | undefined): EppResult {
  if (result === undefined) throw new EppParseError("Not an EPP response: no <result>.");
  const codeText = xmlTrim(attr(result, "code") ?? "");
  const code = Number(codeText);
  if (!/^[0-9]{4}$/.test(codeText) || code < 1000 || code > 2599) {
    throw new EppParseError(`Not an EPP response: the result code "${codeText}" is not an EPP result code.`);
  }
  const msgElement = one(result, NS.epp, "msg");
  const answer: EppResult = { code, msg: msgElement === undefined ? "" : deepText(msgElement) };
  // The registry's explanation: the first <extValue><reason>, else the first <value>'s text.
  const reasons = all(result, NS.epp, "extValue")
    .map((extValue) => textOf(extValue, NS.epp, "reason"))
    .filter((reason): reason is string => reason !== undefined && reason !== "");
  const values = all(result, NS.epp, "value")
    .map(deepText)
    .filter((value) => value !== "");
  const reason = reasons[0] ?? values[0];
  if (reason !== undefined) answer.reason = reason;
  return answer;
}

function readMsgQ(msgQ: XmlElement | undefined): EppMessageQueue | undefined {
  if (msgQ === undefined) return undefined;
  const count = Number(xmlTrim(attr(msgQ, "count") ?? ""));
  const msg = one(msgQ, NS.epp, "msg");
  return compact({
    count: Number.isSafeInteger(count) && count >= 0 ? count : 0,
    id: xmlTrim(attr(msgQ, "id") ?? ""),
    qDate: textOf(msgQ, NS.epp, "qDate"),
    msg: msg === undefined ? undefined : deepText(msg),
  });
}

function readResData(
  resData: XmlElement | undefined,
  extension: XmlElement | undefined,
): Record<string, unknown> | undefined {
  let data: Record<string, unknown> = {};
  for (const element of resData?.children ?? []) data = { ...data, ...objectData(element) };
  for (const element of extension?.children ?? []) data = extensionData(element, data);
  return Object.keys(data).length > 0 ? data : undefined;
}

/** One `<resData>` child (domain or contact object data). */
function objectData(element: XmlElement): Record<string, unknown> {
  const { uri, local } = element;
  if (uri === NS.domain) {
    switch (local) {
      case "chkData":
        return {
          cd: all(element, NS.domain, "cd").map((cd) => {
            const name = one(cd, NS.domain, "name");
            return compact({
              name: xmlTrim(name?.text ?? ""),
              avail: xmlBoolean(attr(name, "avail")) ?? false,
              reason: textOf(cd, NS.domain, "reason"),
            });
          }),
        };
      case "infData":
        return domainInfo(element);
      case "creData":
        return compact({
          name: textOf(element, NS.domain, "name"),
          crDate: textOf(element, NS.domain, "crDate"),
          exDate: textOf(element, NS.domain, "exDate"),
        });
      case "renData":
        return compact({ name: textOf(element, NS.domain, "name"), exDate: textOf(element, NS.domain, "exDate") });
      case "trnData":
        return transferData(element, NS.domain, "name");
      case "panData":
        return { pan: pendingAction(element, NS.domain, "name") };
    }
  }
  if (uri === NS.contact) {
    switch (local) {
      case "chkData":
        return {
          cd: all(element, NS.contact, "cd").map((cd) => {
            const id = one(cd, NS.contact, "id");
            return compact({
              id: xmlTrim(id?.text ?? ""),
              avail: xmlBoolean(attr(id, "avail")) ?? false,
              reason: textOf(cd, NS.contact, "reason"),
            });
          }),
        };
      case "infData":
        return contactInfo(element);
      case "creData":
        return compact({ id: textOf(element, NS.contact, "id"), crDate: textOf(element, NS.contact, "crDate") });
      case "trnData":
        return transferData(element, NS.contact, "id");
      case "panData":
        return { pan: pendingAction(element, NS.contact, "id") };
    }
  }
  // Other objects (host, registry-specific) carry nothing the contract reads.
  return {};
}

function domainInfo(element: XmlElement): Record<string, unknown> {
  const D = NS.domain;
  const ns = one(element, D, "ns");
  // Both host models: <hostObj> names, and <hostAttr><hostName> (the address glue is not read).
  const nameservers = [
    ...texts(ns, D, "hostObj"),
    ...all(ns, D, "hostAttr").map((hostAttr) => textOf(hostAttr, D, "hostName") ?? ""),
  ].filter((host) => host !== "");
  const contacts = all(element, D, "contact").map((contact) => ({
    type: attr(contact, "type") ?? "",
    id: xmlTrim(contact.text),
  }));
  const hosts = texts(element, D, "host");
  const pw = textOf(one(element, D, "authInfo"), D, "pw");
  return compact({
    name: textOf(element, D, "name"),
    roid: textOf(element, D, "roid"),
    status: all(element, D, "status").map((status) => attr(status, "s") ?? ""),
    registrant: textOf(element, D, "registrant"),
    contacts: contacts.length > 0 ? contacts : undefined,
    ns: nameservers,
    hosts: hosts.length > 0 ? hosts : undefined,
    clID: textOf(element, D, "clID"),
    crID: textOf(element, D, "crID"),
    crDate: textOf(element, D, "crDate"),
    upDate: textOf(element, D, "upDate"),
    exDate: textOf(element, D, "exDate"),
    trDate: textOf(element, D, "trDate"),
    authInfo: pw !== undefined ? { pw } : undefined,
  });
}

function contactInfo(element: XmlElement): Record<string, unknown> {
  const C = NS.contact;
  const pw = textOf(one(element, C, "authInfo"), C, "pw");
  return compact({
    id: textOf(element, C, "id"),
    roid: textOf(element, C, "roid"),
    status: all(element, C, "status").map((status) => attr(status, "s") ?? ""),
    postalInfo: all(element, C, "postalInfo").map((info) => {
      const addr = one(info, C, "addr");
      return compact({
        type: attr(info, "type") ?? "",
        name: textOf(info, C, "name"),
        org: textOf(info, C, "org"),
        street: texts(addr, C, "street"),
        city: textOf(addr, C, "city"),
        sp: textOf(addr, C, "sp"),
        pc: textOf(addr, C, "pc"),
        cc: textOf(addr, C, "cc"),
      });
    }),
    voice: textOf(element, C, "voice"),
    fax: textOf(element, C, "fax"),
    email: textOf(element, C, "email"),
    clID: textOf(element, C, "clID"),
    crID: textOf(element, C, "crID"),
    crDate: textOf(element, C, "crDate"),
    upDate: textOf(element, C, "upDate"),
    trDate: textOf(element, C, "trDate"),
    authInfo: pw !== undefined ? { pw } : undefined,
  });
}

function transferData(element: XmlElement, uri: string, key: "name" | "id"): Record<string, unknown> {
  return compact({
    [key]: textOf(element, uri, key),
    trStatus: textOf(element, uri, "trStatus"),
    reID: textOf(element, uri, "reID"),
    reDate: textOf(element, uri, "reDate"),
    acID: textOf(element, uri, "acID"),
    acDate: textOf(element, uri, "acDate"),
    exDate: textOf(element, uri, "exDate"),
  });
}

/** RFC 5731 §3.3 / RFC 5733 §3.3 pending action notice (a poll message). */
function pendingAction(element: XmlElement, uri: string, key: "name" | "id"): Record<string, unknown> {
  const subject = one(element, uri, key);
  // paTRID is an epp:trIDType: its children are in the EPP namespace (any namespace accepted).
  const paTRID = one(element, uri, "paTRID");
  return compact({
    [key]: subject === undefined ? undefined : xmlTrim(subject.text),
    paResult: xmlBoolean(attr(subject, "paResult")),
    paTRID: compact({ clTRID: textOf(paTRID, null, "clTRID"), svTRID: textOf(paTRID, null, "svTRID") }),
    paDate: textOf(element, uri, "paDate"),
  });
}

/** One `<extension>` child of a response, folded into the resData it extends. */
function extensionData(element: XmlElement, data: Record<string, unknown>): Record<string, unknown> {
  const { uri, local } = element;
  if (uri === NS.secDNS && local === "infData") {
    const dsData = all(element, NS.secDNS, "dsData").map((ds) => ({
      keyTag: Number(textOf(ds, NS.secDNS, "keyTag")),
      alg: Number(textOf(ds, NS.secDNS, "alg")),
      digestType: Number(textOf(ds, NS.secDNS, "digestType")),
      digest: textOf(ds, NS.secDNS, "digest") ?? "",
    }));
    return { ...data, secDNS: { dsData } };
  }
  if (uri === NS.rgp && (local === "infData" || local === "upData")) {
    return { ...data, rgpStatus: all(element, NS.rgp, "rgpStatus").map((status) => attr(status, "s") ?? "") };
  }
  if (uri === NS.fee && local === "chkData" && Array.isArray(data.cd)) {
    const fees = new Map(
      all(element, NS.fee, "cd").map((cd) => [(textOf(cd, NS.fee, "objID") ?? "").toLowerCase(), feeOf(element, cd)]),
    );
    const cd = data.cd.map((entry: unknown) => {
      if (!isRecord(entry) || typeof entry.name !== "string") return entry;
      const fee = fees.get(entry.name.toLowerCase());
      return fee === undefined ? entry : { ...entry, fee };
    });
    return { ...data, cd };
  }
  return data;
}

/** RFC 8748 §3.1.1 `<fee:cd>`: the class and, per command, the sum of its `<fee:fee>` amounts. */
function feeOf(chkData: XmlElement, cd: XmlElement): Record<string, unknown> | undefined {
  const classText = textOf(cd, NS.fee, "class");
  const fee: Record<string, unknown> = {
    class: classText !== undefined && /premium/i.test(classText) ? "premium" : "standard",
  };
  const currency = textOf(chkData, NS.fee, "currency");
  if (currency !== undefined) fee.currency = currency;
  // avail="0": the server cannot quote this name (the reason says why); the class may still be given.
  if (xmlBoolean(attr(cd, "avail")) === false) return classText === undefined ? undefined : fee;
  for (const command of all(cd, NS.fee, "command")) {
    const name = attr(command, "name");
    if ((name !== "create" && name !== "renew") || fee[name] !== undefined) continue;
    const amounts = texts(command, NS.fee, "fee");
    const total = sumDecimals(amounts);
    if (total !== undefined) fee[name] = total;
  }
  return fee;
}

/** Exact decimal sum of strings such as "10.00" (no floating point); undefined when one is not a number. */
function sumDecimals(amounts: string[]): string | undefined {
  if (amounts.length === 0) return undefined;
  if (amounts.length === 1) return /^-?[0-9]+(\.[0-9]+)?$/.test(amounts[0] ?? "") ? amounts[0] : undefined;
  let scale = 0;
  for (const amount of amounts) {
    const match = /^-?[0-9]+(?:\.([0-9]+))?$/.exec(amount);
    if (match === null) return undefined;
    scale = Math.max(scale, match[1]?.length ?? 0);
  }
  const total = amounts.reduce((sum, amount) => {
    const [whole = "0", fraction = ""] = amount.replace("-", "").split(".");
    const units = BigInt(whole + fraction.padEnd(scale, "0"));
    return sum + (amount.startsWith("-") ? -units : units);
  }, 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
