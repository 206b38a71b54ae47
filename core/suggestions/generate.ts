/**
 * Trinity's built-in name generator (DESIGN §5 "suggestions"): a phrase in English or Turkish →
 * ranked domain-name candidates (label + one of the TLDs we sell). Pure: no I/O, no env, no
 * randomness; the same input always gives the same list. Availability and prices are checked by
 * the caller, which trims the list to its limit (SPEC §9: 10).
 */
import { synonymsOf } from "./thesaurus";
import { isSuggestibleLabel, STOP_WORDS, tokensOf, TURKISH_LETTERS, TURKISH_STOP_WORDS } from "./text";

export interface SuggestionCandidate {
  label: string;
  tld: string;
  source: "exact" | "keyword" | "affix" | "synonym" | "tld_hack" | "ai";
  score: number;
}

export interface GenerateOptions {
  /** How many candidates at most (default 50, at most 1000). */
  max?: number;
  /** TLDs to rank first, in this order (only those also in `tlds` are used). */
  preferredTlds?: readonly string[];
  /** The phrase's language when known; otherwise it is guessed from the phrase. */
  locale?: "en" | "tr";
}

export const DEFAULT_MAX_SUGGESTIONS = 50;
/** `max` is clamped to 0…this. */
export const MAX_SUGGESTIONS_CAP = 1000;

export const PREFIXES: readonly string[] = ["get", "try", "go", "my", "the", "hey", "use"];
export const SUFFIXES: readonly string[] = [
  "hq",
  "hub",
  "app",
  "ly",
  "ify",
  "lab",
  "labs",
  "now",
  "online",
  "shop",
  "pro",
  "co",
];
/** Turkish endings (folded): "bul" find, "al" buy, "sepeti" basket, "dünyası" world, "merkezi" centre. */
export const TURKISH_SUFFIXES: readonly string[] = ["bul", "al", "sepeti", "dunyasi", "merkezi"];

/** At most this many keywords take part (longer phrases keep their first words). */
const MAX_KEYWORDS = 6;
/** Synonyms tried per keyword and language. */
const MAX_SYNONYMS = 5;
/** Non-hack candidates are built on this many TLDs (preferred ones first, then catalogue order). */
const COMBO_TLDS = 12;

// Scores are kept in integer hundredths so that ties are exact and the order is deterministic.
const BASE = {
  exact: 10000,
  hackOfPhrase: 8600,
  synonym: 8000,
  translation: 7800,
  pair: 7800,
  hackOfWord: 7600,
  keyword: 7400,
  affixOfPhrase: 7400,
  foreignAffixOfPhrase: 7000,
  hyphenatedPhrase: 7000,
  affixOfWord: 6800,
  foreignAffixOfWord: 6400,
  foreignTranslation: 6600,
  crossWord: 6200,
} as const;
/** Later synonyms in a thesaurus entry are weaker: this much less per place. */
const SYNONYM_RANK_PENALTY = 100;
const HYPHEN_PENALTY = 800;
/** Applied per earlier pick on the same TLD / the same label, so results spread out. */
const SAME_TLD_PENALTY = 400;
const SAME_LABEL_PENALTY = 600;

const TLD_SHAPE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const HACKABLE_TLD = /^[a-z]{2,}$/;

/**
 * The meaningful words of a phrase: tokenised on anything that is not a letter or digit, Turkish
 * letters folded to ASCII, lower-cased, English and Turkish stop words dropped, duplicates removed
 * (first occurrence kept).
 */
export function keywordsOf(phrase: string): string[] {
  return unique(tokensOf(phrase).filter((token) => !STOP_WORDS.has(token)));
}

/**
 * Phrase (English or Turkish, any case, punctuation) + the TLDs we sell (ASCII, catalogue order,
 * first = most popular) → up to `max` distinct candidates, best first. Every label is ASCII LDH,
 * 2–63 characters, with no hyphen at either end. Scores are non-increasing down the list.
 */
