import { toASCII as uts46ToAscii, toUnicode as uts46ToUnicode } from "tr46";
import { type DomainNameError } from "./domain-name-errors";
import { TLD_PATTERN, isALabel } from "./host-name";

export {
  HOST_PATTERN,
  LDH_LABEL_PATTERN,
  TLD_PATTERN,
  isALabel,
  isAsciiTld,
  isHostName,
  isLdhLabel,
  normaliseHost,
} from "./host-name";

export { DOMAIN_ERROR_MESSAGES, DOMAIN_NAME_ERRORS } from "./domain-name-errors";
export type { DomainNameError } from "./domain-name-errors";

/**
 * Domain names and hosts — the one module that parses, normalises, validates and displays them
 * (issue 21), and the only one that imports an IDN library. Registry form: ASCII, A-labels
 * ("xn--bcher-kva.com"); display form: Unicode ("bücher.com").
 *
 * A typed name goes through RFC 5891 §5.4's registration rules: UTS #46 non-transitional mapping
 * for what people type ("faß.de" keeps its ß, "İ" becomes "i̇"; STD3, hyphen, joiner (RFC 5892
 * A.1/A.2) and bidi (RFC 5893) checks), then IDNA2008 validity: every code point's RFC 5892
 * derived property (PVALID, or CONTEXTO with its Appendix A rule satisfied; the §2.6 exceptions
 * included). UTS #46 alone still lets symbols, emoji, U+0640 TATWEEL or a lone "·" through;
 * registries do not.
 *
 * Everything at module level is pure (constants and functions), so a browser bundle that only
 * uses a pattern or the error list does not keep the IDN table.
 */

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

// The one label / TLD / host rule (ASCII, registry form) is in host-name.ts (re-exported above).

// ---- IDNA2008 validity (RFC 5892 derived property, Appendix A contextual rules) ----

type DerivedProperty = "PVALID" | "CONTEXTJ" | "CONTEXTO" | "DISALLOWED" | "UNASSIGNED";

/** RFC 5892 §2.6: code points whose property is fixed by hand (a function: no table built at load). */
function exceptionOf(cp: number): DerivedProperty | null {
  switch (cp) {
    case 0x00df: // ß
    case 0x03c2: // ς
    case 0x06fd: // ARABIC SIGN SINDHI AMPERSAND
    case 0x06fe: // ARABIC SIGN SINDHI POSTPOSITION MEN
    case 0x0f0b: // TIBETAN MARK INTERSYLLABIC TSHEG
    case 0x3007: // IDEOGRAPHIC NUMBER ZERO
      return "PVALID";
    case 0x00b7: // MIDDLE DOT
    case 0x0375: // GREEK LOWER NUMERAL SIGN (KERAIA)
    case 0x05f3: // HEBREW PUNCTUATION GERESH
    case 0x05f4: // HEBREW PUNCTUATION GERSHAYIM
    case 0x30fb: // KATAKANA MIDDLE DOT
      return "CONTEXTO";
    case 0x0640: // ARABIC TATWEEL
    case 0x07fa: // NKO LAJANYALAN
    case 0x302e: // HANGUL SINGLE DOT TONE MARK
    case 0x302f: // HANGUL DOUBLE DOT TONE MARK
    case 0x303b: // VERTICAL IDEOGRAPHIC ITERATION MARK
      return "DISALLOWED";
    default:
      if ((cp >= 0x0660 && cp <= 0x0669) || (cp >= 0x06f0 && cp <= 0x06f9)) return "CONTEXTO"; // Arabic-Indic digits
      if (cp >= 0x3031 && cp <= 0x3035) return "DISALLOWED"; // VERTICAL KANA REPEAT MARKs
      return null;
  }
}

const UNASSIGNED = /^\p{Cn}$/u;
/** RFC 5892 §2.4 IgnorableProperties (Default_Ignorable, White_Space, Noncharacter). */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u;
/** RFC 5892 §2.1 LetterDigits: Ll, Lu, Lo, Nd, Lm, Mn, Mc. */
const LETTER_DIGITS = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;

/** RFC 5892 §3 (the derivation, in its order) for one code point. */
export function idna2008Property(ch: string): DerivedProperty {
  const cp = ch.codePointAt(0) ?? 0;
  const exception = exceptionOf(cp);
  if (exception) return exception;
  if (UNASSIGNED.test(ch)) return "UNASSIGNED";
  if (LDH.test(ch)) return "PVALID";
  if (cp === 0x200c || cp === 0x200d) return "CONTEXTJ";
  // Unstable: NFKC_Casefold(cp) != cp (approximated by NFKC + lower case, both ways).
  const folded = ch.normalize("NFKC").toLowerCase().normalize("NFKC");
  if (folded !== ch) return "DISALLOWED";
  if (IGNORABLE.test(ch)) return "DISALLOWED";
  // IgnorableBlocks: Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation.
  if ((cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0x1d100 && cp <= 0x1d24f)) return "DISALLOWED";
  // OldHangulJamo: the conjoining jamo (Hangul_Syllable_Type L, V, T).
  if ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xd7b0 && cp <= 0xd7ff)) {
    return "DISALLOWED";
  }
  return LETTER_DIGITS.test(ch) ? "PVALID" : "DISALLOWED";
}

const GREEK = /^\p{Script=Greek}$/u;
const HEBREW = /^\p{Script=Hebrew}$/u;
const KANA_OR_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const ARABIC_INDIC = /[\u0660-\u0669]/;
const EXTENDED_ARABIC_INDIC = /[\u06f0-\u06f9]/;

