// Zone files (RFC 1035 §5 master file format, as BIND reads and writes them): import into our
// records with a report on every line, and export that BIND's named-checkzone accepts and that
// imports back to the same records. The lexical layer (tokens, escapes, names, strings) is
// core/zone-text.ts; the RFC 3597 generic form is decoded here for the types we hold. Pure: no I/O.
import {
  AUTO_TTL,
  caaParts,
  checkRecord,
  isIpv4,
  isIpv6,
  TTL_OPTIONS,
  txtParts,
  type DnsRecord,
  type DnsRecordBody,
  type DnsRecordInput,
  type FieldError,
  type RecordType,
  zoneConflicts,
} from "./dns";
import {
  characterString,
  lexZone,
  parseName,
  quoteString,
  unescapeBytes,
  utf8Text,
  type Labels,
  type ZoneProblem,
  type ZoneToken,
} from "./zone-text";

/** What became of one record line of the file. */
export type ZoneLineReport =
  | { line: number; outcome: "imported"; type: RecordType; name: string; notes: string[] }
  | { line: number; outcome: "skipped"; type: string; name: string; reason: string }
  | { line: number; outcome: "refused"; reason: string };

export interface ZoneImport {
  records: DnsRecordInput[];
  /** One entry per record line, in file order: imported (with notes), skipped (and why), refused (and why). */
  report: ZoneLineReport[];
  /** Lines skipped: types we do not hold, other classes, names outside the domain, apex NS and SOA. */
  skipped: number;
  /** Lines refused, with their reasons (the whole import is refused when there is one). */
  errors: ZoneProblem[];
}

/** The types the editor holds and their RFC 3597 numbers (`TYPE257` is CAA). */
const HELD_TYPES: Record<number, RecordType> = {
  1: "A",
  2: "NS",
  5: "CNAME",
  15: "MX",
  16: "TXT",
  28: "AAAA",
  33: "SRV",
  257: "CAA",
};
const TYPE_NUMBERS = new Map(Object.entries(HELD_TYPES).map(([number, type]) => [type, Number(number)]));
const CLASSES = new Set(["IN", "CH", "HS", "CS", "NONE", "ANY"]);
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
/** RFC 2181 §8: a TTL is at most 2^31 − 1 seconds. */
const MAX_TTL = 2_147_483_647;
const MAX_DIRECTIVE_NOTE = 60;

/** "3600", "1h", "1h30m" → seconds, or null. */
export function parseTtl(token: string): number | null {
  const lower = token.toLowerCase();
  let seconds: number;
  if (/^\d{1,10}$/.test(lower)) seconds = Number(lower);
  else {
    const parts = lower.match(/\d{1,10}[smhdw]/g);
    if (!parts || parts.join("") !== lower) return null;
    seconds = parts.reduce((sum, part) => sum + Number(part.slice(0, -1)) * (UNIT_SECONDS[part.slice(-1)] ?? 0), 0);
  }
  return seconds <= MAX_TTL ? seconds : null;
}

/** The nearest of the TTL options (SPEC §9) to a zone's TTL; automatic is never chosen for an explicit value. */
export function nearestTtl(seconds: number): number {
  const [first = seconds, ...rest] = TTL_OPTIONS.filter((ttl) => ttl > 0);
  return rest.reduce((best, ttl) => (Math.abs(ttl - seconds) < Math.abs(best - seconds) ? ttl : best), first);
}

/** A class token (IN, CLASS1…) → its mnemonic, or null when the token is not a class. */
function classOf(token: string): string | null {
  const upper = token.toUpperCase();
  if (CLASSES.has(upper)) return upper;
  const generic = /^CLASS(\d{1,5})$/.exec(upper);
  if (!generic) return null;
  const number = Number(generic[1]);
  return number === 1 ? "IN" : `CLASS${number}`;
}

/** A type token → the held type, or the token's own name for one we do not hold. */
function typeOf(token: string): { held: RecordType } | { other: string } {
  const upper = token.toUpperCase();
  const generic = /^TYPE(\d{1,5})$/.exec(upper);
  if (generic) {
    const held = HELD_TYPES[Number(generic[1])];
    return held ? { held } : { other: upper };
  }
  const held = Object.values(HELD_TYPES).find((type) => type === upper);
  return held ? { held } : { other: upper };
}

