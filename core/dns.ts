// DNS records of a customer's zone (SPEC §2 DNS management, §3 DNS record, §5, §9; issue 14):
// one schema per record type, the zone-wide rules (no CNAME at the apex or beside other
// records), and the preview of what a change breaks. Pure: no I/O.
import { aLabelToUnicode, normaliseHost } from "./domain-name";
import { z } from "./zod";
import {
  RECORD_TYPES,
  type RecordType,
  TTL_OPTIONS,
  TXT_CHUNK,
  TXT_MAX,
  PAGE_TITLE_MAX,
  CAA_TAGS,
  type DnsRecord,
  type DnsRecordInput,
  DNS_MESSAGES,
  EXTRA_RECORD_FIELDS,
  hostOf,
  recordFieldsFor,
  type ZoneChange,
} from "./dns-records";

export {
  AUTO_TTL,
  CAA_TAGS,
  DNS_MESSAGES,
  EXTRA_RECORD_FIELDS,
  MAX_RECORDS_PER_ZONE,
  PAGE_TITLE_MAX,
  RECORD_TYPES,
  REDIRECT_TYPES,
  TTL_OPTIONS,
  TXT_CHUNK,
  TXT_MAX,
  hostOf,
  recordFieldsFor,
} from "./dns-records";
export type {
  DnsRecord,
  DnsRecordInput,
  ExtraRecordField,
  RecordType,
  ZoneChange,
  ZoneReportLine,
} from "./dns-records";

const M = DNS_MESSAGES;

/** A record of `type` with the fields it does not use empty and the automatic TTL, unless `more` says otherwise. */
export function recordOf(type: RecordType, name: string, content: string, more: Partial<DnsRecord> = {}): DnsRecord {
  return {
    id: "",
    type,
    name,
    content,
    ttl: 0,
    priority: null,
    weight: null,
    port: null,
    redirect_type: null,
    page_title: null,
    ...more,
  };
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const LABEL = "(?!-)[a-z0-9_-]{1,63}(?<!-)";
const RELATIVE_NAME = new RegExp(`^(?:\\*|${LABEL})(?:\\.${LABEL})*$`);
const LDH_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const UNDERSCORE_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const MAX_NAME = 253;
const encoder = new TextEncoder();

/** UTF-8 length of a text: DNS strings are counted in bytes (RFC 1035 §3.3). */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** IPv6 in any valid notation (checked by the URL parser, which follows RFC 4291), IPv4-mapped tail allowed. */
export function isIpv6(value: string): boolean {
  if (!value.includes(":") || /[^0-9a-fA-F:.]/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** The canonical (compressed, lower-case) form of an IPv6 address. */
export function canonicalIpv6(value: string): string {
  return new URL(`http://[${value}]/`).hostname.slice(1, -1);
}

/**
 * Why `value` is not a host name a record may point at, or null when it is one: at least two
 * labels, at most 253 characters, never an IP address, the last label not all digits (RFC 3696
 * §2), every xn-- label valid punycode. MX, NS and SRV targets take letters, digits and hyphens
 * only (RFC 5321, RFC 1123); a CNAME may point at a name with underscores (_dmarc, DKIM keys).
 */
export function hostProblem(value: string, underscores: boolean): string | null {
  if (isIpv4(value) || isIpv6(value)) return M.hostNotIp;
  const labels = value.split(".");
  const last = labels.at(-1) ?? "";
  if (value.length > MAX_NAME || labels.length < 2 || /^\d+$/.test(last)) return M.host;
  const pattern = underscores ? UNDERSCORE_LABEL : LDH_LABEL;
  if (!labels.every((label) => pattern.test(label)))
    return underscores || !labels.every((label) => UNDERSCORE_LABEL.test(label)) ? M.host : M.ldhHost;
  if (labels.some((label) => label.startsWith("xn--") && aLabelToUnicode(label) === null)) return M.badALabel;
  return null;
}

export function isHost(value: string): boolean {
  return hostProblem(value, true) === null;
}

/**
 * The record's name relative to `domain`: "@" for the apex, "www" for www.<domain>. A full
 * name ending in the domain (with or without the final dot) is made relative; any other name
 * is relative to the domain (RFC 1035), except an absolute one (final dot) outside it, which
 * answers null.
 */
export function relativeName(input: string, domain: string): string | null {
  const absolute = /\.\s*$/.test(input) && input.trim() !== ".";
  const name = normaliseHost(input);
  if (name === "" || name === "@" || name === domain) return "@";
  if (name.endsWith(`.${domain}`)) return name.slice(0, -(domain.length + 1));
  return absolute ? null : name;
}

/** Plain text cut into pieces of at most 255 bytes of UTF-8, never inside a character. */
function byteChunks(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  let size = 0;
  for (const char of text) {
    const width = byteLength(char);
    if (size + width > TXT_CHUNK) {
      pieces.push(piece);
      piece = "";
      size = 0;
    }
    piece += char;
    size += width;
  }
  pieces.push(piece);
  return pieces;
}

/** TXT content → its character-strings: quoted strings as given, or plain text cut into 255-byte pieces. */
export function txtStrings(content: string): string[] | { error: string } {
  const text = content.trim();
  if (!text.startsWith('"')) return byteChunks(text);
  const pieces: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] === " " || text[index] === "\t") {
      index += 1;
      continue;
    }
    if (text[index] !== '"') return { error: M.txtQuotes };
    let value = "";
    index += 1;
    let closed = false;
    while (index < text.length) {
      const char = text[index];
      if (char === "\\" && index + 1 < text.length) {
        value += text[index + 1];
        index += 2;
        continue;
      }
      if (char === '"') {
        closed = true;
        index += 1;
        break;
      }
      value += char;
      index += 1;
    }
    if (!closed) return { error: M.txtQuotes };
    if (byteLength(value) > TXT_CHUNK) return { error: M.txtChunk };
    pieces.push(value);
  }
  return pieces;
}

