import { describe, expect, it } from "vitest";
import { generateSuggestions, keywordsOf, type SuggestionCandidate } from "./generate";
import { foldToAscii, tokensOf } from "./text";
import { synonymsOf, THESAURUS } from "./thesaurus";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLDS = ["com", "net", "org", "io", "co", "app", "dev", "xyz", "shop", "store", "online", "com.tr"];
const names = (list: readonly SuggestionCandidate[]) => list.map((c) => `${c.label}.${c.tld}`);

/** Small deterministic PRNG so the fuzz cases are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("keywordsOf", () => {
  it("tokenises, lower-cases and drops English stop words", () => {
    expect(keywordsOf("The Best Coffee for my Team!")).toEqual(["best", "coffee", "team"]);
    expect(keywordsOf("  fresh, coffee & shop... ")).toEqual(["fresh", "coffee", "shop"]);
    expect(keywordsOf("a shop of the shops and a shop")).toEqual(["shop", "shops"]);
  });

  it("folds Turkish letters and drops Turkish stop words", () => {
    expect(keywordsOf("taze kahve dükkanı")).toEqual(["taze", "kahve", "dukkani"]);
    expect(keywordsOf("İstanbul çiçekçi")).toEqual(["istanbul", "cicekci"]);
    expect(keywordsOf("ÇİÇEK ve BAHÇE için bir mağaza")).toEqual(["cicek", "bahce", "magaza"]);
    expect(keywordsOf("ışık, güneş ile öğüt")).toEqual(["isik", "gunes", "ogut"]);
  });

  it("drops the suffix after an apostrophe and anything that is not a letter or digit", () => {
    expect(keywordsOf("İstanbul'da kahve")).toEqual(["istanbul", "kahve"]);
    expect(keywordsOf("Joe’s coffee ☕ 24/7")).toEqual(["joe", "coffee", "24", "7"]);
    expect(keywordsOf("🚀🔥 !!! ...")).toEqual([]);
    expect(keywordsOf("the and of")).toEqual([]);
  });
});

describe("foldToAscii and the thesaurus", () => {
  it("folds every Turkish letter", () => {
    expect(foldToAscii("çğıİöşüÇĞÖŞÜ")).toBe("cgiiosucgosu");
    expect(tokensOf("Café-Crème")).toEqual(["cafe", "creme"]);
  });

  it("looks words up both ways, folded and stemmed", () => {
    expect(synonymsOf("coffee")?.tr).toContain("kahve");
    expect(synonymsOf("kahve")?.en).toContain("coffee");
    expect(synonymsOf("dükkanı")?.en).toContain("shop");
    expect(synonymsOf("shop")?.en).toEqual(expect.arrayContaining(["store", "market", "mart"]));
    expect(synonymsOf("shop")?.tr).toEqual(expect.arrayContaining(["dukkan", "magaza"]));
    expect(synonymsOf("flowers")?.tr).toContain("cicek");
    expect(synonymsOf("fast")?.en).toEqual(expect.arrayContaining(["quick", "swift", "rapid"]));
    expect(synonymsOf("zzzz")).toBeNull();
  });

  it("has about 150 or more entries whose folded words are all valid labels", () => {
    expect(THESAURUS.length).toBeGreaterThanOrEqual(150);
    for (const entry of THESAURUS) {
      for (const word of [...entry.en, ...entry.tr]) expect(foldToAscii(word)).toMatch(/^[a-z0-9]{2,}$/);
    }
  });
});

describe("generateSuggestions: English", () => {
  const list = generateSuggestions("fresh coffee shop", TLDS);

  it("puts the exact phrase on the most popular TLD first", () => {
    expect(list[0]).toEqual({ label: "freshcoffeeshop", tld: "com", source: "exact", score: 100 });
  });

  it("uses keywords, pairs, affixes and synonyms", () => {
    const sources = new Set(list.map((c) => c.source));
    for (const source of ["exact", "keyword", "synonym", "affix"] as const) expect(sources).toContain(source);
    const all = generateSuggestions("fresh coffee shop", TLDS, { max: 1000 });
    const sourceOf = (label: string) => all.find((c) => c.label === label && c.source !== "tld_hack")?.source;
    expect(sourceOf("coffeeshop")).toBe("keyword");
    expect(sourceOf("fresh-coffee")).toBe("keyword");
    expect(sourceOf("coffee")).toBe("keyword");
    expect(sourceOf("getfreshcoffeeshop")).toBe("affix");
    expect(sourceOf("coffeehub")).toBe("affix");
    expect(sourceOf("freshcoffeestore")).toBe("synonym");
    expect(sourceOf("freshcafeshop")).toBe("synonym");
    expect(sourceOf("tazekahvedukkan")).toBe("synonym");
  });

  it("ranks shorter labels, popular TLDs and hyphen-free labels higher", () => {
    const all = generateSuggestions("fresh coffee shop", TLDS, { max: 1000 });
    const scoreOf = (name: string) => all.find((c) => `${c.label}.${c.tld}` === name)?.score ?? -Infinity;
    expect(scoreOf("coffeeshop.com")).toBeGreaterThan(scoreOf("fresh-coffee.com"));
    expect(scoreOf("freshcoffeeshop.com")).toBeGreaterThan(scoreOf("freshcoffeeshop.net"));
    expect(scoreOf("freshcoffeeshop.net")).toBeGreaterThan(scoreOf("freshcoffeeshop.xyz"));
  });

  it("returns distinct candidates with non-increasing scores", () => {
    expect(new Set(names(list)).size).toBe(list.length);
    for (let i = 1; i < list.length; i++) expect(list[i]!.score).toBeLessThanOrEqual(list[i - 1]!.score);
  });

  it("spreads the first results across TLDs and ideas", () => {
    const top = list.slice(0, 10);
    expect(new Set(top.map((c) => c.tld)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(top.map((c) => c.label)).size).toBeGreaterThanOrEqual(4);
    expect(top.filter((c) => c.tld === "com").length).toBeLessThanOrEqual(5);
  });

  it("respects max (default 50) and returns nothing for max 0", () => {
    expect(list).toHaveLength(50);
    expect(generateSuggestions("fresh coffee shop", TLDS, { max: 7 })).toHaveLength(7);
    expect(generateSuggestions("fresh coffee shop", TLDS, { max: 0 })).toEqual([]);
    expect(generateSuggestions("fresh coffee shop", TLDS, { max: -3 })).toEqual([]);
    expect(generateSuggestions("fresh coffee shop", TLDS, { max: Number.NaN })).toEqual(list);
    expect(generateSuggestions("fresh coffee shop", TLDS, { max: 2.9 })).toHaveLength(2);
  });

  it("puts preferred TLDs (that we sell) first", () => {
    const preferred = generateSuggestions("fresh coffee shop", TLDS, { preferredTlds: [".IO", "museum"] });
    expect(preferred[0]).toMatchObject({ label: "freshcoffeeshop", tld: "io", source: "exact" });
    expect(preferred.some((c) => c.tld === "museum")).toBe(false);
  });

  it("only uses the TLDs it is given", () => {
    const sold = new Set(TLDS);
    for (const c of generateSuggestions("smart green home", TLDS, { max: 500 })) {
      expect(sold.has(c.tld)).toBe(true);
    }
    expect(generateSuggestions("fresh coffee", [])).toEqual([]);
  });
});

describe("generateSuggestions: Turkish", () => {
  it("folds letters and adds Turkish affixes and translations", () => {
    const list = generateSuggestions("taze kahve dükkanı", TLDS, { max: 1000 });
    expect(list[0]).toMatchObject({ label: "tazekahvedukkani", tld: "com", source: "exact" });
    const labels = list.map((c) => c.label);
    expect(labels).toEqual(
      expect.arrayContaining(["kahvebul", "kahveal", "kahvesepeti", "kahvedunyasi", "kahvemerkezi"]),
    );
    expect(labels).toEqual(expect.arrayContaining(["tazekahvemagaza", "freshcoffeeshop"]));
    expect(list.find((c) => c.label === "kahvesepeti")?.source).toBe("affix");
    expect(list.find((c) => c.label === "freshcoffeeshop")?.source).toBe("synonym");
  });

  it("leaves Turkish affixes out of English phrases unless the locale is tr", () => {
    const labels = (locale?: "en" | "tr") =>
      generateSuggestions("fresh coffee", TLDS, { max: 1000, locale }).map((c) => c.label);
    expect(labels()).not.toContain("coffeebul");
    expect(labels("en")).not.toContain("coffeebul");
    expect(labels("tr")).toContain("coffeebul");
  });

  it("handles İstanbul çiçekçi", () => {
    const list = generateSuggestions("İstanbul çiçekçi", TLDS, { max: 1000 });
    expect(list[0]).toMatchObject({ label: "istanbulcicekci", tld: "com", source: "exact" });
    expect(names(list)).toEqual(expect.arrayContaining(["cicekci.com", "istanbulflorist.com"]));
    for (const c of list) expect(c.label).toMatch(LABEL);
  });
});

describe("TLD hacks", () => {
  it("spells the word with label + TLD when that TLD is sold", () => {
    const withUs = generateSuggestions("delicious", [...TLDS, "us"]);
    expect(withUs).toContainEqual({ label: "delicio", tld: "us", source: "tld_hack", score: expect.any(Number) });
    const withUl = generateSuggestions("İstanbul çiçekçi", ["com", "net", "ul", "ci"], { max: 1000 });
    expect(names(withUl)).toEqual(expect.arrayContaining(["istanb.ul", "istanbulcicek.ci", "cicek.ci"]));
    expect(withUl.find((c) => c.label === "istanb")?.source).toBe("tld_hack");
  });

  it("finds none when the TLD is not in the list", () => {
    const list = generateSuggestions("delicious", TLDS, { max: 1000 });
    expect(list.some((c) => c.source === "tld_hack")).toBe(false);
    expect(list.some((c) => c.tld === "us")).toBe(false);
    const istanbul = generateSuggestions("İstanbul çiçekçi", ["com", "net"], { max: 1000 });
    expect(istanbul.some((c) => c.source === "tld_hack")).toBe(false);
  });

  it("uses the hack on the phrase's own TLD, e.g. .shop", () => {
    const list = generateSuggestions("fresh coffee shop", TLDS, { max: 20 });
    const hack = list.find((c) => c.label === "freshcoffee" && c.tld === "shop");
    expect(hack?.source).toBe("tld_hack");
  });
});

describe("determinism and safety", () => {
  it("gives the same answer every time, ties by label then TLD", () => {
    const a = generateSuggestions("smart cloud code studio", TLDS, { max: 200 });
    const b = generateSuggestions("smart cloud code studio", TLDS, { max: 200 });
    expect(b).toEqual(a);
    for (let i = 1; i < a.length; i++) {
      if (a[i]!.score !== a[i - 1]!.score) continue;
      const prev = `${a[i - 1]!.label}\u0000${a[i - 1]!.tld}`;
      expect(`${a[i]!.label}\u0000${a[i]!.tld}` > prev).toBe(true);
    }
  });

  it("never yields an invalid label, whatever the phrase", () => {
    const random = mulberry32(20240901);
    const pieces = [
      "coffee",
      "kahve",
      "dükkanı",
      "İSTANBUL",
      "çiçek",
      "ışık",
      "the",
      "ve",
      "shop",
      "-",
      "--",
      "_",
      ".",
      "'",
      "’",
      "!",
      "?",
      "🚀",
      "☕",
      "👩‍💻",
      "😀",
      "é",
      "ß",
      "Ø",
      "кофе",
      "東京",
      "١٢٣",
      "42",
      "x",
      "a".repeat(70),
      "hyphen-ated",
      "  ",
      "\t",
      "\n",
      "delicious",
      "smart",
      "green",
      "cloud",
      "&",
      "/",
    ];
    let checked = 0;
    for (let n = 0; n < 300; n++) {
      const words = 1 + Math.floor(random() * 8);
      let phrase = "";
      for (let w = 0; w < words; w++) {
        phrase += pieces[Math.floor(random() * pieces.length)];
        if (random() < 0.7) phrase += " ";
      }
      const tlds = random() < 0.5 ? TLDS : ["com", "us", "ci", "ly", "shop", "co", "io", "xn--p1ai"];
      const list = generateSuggestions(phrase, tlds, { max: 1 + Math.floor(random() * 80) });
      for (const c of list) {
        expect(c.label, phrase).toMatch(LABEL);
        expect(c.label.length).toBeGreaterThanOrEqual(2);
        expect(c.label.slice(2, 4)).not.toBe("--");
        expect(tlds).toContain(c.tld);
        checked++;
      }
      expect(new Set(names(list)).size).toBe(list.length);
    }
    expect(checked).toBeGreaterThan(1000);
    // 300 generated lists: seconds on a busy 2-core machine, so a generous time limit.
  }, 60_000);

  it("ignores malformed TLDs and returns nothing for a phrase without letters or digits", () => {
    expect(generateSuggestions("🚀 !!!", TLDS)).toEqual([]);
    const list = generateSuggestions("coffee", ["com", "bad tld", "-x", "", ".NET"], { max: 100 });
    expect(new Set(list.map((c) => c.tld))).toEqual(new Set(["com", "net"]));
  });

  it("still suggests something for a phrase made only of stop words", () => {
    const [first] = generateSuggestions("to be", TLDS);
    expect(first).toMatchObject({ label: "tobe", tld: "com", source: "exact" });
  });
});