const textOf = (labels: Labels) => labels.join(".");

/** The zone's own name for a record owner ("@", "www"), or null when it lies outside `zone`. */
function relativeTo(owner: Labels, zone: Labels): string | null {
  if (owner.length < zone.length) return null;
  const tail = owner.slice(owner.length - zone.length);
  if (tail.join(".") !== zone.join(".")) return null;
  const head = owner.slice(0, owner.length - zone.length);
  return head.length === 0 ? "@" : head.join(".");
}

// ─── RFC 3597 generic RDATA (`\# 4 c0000201`) for the types we hold ───────────────────────────

class WireReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.at === this.bytes.length;
  }
  u8(): number {
    if (this.at >= this.bytes.length) throw new Error("the data ends too early");
    return this.bytes[this.at++] ?? 0;
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new Error("the data ends too early");
    const part = this.bytes.slice(this.at, this.at + length);
    this.at += length;
    return part;
  }
  rest(): Uint8Array {
    return this.take(this.bytes.length - this.at);
  }
  /** An uncompressed name (RFC 3597 §4: no compression in the generic form) as a master-file token. */
  name(): string {
    const labels: string[] = [];
    for (let length = this.u8(); length !== 0; length = this.u8()) {
      if (length > 63) throw new Error("a name label is compressed or too long");
      labels.push([...this.take(length)].map((byte) => escapeNameByte(byte)).join(""));
    }
    return labels.length === 0 ? "." : `${labels.join(".")}.`;
  }
}

function escapeNameByte(byte: number): string {
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9_*-]/.test(char) ? char : `\\${String(byte).padStart(3, "0")}`;
}

const plain = (raw: string): ZoneToken => ({ raw, quoted: false });
const bytesToken = (bytes: Uint8Array): ZoneToken => ({
  raw: [...bytes].map((byte) => `\\${String(byte).padStart(3, "0")}`).join(""),
  quoted: true,
});

/** `\# <length> <hex…>` → the same RDATA in the type's own presentation tokens. */
function genericRdata(type: RecordType, tokens: ZoneToken[]): ZoneToken[] | { error: string } {
  const [lengthToken, ...hexTokens] = tokens;
  if (!lengthToken || !/^\d{1,5}$/.test(lengthToken.raw)) return { error: "the \\# form needs the data length" };
  const hex = hexTokens.map((token) => token.raw).join("");
  const length = Number(lengthToken.raw);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex) || hex.length !== length * 2)
    return { error: `the \\# data is not ${length} bytes of hexadecimal` };
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  const wire = new WireReader(bytes);
  try {
    let out: ZoneToken[];
    switch (type) {
      case "A":
        out = [plain([...wire.take(4)].join("."))];
        break;
      case "AAAA": {
        const words = [...Array(8)].map(() => wire.u16().toString(16));
        out = [plain(words.join(":"))];
        break;
      }
      case "NS":
      case "CNAME":
        out = [plain(wire.name())];
        break;
      case "MX":
        out = [plain(String(wire.u16())), plain(wire.name())];
        break;
      case "SRV":
        out = [plain(String(wire.u16())), plain(String(wire.u16())), plain(String(wire.u16())), plain(wire.name())];
        break;
      case "TXT":
        out = [];
        while (!wire.done) out.push(bytesToken(wire.take(wire.u8())));
        break;
      case "CAA": {
        const flags = wire.u8();
        const tag = utf8Text(wire.take(wire.u8()));
        if (typeof tag !== "string") return tag;
        out = [plain(String(flags)), plain(tag), bytesToken(wire.rest())];
        break;
      }
      default:
        return { error: `${type} has no generic form here` };
    }
    if (!wire.done) return { error: "the \\# data is longer than the record" };
    return out;
  } catch (error) {
    return {
      error: `the \\# data is too short or long for ${type}: ${error instanceof Error ? error.message : "not valid"}`,
    };
  }
}

// ─── Import ────────────────────────────────────────────────────────────────────────────────────