/** A stored CAA record's parts (`0 issue "letsencrypt.org"`, as checkRecord normalises it), or null. */
export function caaParts(content: string): { flags: number; tag: string; value: string } | null {
  const match = /^(\d{1,3}) ([a-z0-9]+) "((?:[^"\\]|\\.)*)"$/.exec(content);
  if (!match) return null;
  return { flags: Number(match[1]), tag: match[2] ?? "", value: (match[3] ?? "").replace(/\\(.)/g, "$1") };
}

/** The character-strings of stored TXT content (its own text as one string when it cannot be read). */
export function txtParts(content: string): string[] {
  const strings = txtStrings(content);
  return Array.isArray(strings) ? strings : [content];
}

/** The TXT value a resolver would assemble (the strings joined). */
export function txtValue(content: string): string {
  const strings = txtStrings(content);
  return Array.isArray(strings) ? strings.join("") : content;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.hostname.includes(".") &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

// ─── The request schema ──────────────────────────────────────────────────────────────────────

const UNKNOWN_FIELD = "is not an accepted field";
const strict = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? UNKNOWN_FIELD : undefined),
};
const u16 = z
  .number({ error: M.priority })
  .int({ error: M.priority })
  .min(0, { error: M.priority })
  .max(65535, { error: M.priority });

/**
 * POST/PUT …/records body (strict JSON). Fields a type does not use must be absent or null;
 * each type's required fields are checked in `checkRecord` so the error names the field.
 */
export const dnsRecordBodySchema = z.strictObject(
  {
    type: z.enum(RECORD_TYPES, { error: `must be one of ${RECORD_TYPES.join(", ")}` }),
    name: z.string({ error: M.required }).max(253, { error: M.name }),
    content: z.string({ error: M.required }).max(TXT_MAX + 200, { error: M.txtLength }),
    ttl: z
      .number({ error: M.ttl })
      .int({ error: M.ttl })
      .refine((value) => (TTL_OPTIONS as readonly number[]).includes(value), { error: M.ttl })
      .default(0),
    priority: u16.nullable().optional(),
    weight: u16.nullable().optional(),
    port: u16.nullable().optional(),
    redirect_type: z
      .number({ error: M.redirect })
      .refine((value) => value === 301 || value === 302, { error: M.redirect })
      .nullable()
      .optional(),
    page_title: z.string({ error: M.pageTitle }).max(PAGE_TITLE_MAX, { error: M.pageTitle }).nullable().optional(),
  },
  strict,
);
export type DnsRecordBody = z.output<typeof dnsRecordBodySchema>;