export function generateSuggestions(
  phrase: string,
  tlds: readonly string[],
  options: GenerateOptions = {},
): SuggestionCandidate[] {
  const requested = options.max ?? DEFAULT_MAX_SUGGESTIONS;
  const max = Number.isNaN(requested)
    ? DEFAULT_MAX_SUGGESTIONS
    : Math.min(Math.max(Math.floor(requested), 0), MAX_SUGGESTIONS_CAP);
  const order = tldOrder(tlds, options.preferredTlds ?? []);
  if (max === 0 || order.length === 0) return [];

  const allTokens = unique(tokensOf(phrase));
  let keywords = allTokens.filter((token) => !STOP_WORDS.has(token));
  // A phrase made only of stop words ("to be") still means something as a name.
  if (keywords.length === 0) keywords = allTokens;
  keywords = keywords.slice(0, MAX_KEYWORDS);
  if (keywords.length === 0) return [];

  const turkish =
    options.locale === "tr" || (options.locale === undefined && looksTurkish(phrase, allTokens, keywords));

  const labels = baseLabels(keywords, turkish);
  const rank = new Map(order.map((tld, i) => [tld, i]));
  const candidates = new Map<string, Scored>();
  const offer = (label: string, tld: string, source: SuggestionCandidate["source"], score: number) => {
    if (!isSuggestibleLabel(label)) return;
    const key = `${label}.${tld}`;
    const known = candidates.get(key);
    if (!known || known.score < score) candidates.set(key, { label, tld, source, score });
  };

  for (const tld of order.slice(0, COMBO_TLDS)) {
    const tldPenalty = tldPenaltyOf(rank.get(tld) ?? 0);
    for (const { label, source, base } of labels.values()) {
      const shape = source === "exact" ? 0 : lengthPenalty(label) + hyphenPenalty(label);
      offer(label, tld, source, base - shape - tldPenalty);
    }
  }

  for (const hack of tldHacks(keywords, labels, order)) {
    const tldPenalty = Math.round(tldPenaltyOf(rank.get(hack.tld) ?? 0) / 2);
    offer(hack.label, hack.tld, "tld_hack", hack.base - lengthPenalty(hack.label) - tldPenalty);
  }

  return spreadOut([...candidates.values()], max).map((c) => ({ ...c, score: c.score / 100 }));
}

interface Scored {
  label: string;
  tld: string;
  source: SuggestionCandidate["source"];
  score: number;
}

