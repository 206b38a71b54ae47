// Zone files (RFC 1035 §5 master file format, as BIND writes them): import into our records and
// export of a zone. Supports $ORIGIN, $TTL, comments, parentheses across lines, an omitted owner
// (the previous one), "@", relative names, optional TTL (with units: 1h, 1d, 1w) and class in
// either order. Types we do not serve (SOA, PTR, SSHFP, LOC…) are skipped and counted; apex NS
// records are skipped too (the domain's nameservers are set at the registry). Pure: no I/O.
import {
  AUTO_TTL,
  checkRecord,
  RECORD_TYPES,
  TTL_OPTIONS,
  txtStrings,
  type DnsRecord,
  type DnsRecordInput,
  type FieldError,
  type RecordType,
  zoneConflicts,
} from "./dns";

export interface ZoneImport {
  records: DnsRecordInput[];
  /** Records of other types or names outside the domain, and apex NS. */
  skipped: number;
  errors: { line: number; message: string }[];
}

const CLASSES = new Set(["IN", "CH", "HS", "CS"]);
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** "3600", "1h", "1h30m" → seconds, or null. */
export function parseTtl(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  const parts = token.toLowerCase().match(/\d+[smhdw]/g);
  if (!parts || parts.join("") !== token.toLowerCase()) return null;
  return parts.reduce((sum, part) => sum + Number(part.slice(0, -1)) * (UNIT_SECONDS[part.slice(-1)] ?? 0), 0);
}

/** The nearest of the TTL options (SPEC §9) to a zone's TTL; automatic is never chosen for an explicit value. */
export function nearestTtl(seconds: number): number {
  const [first = seconds, ...rest] = TTL_OPTIONS.filter((ttl) => ttl > 0);
  return rest.reduce((best, ttl) => (Math.abs(ttl - seconds) < Math.abs(best - seconds) ? ttl : best), first);
}

/** Splits one logical line into tokens: quoted strings kept whole (with their quotes), comments dropped. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === ";") break;
    if (char === " " || char === "\t" || char === "\r") {
      index += 1;
      continue;
    }
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text.charAt(end) !== '"') end += text.charAt(end) === "\\" ? 2 : 1;
      tokens.push(text.slice(index, end + 1));
      index = end + 1;
      continue;
    }
    let end = index;
    while (end < text.length && !' \t\r;"'.includes(text.charAt(end))) end += 1;
    tokens.push(text.slice(index, end));
    index = end;
  }
  return tokens;
}

/** Physical lines → logical lines (parentheses joined), each with its first line number and whether it starts with blank. */
function logicalLines(text: string): { line: number; body: string; indented: boolean }[] {
  const out: { line: number; body: string; indented: boolean }[] = [];
  let pending: { line: number; body: string; indented: boolean } | null = null;
  let depth = 0;
  const rows = text.split("\n");
  for (const [index, raw] of rows.entries()) {
    // Parentheses outside quotes and comments count.
    let inQuote = false;
    let cut = raw.length;
    for (let i = 0; i < raw.length; i += 1) {
      const char = raw[i];
      if (char === "\\") {
        i += 1;
        continue;
      }
      if (char === '"') inQuote = !inQuote;
      else if (!inQuote && char === ";") {
        cut = i;
        break;
      } else if (!inQuote && char === "(") depth += 1;
      else if (!inQuote && char === ")") depth -= 1;
    }
    const content = raw.slice(0, cut).replace(/[()]/g, (match) => (inQuote ? match : " "));
    if (pending) pending.body += ` ${content}`;
    else pending = { line: index + 1, body: content, indented: /^[ \t]/.test(raw) };
    if (depth <= 0) {
      depth = 0;
      if (pending.body.trim() !== "") out.push(pending);
      pending = null;
    }
  }
  if (pending && pending.body.trim() !== "") out.push(pending);
  return out;
}

function absolute(name: string, origin: string): string {
  if (name === "@") return origin;
  if (name.endsWith(".")) return name.slice(0, -1).toLowerCase();
  return `${name}.${origin}`.toLowerCase();
}

/** Owner name → relative to `domain` ("@", "www"), or null when it lies outside. */
function relativeTo(owner: string, domain: string): string | null {
  if (owner === domain) return "@";
  return owner.endsWith(`.${domain}`) ? owner.slice(0, -(domain.length + 1)) : null;
}