/** How many values each held type takes (TXT: one or more). */
const ARITY: Record<RecordType, number> = {
  A: 1,
  AAAA: 1,
  NS: 1,
  CNAME: 1,
  MX: 2,
  SRV: 4,
  TXT: 0,
  CAA: 3,
  FORWARD: 1,
  STEALTH: 1,
};

interface Context {
  zone: Labels;
  origin: Labels;
}

/** A target name token → the host the record stores ("." stays "."), with a note when it doubled the zone. */
function target(token: ZoneToken, context: Context, notes: string[]): string | { error: string } {
  const written = token.raw.replace(/\.$/, "");
  if (isIpv4(written) || isIpv6(written))
    return { error: `${token.raw} is an IP address: a target must be a host name like mail.example.com.` };
  const name = parseName(token, context.origin);
  if ("error" in name) return name;
  if (name.labels.length === 0) return ".";
  noteDoubled(token, name, context, notes);
  return textOf(name.labels);
}

/** RFC 1035 appends the origin to a name without a final dot: "mx.example.com" in example.com. becomes mx.example.com.example.com. */
function noteDoubled(token: ZoneToken, name: { labels: Labels; relative: boolean }, context: Context, notes: string[]) {
  const origin = textOf(context.origin);
  const written = token.raw.toLowerCase();
  if (name.relative && origin !== "" && (written === origin || written.endsWith(`.${origin}`)))
    notes.push(
      `${token.raw} has no final dot, so it became ${textOf(name.labels)}. (write ${token.raw}. if that was meant)`,
    );
}

function unsigned(token: ZoneToken | undefined, what: string): number | { error: string } {
  if (!token || !/^\d{1,5}$/.test(token.raw) || Number(token.raw) > 65535)
    return { error: `the ${what} must be a whole number from 0 to 65535` };
  return Number(token.raw);
}

/** The record body of a held type from its presentation tokens. */
function recordBody(
  type: RecordType,
  name: string,
  ttl: number,
  data: ZoneToken[],
  context: Context,
  notes: string[],
): DnsRecordBody | { error: string } {
  const body: DnsRecordBody = {
    type,
    name,
    content: "",
    ttl,
    priority: null,
    weight: null,
    port: null,
    redirect_type: null,
    page_title: null,
  };
  const arity = ARITY[type];
  if (arity > 0 && data.length !== arity)
    return { error: `${type} takes ${arity} value${arity === 1 ? "" : "s"}, this line has ${data.length}` };
  if (type === "TXT" && data.length === 0) return { error: "TXT needs at least one string" };
  const [first, second, third, fourth] = data;
  switch (type) {
    case "A":
    case "AAAA":
      body.content = first?.raw ?? "";
      break;
    case "NS":
    case "CNAME": {
      const host = target(first as ZoneToken, context, notes);
      if (typeof host !== "string") return host;
      body.content = host;
      break;
    }
    case "MX": {
      const priority = unsigned(first, "preference");
      if (typeof priority !== "number") return priority;
      const host = target(second as ZoneToken, context, notes);
      if (typeof host !== "string") return host;
      body.priority = priority;
      body.content = host;
      break;
    }
    case "SRV": {
      const values = [first, second, third].map((token, index) =>
        unsigned(token, ["priority", "weight", "port"][index] ?? "value"),
      );
      const failed = values.find((value) => typeof value !== "number");
      if (failed !== undefined && typeof failed !== "number") return failed;
      const host = target(fourth as ZoneToken, context, notes);
      if (typeof host !== "string") return host;
      [body.priority, body.weight, body.port] = values as number[];
      body.content = host;
      break;
    }
    case "TXT": {
      const strings: string[] = [];
      for (const token of data) {
        const text = characterString(token);
        if (typeof text !== "string") return text;
        strings.push(text);
      }
      body.content = strings.map(quoteForContent).join(" ");
      break;
    }
    case "CAA": {
      const value = unescapeBytes(third?.raw ?? "");
      if ("error" in value) return value;
      const text = utf8Text(value);
      if (typeof text !== "string") return text;
      body.content = `${first?.raw ?? ""} ${second?.raw ?? ""} ${quoteForContent(text)}`;
      break;
    }
    default:
      return { error: `${type} is not a DNS record type` };
  }
  return body;
}

