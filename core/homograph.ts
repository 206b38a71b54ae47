import { BRANDS, SECURITY_WORDS, WORDS_NEAR_BRANDS } from "./brands";
import type { ParsedDomainName } from "./domain-name";

/**
 * Security warnings for a parsed domain name (homograph / look-alike checks). Only the labels the
 * customer chooses are checked, not the TLD (the registry's).
 *
 * - mixed_script: a label mixes scripts (Latin with Cyrillic, Greek, …). Digits, hyphens and
 *   combining marks are neutral; Han with Hiragana/Katakana, Bopomofo or Hangul (with or without
 *   Latin) is the normal way Japanese, Chinese and Korean are written and is not flagged.
 * - confusable: characters that look like Latin letters. A Latin-script look-alike (dotless ı,
 *   small capitals, fullwidth letters) is always reported; a Cyrillic, Greek or Armenian one when
 *   its label also has Latin letters, or when every letter of the label looks Latin ("аррӏе"), so
 *   that ordinary Russian or Greek names ("пример") are not flagged.
 * - brand_lookalike: a label that reads as a well-known brand (core/brands.ts) once look-alikes are
 *   replaced, that is one edit away from one, or that adds a security word to one ("paypal-login").
 *   The brand's own label in plain ASCII ("paypal") is not a warning.
 * - punycode: every IDN, so the UI can show the ASCII form beside the Unicode one.
 */
export type DomainWarning =
  | { kind: "mixed_script"; label: string; scripts: string[] }
  | { kind: "confusable"; characters: { char: string; looksLike: string; script: string }[] }
  | { kind: "brand_lookalike"; brand: string }
  | { kind: "punycode"; ascii: string; unicode: string };

/** Characters that look like a Latin letter (lower case: UTS #46 has already folded case). */
const LOOKALIKES: ReadonlyMap<string, string> = new Map([
  // Cyrillic
  ["а", "a"],
  ["в", "b"],
  ["г", "r"],
  ["е", "e"],
  ["к", "k"],
  ["о", "o"],
  ["п", "n"],
  ["р", "p"],
  ["с", "c"],
  ["у", "y"],
  ["х", "x"],
  ["ь", "b"],
  ["і", "i"],
  ["ј", "j"],
  ["ѕ", "s"],
  ["ѡ", "w"],
  ["ѵ", "v"],
  ["ү", "y"],
  ["һ", "h"],
  ["ҫ", "ç"],
  ["ӏ", "l"],
  ["ԁ", "d"],
  ["ԛ", "q"],
  ["ԝ", "w"],
  // Greek
  ["α", "a"],
  ["γ", "y"],
  ["η", "n"],
  ["ι", "i"],
  ["κ", "k"],
  ["ν", "v"],
  ["ο", "o"],
  ["ρ", "p"],
  ["τ", "t"],
  ["υ", "u"],
  ["χ", "x"],
  ["ω", "w"],
  ["ϲ", "c"],
  ["ϳ", "j"],
  // Armenian
  ["օ", "o"],
  ["ո", "n"],
  ["ս", "u"],
  ["հ", "h"],
  ["ց", "g"],
  ["զ", "q"],
  // Latin look-alikes of other Latin letters: dotless i and j, script a and g, iota
  ["ı", "i"],
  ["ȷ", "j"],
  ["ɑ", "a"],
  ["ɡ", "g"],
  ["ɩ", "i"],
  // Latin small capitals
  ["ᴀ", "a"],
  ["ʙ", "b"],
  ["ᴄ", "c"],
  ["ᴅ", "d"],
  ["ᴇ", "e"],
  ["ꜰ", "f"],
  ["ɢ", "g"],
  ["ʜ", "h"],
  ["ɪ", "i"],
  ["ᴊ", "j"],
  ["ᴋ", "k"],
  ["ʟ", "l"],
  ["ᴍ", "m"],
  ["ɴ", "n"],
  ["ᴏ", "o"],
  ["ᴘ", "p"],
  ["ʀ", "r"],
  ["ꜱ", "s"],
  ["ᴛ", "t"],
  ["ᴜ", "u"],
  ["ᴠ", "v"],
  ["ᴡ", "w"],
  ["ʏ", "y"],
  ["ᴢ", "z"],
  // Fullwidth letters (UTS #46 maps them away in parsed names; kept for raw text)
  ...Array.from({ length: 26 }, (_, i): [string, string] => [
    String.fromCodePoint(0xff41 + i),
    String.fromCodePoint(0x61 + i),
  ]),
  ...Array.from({ length: 26 }, (_, i): [string, string] => [
    String.fromCodePoint(0xff21 + i),
    String.fromCodePoint(0x61 + i),
  ]),
]);

