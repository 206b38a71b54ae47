// A small, stateful, in-memory EPP registry, written as a script for the loopback test server
// (test/support/epp-test-server.ts). It keeps domains, contacts, transfers, the RGP states and a
// poll queue, and answers what a registry would (RFC 5730–5733, 5910, 3915, and fee-1.0 checks)
// with schema-valid XML. Plain Node: no vitest, so the storefront's end-to-end setup imports it too.
//
//   const registry = createRegistryScript({ clID: "trinity", tlds: ["test", "dk"] });
//   const server = await startEppTestServer({ script: registry.script });
//   registry.state.domains.get("example.test");            // what the registry holds
//   registry.enqueueNotice({ name, trStatus: "serverApproved", ... });
//
// Faults for tests: `fault(request)` runs before a command is applied (return an answer to
// answer instead, e.g. `{ drop: true }` → the command never happened); `after(request)` runs after
// (return `{ drop: true }` → the command happened but its answer is lost; `{ xml, delayMs }` with
// the answer it is given → the answer comes late).
import { XMLParser } from "fast-xml-parser";
import type { EppRequest as ScriptRequest, ScriptAnswer } from "./epp-test-server";

export type { ScriptRequest, ScriptAnswer };

export interface DsRecord {
  keyTag: number;
  alg: number;
  digestType: number;
  digest: string;
}

export interface RegistryDomain {
  name: string;
  roid: string;
  clID: string;
  registrant?: string;
  ns: string[];
  status: Set<string>;
  rgp?: "redemptionPeriod" | "pendingRestore";
  crDate: string;
  upDate?: string;
  exDate: string;
  trDate?: string;
  authInfo: string;
  ds: DsRecord[];
  transfer?: TransferRecord;
}

export interface TransferRecord {
  trStatus: "pending" | "clientApproved" | "clientRejected" | "clientCancelled" | "serverApproved" | "serverCancelled";
  reID: string;
  reDate: string;
  acID: string;
  acDate: string;
  exDate?: string;
}

export interface RegistryContact {
  id: string;
  roid: string;
  clID: string;
  name: string;
  org?: string;
  street: string[];
  city: string;
  sp?: string;
  pc?: string;
  cc: string;
  voice?: string;
  email: string;
  crDate: string;
}

export interface QueuedMessage {
  id: string;
  qDate: string;
  msg: string;
  resData?: string;
}

export interface RegistryState {
  domains: Map<string, RegistryDomain>;
  contacts: Map<string, RegistryContact>;
  queue: QueuedMessage[];
  /** Every command applied (not the ones a fault swallowed), as `command name`. */
  applied: string[];
}

export interface RegistryScriptOptions {
  /** Our registrar's client id at this registry. */
  clID: string;
  tlds: string[];
  /** Labels or names answered "Reserved" (check) / 2306 (create). */
  reserved?: string[];
  /** Premium names and their create/renew prices (fee-1.0 checks). */
  premium?: Record<string, { create: string; renew: string }>;
  now?: () => Date;
  fault?: (request: ScriptRequest) => ScriptAnswer | undefined | Promise<ScriptAnswer | undefined>;
  /** Runs after the command was applied, with the answer the registry would give. */
  after?: (request: ScriptRequest, answer: string) => ScriptAnswer | undefined | Promise<ScriptAnswer | undefined>;
}

export interface NoticeInput {
  msg?: string;
  /** A transfer notice: the domain's trnData. */
  transfer?: { name: string } & Partial<TransferRecord>;
  /** A deletion notice (RFC 5731 panData-like, as registries send after purge/restore). */
  pan?: { name: string; paResult: boolean; paDate?: string };
}

export interface RegistryScript {
  script: (request: ScriptRequest) => Promise<ScriptAnswer>;
  state: RegistryState;
  enqueueNotice(notice: NoticeInput): QueuedMessage;
  /** A name held by another registrar (for transfers in), with its auth code. */
  addForeign(name: string, options?: { clID?: string; authInfo?: string; exDate?: string }): RegistryDomain;
  /** The losing registrar answers our pending incoming transfer (queues the notice). */
  resolveIncoming(name: string, trStatus: "clientApproved" | "clientRejected" | "serverApproved"): void;
  /** Another registrar asks for one of our names (queues the notice). */
  requestTransferOut(name: string, gainingClID?: string): void;
}