/** A string inside a record's content: quoted, `"` and `\` escaped (core/dns.ts txtStrings reads it back). */
function quoteForContent(text: string): string {
  return `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

function describe(errors: FieldError[]): string {
  return errors.map((error) => `${error.path} ${error.message}`).join("; ");
}

/**
 * Reads a zone file for `domain`. Every record line gets a report entry. Records of the types we
 * hold are checked as if added one by one (core/dns.ts); a line that breaks a rule is refused
 * with its reason. `$INCLUDE` and `$GENERATE` are refused (an import reads this one file); an
 * rrset keeps its first record's TTL (RFC 2181 §5.2, as BIND does), noted on the lines it changes.
 */
export function parseZone(text: string, domain: string): ZoneImport {
  const zone = domain.toLowerCase().replace(/\.$/, "").split(".");
  const context: Context = { zone, origin: zone };
  let defaultTtl: number | null = null;
  let lastOwner: Labels | null = null;
  const result: ZoneImport = { records: [], report: [], skipped: 0, errors: [] };
  const lexed = lexZone(text);
  result.errors.push(...lexed.errors);
  /** rrset key → its TTL and the line that set it. */
  const rrsetTtl = new Map<string, { seconds: number; stored: number; line: number }>();

  const refuse = (line: number, reason: string) => {
    result.errors.push({ line, message: reason });
    result.report.push({ line, outcome: "refused", reason });
  };
  const skip = (line: number, type: string, name: string, reason: string) => {
    result.skipped += 1;
    result.report.push({ line, outcome: "skipped", type, name, reason });
  };

  for (const { line, indented, tokens } of lexed.entries) {
    const [head] = tokens;
    if (head === undefined) continue;
    const directive = head.quoted ? "" : head.raw.toUpperCase();
    if (directive === "$ORIGIN") {
      const next = tokens[1];
      const name = next ? parseName(next, context.origin) : { error: "$ORIGIN needs a name" };
      if ("error" in name) refuse(line, name.error);
      else context.origin = name.labels;
      continue;
    }
    if (directive === "$TTL") {
      const ttl = parseTtl(tokens[1]?.raw ?? "");
      if (ttl === null) refuse(line, "$TTL needs a time like 3600 or 1h");
      else defaultTtl = ttl;
      continue;
    }
    if (directive === "$INCLUDE") {
      refuse(line, "$INCLUDE is not supported: paste the included file's records here instead");
      continue;
    }
    if (directive.startsWith("$")) {
      refuse(line, `${directive.slice(0, MAX_DIRECTIVE_NOTE)} is not supported (only $ORIGIN and $TTL)`);
      continue;
    }

    // Owner, then TTL and class in either order, then the type.
    let index = 0;
    let owner: Labels | null = lastOwner;
    const notes: string[] = [];
    if (!indented) {
      const name = parseName(head, context.origin);
      if ("error" in name) {
        refuse(line, name.error);
        lastOwner = null;
        continue;
      }
      noteDoubled(head, name, context, notes);
      owner = name.labels;
      index = 1;
    }
    if (owner === null) {
      refuse(line, "the line has no owner name (the first record of a file must name one)");
      continue;
    }
    lastOwner = owner;
    let ttl: number | null = null;
    let recordClass = "IN";
    for (let guard = 0; guard < 2; guard += 1) {
      const token = tokens[index];
      if (!token || token.quoted) break;
      const asClass = classOf(token.raw);
      if (asClass !== null) {
        recordClass = asClass;
        index += 1;
      } else if (ttl === null && parseTtl(token.raw) !== null) {
        ttl = parseTtl(token.raw);
        index += 1;
      } else break;
    }
    const typeToken = tokens[index];
    if (!typeToken) {
      refuse(line, "the line has no record type");
      continue;
    }
    const kind = typeOf(typeToken.raw);
    const ownerText = textOf(owner) || ".";
    const name = relativeTo(owner, zone);
    const typeName = "held" in kind ? kind.held : kind.other;
    if (recordClass !== "IN") {
      skip(line, typeName, ownerText, `class ${recordClass}: only IN records are served`);
      continue;
    }
    if (name === null) {
      skip(line, typeName, ownerText, `${ownerText} is outside ${textOf(zone)}`);
      continue;
    }
    if ("other" in kind) {
      skip(line, kind.other, name, `${kind.other} is not a type the DNS editor holds`);
      continue;
    }
    const type = kind.held;
    if (type === "NS" && name === "@") {
      skip(line, type, name, "the domain's own nameservers are set on the Nameservers form");
      continue;
    }
    let data = tokens.slice(index + 1);
    if (data[0]?.raw === "\\#" && !data[0].quoted) {
      const generic = genericRdata(type, data.slice(1));
      if ("error" in generic) {
        refuse(line, generic.error);
        continue;
      }
      data = generic;
    }

    // TTL: the line's own, else $TTL; none of its own while $TTL is the automatic value stays automatic.
    const seconds = ttl ?? defaultTtl ?? AUTO_TTL;
    let stored = ttl === null && seconds === AUTO_TTL ? 0 : nearestTtl(seconds);
    const key = `${type} ${name}`;
    const set = rrsetTtl.get(key);
    if (set && set.seconds !== seconds) {
      notes.push(
        `TTL ${seconds} differs from the ${set.seconds} of this name's first ${type} (line ${set.line}): kept ${set.seconds}`,
      );
      stored = set.stored;
    } else if (stored !== 0 && stored !== seconds) {
      notes.push(`TTL ${seconds} is kept as ${stored}, the nearest the editor offers`);
    }

    // The owner goes in absolute (final dot): checkRecord takes it as it is, never re-rooted.
    const body = recordBody(type, `${textOf(owner)}.`, stored, data, context, notes);
    if ("error" in body) {
      refuse(line, body.error);
      continue;
    }
    const checked = checkRecord(body, textOf(zone));
    if (!checked.ok) {
      refuse(line, describe(checked.errors));
      continue;
    }
    const conflicts = zoneConflicts([...result.records, checked.record], checked.record);
    if (conflicts.length > 0) {
      refuse(line, describe(conflicts));
      continue;
    }
    result.records.push(checked.record);
    if (!set) rrsetTtl.set(key, { seconds, stored, line });
    result.report.push({ line, outcome: "imported", type, name, notes });
  }
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}