export function parseZone(text: string, domain: string): ZoneImport {
  const zone = domain.toLowerCase();
  let origin = zone;
  let defaultTtl: number | null = null;
  let lastOwner = zone;
  const result: ZoneImport = { records: [], skipped: 0, errors: [] };

  for (const { line, body, indented } of logicalLines(text)) {
    const tokens = tokenize(body);
    const [head] = tokens;
    if (head === undefined) continue;
    const directive = head.toUpperCase();
    if (directive === "$ORIGIN") {
      const next = tokens[1] ?? "";
      origin = next.endsWith(".") ? next.slice(0, -1).toLowerCase() : `${next}.${origin}`.toLowerCase();
      continue;
    }
    if (directive === "$TTL") {
      const ttl = parseTtl(tokens[1] ?? "");
      if (ttl === null) result.errors.push({ line, message: "invalid $TTL" });
      else defaultTtl = ttl;
      continue;
    }
    if (directive.startsWith("$")) {
      result.skipped += 1;
      continue;
    }

    let index = 0;
    let owner = lastOwner;
    if (!indented) {
      owner = absolute(head, origin);
      index = 1;
    }
    lastOwner = owner;
    let ttl: number | null = null;
    for (let guard = 0; guard < 2 && index < tokens.length; guard += 1) {
      const token = tokens[index];
      if (token === undefined) break;
      if (CLASSES.has(token.toUpperCase())) index += 1;
      else if (parseTtl(token) !== null && ttl === null) {
        ttl = parseTtl(token);
        index += 1;
      }
    }
    const type = (tokens[index] ?? "").toUpperCase();
    const data = tokens.slice(index + 1);
    if (!type) {
      result.errors.push({ line, message: "missing record type" });
      continue;
    }
    const name = relativeTo(owner, zone);
    if (
      name === null ||
      !(RECORD_TYPES as readonly string[]).includes(type) ||
      type === "FORWARD" ||
      type === "STEALTH" ||
      (type === "NS" && name === "@")
    ) {
      result.skipped += 1;
      continue;
    }
    const host = (value: string | undefined) =>
      value === undefined ? "" : value === "." ? "." : absolute(value, origin);
    const seconds = ttl ?? defaultTtl;
    const body2: Parameters<typeof checkRecord>[0] = {
      type: type as RecordType,
      name,
      content: "",
      ttl: seconds === null ? 0 : nearestTtl(seconds),
      priority: null,
      weight: null,
      port: null,
      redirect_type: null,
      page_title: null,
    };
    const number = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);
    switch (type) {
      case "MX":
        body2.priority = number(data[0]);
        body2.content = host(data[1]);
        break;
      case "SRV":
        body2.priority = number(data[0]);
        body2.weight = number(data[1]);
        body2.port = number(data[2]);
        body2.content = host(data[3]);
        break;
      case "CNAME":
      case "NS":
        body2.content = host(data[0]);
        break;
      case "TXT":
        body2.content = data.map((token) => (token.startsWith('"') ? token : `"${token}"`)).join(" ");
        break;
      default:
        body2.content = data.join(" ");
    }
    const checked = checkRecord(body2, zone);
    if (!checked.ok) {
      result.errors.push({ line, message: describe(checked.errors) });
      continue;
    }
    const conflicts = zoneConflicts([...result.records, checked.record], checked.record);
    if (conflicts.length > 0) {
      result.errors.push({ line, message: describe(conflicts) });
      continue;
    }
    result.records.push(checked.record);
  }
  return result;
}

function describe(errors: FieldError[]): string {
  return errors.map((error) => `${error.path} ${error.message}`).join("; ");
}

function fqdn(host: string): string {
  return host === "." ? "." : `${host}.`;
}

/** The zone as a BIND master file: $ORIGIN, $TTL, SOA, NS of the domain, then the records. Forwarding is listed as comments. */
export function exportZone(
  domain: string,
  records: readonly DnsRecord[],
  nameservers: readonly string[],
  now: Date,
): string {
  const serial = `${now.toISOString().slice(0, 10).replace(/-/g, "")}00`;
  const primary = nameservers[0] ?? `ns1.${domain}`;
  const lines = [
    `; Zone of ${domain}, exported ${now.toISOString()}`,
    `$ORIGIN ${domain}.`,
    `$TTL ${AUTO_TTL}`,
    `@\tIN\tSOA\t${fqdn(primary)} hostmaster.${domain}. ( ${serial} 7200 3600 1209600 3600 )`,
    ...nameservers.map((ns) => `@\tIN\tNS\t${fqdn(ns)}`),
  ];
  for (const record of records) {
    const ttl = record.ttl === 0 ? AUTO_TTL : record.ttl;
    const owner = record.name;
    let data: string;
    switch (record.type) {
      case "MX":
        data = `${record.priority} ${fqdn(record.content)}`;
        break;
      case "SRV":
        data = `${record.priority} ${record.weight} ${record.port} ${fqdn(record.content)}`;
        break;
      case "CNAME":
      case "NS":
        data = fqdn(record.content);
        break;
      case "TXT": {
        const strings = txtStrings(record.content);
        data = (Array.isArray(strings) ? strings : [record.content])
          .map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`)
          .join(" ");
        break;
      }
      case "FORWARD":
      case "STEALTH":
        lines.push(
          `; ${owner} ${record.type === "FORWARD" ? `forwards (${record.redirect_type}) to` : "stealth-forwards to"} ${record.content}`,
        );
        continue;
      default:
        data = record.content;
    }
    lines.push(`${owner}\t${ttl}\tIN\t${record.type}\t${data}`);
  }
  return `${lines.join("\n")}\n`;
}
