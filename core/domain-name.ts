import { toASCII as uts46ToAscii, toUnicode as uts46ToUnicode } from "tr46";

/**
 * Domain names: parse, validate and convert between the registry form (ASCII, A-labels,
 * "xn--bcher-kva.com") and the display form (Unicode, "bücher.com").
 *
 * Mapping is UTS #46 non-transitional ("faß.de" keeps its ß, "İ" becomes "i̇"), with the STD3
 * (letters, digits, hyphen) rules, hyphen, joiner and bidi checks. On top of UTS #46, every
 * non-ASCII character must be a letter, mark or decimal digit, as IDNA2008 requires: UTS #46 still
 * lets symbols and emoji through ("i❤.ws"), registries do not.
 */

export type DomainNameError = "required" | "invalid_format" | "too_long" | "invalid_characters" | "unknown_extension";

export interface ParsedDomainName {
  /** Registry form, lower case: "xn--bcher-kva.com". */
  ascii: string;
  /** Display form: "bücher.com". */
  unicode: string;
  /** ASCII labels before the TLD: "xn--bcher-kva" ("www.example" for "www.example.com"). */
  label: string;
  /** Display form of `label`: "bücher". */
  labelUnicode: string;
  /** ASCII TLD: "com", "xn--p1ai". */
  tld: string;
  /** Display form of the TLD: "com", "рф". */
  tldUnicode: string;
  /** True when any label is an IDN (an A-label in the registry form). */
  isIdn: boolean;
}

export type ParseResult = { ok: true; name: ParsedDomainName } | { ok: false; error: DomainNameError; detail: string };

export type LabelResult =
  { ok: true; ascii: string; unicode: string } | { ok: false; error: DomainNameError; detail: string };

/** English texts; the UI translates by code. */
export const DOMAIN_ERROR_MESSAGES: Record<DomainNameError, string> = {
  required: "Please enter a domain name.",
  invalid_format: "Invalid domain format.",
  too_long: "Domain name is too long.",
  invalid_characters: "Domain name contains invalid characters.",
  unknown_extension: "This extension is not supported.",
};

export const MAX_LABEL_LENGTH = 63;
export const MAX_NAME_LENGTH = 253;
/** Longer input is refused before any Unicode work (a name is at most 253 octets). */
const MAX_INPUT_LENGTH = 1024;

const UTS46 = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
} as const;

/** Full stop and the dots CJK input methods type; UTS #46 maps them all to ".". */
const DOTS = /[.\u3002\uff0e\uff61]/;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const LDH = /^[a-z0-9-]$/;
/** IDNA2008 admits letters, marks and digits, plus these CONTEXTJ / CONTEXTO characters. */
const IDN_CHAR = /^[\p{L}\p{M}\p{Nd}]$/u;
const CONTEXT_CHARS = new Set(["\u200c", "\u200d", "\u00b7", "\u0375", "\u05f3", "\u05f4", "\u30fb"]);
/** The catalogue's TLD shape (core/catalogue.ts): letters, or an A-label. */
const TLD_ASCII = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

const fail = (error: DomainNameError, detail: string): { ok: false; error: DomainNameError; detail: string } => ({
  ok: false,
  error,
  detail,
});

function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, "0");
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch) ? `"${ch}" (U+${hex})` : `U+${hex}`;
}

/** The first character an LDH / IDN label may not contain, or null. */
function firstInvalidChar(label: string): string | null {
  for (const ch of label) {
    if (ASCII_ONLY.test(ch) ? !LDH.test(ch) : !IDN_CHAR.test(ch) && !CONTEXT_CHARS.has(ch)) return ch;
  }
  return null;
}

/**
 * One label as typed (no dots) → its A-label and Unicode form. Upper case, fullwidth letters and
 * other compatibility forms are mapped by UTS #46; "xn--" labels must be valid, canonical punycode.
 */