// ─── Export ────────────────────────────────────────────────────────────────────────────────────

function fqdn(host: string): string {
  return host === "." ? "." : `${host}.`;
}

/** A record's RDATA in the presentation format (a master file, PowerDNS's API): targets absolute. */
export function rdataOf(record: DnsRecordInput): string {
  switch (record.type) {
    case "MX":
      return `${record.priority} ${fqdn(record.content)}`;
    case "SRV":
      return `${record.priority} ${record.weight} ${record.port} ${fqdn(record.content)}`;
    case "CNAME":
    case "NS":
      return fqdn(record.content);
    case "TXT":
      return txtParts(record.content).map(quoteString).join(" ");
    case "CAA": {
      const parts = caaParts(record.content);
      return parts ? `${parts.flags} ${parts.tag} ${quoteString(parts.value)}` : record.content;
    }
    default:
      return record.content;
  }
}

/**
 * The zone as a BIND master file: $ORIGIN, $TTL, SOA (serial from the date), NS of the domain,
 * then the records (an automatic TTL written as none: the $TTL). Forwarding is listed as comments.
 * named-checkzone accepts it, and parseZone reads it back to the same records.
 */
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
    if (record.type === "FORWARD" || record.type === "STEALTH") {
      const how = record.type === "FORWARD" ? `forwards (${record.redirect_type}) to` : "stealth-forwards to";
      lines.push(`; ${record.name} ${how} ${record.content.replace(/[\r\n]/g, " ")}`);
      continue;
    }
    const ttl = record.ttl === 0 ? "" : `${record.ttl}\t`;
    lines.push(`${record.name}\t${ttl}IN\t${record.type}\t${rdataOf(record)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The RFC 3597 number of a held type (for tests and the generic form). */
export function typeNumber(type: RecordType): number | undefined {
  return TYPE_NUMBERS.get(type);
}