const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Syriac", /\p{Script=Syriac}/u],
  ["Thaana", /\p{Script=Thaana}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", /\p{Script=Gujarati}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Telugu", /\p{Script=Telugu}/u],
  ["Kannada", /\p{Script=Kannada}/u],
  ["Malayalam", /\p{Script=Malayalam}/u],
  ["Sinhala", /\p{Script=Sinhala}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Lao", /\p{Script=Lao}/u],
  ["Tibetan", /\p{Script=Tibetan}/u],
  ["Myanmar", /\p{Script=Myanmar}/u],
  ["Khmer", /\p{Script=Khmer}/u],
  ["Ethiopic", /\p{Script=Ethiopic}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["Canadian_Aboriginal", /\p{Script=Canadian_Aboriginal}/u],
  ["Mongolian", /\p{Script=Mongolian}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hiragana", /\p{Script=Hiragana}/u],
  ["Katakana", /\p{Script=Katakana}/u],
  ["Bopomofo", /\p{Script=Bopomofo}/u],
  ["Hangul", /\p{Script=Hangul}/u],
];

/** Digits, hyphen, punctuation (Common) and combining marks (Inherited) belong to no script. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Script sets that are one writing system: Japanese, Chinese, Korean (each also with Latin). */
const CJK_SETS: readonly ReadonlySet<string>[] = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

/** The script of one character, or null for a neutral one. */
export function scriptOf(ch: string): string | null {
  if (NEUTRAL.test(ch)) return null;
  for (const [name, pattern] of SCRIPTS) if (pattern.test(ch)) return name;
  return "Other";
}

/** The distinct scripts of a label, in order of appearance. */
export function labelScripts(label: string): string[] {
  const scripts: string[] = [];
  for (const ch of label) {
    const script = scriptOf(ch);
    if (script !== null && !scripts.includes(script)) scripts.push(script);
  }
  return scripts;
}

function isMixedScript(scripts: string[]): boolean {
  if (scripts.length < 2) return false;
  return !CJK_SETS.some((set) => scripts.every((script) => set.has(script)));
}

/** What a character looks like in Latin, or null: "а" → "a", Cyrillic "ё" → "ë". */
export function latinLookalike(ch: string): string | null {
  const direct = LOOKALIKES.get(ch);
  if (direct !== undefined) return direct;
  const [base, ...marks] = Array.from(ch.normalize("NFD"));
  const baseLook = base !== undefined && marks.length > 0 ? LOOKALIKES.get(base) : undefined;
  return baseLook === undefined ? null : (baseLook + marks.join("")).normalize("NFC");
}

/**
 * How a label reads: look-alikes replaced by their Latin letter, accents and hyphens dropped, then
 * 0→o, 1→l, 3→e, 5→s, "rn"→"m", "vv"→"w". "pаypa1" → "paypal", "rnicrosoft" → "microsoft".
 */
export function skeleton(label: string): string {
  let out = "";
  for (const ch of label.normalize("NFD")) {
    if (/\p{M}/u.test(ch) || ch === "-") continue;
    out += LOOKALIKES.get(ch) ?? ch;
  }
  return out
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/0/g, "o")
    .replace(/1/g, "l")
    .replace(/3/g, "e")
    .replace(/5/g, "s")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** True when a and b differ by exactly one insertion, deletion, substitution or adjacent swap. */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  if (x.length === y.length) {
    const rest = (from: number) => x.slice(from).join("") === y.slice(from).join("");
    if (rest(i + 1)) return true; // substitution
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2); // transposition
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  return longer.slice(i + 1).join("") === shorter.slice(i).join("");
}

const BRAND_SKELETONS: readonly (readonly [string, string])[] = BRANDS.map((brand) => [brand, skeleton(brand)]);
const NEAR_WORDS = new Set(WORDS_NEAR_BRANDS);
const FUZZY_MIN_LENGTH = 5;

/** The brands a label imitates. */
export function brandLookalikes(label: string): string[] {
  const shape = skeleton(label);
  const hasSecurityWord = SECURITY_WORDS.some((word) => shape.includes(word));
  const found: string[] = [];
  for (const [brand, brandShape] of BRAND_SKELETONS) {
    if (label === brand) continue;
    const looksLike =
      shape === brandShape ||
      (brandShape.length >= FUZZY_MIN_LENGTH && !NEAR_WORDS.has(shape) && isOneEditApart(shape, brandShape)) ||
      (hasSecurityWord && shape.includes(brandShape));
    if (looksLike) found.push(brand);
  }
  return found;
}

function confusablesIn(label: string, scripts: string[]): { char: string; looksLike: string; script: string }[] {
  const hasLatin = scripts.includes("Latin");
  const letters = Array.from(label).filter((ch) => scriptOf(ch) !== null);
  const allLookLatin = letters.length > 0 && letters.every((ch) => latinLookalike(ch) !== null);
  const found: { char: string; looksLike: string; script: string }[] = [];
  for (const ch of label) {
    const looksLike = latinLookalike(ch);
    const script = scriptOf(ch);
    if (looksLike === null || script === null) continue;
    if (script === "Latin" || hasLatin || allLookLatin) found.push({ char: ch, looksLike, script });
  }
  return found;
}

export function domainWarnings(name: ParsedDomainName): DomainWarning[] {
  const labels = name.labelUnicode.split(".").filter((label) => label !== "");
  const warnings: DomainWarning[] = [];
  const characters: { char: string; looksLike: string; script: string }[] = [];
  const brands: string[] = [];

  for (const label of labels) {
    const scripts = labelScripts(label);
    if (isMixedScript(scripts)) warnings.push({ kind: "mixed_script", label, scripts });
    for (const entry of confusablesIn(label, scripts)) {
      if (!characters.some((seen) => seen.char === entry.char)) characters.push(entry);
    }
    for (const brand of brandLookalikes(label)) if (!brands.includes(brand)) brands.push(brand);
  }

  if (characters.length > 0) warnings.push({ kind: "confusable", characters });
  for (const brand of brands) warnings.push({ kind: "brand_lookalike", brand });
  if (name.isIdn) warnings.push({ kind: "punycode", ascii: name.ascii, unicode: name.unicode });
  return warnings;
}