const NS = {
  epp: "urn:ietf:params:xml:ns:epp-1.0",
  domain: "urn:ietf:params:xml:ns:domain-1.0",
  contact: "urn:ietf:params:xml:ns:contact-1.0",
  host: "urn:ietf:params:xml:ns:host-1.0",
  secDNS: "urn:ietf:params:xml:ns:secDNS-1.1",
  rgp: "urn:ietf:params:xml:ns:rgp-1.0",
  fee: "urn:ietf:params:xml:ns:epp:fee-1.0",
};

const OTHER_REGISTRAR = "otherreg";
const DAY = 86_400_000;

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // <fee:command> repeats; EPP's own <command> (epp.command) does not.
  isArray: (name, jpath) =>
    name === "command"
      ? String(jpath).split(".").length > 2
      : ["name", "hostObj", "status", "id", "dsData", "contact", "street"].includes(name),
});

function esc(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function node(value: unknown): Node {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function str(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = node(value)["#text"];
  return typeof text === "string" || typeof text === "number" ? String(text) : "";
}

function strings(value: unknown): string[] {
  return list(value)
    .map(str)
    .filter((entry) => entry !== "");
}

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

function periodYears(value: unknown): number {
  if (value === undefined) return 1;
  const years = Number(str(value));
  return node(value)["@unit"] === "m" ? Math.max(1, Math.round(years / 12)) : years;
}

export function createRegistryScript(options: RegistryScriptOptions): RegistryScript {
  const now = options.now ?? (() => new Date());
  const ours = options.clID;
  const tlds = options.tlds.map((tld) => tld.toLowerCase());
  const reserved = new Set((options.reserved ?? []).map((entry) => entry.toLowerCase()));
  const state: RegistryState = { domains: new Map(), contacts: new Map(), queue: [], applied: [] };
  let roidCounter = 1;
  let svCounter = 1;
  let msgCounter = 1;

  const roid = (kind: string) => `${kind}${roidCounter++}-TEST`;
  const iso = () => now().toISOString();

  function envelope(
    code: number,
    msg: string,
    clTRID: string | undefined,
    parts: { resData?: string; extension?: string; msgQ?: string; reason?: string } = {},
  ): string {
    const value = parts.reason
      ? `<extValue><value><undef/></value><reason>${esc(parts.reason)}</reason></extValue>`
      : "";
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` +
      `<epp xmlns="${NS.epp}"><response><result code="${code}"><msg>${esc(msg)}</msg>${value}</result>` +
      (parts.msgQ ?? "") +
      (parts.resData ? `<resData>${parts.resData}</resData>` : "") +
      (parts.extension ? `<extension>${parts.extension}</extension>` : "") +
      `<trID>${clTRID ? `<clTRID>${esc(clTRID)}</clTRID>` : ""}<svTRID>SV-${svCounter++}</svTRID></trID>` +
      `</response></epp>`
    );
  }

  function greeting(): string {
    const objs = [NS.domain, NS.contact, NS.host].map((uri) => `<objURI>${uri}</objURI>`).join("");
    const exts = [NS.secDNS, NS.rgp, NS.fee].map((uri) => `<extURI>${uri}</extURI>`).join("");
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${NS.epp}"><greeting>` +
      `<svID>Test registry</svID><svDate>${iso()}</svDate><svcMenu><version>1.0</version><lang>en</lang>` +
      `${objs}<svcExtension>${exts}</svcExtension></svcMenu>` +
      `<dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/></recipient>` +
      `<retention><stated/></retention></statement></dcp></greeting></epp>`
    );
  }

  function tldOf(name: string): string | undefined {
    return tlds.filter((tld) => name.endsWith(`.${tld}`)).sort((a, b) => b.length - a.length)[0];
  }

  function isReserved(name: string): boolean {
    return reserved.has(name) || reserved.has(name.split(".")[0] ?? "");
  }

  function trnData(domain: RegistryDomain): string {
    const transfer = domain.transfer;
    if (!transfer) return "";
    return (
      `<domain:trnData xmlns:domain="${NS.domain}"><domain:name>${esc(domain.name)}</domain:name>` +
      `<domain:trStatus>${transfer.trStatus}</domain:trStatus><domain:reID>${esc(transfer.reID)}</domain:reID>` +
      `<domain:reDate>${transfer.reDate}</domain:reDate><domain:acID>${esc(transfer.acID)}</domain:acID>` +
      `<domain:acDate>${transfer.acDate}</domain:acDate>` +
      (transfer.exDate ? `<domain:exDate>${transfer.exDate}</domain:exDate>` : "") +
      `</domain:trnData>`
    );
  }

  function infData(domain: RegistryDomain, withAuth: boolean): { resData: string; extension: string } {
    const statuses = [...domain.status];
    if (statuses.length === 0) statuses.push(domain.ns.length === 0 ? "inactive" : "ok");
    const resData =
      `<domain:infData xmlns:domain="${NS.domain}"><domain:name>${esc(domain.name)}</domain:name>` +
      `<domain:roid>${domain.roid}</domain:roid>` +
      statuses.map((s) => `<domain:status s="${s}"/>`).join("") +
      (domain.registrant ? `<domain:registrant>${esc(domain.registrant)}</domain:registrant>` : "") +
      (domain.ns.length > 0
        ? `<domain:ns>${domain.ns.map((host) => `<domain:hostObj>${esc(host)}</domain:hostObj>`).join("")}</domain:ns>`
        : "") +
      `<domain:clID>${esc(domain.clID)}</domain:clID><domain:crID>${esc(domain.clID)}</domain:crID>` +
      `<domain:crDate>${domain.crDate}</domain:crDate>` +
      (domain.upDate ? `<domain:upDate>${domain.upDate}</domain:upDate>` : "") +
      `<domain:exDate>${domain.exDate}</domain:exDate>` +
      (domain.trDate ? `<domain:trDate>${domain.trDate}</domain:trDate>` : "") +
      (withAuth ? `<domain:authInfo><domain:pw>${esc(domain.authInfo)}</domain:pw></domain:authInfo>` : "") +
      `</domain:infData>`;
    let extension = "";
    if (domain.ds.length > 0) {
      extension +=
        `<secDNS:infData xmlns:secDNS="${NS.secDNS}">` +
        domain.ds
          .map(
            (ds) =>
              `<secDNS:dsData><secDNS:keyTag>${ds.keyTag}</secDNS:keyTag><secDNS:alg>${ds.alg}</secDNS:alg>` +
              `<secDNS:digestType>${ds.digestType}</secDNS:digestType><secDNS:digest>${esc(ds.digest)}</secDNS:digest></secDNS:dsData>`,
          )
          .join("") +
        `</secDNS:infData>`;
    }
    if (domain.rgp) extension += `<rgp:infData xmlns:rgp="${NS.rgp}"><rgp:rgpStatus s="${domain.rgp}"/></rgp:infData>`;
    return { resData, extension };
  }

  function enqueue(msg: string, resData?: string): QueuedMessage {
    const message: QueuedMessage = { id: String(msgCounter++), qDate: iso(), msg };
    if (resData !== undefined) message.resData = resData;
    state.queue.push(message);
    return message;
  }

  function msgQ(message: QueuedMessage): string {
    return (
      `<msgQ count="${state.queue.length}" id="${esc(message.id)}"><qDate>${message.qDate}</qDate>` +
      `<msg>${esc(message.msg)}</msg></msgQ>`
    );
  }

  function transferNotice(domain: RegistryDomain, msg: string): void {
    enqueue(msg, trnData(domain));
  }

  function settleTransfer(domain: RegistryDomain, trStatus: TransferRecord["trStatus"]): void {
    const transfer = domain.transfer;
    if (!transfer) return;
    transfer.trStatus = trStatus;
    transfer.acDate = iso();
    domain.status.delete("pendingTransfer");
    if (trStatus === "clientApproved" || trStatus === "serverApproved") {
      domain.clID = transfer.reID;
      domain.exDate = addYears(domain.exDate, 1);
      transfer.exDate = domain.exDate;
      domain.trDate = iso();
      domain.authInfo = `new-${domain.authInfo}`;
      domain.status.delete("clientTransferProhibited");
    }
  }

  /** The command element's first child: `{ domain:create: {...} }` → ["create", {...}]. */
  function commandBody(doc: Node): { verb: string; cmd: Node; body: Node; ext: Node; clTRID?: string } {
    const command = node(node(doc.epp).command);
    const clTRID = str(command.clTRID) || undefined;
    const verb = Object.keys(command).find((key) => !["clTRID", "extension"].includes(key)) ?? "";
    const cmd = node(command[verb]);
    const objectKey = Object.keys(cmd).find((key) => !key.startsWith("@")) ?? "";
    const result: { verb: string; cmd: Node; body: Node; ext: Node; clTRID?: string } = {
      verb,
      cmd,
      body: node(cmd[objectKey]),
      ext: node(command.extension),
    };
    if (clTRID !== undefined) result.clTRID = clTRID;
    return result;
  }

  function handle(request: ScriptRequest): string {
    const doc = parser.parse(request.xml) as Node;
    const epp = node(doc.epp);
    if (epp.hello !== undefined) return greeting();
    const { verb, cmd, body, ext, clTRID } = commandBody(doc);
    const answer = (code: number, msg: string, parts?: Parameters<typeof envelope>[3]) =>
      envelope(code, msg, clTRID, parts);
    const command = request.command;
    state.applied.push(`${command} ${strings(body.name)[0] ?? str(body.id) ?? ""}`.trim());

    if (verb === "login") return answer(1000, "Command completed successfully");
    if (verb === "logout") return answer(1500, "Command completed successfully; ending session");
    if (verb === "poll") {
      if (cmd["@op"] === "ack") {
        const id = str(cmd["@msgID"]);
        const index = state.queue.findIndex((message) => message.id === id);
        if (index < 0) return answer(2303, "Object does not exist", { reason: `no message ${id}` });
        state.queue.splice(index, 1);
        const next = state.queue[0];
        return answer(
          1000,
          "Command completed successfully",
          next ? { msgQ: `<msgQ count="${state.queue.length}" id="${esc(next.id)}"/>` } : {},
        );
      }
      const first = state.queue[0];
      if (!first) return answer(1300, "Command completed successfully; no messages");
      const parts: Parameters<typeof envelope>[3] = { msgQ: msgQ(first) };
      if (first.resData) parts.resData = first.resData;
      return answer(1301, "Command completed successfully; ack to dequeue", parts);
    }

    if (command.startsWith("contact:")) return contactCommand(verb, body, answer);

    const name = (strings(body.name)[0] ?? "").toLowerCase();
    const domain = state.domains.get(name);
    const ourDomain = domain !== undefined && domain.clID === ours;
    switch (verb) {
      case "check": {
        const names = strings(body.name).map((entry) => entry.toLowerCase());
        const cds = names.map((entry) => {
          const tld = tldOf(entry);
          const reason =
            tld === undefined
              ? "unsupported tld"
              : isReserved(entry)
                ? "Reserved"
                : state.domains.has(entry)
                  ? "In use"
                  : null;
          return (
            `<domain:cd><domain:name avail="${reason === null ? 1 : 0}">${esc(entry)}</domain:name>` +
            (reason ? `<domain:reason>${reason}</domain:reason>` : "") +
            `</domain:cd>`
          );
        });
        const feeCheck = node(ext.check);
        let extension: string | undefined;
        if (Object.keys(feeCheck).length > 0) {
          const currency = str(feeCheck.currency) || "USD";
          extension =
            `<fee:chkData xmlns:fee="${NS.fee}"><fee:currency>${esc(currency)}</fee:currency>` +
            names
              .map((entry) => {
                const premium = options.premium?.[entry];
                const price = (kind: "create" | "renew") => premium?.[kind] ?? "10.00";
                return (
                  `<fee:cd avail="1"><fee:objID>${esc(entry)}</fee:objID><fee:class>${premium ? "premium" : "standard"}</fee:class>` +
                  (["create", "renew"] as const)
                    .map(
                      (kind) =>
                        `<fee:command name="${kind}"><fee:period unit="y">1</fee:period><fee:fee>${price(kind)}</fee:fee></fee:command>`,
                    )
                    .join("") +
                  `</fee:cd>`
                );
              })
              .join("") +
            `</fee:chkData>`;
        }
        const parts: Parameters<typeof envelope>[3] = {
          resData: `<domain:chkData xmlns:domain="${NS.domain}">${cds.join("")}</domain:chkData>`,
        };
        if (extension) parts.extension = extension;
        return answer(1000, "Command completed successfully", parts);
      }
      case "info": {
        if (!domain) return answer(2303, "Object does not exist");
        const auth = str(node(body.authInfo).pw);
        const withAuth = ourDomain || (auth !== "" && auth === domain.authInfo);
        return answer(1000, "Command completed successfully", infData(domain, withAuth));
      }
      case "create": {
        const tld = tldOf(name);
        if (tld === undefined) return answer(2306, "Parameter value policy error", { reason: "unsupported tld" });
        if (isReserved(name)) return answer(2306, "Parameter value policy error", { reason: "Reserved name" });
        if (name.split(".")[0]?.startsWith("-") || name.includes("--x")) {
          return answer(2005, "Parameter value syntax error", { reason: "invalid label" });
        }
        if (domain) return answer(2302, "Object exists");
        const registrant = str(body.registrant) || undefined;
        if (registrant !== undefined && !state.contacts.has(registrant)) {
          return answer(2303, "Object does not exist", { reason: `contact ${registrant} does not exist` });
        }
        const years = periodYears(body.period);
        if (!(years >= 1 && years <= 10)) return answer(2004, "Parameter value range error", { reason: "period" });
        const created: RegistryDomain = {
          name,
          roid: roid("D"),
          clID: ours,
          ns: strings(node(body.ns).hostObj).map((host) => host.toLowerCase()),
          status: new Set(),
          crDate: iso(),
          exDate: addYears(iso(), years),
          authInfo: str(node(body.authInfo).pw) || "x",
          ds: dsList(node(ext.create).dsData),
        };
        if (registrant !== undefined) created.registrant = registrant;
        state.domains.set(name, created);
        return answer(1000, "Command completed successfully", {
          resData:
            `<domain:creData xmlns:domain="${NS.domain}"><domain:name>${esc(name)}</domain:name>` +
            `<domain:crDate>${created.crDate}</domain:crDate><domain:exDate>${created.exDate}</domain:exDate></domain:creData>`,
        });
      }
      case "renew": {
        if (!domain) return answer(2303, "Object does not exist");
        if (!ourDomain) return answer(2201, "Authorization error");
        if (domain.rgp) return answer(2304, "Object status prohibits operation", { reason: domain.rgp });
        if (str(body.curExpDate) !== domain.exDate.slice(0, 10)) {
          return answer(2306, "Parameter value policy error", { reason: "curExpDate does not match the expiry" });
        }
        domain.exDate = addYears(domain.exDate, periodYears(body.period));
        domain.upDate = iso();
        return answer(1000, "Command completed successfully", {
          resData: `<domain:renData xmlns:domain="${NS.domain}"><domain:name>${esc(name)}</domain:name><domain:exDate>${domain.exDate}</domain:exDate></domain:renData>`,
        });
      }
      case "transfer": {
        const op = str(cmd["@op"]);
        if (!domain) return answer(2303, "Object does not exist");
        const pending = domain.transfer?.trStatus === "pending";
        const data = () => ({ resData: trnData(domain) });
        if (op === "query") {
          if (!domain.transfer) return answer(2301, "Object not pending transfer");
          return answer(1000, "Command completed successfully", data());
        }
        if (op === "request") {
          if (ourDomain)
            return answer(2106, "Object is not eligible for transfer", { reason: "already sponsored by you" });
          if (pending) return answer(2300, "Object pending transfer");
          if (domain.status.has("clientTransferProhibited"))
            return answer(2304, "Object status prohibits operation", { reason: "clientTransferProhibited" });
          if (str(node(body.authInfo).pw) !== domain.authInfo) return answer(2202, "Invalid authorization information");
          domain.transfer = {
            trStatus: "pending",
            reID: ours,
            reDate: iso(),
            acID: domain.clID,
            acDate: new Date(now().getTime() + 5 * DAY).toISOString(),
            exDate: addYears(domain.exDate, 1),
          };
          domain.status.add("pendingTransfer");
          return answer(1001, "Command completed successfully; action pending", data());
        }
        if (!pending || !domain.transfer) return answer(2301, "Object not pending transfer");
        if (op === "cancel") {
          if (domain.transfer.reID !== ours) return answer(2201, "Authorization error");
          settleTransfer(domain, "clientCancelled");
          return answer(1000, "Command completed successfully", data());
        }
        if (op === "approve" || op === "reject") {
          if (domain.transfer.acID !== ours) return answer(2201, "Authorization error");
          settleTransfer(domain, op === "approve" ? "clientApproved" : "clientRejected");
          return answer(1000, "Command completed successfully", data());
        }
        return answer(2005, "Parameter value syntax error", { reason: `transfer op ${op}` });
      }
      case "update": {
        if (!domain) return answer(2303, "Object does not exist");
        if (!ourDomain) return answer(2201, "Authorization error");
        const rgpUpdate = node(node(ext.update).restore);
        if (Object.keys(rgpUpdate).length > 0 || node(ext.update).restore !== undefined) {
          const op = str(rgpUpdate["@op"]);
          if (op === "request") {
            if (domain.rgp !== "redemptionPeriod") {
              return answer(2304, "Object status prohibits operation", { reason: "not in redemptionPeriod" });
            }
            domain.rgp = "pendingRestore";
            domain.upDate = iso();
            return answer(1000, "Command completed successfully");
          }
          if (op === "report") {
            if (domain.rgp !== "pendingRestore") {
              return answer(2304, "Object status prohibits operation", { reason: "not in pendingRestore" });
            }
            delete domain.rgp;
            domain.status.delete("pendingDelete");
            if (Date.parse(domain.exDate) < now().getTime()) domain.exDate = addYears(domain.exDate, 1);
            return answer(1000, "Command completed successfully");
          }
          return answer(2005, "Parameter value syntax error", { reason: `restore op ${op}` });
        }
        if (domain.rgp || domain.status.has("pendingDelete")) {
          return answer(2304, "Object status prohibits operation", { reason: "pendingDelete" });
        }
        const add = node(body.add);
        const rem = node(body.rem);
        const chg = node(body.chg);
        const addNs = strings(node(add.ns).hostObj).map((host) => host.toLowerCase());
        const remNs = strings(node(rem.ns).hostObj).map((host) => host.toLowerCase());
        for (const host of remNs) {
          if (!domain.ns.includes(host)) return answer(2303, "Object does not exist", { reason: `ns ${host}` });
        }
        for (const host of addNs) {
          if (domain.ns.includes(host)) return answer(2302, "Object exists", { reason: `ns ${host}` });
        }
        domain.ns = [...domain.ns.filter((host) => !remNs.includes(host)), ...addNs];
        for (const status of list(rem.status)) domain.status.delete(str(node(status)["@s"]));
        for (const status of list(add.status)) domain.status.add(str(node(status)["@s"]));
        const registrant = str(chg.registrant);
        if (registrant) {
          if (!state.contacts.has(registrant))
            return answer(2303, "Object does not exist", { reason: `contact ${registrant}` });
          domain.registrant = registrant;
        }
        const pw = str(node(chg.authInfo).pw);
        if (pw) domain.authInfo = pw;
        const secDNS = node(ext.update);
        if (Object.keys(secDNS).length > 0) {
          const remDs = node(secDNS.rem);
          if (str(remDs.all) === "true" || str(remDs.all) === "1") domain.ds = [];
          for (const ds of dsList(remDs.dsData)) domain.ds = domain.ds.filter((entry) => entry.keyTag !== ds.keyTag);
          domain.ds.push(...dsList(node(secDNS.add).dsData));
        }
        domain.upDate = iso();
        return answer(1000, "Command completed successfully");
      }
      case "delete": {
        if (!domain) return answer(2303, "Object does not exist");
        if (!ourDomain) return answer(2201, "Authorization error");
        if (domain.rgp || domain.status.has("pendingDelete")) {
          return answer(2304, "Object status prohibits operation", { reason: "pendingDelete" });
        }
        if (domain.transfer?.trStatus === "pending") return answer(2300, "Object pending transfer");
        domain.rgp = "redemptionPeriod";
        domain.status.add("pendingDelete");
        domain.upDate = iso();
        return answer(1001, "Command completed successfully; action pending");
      }
      default:
        return answer(2000, "Unknown command", { reason: command });
    }
  }

  function dsList(value: unknown): DsRecord[] {
    return list(value).map((entry) => {
      const ds = node(entry);
      return {
        keyTag: Number(str(ds.keyTag)),
        alg: Number(str(ds.alg)),
        digestType: Number(str(ds.digestType)),
        digest: str(ds.digest),
      };
    });
  }

  function contactCommand(
    verb: string,
    body: Node,
    answer: (code: number, msg: string, parts?: Parameters<typeof envelope>[3]) => string,
  ): string {
    if (verb === "check") {
      const ids = strings(body.id);
      return answer(1000, "Command completed successfully", {
        resData:
          `<contact:chkData xmlns:contact="${NS.contact}">` +
          ids
            .map(
              (id) =>
                `<contact:cd><contact:id avail="${state.contacts.has(id) ? 0 : 1}">${esc(id)}</contact:id>` +
                (state.contacts.has(id) ? `<contact:reason>In use</contact:reason>` : "") +
                `</contact:cd>`,
            )
            .join("") +
          `</contact:chkData>`,
      });
    }
    const id = strings(body.id)[0] ?? "";
    const existing = state.contacts.get(id);
    if (verb === "info") {
      if (!existing) return answer(2303, "Object does not exist");
      return answer(1000, "Command completed successfully", {
        resData:
          `<contact:infData xmlns:contact="${NS.contact}"><contact:id>${esc(id)}</contact:id><contact:roid>${existing.roid}</contact:roid>` +
          `<contact:status s="ok"/><contact:postalInfo type="loc"><contact:name>${esc(existing.name)}</contact:name>` +
          (existing.org ? `<contact:org>${esc(existing.org)}</contact:org>` : "") +
          `<contact:addr>${existing.street.map((line) => `<contact:street>${esc(line)}</contact:street>`).join("")}` +
          `<contact:city>${esc(existing.city || "-")}</contact:city>` +
          (existing.sp ? `<contact:sp>${esc(existing.sp)}</contact:sp>` : "") +
          (existing.pc ? `<contact:pc>${esc(existing.pc)}</contact:pc>` : "") +
          `<contact:cc>${esc(existing.cc)}</contact:cc></contact:addr></contact:postalInfo>` +
          (existing.voice ? `<contact:voice>${esc(existing.voice)}</contact:voice>` : "") +
          `<contact:email>${esc(existing.email)}</contact:email><contact:clID>${esc(existing.clID)}</contact:clID>` +
          `<contact:crID>${esc(existing.clID)}</contact:crID><contact:crDate>${existing.crDate}</contact:crDate></contact:infData>`,
      });
    }
    if (verb === "create") {
      if (existing) return answer(2302, "Object exists");
      const postal = node(list(body.postalInfo)[0]);
      const addr = node(postal.addr);
      const contact: RegistryContact = {
        id,
        roid: roid("C"),
        clID: ours,
        name: strings(postal.name)[0] ?? "",
        street: strings(addr.street),
        city: str(addr.city),
        cc: str(addr.cc),
        email: str(body.email),
        crDate: iso(),
      };
      const optional = { org: str(postal.org), sp: str(addr.sp), pc: str(addr.pc), voice: str(body.voice) };
      for (const [key, value] of Object.entries(optional))
        if (value !== "") contact[key as keyof typeof optional] = value;
      state.contacts.set(id, contact);
      return answer(1000, "Command completed successfully", {
        resData: `<contact:creData xmlns:contact="${NS.contact}"><contact:id>${esc(id)}</contact:id><contact:crDate>${contact.crDate}</contact:crDate></contact:creData>`,
      });
    }
    return answer(2101, "Unimplemented command", { reason: `contact:${verb}` });
  }

  return {
    state,
    async script(request) {
      const early = await options.fault?.(request);
      if (early !== undefined) return early;
      const xml = handle(request);
      const late = await options.after?.(request, xml);
      return late ?? xml;
    },
    enqueueNotice(notice) {
      if (notice.transfer) {
        const domain: RegistryDomain = state.domains.get(notice.transfer.name) ?? {
          name: notice.transfer.name,
          roid: roid("D"),
          clID: ours,
          ns: [],
          status: new Set(),
          crDate: iso(),
          exDate: addYears(iso(), 1),
          authInfo: "x",
          ds: [],
        };
        const transfer: TransferRecord = {
          trStatus: notice.transfer.trStatus ?? "pending",
          reID: notice.transfer.reID ?? OTHER_REGISTRAR,
          reDate: notice.transfer.reDate ?? iso(),
          acID: notice.transfer.acID ?? ours,
          acDate: notice.transfer.acDate ?? iso(),
        };
        if (notice.transfer.exDate) transfer.exDate = notice.transfer.exDate;
        return enqueue(notice.msg ?? `Transfer ${transfer.trStatus}`, trnData({ ...domain, transfer }));
      }
      if (notice.pan) {
        const pan = notice.pan;
        return enqueue(
          notice.msg ?? "Pending action completed",
          `<domain:panData xmlns:domain="${NS.domain}"><domain:name paResult="${pan.paResult ? 1 : 0}">${esc(pan.name)}</domain:name>` +
            `<domain:paTRID><svTRID>SV-PAN-${svCounter++}</svTRID></domain:paTRID><domain:paDate>${pan.paDate ?? iso()}</domain:paDate></domain:panData>`,
        );
      }
      return enqueue(notice.msg ?? "Registry notice");
    },
    addForeign(name, extra = {}) {
      const domain: RegistryDomain = {
        name: name.toLowerCase(),
        roid: roid("D"),
        clID: extra.clID ?? OTHER_REGISTRAR,
        ns: ["ns1.other.example"],
        status: new Set(),
        crDate: new Date(now().getTime() - 400 * DAY).toISOString(),
        exDate: extra.exDate ?? new Date(now().getTime() + 200 * DAY).toISOString(),
        authInfo: extra.authInfo ?? "Foreign-Auth-1",
        ds: [],
      };
      state.domains.set(domain.name, domain);
      return domain;
    },
    resolveIncoming(name, trStatus) {
      const domain = state.domains.get(name);
      if (!domain?.transfer || domain.transfer.trStatus !== "pending") throw new Error(`${name}: no pending transfer`);
      settleTransfer(domain, trStatus);
      transferNotice(domain, `Transfer ${trStatus}`);
    },
    requestTransferOut(name, gainingClID = OTHER_REGISTRAR) {
      const domain = state.domains.get(name);
      if (!domain || domain.clID !== ours) throw new Error(`${name}: not ours`);
      domain.transfer = {
        trStatus: "pending",
        reID: gainingClID,
        reDate: iso(),
        acID: ours,
        acDate: new Date(now().getTime() + 5 * DAY).toISOString(),
        exDate: addYears(domain.exDate, 1),
      };
      domain.status.add("pendingTransfer");
      transferNotice(domain, "Transfer requested");
    },
  };
}
