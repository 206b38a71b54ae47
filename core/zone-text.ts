// The master file's presentation format (RFC 1035 §5.1, as BIND reads and writes it): entries
// split into tokens (quoted strings, comments, parentheses across lines, an omitted owner), the
// `\X` and `\DDD` escapes, domain names (absolute, relative to an origin, "@") and
// character-strings, and the escaping that export writes back. Pure: no I/O.

export interface ZoneToken {
  /** As written, escapes kept (`foo\032bar`); a quoted token without its quotes. */
  raw: string;
  quoted: boolean;
}

/** One entry: a directive or a record, possibly across lines inside parentheses. */
export interface ZoneEntry {
  /** The line it starts on (1-based). */
  line: number;
  /** Starts with a blank: the owner is the previous entry's. */
  indented: boolean;
  tokens: ZoneToken[];
}

export interface ZoneProblem {
  line: number;
  message: string;
}

const BLANK = new Set([" ", "\t", "\r"]);

/** The file's entries, and the lexical errors (an unterminated string, unbalanced parentheses). */
export function lexZone(text: string): { entries: ZoneEntry[]; errors: ZoneProblem[] } {
  const entries: ZoneEntry[] = [];
  const errors: ZoneProblem[] = [];
  let line = 1;
  let depth = 0;
  let entry: ZoneEntry | null = null;
  let token: ZoneToken | null = null;
  let atLineStart = true;

  const current = (): ZoneEntry => {
    entry ??= { line, indented: false, tokens: [] };
    return entry;
  };
  const endToken = () => {
    if (token) current().tokens.push(token);
    token = null;
  };
  const endEntry = () => {
    endToken();
    if (entry && entry.tokens.length > 0) entries.push(entry);
    entry = null;
  };

  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (atLineStart && depth === 0) {
      atLineStart = false;
      if (entry === null && (char === " " || char === "\t")) entry = { line, indented: true, tokens: [] };
    }
    if (char === "\n") {
      endToken();
      if (depth === 0) endEntry();
      line += 1;
      atLineStart = true;
      index += 1;
      continue;
    }
    if (char === "\\") {
      const escape = text.slice(index, index + 4);
      const length = /^\\\d{3}$/.test(escape) ? 4 : 2;
      if (text.charAt(index + 1) === "\n" || index + 1 >= text.length) {
        errors.push({ line, message: "a backslash ends the line" });
        index += 1;
        continue;
      }
      token ??= { raw: "", quoted: false };
      token.raw += text.slice(index, index + length);
      index += length;
      continue;
    }
    if (char === '"') {
      endToken();
      let raw = "";
      let end = index + 1;
      let closed = false;
      while (end < text.length) {
        const inner = text.charAt(end);
        if (inner === "\n") break;
        if (inner === "\\" && end + 1 < text.length && text.charAt(end + 1) !== "\n") {
          const length = /^\\\d{3}$/.test(text.slice(end, end + 4)) ? 4 : 2;
          raw += text.slice(end, end + length);
          end += length;
          continue;
        }
        if (inner === '"') {
          closed = true;
          break;
        }
        raw += inner;
        end += 1;
      }
      if (!closed) {
        errors.push({ line, message: "a quoted string is not closed on its line" });
        index = end;
        continue;
      }
      current().tokens.push({ raw, quoted: true });
      index = end + 1;
      continue;
    }
    if (char === ";") {
      while (index < text.length && text.charAt(index) !== "\n") index += 1;
      continue;
    }
    if (char === "(" || char === ")") {
      endToken();
      current();
      if (char === "(") depth += 1;
      else if (depth === 0) errors.push({ line, message: "a ) without its (" });
      else depth -= 1;
      index += 1;
      continue;
    }
    if (BLANK.has(char)) {
      endToken();
      index += 1;
      continue;
    }
    token ??= { raw: "", quoted: false };
    token.raw += char;
    index += 1;
  }
  if (depth > 0) {
    const started: ZoneEntry | null = entry;
    errors.push({ line: started === null ? line : started.line, message: "a ( is never closed" });
  }
  endEntry();
  return { entries, errors };
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** The bytes a token stands for: `\DDD` is one byte (0–255), `\X` is X, the rest its UTF-8. */
export function unescapeBytes(raw: string): Uint8Array | { error: string } {
  const bytes: number[] = [];
  let index = 0;
  while (index < raw.length) {
    const char = raw.charAt(index);
    if (char === "\\") {
      const digits = /^\d{3}/.exec(raw.slice(index + 1, index + 4));
      if (digits) {
        const value = Number(digits[0]);
        if (value > 255) return { error: `the escape \\${digits[0]} is not a byte (at most \\255)` };
        bytes.push(value);
        index += 4;
        continue;
      }
      // `\X`: X itself, whatever it is (a quote, a backslash, a dot, a blank).
      index += 1;
      if (index >= raw.length) break;
    }
    const point = raw.codePointAt(index) ?? 0;
    const width = point > 0xffff ? 2 : 1;
    bytes.push(...encoder.encode(raw.slice(index, index + width)));
    index += width;
  }
  return Uint8Array.from(bytes);
}