function convertLabel(raw: string): LabelResult {
  const isAsciiInput = ASCII_ONLY.test(raw);
  // ASCII maps to its lower case; anything else goes through the UTS #46 mapping (no checks yet).
  const mapped = isAsciiInput ? raw.toLowerCase() : uts46ToUnicode(raw).domain;
  if (mapped === "") return fail("invalid_format", "empty label");
  if (DOTS.test(mapped)) return fail("invalid_characters", `"${raw}" contains a character that stands for a dot`);

  let unicode = mapped;
  const isALabel = mapped.startsWith("xn--");
  if (isALabel) {
    if (!ASCII_ONLY.test(mapped)) return fail("invalid_format", `"${raw}" starts with "xn--" but is not ASCII`);
    const bad = firstInvalidChar(mapped);
    if (bad !== null) return fail("invalid_characters", `"${raw}" contains ${describeChar(bad)}`);
    const decoded = uts46ToUnicode(mapped, UTS46);
    if (decoded.error) return fail("invalid_format", `"${raw}" is not valid punycode`);
    unicode = decoded.domain;
  }

  const bad = firstInvalidChar(unicode);
  if (bad !== null) return fail("invalid_characters", `"${raw}" contains ${describeChar(bad)}`);
  if (unicode.startsWith("-") || unicode.endsWith("-")) {
    return fail("invalid_format", `"${raw}" starts or ends with a hyphen`);
  }
  if (!isALabel && Array.from(unicode).slice(2, 4).join("") === "--") {
    return fail("invalid_format", `"${raw}" has hyphens in the 3rd and 4th positions (reserved for "xn--")`);
  }

  const ascii = uts46ToAscii(unicode, UTS46);
  // The remaining UTS #46 failures: disallowed code points, a leading combining mark, misplaced
  // joiners, bidi rules, text that is not in NFC.
  if (ascii === null) return fail("invalid_characters", `"${raw}" is not a valid internationalised label`);
  if (isALabel && ascii !== mapped) return fail("invalid_format", `"${raw}" is not the canonical punycode form`);
  if (ascii.length > MAX_LABEL_LENGTH) {
    return fail("too_long", `label "${raw}" is ${ascii.length} characters in ASCII form (at most ${MAX_LABEL_LENGTH})`);
  }
  return { ok: true, ascii, unicode };
}

/** "https://Bücher.com/path?q" → "Bücher.com": scheme, path, query, fragment, port and root dot go. */
function stripUrlParts(input: string): string {
  return input
    .replace(/^https?:\/\//i, "")
    .replace(/[/?#].*$/s, "")
    .replace(/:\d{1,5}$/, "")
    .replace(/[.\u3002\uff0e\uff61]$/, "");
}

/**
 * A full domain name as a person types it ("Bücher.com", "https://xn--bcher-kva.com/", "faß.de.")
 * → its registry and display forms, or the first error. `isKnownTld(asciiTld)` decides
 * "unknown_extension"; omit it to skip that check.
 */
export function parseDomainName(input: string, isKnownTld?: (asciiTld: string) => boolean): ParseResult {
  const trimmed = input.trim();
  if (trimmed === "") return fail("required", "empty input");
  if (trimmed.length > MAX_INPUT_LENGTH) return fail("too_long", `input is longer than ${MAX_INPUT_LENGTH} characters`);

  const host = stripUrlParts(trimmed);
  if (host === "") return fail("invalid_format", "no domain name in the input");
  const rawLabels = host.split(DOTS);
  if (rawLabels.length < 2)
    return fail("invalid_format", "a domain name needs a name and an extension, like example.com");
  if (rawLabels.some((label) => label === ""))
    return fail("invalid_format", "empty label (a leading dot or two dots in a row)");

  const ascii: string[] = [];
  const unicode: string[] = [];
  for (const raw of rawLabels) {
    const result = convertLabel(raw);
    if (!result.ok) return result;
    ascii.push(result.ascii);
    unicode.push(result.unicode);
  }

  const asciiName = ascii.join(".");
  if (asciiName.length > MAX_NAME_LENGTH) {
    return fail("too_long", `the name is ${asciiName.length} characters in ASCII form (at most ${MAX_NAME_LENGTH})`);
  }
  // The bidi rules look at the whole name (an Arabic label makes every label a bidi label).
  if (uts46ToAscii(asciiName, { ...UTS46, verifyDNSLength: true }) === null) {
    return fail("invalid_characters", "the name breaks the right-to-left (bidi) rules");
  }

  const tld = ascii[ascii.length - 1] ?? "";
  const tldUnicode = unicode[unicode.length - 1] ?? "";
  if (!TLD_ASCII.test(tld)) return fail("invalid_format", `"${tldUnicode}" is not a valid extension`);
  if (isKnownTld && !isKnownTld(tld)) return fail("unknown_extension", `".${tldUnicode}" is not in the catalogue`);

  return {
    ok: true,
    name: {
      ascii: asciiName,
      unicode: unicode.join("."),
      label: ascii.slice(0, -1).join("."),
      labelUnicode: unicode.slice(0, -1).join("."),
      tld,
      tldUnicode,
      isIdn: ascii.some((label) => label.startsWith("xn--")),
    },
  };
}

/**
 * A bare keyword ("my shop", "Bücher", "istanbul-kahve") → one valid label: its ASCII form (the
 * A-label for an IDN) and Unicode form. Spaces and underscores are dropped ("my shop" → "myshop");
 * a keyword with a dot is not a keyword (invalid_format).
 */
export function parseLabel(input: string): LabelResult {
  const trimmed = input.trim();
  if (trimmed === "") return fail("required", "empty input");
  if (trimmed.length > MAX_INPUT_LENGTH) return fail("too_long", `input is longer than ${MAX_INPUT_LENGTH} characters`);
  const joined = trimmed.replace(/[\s_]+/gu, "");
  if (joined === "") return fail("required", "only spaces and underscores");
  if (DOTS.test(joined)) return fail("invalid_format", "a keyword cannot contain a dot");
  return convertLabel(joined);
}