/** RFC 5892 Appendix A.3–A.9: may this CONTEXTO character stand at `index` of `chars` (one label)? */
function contextOAllows(chars: readonly string[], index: number): boolean {
  const ch = chars[index] ?? "";
  const before = chars[index - 1] ?? "";
  const after = chars[index + 1] ?? "";
  const label = chars.join("");
  switch (ch) {
    case "\u00b7": // A.3 MIDDLE DOT: between two "l" (Catalan "l·l").
      return before === "l" && after === "l";
    case "\u0375": // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek.
      return GREEK.test(after);
    case "\u05f3": // A.5 HEBREW PUNCTUATION GERESH: preceded by Hebrew.
    case "\u05f4": // A.6 HEBREW PUNCTUATION GERSHAYIM: preceded by Hebrew.
      return HEBREW.test(before);
    case "\u30fb": // A.7 KATAKANA MIDDLE DOT: the label holds Hiragana, Katakana or Han.
      return KANA_OR_HAN.test(label.replace(/\u30fb/g, ""));
    default:
      // A.8 / A.9: Arabic-Indic digits and extended Arabic-Indic digits are not mixed.
      if (ARABIC_INDIC.test(ch)) return !EXTENDED_ARABIC_INDIC.test(label);
      if (EXTENDED_ARABIC_INDIC.test(ch)) return !ARABIC_INDIC.test(label);
      return false;
  }
}

/**
 * The first IDNA2008 refusal of a U-label (already mapped, NFC): a code point that is not PVALID
 * (CONTEXTJ is left to UTS #46's joiner check, RFC 5892 A.1/A.2), or a CONTEXTO one out of context.
 */
function idna2008Refusal(label: string): { error: "invalid_characters" | "invalid_context"; ch: string } | null {
  const chars = Array.from(label);
  for (const [index, ch] of chars.entries()) {
    const property = idna2008Property(ch);
    if (property === "PVALID" || property === "CONTEXTJ") continue;
    if (property === "CONTEXTO") {
      if (contextOAllows(chars, index)) continue;
      return { error: "invalid_context", ch };
    }
    return { error: "invalid_characters", ch };
  }
  return null;
}

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

/** The first character an LDH label may not contain (ASCII), or null. */
function firstInvalidAscii(label: string): string | null {
  for (const ch of label) if (ASCII_ONLY.test(ch) && !LDH.test(ch)) return ch;
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
    const bad = firstInvalidAscii(mapped);
    if (bad !== null) return fail("invalid_characters", `"${raw}" contains ${describeChar(bad)}`);
    const decoded = uts46ToUnicode(mapped, UTS46);
    if (decoded.error) return fail("invalid_format", `"${raw}" is not valid punycode`);
    unicode = decoded.domain;
  }

  const bad = firstInvalidAscii(unicode);
  if (bad !== null) return fail("invalid_characters", `"${raw}" contains ${describeChar(bad)}`);
  const refusal = idna2008Refusal(unicode);
  if (refusal !== null) {
    const where = refusal.error === "invalid_context" ? " where it is not allowed (RFC 5892 Appendix A)" : "";
    return fail(refusal.error, `"${raw}" contains ${describeChar(refusal.ch)}${where}`);
  }
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
  if (!TLD_PATTERN.test(tld)) return fail("invalid_format", `"${tldUnicode}" is not a valid extension`);
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

/** A valid A-label ("xn--p1ai") → its U-label ("рф"); null when it is not valid, canonical punycode of a valid label. */
export function aLabelToUnicode(label: string): string | null {
  if (!isALabel(label)) return null;
  const result = convertLabel(label);
  return result.ok && result.ascii === label ? result.unicode : null;
}

/**
 * A registry-form (or typed) name → how people read it: lower case, every A-label decoded
 * ("XN--BCHER-KVA.com" → "bücher.com"). Null when an "xn--" label is not valid punycode.
 */
export function toDisplayName(name: string): string | null {
  const labels = name.toLowerCase().split(".");
  const shown: string[] = [];
  for (const label of labels) {
    if (!isALabel(label)) {
      shown.push(label);
      continue;
    }
    const decoded = uts46ToUnicode(label);
    if (decoded.error) return null;
    shown.push(decoded.domain);
  }
  return shown.join(".");
}

/** An extension as typed (".com", "COM", "рф", "xn--p1ai", "．jp") → its ASCII form, or null when it cannot be one. */
export function tldToAscii(input: string): string | null {
  const bare = input.trim().replace(/^[.\u3002\uff0e\uff61]/, "");
  if (bare === "" || bare.length > MAX_LABEL_LENGTH * 4 || DOTS.test(bare)) return null;
  const result = convertLabel(bare);
  return result.ok && TLD_PATTERN.test(result.ascii) ? result.ascii : null;
}

/** ASCII extension → how people read it ("xn--p1ai" → "рф"); the input itself when it is not an A-label. */
export function tldToDisplay(ascii: string): string {
  return aLabelToUnicode(ascii) ?? ascii;
}

/**
 * Search box normalisation (SPEC §5 "Home search"): the trimmed input must be non-empty, else
 * nothing happens (null). The text is shown in its IDN display form ("xn--bcher-kva.com" →
 * "bücher.com"); when that conversion fails, the lower-cased trimmed text is used.
 */
export function normaliseSearchInput(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? "").trim();
  if (trimmed === "") return null;
  const lowered = trimmed.toLowerCase();
  return toDisplayName(lowered) ?? lowered;
}