/** A character-string as text: at most 255 bytes, UTF-8. */
export function characterString(token: ZoneToken): string | { error: string } {
  const bytes = unescapeBytes(token.raw);
  if ("error" in bytes) return bytes;
  if (bytes.length > 255) return { error: `a string is ${bytes.length} bytes long (at most 255)` };
  return utf8Text(bytes);
}

/** Bytes as UTF-8 text, or why they are not. */
export function utf8Text(bytes: Uint8Array): string | { error: string } {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return { error: "a string is not UTF-8 text" };
  }
}

/** A name's labels, lower case, root last omitted ("www.example.com." → ["www", "example", "com"]). */
export type Labels = string[];

/** What a label may hold here: letters, digits, hyphens, underscores, or a whole "*". */
const SERVED_LABEL = /^(?:\*|[a-z0-9_-]{1,63})$/;

/**
 * A domain name token → its labels, made absolute with `origin` when it has no final dot
 * (RFC 1035 §5.1). Escaped dots and other bytes than letters, digits, hyphens and underscores are
 * refused: such a name cannot be served by the editor's records.
 */
export function parseName(token: ZoneToken, origin: Labels): { labels: Labels; relative: boolean } | { error: string } {
  const raw = token.raw;
  if (raw === "@" && !token.quoted) return { labels: [...origin], relative: true };
  if (raw === ".") return { labels: [], relative: false };
  const labels: string[] = [];
  let label = "";
  let absolute = false;
  let index = 0;
  while (index < raw.length) {
    const char = raw.charAt(index);
    if (char === "\\") {
      const length = /^\\\d{3}/.test(raw.slice(index, index + 4)) ? 4 : 2;
      label += raw.slice(index, index + length);
      index += length;
      continue;
    }
    if (char === ".") {
      if (label === "") return { error: `the name ${raw} has an empty label` };
      labels.push(label);
      label = "";
      if (index === raw.length - 1) absolute = true;
      index += 1;
      continue;
    }
    label += char;
    index += 1;
  }
  if (label !== "") labels.push(label);
  const decoded: string[] = [];
  for (const part of labels) {
    const bytes = unescapeBytes(part);
    if ("error" in bytes) return bytes;
    if (bytes.length > 63) return { error: `the name ${raw} has a label longer than 63 bytes` };
    const text = String.fromCharCode(...bytes).toLowerCase();
    if (!SERVED_LABEL.test(text))
      return { error: `the name ${raw} holds characters other than letters, digits, hyphens and underscores` };
    decoded.push(text);
  }
  const all = absolute ? decoded : [...decoded, ...origin];
  if (all.slice(1).includes("*")) return { error: `the name ${raw} has a * that is not its first label` };
  if (all.reduce((sum, part) => sum + part.length + 1, 1) > 255)
    return { error: `the name ${raw} is longer than 255 bytes` };
  return { labels: all, relative: !absolute };
}

/** A character-string for a master file: quoted, `"` and `\` escaped, bytes outside printable ASCII as `\DDD`. */
export function quoteString(text: string): string {
  let out = '"';
  for (const byte of encoder.encode(text)) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

/** UTF-8 length of a text, in bytes. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}