interface BaseLabel {
  label: string;
  source: SuggestionCandidate["source"];
  base: number;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** Preferred TLDs (those we sell) first, then the rest in catalogue order; normalised, distinct. */
function tldOrder(tlds: readonly string[], preferred: readonly string[]): string[] {
  const clean = (tld: string) => tld.trim().toLowerCase().replace(/^\./, "");
  const sold = unique(tlds.map(clean).filter((tld) => TLD_SHAPE.test(tld) && tld.length <= 63));
  const soldSet = new Set(sold);
  const first = unique(preferred.map(clean).filter((tld) => soldSet.has(tld)));
  const firstSet = new Set(first);
  return [...first, ...sold.filter((tld) => !firstSet.has(tld))];
}

function looksTurkish(phrase: string, tokens: readonly string[], keywords: readonly string[]): boolean {
  if (TURKISH_LETTERS.test(phrase)) return true;
  if (tokens.some((token) => TURKISH_STOP_WORDS.has(token))) return true;
  let tr = 0;
  let en = 0;
  for (const keyword of keywords) {
    const languages = synonymsOf(keyword)?.languages;
    if (!languages || languages.size !== 1) continue;
    if (languages.has("tr")) tr++;
    else en++;
  }
  return tr > en;
}

/** Popular TLDs first: 0 for the first, then a gentle logarithmic slope (hundredths). */
function tldPenaltyOf(rank: number): number {
  return Math.round(600 * Math.log2(1 + rank));
}

/** Shorter is better: half a point a character up to 20, a quarter point after that. */
function lengthPenalty(label: string): number {
  return 50 * Math.min(label.length, 20) + 25 * Math.max(label.length - 20, 0);
}

function hyphenPenalty(label: string): number {
  let hyphens = 0;
  for (const ch of label) if (ch === "-") hyphens++;
  return HYPHEN_PENALTY * hyphens;
}

function sameLanguageSynonyms(word: string): string[] {
  const found = synonymsOf(word);
  if (!found) return [];
  const out: string[] = [];
  if (found.languages.has("en")) out.push(...found.en.slice(0, MAX_SYNONYMS));
  if (found.languages.has("tr")) out.push(...found.tr.slice(0, MAX_SYNONYMS));
  return unique(out);
}

/** The word's usual translation into the other language, when the thesaurus has one. */
function translationOf(word: string): string | null {
  const found = synonymsOf(word);
  if (!found || found.languages.size !== 1) return null;
  const other = found.languages.has("en") ? found.tr : found.en;
  return other[0] ?? null;
}

function withSuffix(base: string, suffix: string): string | null {
  if (base.endsWith(suffix)) return null;
  if (suffix === "ify") {
    const stem = base.replace(/[aeiouy]+$/, "");
    return stem.length >= 2 ? `${stem}ify` : null;
  }
  return `${base}${suffix}`;
}

/** Every label idea (before a TLD is chosen), each with its best source and base score. */
function baseLabels(keywords: readonly string[], turkish: boolean): Map<string, BaseLabel> {
  const labels = new Map<string, BaseLabel>();
  const add = (label: string, source: SuggestionCandidate["source"], base: number) => {
    if (!isSuggestibleLabel(label)) return;
    const known = labels.get(label);
    if (!known || known.base < base) labels.set(label, { label, source, base });
  };
  const exact = keywords.join("");
  const many = keywords.length > 1;

  add(exact, "exact", BASE.exact);
  if (many) {
    add(keywords.join("-"), "keyword", keywords.length === 2 ? BASE.pair : BASE.hyphenatedPhrase);
    for (const keyword of keywords) add(keyword, "keyword", BASE.keyword);
  }
  if (keywords.length > 2) {
    for (let i = 0; i < keywords.length; i++) {
      for (let j = i + 1; j < keywords.length; j++) {
        add(`${keywords[i]}${keywords[j]}`, "keyword", BASE.pair);
        add(`${keywords[i]}-${keywords[j]}`, "keyword", BASE.pair);
      }
    }
  }

  // Synonyms in the same language, one word swapped at a time; then the whole phrase translated.
  keywords.forEach((keyword, i) => {
    sameLanguageSynonyms(keyword).forEach((synonym, place) => {
      const swapped = keywords.map((word, j) => (j === i ? synonym : word));
      add(swapped.join(""), "synonym", BASE.synonym - SYNONYM_RANK_PENALTY * place);
    });
  });
  const translated = keywords.map((word) => translationOf(word) ?? word);
  // English names are common for Turkish businesses; Turkish ones less so the other way round.
  add(translated.join(""), "synonym", turkish ? BASE.translation : BASE.foreignTranslation);
  if (many) {
    for (const keyword of keywords) {
      const other = translationOf(keyword);
      if (other) add(other, "synonym", BASE.crossWord);
    }
  }

  // Affixes on the phrase and on each word: English ones always, Turkish ones for Turkish phrases.
  const affixBases = [exact, ...(many ? keywords : [])];
  for (const base of affixBases) {
    const isPhrase = base === exact;
    const english = turkish
      ? isPhrase
        ? BASE.foreignAffixOfPhrase
        : BASE.foreignAffixOfWord
      : isPhrase
        ? BASE.affixOfPhrase
        : BASE.affixOfWord;
    for (const prefix of PREFIXES) {
      if (!base.startsWith(prefix)) add(`${prefix}${base}`, "affix", english);
    }
    for (const suffix of SUFFIXES) {
      const label = withSuffix(base, suffix);
      if (label) add(label, "affix", english);
    }
    if (turkish) {
      const native = isPhrase ? BASE.affixOfPhrase : BASE.affixOfWord;
      for (const suffix of TURKISH_SUFFIXES) {
        const label = withSuffix(base, suffix);
        if (label) add(label, "affix", native);
      }
    }
  }
  return labels;
}

/**
 * Domain hacks: a word that ends in one of our TLDs is spelt by label + TLD ("delicious" →
 * "delicio" + "us"). Tried on the whole phrase, each word, and their synonyms and translations.
 */
function tldHacks(
  keywords: readonly string[],
  labels: ReadonlyMap<string, BaseLabel>,
  order: readonly string[],
): { label: string; tld: string; base: number }[] {
  const exact = keywords.join("");
  const words = new Map<string, number>([[exact, BASE.hackOfPhrase]]);
  for (const { label, source } of labels.values()) {
    if (label.includes("-") || words.has(label)) continue;
    if (source === "keyword" || source === "synonym") words.set(label, BASE.hackOfWord);
  }
  const hacks: { label: string; tld: string; base: number }[] = [];
  for (const tld of order) {
    if (!HACKABLE_TLD.test(tld)) continue;
    for (const [word, base] of words) {
      if (word.length >= tld.length + 2 && word.endsWith(tld)) {
        hacks.push({ label: word.slice(0, -tld.length), tld, base });
      }
    }
  }
  return hacks;
}

function before(a: Scored, b: Scored, scoreA: number, scoreB: number): boolean {
  if (scoreA !== scoreB) return scoreA > scoreB;
  if (a.label !== b.label) return a.label < b.label;
  return a.tld < b.tld;
}

/**
 * Picks the best `max` candidates one by one, each time lowering the others that share a TLD or a
 * label with what was already picked, so the list alternates TLDs and ideas instead of showing ten
 * names on .com. Returned scores are those adjusted ones, hence non-increasing.
 */
function spreadOut(all: Scored[], max: number): Scored[] {
  const picked: Scored[] = [];
  const left = [...all];
  const perTld = new Map<string, number>();
  const perLabel = new Map<string, number>();
  const adjusted = (c: Scored) =>
    c.score - SAME_TLD_PENALTY * (perTld.get(c.tld) ?? 0) - SAME_LABEL_PENALTY * (perLabel.get(c.label) ?? 0);
  while (picked.length < max) {
    const [first] = left;
    if (!first) break;
    let best = 0;
    let chosen = first;
    let bestScore = adjusted(first);
    for (const [i, candidate] of left.entries()) {
      if (i === 0) continue;
      const score = adjusted(candidate);
      if (before(candidate, chosen, score, bestScore)) {
        best = i;
        chosen = candidate;
        bestScore = score;
      }
    }
    left.splice(best, 1);
    picked.push({ ...chosen, score: bestScore });
    perTld.set(chosen.tld, (perTld.get(chosen.tld) ?? 0) + 1);
    perLabel.set(chosen.label, (perLabel.get(chosen.label) ?? 0) + 1);
  }
  return picked;
}
