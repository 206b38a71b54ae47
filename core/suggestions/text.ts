/**
 * Text helpers for the suggestion generator: Turkish-aware folding to ASCII, tokenising, stop
 * words, light stemming for thesaurus look-ups, and the ASCII LDH label check. Pure.
 */
import { LDH_LABEL_PATTERN } from "../domain-name";

/** Letters that NFKD does not take apart into a base letter + marks. */
const SPECIAL_FOLDS: Readonly<Record<string, string>> = {
  "\u0131": "i", // ı dotless i
  "\u0130": "i", // İ dotted capital I
  "\u00df": "ss", // ß
  "\u00e6": "ae", // æ
  "\u00c6": "ae",
  "\u0153": "oe", // œ
  "\u0152": "oe",
  "\u00f8": "o", // ø
  "\u00d8": "o",
  "\u0111": "d", // đ
  "\u0110": "d",
  "\u0142": "l", // ł
  "\u0141": "l",
  "\u00fe": "th", // þ
  "\u00de": "th",
  "\u00f0": "d", // ð
  "\u00d0": "d",
};

/**
 * Folds text to lower-case ASCII where a letter has an obvious ASCII form: Turkish ç→c, ğ→g, ı→i,
 * İ→i, ö→o, ş→s, ü→u (and other Latin accents by decomposition). Characters without an ASCII form
 * (emoji, other scripts) are kept as they are; the tokeniser drops them.
 */
export function foldToAscii(text: string): string {
  let out = "";
  for (const ch of text) out += SPECIAL_FOLDS[ch] ?? ch;
  return out
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Letters that only Turkish uses (before folding): a hint that a phrase is Turkish. */
export const TURKISH_LETTERS = /[çğıİöşüÇĞÖŞÜ]/;

const APOSTROPHES = /['\u2019\u02bc\u2018`´]/;

/**
 * Splits a phrase into folded ASCII tokens ([a-z0-9]+). A suffix after an apostrophe is dropped
 * ("İstanbul'da" → "istanbul", "joe's" → "joe"); everything that is not a letter or digit separates
 * tokens.
 */
export function tokensOf(phrase: string): string[] {
  const tokens: string[] = [];
  for (const word of phrase.split(/\s+/)) {
    if (word === "") continue;
    const apostrophe = word.search(APOSTROPHES);
    const kept = apostrophe > 0 ? word.slice(0, apostrophe) : word;
    for (const token of foldToAscii(kept).split(/[^a-z0-9]+/)) {
      if (token !== "") tokens.push(token);
    }
  }
  return tokens;
}

/** Turkish stop words, folded (için → icin, mı → mi, çok → cok). */
const TURKISH_WORDS = [
  "ve",
  "veya",
  "ile",
  "icin",
  "bir",
  "bu",
  "de",
  "da",
  "mi",
  "mu",
  "ki",
  "ya",
  "ama",
  "gibi",
  "daha",
  "cok",
  "en",
  "her",
  "hem",
  "ne",
  "olan",
  "icinde",
  "benim",
  "senin",
  "bizim",
];

/** English and Turkish (folded) words that carry no meaning in a name. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  "the",
  "a",
  "an",
  "for",
  "and",
  "of",
  "my",
  "to",
  "in",
  "with",
  "on",
  "at",
  "by",
  "from",
  "or",
  "your",
  "our",
  "is",
  "are",
  "be",
  "it",
  "its",
  "this",
  "that",
  "we",
  "i",
  "me",
  "you",
  "as",
  "about",
  "into",
  "onto",
  "some",
  "any",
  "very",
  "just",
  "so",
  "but",
  "than",
  "then",
  "there",
  "their",
  "his",
  "her",
  "us",
  // Turkish
  ...TURKISH_WORDS,
]);

/** Turkish stop words (folded): their presence hints that a phrase is Turkish. */
export const TURKISH_STOP_WORDS: ReadonlySet<string> = new Set(TURKISH_WORDS);

/**
 * Stems to try when a word is not in the thesaurus as it stands, most likely first: English
 * plurals and common Turkish case/possessive/plural endings (folded: -sı/-si/-su/-sü → si/su).
 */
export function stemCandidates(word: string): string[] {
  const out: string[] = [];
  const add = (stem: string) => {
    if (stem.length >= 3 && stem !== word && !out.includes(stem)) out.push(stem);
  };
  if (word.endsWith("ies")) add(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) add(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) add(word.slice(0, -1));
  for (const suffix of TURKISH_SUFFIXES) {
    if (word.endsWith(suffix)) add(word.slice(0, -suffix.length));
  }
  return out;
}

/** Folded Turkish endings, longest first. */
const TURKISH_SUFFIXES: readonly string[] = [
  "lerin",
  "larin",
  "leri",
  "lari",
  "nin",
  "nun",
  "den",
  "dan",
  "ten",
  "tan",
  "ler",
  "lar",
  "si",
  "su",
  "in",
  "un",
  "de",
  "da",
  "te",
  "ta",
  "yi",
  "yu",
  "i",
  "u",
];

/** An ASCII LDH label: 1–63 of a-z, 0-9 and hyphen, no hyphen at either end (core/domain-name.ts). */
export const ASCII_LABEL = LDH_LABEL_PATTERN;

/**
 * A label we may suggest: ASCII LDH, 2–63 characters, and not of the reserved "ab--" form
 * (hyphens in the 3rd and 4th places are kept for IDNA A-labels such as "xn--").
 */
export function isSuggestibleLabel(label: string): boolean {
  return label.length >= 2 && ASCII_LABEL.test(label) && label.slice(2, 4) !== "--";
}