export type FieldError = { path: string; message: string };

/**
 * One record on its own: per-type rules, normalised. Answers the record to store or the
 * field errors (each naming its field).
 */
export function checkRecord(
  body: DnsRecordBody,
  domain: string,
): { ok: true; record: DnsRecordInput } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const relative = relativeName(body.name, domain);
  const name = relative ?? normaliseHost(body.name);
  const nameProblem =
    relative === null
      ? M.outside
      : name !== "@" && !RELATIVE_NAME.test(name)
        ? M.name
        : hostOf(name, domain).length > MAX_NAME
          ? M.nameLength
          : name.split(".").some((label) => label.startsWith("xn--") && aLabelToUnicode(label) === null)
            ? M.badALabel
            : null;
  if (nameProblem) errors.push({ path: "name", message: nameProblem });
  const content = body.content.trim();
  if (content === "" && body.type !== "TXT") errors.push({ path: "content", message: M.required });
  for (const field of EXTRA_RECORD_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && !recordFieldsFor(body.type).includes(field))
      errors.push({ path: field, message: M.notAllowed });
  }
  const record: DnsRecordInput = {
    type: body.type,
    name,
    content,
    ttl: body.ttl,
    priority: null,
    weight: null,
    port: null,
    redirect_type: null,
    page_title: null,
  };
  if (content !== "") {
    switch (body.type) {
      case "A":
        if (!isIpv4(content)) errors.push({ path: "content", message: M.ipv4 });
        break;
      case "AAAA":
        if (!isIpv6(content)) errors.push({ path: "content", message: M.ipv6 });
        else record.content = canonicalIpv6(content);
        break;
      case "CNAME":
      case "NS": {
        record.content = normaliseHost(content);
        const problem = hostProblem(record.content, body.type === "CNAME");
        if (problem) errors.push({ path: "content", message: problem });
        break;
      }
      case "MX":
      case "SRV": {
        // "." is a null MX (RFC 7505: no mail) or an SRV service that is not offered (RFC 2782).
        record.content = content === "." ? "." : normaliseHost(content);
        const problem = record.content === "." ? null : hostProblem(record.content, false);
        if (problem) errors.push({ path: "content", message: problem });
        else if (body.type === "MX" && record.content === "." && body.priority !== 0)
          errors.push({ path: "priority", message: M.nullMx });
        break;
      }
      case "CAA": {
        const match = /^(\d{1,3})\s+([A-Za-z0-9]{1,15})\s+(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))$/.exec(content);
        const tag = match?.[2]?.toLowerCase() ?? "";
        const value = match?.[3] !== undefined ? match[3].replace(/\\(.)/g, "$1") : (match?.[4] ?? "");
        if (
          !match ||
          Number(match[1]) > 255 ||
          !(CAA_TAGS as readonly string[]).includes(tag) ||
          byteLength(value) > TXT_CHUNK
        )
          errors.push({ path: "content", message: M.caa });
        else record.content = `${Number(match[1])} ${tag} "${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
        break;
      }
      case "FORWARD":
      case "STEALTH":
        if (!isWebUrl(content)) errors.push({ path: "content", message: M.url });
        else record.content = new URL(content).toString();
        break;
      case "TXT":
        break;
    }
  }
  if (body.type === "TXT") {
    if (byteLength(content) > TXT_MAX) errors.push({ path: "content", message: M.txtLength });
    else {
      const strings = txtStrings(content);
      if (!Array.isArray(strings)) errors.push({ path: "content", message: strings.error });
      else if (strings.join("") === "") errors.push({ path: "content", message: M.required });
    }
  }
  if (body.type === "MX" || body.type === "SRV") {
    if (body.priority === undefined || body.priority === null) errors.push({ path: "priority", message: M.priority });
    else record.priority = body.priority;
  }
  if (body.type === "SRV") {
    if (body.weight === undefined || body.weight === null) errors.push({ path: "weight", message: M.priority });
    else record.weight = body.weight;
    if (body.port === undefined || body.port === null) errors.push({ path: "port", message: M.priority });
    else record.port = body.port;
    // A wildcard service (`*._tcp`, RFC 4592) answers every service of that protocol.
    if (!/^(?:_[a-z0-9-]+|\*)\._(tcp|udp|tls|sctp)(\.|$)/.test(name)) errors.push({ path: "name", message: M.srvName });
  }
  if (body.type === "FORWARD") {
    if (body.redirect_type !== 301 && body.redirect_type !== 302)
      errors.push({ path: "redirect_type", message: M.redirect });
    else record.redirect_type = body.redirect_type;
  }
  if (body.type === "STEALTH") {
    const title = body.page_title?.trim() ?? "";
    if (title === "") errors.push({ path: "page_title", message: M.pageTitle });
    else record.page_title = title;
  }
  if (body.type === "CNAME" && name === "@") errors.push({ path: "name", message: M.apexCname });
  if (body.type === "NS" && name === "@") errors.push({ path: "name", message: M.apexNs });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, record };
}

/** Same record (type, name, content and the fields that make it distinct)? */
export function sameRecord(a: DnsRecordInput, b: DnsRecordInput): boolean {
  return (
    a.type === b.type &&
    a.name === b.name &&
    a.content === b.content &&
    a.priority === b.priority &&
    a.weight === b.weight &&
    a.port === b.port
  );
}

/** Zone-wide rules for the zone after a change: CNAME alone at its name, one forwarding per name, no duplicates. */
export function zoneConflicts(zone: readonly DnsRecordInput[], changed: DnsRecordInput): FieldError[] {
  const others = zone.filter((record) => record !== changed);
  const sameName = others.filter((record) => record.name === changed.name);
  const errors: FieldError[] = [];
  if (others.some((record) => sameRecord(record, changed))) errors.push({ path: "content", message: M.duplicate });
  if (changed.type === "CNAME" && sameName.some((record) => record.type !== "FORWARD" && record.type !== "STEALTH")) {
    errors.push({ path: "name", message: M.cnameBeside });
  } else if (
    changed.type !== "FORWARD" &&
    changed.type !== "STEALTH" &&
    sameName.some((record) => record.type === "CNAME")
  ) {
    errors.push({ path: "name", message: M.cnameBeside });
  }
  const isNullMx = (record: DnsRecordInput) => record.type === "MX" && record.content === ".";
  if (
    changed.type === "MX" &&
    sameName.some((record) => record.type === "MX" && (isNullMx(record) || isNullMx(changed)))
  )
    errors.push({ path: "content", message: M.nullMx });
  if (
    (changed.type === "FORWARD" || changed.type === "STEALTH") &&
    sameName.some((record) => ["CNAME", "FORWARD", "STEALTH"].includes(record.type))
  ) {
    errors.push({ path: "name", message: M.forwardBeside });
  }
  return errors;
}

/**
 * What a change breaks, said before it is saved. `not_served` is the API's own (the domain points
 * at other nameservers: the change is kept but nobody answers with it); the rest come from the zone.
 */
export type ChangeWarning = "last_mx" | "second_spf" | "apex_address_removed" | "not_served";

const isSpf = (record: DnsRecordInput) => record.type === "TXT" && /^v=spf1(\s|$)/i.test(txtValue(record.content));

/**
 * What a change breaks, said before it is saved: removing the last MX (mail stops), a second
 * SPF record at a name (SPF fails with both), removing the apex's last address.
 */
export function changeWarnings(before: readonly DnsRecordInput[], after: readonly DnsRecordInput[]): ChangeWarning[] {
  const warnings: ChangeWarning[] = [];
  const mx = (zone: readonly DnsRecordInput[]) =>
    zone.filter((record) => record.type === "MX" && record.name === "@").length;
  if (mx(before) > 0 && mx(after) === 0) warnings.push("last_mx");
  const spfNames = (zone: readonly DnsRecordInput[]) => {
    const counts = new Map<string, number>();
    for (const record of zone.filter(isSpf)) counts.set(record.name, (counts.get(record.name) ?? 0) + 1);
    return [...counts.values()].some((count) => count > 1);
  };
  if (!spfNames(before) && spfNames(after)) warnings.push("second_spf");
  const apexAddress = (zone: readonly DnsRecordInput[]) =>
    zone.some((record) => record.name === "@" && (record.type === "A" || record.type === "AAAA"));
  if (apexAddress(before) && !apexAddress(after)) warnings.push("apex_address_removed");
  return warnings;
}

// ─── The HTML form (Conform in the browser, parseWithZod in the action) ─────────────────────

const optionalNumber = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    if (!/^-?\d{1,6}$/.test(value)) {
      ctx.addIssue({ code: "custom", message: M.priority });
      return z.NEVER;
    }
    return Number(value);
  });

/**
 * The add/edit form of one record for `domain`: every field as text, then the same rules as
 * the API (`checkRecord`), so the browser and the action say the same thing. Fields the type
 * does not use are dropped (a form shows them all).
 */
export function dnsRecordFormSchema(domain: string) {
  return z
    .object({
      type: z.enum(RECORD_TYPES, { error: M.required }),
      name: z
        .string()
        .trim()
        .optional()
        .transform((value) => value || "@"),
      content: z
        .string()
        .optional()
        .transform((value) => value ?? ""),
      ttl: z
        .string()
        .optional()
        .transform((value) => Number(value ?? "0"))
        .refine((value) => (TTL_OPTIONS as readonly number[]).includes(value), { error: M.ttl }),
      priority: optionalNumber,
      weight: optionalNumber,
      port: optionalNumber,
      redirect_type: z
        .enum(["", "301", "302"], { error: M.redirect })
        .optional()
        .transform((value) => (value ? (Number(value) as 301 | 302) : null)),
      page_title: z
        .string()
        .optional()
        .transform((value) => value?.trim() || null),
    })
    .transform((value, ctx) => {
      const uses = recordFieldsFor(value.type);
      const body: DnsRecordBody = {
        type: value.type,
        name: value.name,
        content: value.content,
        ttl: value.ttl,
        priority: uses.includes("priority") ? value.priority : null,
        weight: uses.includes("weight") ? value.weight : null,
        port: uses.includes("port") ? value.port : null,
        redirect_type: uses.includes("redirect_type") ? value.redirect_type : null,
        page_title: uses.includes("page_title") ? value.page_title : null,
      };
      const checked = checkRecord(body, domain);
      if (!checked.ok) {
        for (const error of checked.errors)
          ctx.addIssue({ code: "custom", path: [error.path], message: error.message });
        return z.NEVER;
      }
      return body;
    });
}

/** The zone import form: the file's text and whether it replaces the zone. */
export const zoneImportFormSchema = z.object({
  zone: z.string({ error: "is required" }).max(1_000_000, { error: "is too long" }),
  replace: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

/** The stored summary of a change: "add A www", "rollback to version 3", "import (replace)". */
export function zoneChangeSummary(change: ZoneChange): string {
  switch (change.action) {
    case "add":
    case "edit":
    case "delete":
      return `${change.action} ${change.type} ${change.name}`;
    case "rollback":
      return `rollback to version ${change.version}`;
    case "import":
      return change.replace ? "import (replace)" : "import";
  }
}

/** A stored summary back as its change, or null for a text this version does not know. */
export function parseZoneChange(summary: string): ZoneChange | null {
  const record = /^(add|edit|delete) ([A-Z]+) (\S+)$/u.exec(summary);
  if (record) {
    const type = RECORD_TYPES.find((candidate) => candidate === record[2]);
    const [, action, , name] = record;
    return type && name ? { action: action as "add" | "edit" | "delete", type, name } : null;
  }
  const rollback = /^rollback to version (\d{1,15})$/u.exec(summary);
  if (rollback) return { action: "rollback", version: Number(rollback[1]) };
  if (summary === "import" || summary === "import (replace)")
    return { action: "import", replace: summary !== "import" };
  return null;
}
