import { describe, expect, it } from "vitest";
import { BRANDS, WORDS_NEAR_BRANDS } from "./brands";
import { parseDomainName, type ParsedDomainName } from "./domain-name";
import {
  brandLookalikes,
  domainWarnings,
  isOneEditApart,
  labelScripts,
  skeleton,
  type DomainWarning,
} from "./homograph";

function parsed(input: string): ParsedDomainName {
  const result = parseDomainName(input);
  if (!result.ok) throw new Error(`${input}: ${result.error}`);
  return result.name;
}

const warningsFor = (input: string): DomainWarning[] => domainWarnings(parsed(input));
const kindsFor = (input: string): string[] => warningsFor(input).map((warning) => warning.kind);

describe("domainWarnings: names that are fine", () => {
  it.each([
    "example.com",
    "paypal.com",
    "google.com",
    "www.apple.com",
    "garanti.com.tr",
    "istanbul-kahve.com",
    "123.com",
  ])("%s has no warning", (input) => {
    expect(warningsFor(input)).toEqual([]);
  });

  it.each([
    ["öğrenci.com", "xn--renci-iua10a.com"],
    ["çiçek.net", "xn--iek-1lab.net"],
    ["şeker.com.tr", "xn--eker-45a.com.tr"],
    ["üzüm.com", "xn--zm-wkab.com"],
    ["bücher.com", "xn--bcher-kva.com"],
    ["faß.de", "xn--fa-hia.de"],
    ["İstanbul.com", "xn--istanbul-o0e.com"],
    ["пример.рф", "xn--e1afmkfd.xn--p1ai"],
    ["東京.jp", "xn--1lqs71d.jp"],
    ["ドメイン名例.jp", "xn--eckwd4c7cu47r2wf.jp"],
    ["東京tokyo.jp", "xn--tokyo-w91hq39l.jp"],
    ["한국.kr", "xn--3e0b707e.kr"],
  ])("the IDN %s only gets the punycode notice", (input, ascii) => {
    const name = parsed(input);
    expect(domainWarnings(name)).toEqual([{ kind: "punycode", ascii, unicode: name.unicode }]);
  });

  it.each(["finance.com", "cloud.com", "apply.com", "chose.com", "getiri.com"])(
    "the ordinary word %s is not a brand look-alike",
    (input) => {
      expect(warningsFor(input)).toEqual([]);
    },
  );
});

describe("domainWarnings: mixed scripts and confusable characters", () => {
  it("flags a Cyrillic а inside a Latin name (pаypal.com)", () => {
    expect(warningsFor("p\u0430ypal.com")).toEqual([
      { kind: "mixed_script", label: "p\u0430ypal", scripts: ["Latin", "Cyrillic"] },
      { kind: "confusable", characters: [{ char: "\u0430", looksLike: "a", script: "Cyrillic" }] },
      { kind: "brand_lookalike", brand: "paypal" },
      { kind: "punycode", ascii: "xn--pypal-4ve.com", unicode: "p\u0430ypal.com" },
    ]);
  });

  it("flags Greek ο and α among Latin letters", () => {
    const warnings = warningsFor("g\u03bf\u03bfgle.com");
    expect(warnings[0]).toEqual({ kind: "mixed_script", label: "g\u03bf\u03bfgle", scripts: ["Latin", "Greek"] });
    expect(warnings[1]).toEqual({
      kind: "confusable",
      characters: [{ char: "\u03bf", looksLike: "o", script: "Greek" }],
    });
    expect(warnings).toContainEqual({ kind: "brand_lookalike", brand: "google" });
    expect(kindsFor("\u03b1pple.com")).toEqual(["mixed_script", "confusable", "brand_lookalike", "punycode"]);
  });

  it("flags a label made only of Latin look-alikes (Cyrillic аррӏе)", () => {
    const name = parsed("\u0430\u0440\u0440\u04cf\u0435.com");
    expect(name.ascii).toBe("xn--80ak6aa92e.com");
    expect(domainWarnings(name)).toEqual([
      {
        kind: "confusable",
        characters: [
          { char: "\u0430", looksLike: "a", script: "Cyrillic" },
          { char: "\u0440", looksLike: "p", script: "Cyrillic" },
          { char: "\u04cf", looksLike: "l", script: "Cyrillic" },
          { char: "\u0435", looksLike: "e", script: "Cyrillic" },
        ],
      },
      { kind: "brand_lookalike", brand: "apple" },
      { kind: "punycode", ascii: "xn--80ak6aa92e.com", unicode: "\u0430\u0440\u0440\u04cf\u0435.com" },
    ]);
    expect(kindsFor("\u0441\u043e\u0441\u043e.com")).toEqual(["confusable", "punycode"]); // сосо
  });

  it("does not flag Cyrillic letters in an ordinary Cyrillic name", () => {
    expect(kindsFor("пример.com")).toEqual(["punycode"]);
    expect(kindsFor("почта.рф")).toEqual(["punycode"]);
  });

  it("reports Turkish dotless ı as looking like i, without calling it mixed", () => {
    expect(warningsFor("ığdır.com")).toEqual([
      { kind: "confusable", characters: [{ char: "ı", looksLike: "i", script: "Latin" }] },
      { kind: "punycode", ascii: "xn--dr-wna5ec.com", unicode: "ığdır.com" },
    ]);
    expect(warningsFor("\u0131cloud.com")).toEqual([
      { kind: "confusable", characters: [{ char: "ı", looksLike: "i", script: "Latin" }] },
      { kind: "brand_lookalike", brand: "icloud" },
      { kind: "punycode", ascii: "xn--cloud-m4a.com", unicode: "ıcloud.com" },
    ]);
  });

  it("reports Latin small capitals and script g", () => {
    expect(warningsFor("\u1d00pple.com").slice(0, 2)).toEqual([
      { kind: "confusable", characters: [{ char: "\u1d00", looksLike: "a", script: "Latin" }] },
      { kind: "brand_lookalike", brand: "apple" },
    ]);
    expect(warningsFor("\u0261oogle.com").slice(0, 2)).toEqual([
      { kind: "confusable", characters: [{ char: "\u0261", looksLike: "g", script: "Latin" }] },
      { kind: "brand_lookalike", brand: "google" },
    ]);
  });

  it("flags Armenian օ among Latin letters", () => {
    expect(warningsFor("g\u0585\u0585gle.com").slice(0, 2)).toEqual([
      { kind: "mixed_script", label: "g\u0585\u0585gle", scripts: ["Latin", "Armenian"] },
      { kind: "confusable", characters: [{ char: "\u0585", looksLike: "o", script: "Armenian" }] },
    ]);
  });

  it("checks every label the customer chose, not the TLD", () => {
    expect(kindsFor("shop.p\u0430ypal.com")).toEqual(["mixed_script", "confusable", "brand_lookalike", "punycode"]);
    expect(kindsFor("example.рус")).toEqual(["punycode"]); // .рус is all look-alikes, but the registry's
  });

  it("treats digits, hyphens and combining marks as script-neutral", () => {
    expect(labelScripts("öğrenci-2024")).toEqual(["Latin"]);
    expect(labelScripts("i\u0307stanbul")).toEqual(["Latin"]);
    expect(labelScripts("пример-1")).toEqual(["Cyrillic"]);
    expect(labelScripts("ドメイン名例")).toEqual(["Katakana", "Han"]);
    expect(kindsFor("пример-test.com")).toEqual(["mixed_script", "confusable", "punycode"]);
  });
});

describe("domainWarnings: brand look-alikes", () => {
  it.each([
    ["paypa1.com", "paypal"],
    ["g00gle.com", "google"],
    ["gooogle.com", "google"],
    ["gogle.com", "google"],
    ["rnicrosoft.com", "microsoft"],
    ["amazom.com", "amazon"],
    ["faecbook.com", "facebook"],
    ["pay-pal.com", "paypal"],
    ["wells-fargo.com", "wellsfargo"],
    ["paypal-login.com", "paypal"],
    ["apple-verify.com", "apple"],
    ["google-secure.com", "google"],
    ["secure-paypal-account.net", "paypal"],
    ["garanti-giris.com", "garanti"],
    ["giriş-garanti.com", "garanti"],
    ["akbank-destek.com", "akbank"],
    ["işbank.com", "isbank"],
    ["trendyoll.com", "trendyol"],
    ["turkcel.com", "turkcell"],
    ["hepsibur4da.com", "hepsiburada"],
    ["visa-support.com", "visa"],
  ])("%s looks like %s", (input, brand) => {
    expect(warningsFor(input)).toContainEqual({ kind: "brand_lookalike", brand });
  });

  it.each([
    "paypal.com",
    "google.net",
    "garanti.com.tr",
    "visas.com",
    "ebays.com",
    "paypal-payments.com",
    "mylogin.com",
  ])("%s is not a brand look-alike", (input) => {
    expect(kindsFor(input)).not.toContain("brand_lookalike");
  });

  it("ASCII look-alikes get the brand warning only (no punycode notice)", () => {
    expect(warningsFor("paypa1.com")).toEqual([{ kind: "brand_lookalike", brand: "paypal" }]);
  });

  it("keeps the brand list and its exceptions consistent", () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(BRANDS).size).toBe(BRANDS.length);
    for (const brand of BRANDS) expect(brand).toMatch(/^[a-z0-9]+$/);
    for (const brand of BRANDS) expect(brandLookalikes(brand)).toEqual([]);
    for (const word of WORDS_NEAR_BRANDS) expect(BRANDS).not.toContain(word);
  });
});

describe("homograph helpers", () => {
  it("skeleton maps look-alikes, digits, rn and vv to what they read as", () => {
    expect(skeleton("p\u0430ypa1")).toBe("paypal");
    expect(skeleton("rnicrosoft")).toBe("microsoft");
    expect(skeleton("vvhatsapp")).toBe("whatsapp");
    expect(skeleton("g00g1e")).toBe("google");
    expect(skeleton("5h3ll")).toBe("shell");
    expect(skeleton("ığdır")).toBe("igdir");
    expect(skeleton("i\u0307stanbul")).toBe("istanbul");
    expect(skeleton("wells-fargo")).toBe("wellsfargo");
  });

  it("isOneEditApart counts one insertion, deletion, substitution or swap", () => {
    expect(isOneEditApart("gooogle", "google")).toBe(true);
    expect(isOneEditApart("gogle", "google")).toBe(true);
    expect(isOneEditApart("goagle", "google")).toBe(true);
    expect(isOneEditApart("gogole", "google")).toBe(true);
    expect(isOneEditApart("google", "google")).toBe(false);
    expect(isOneEditApart("gogl", "google")).toBe(false);
    expect(isOneEditApart("elgoog", "google")).toBe(false);
  });

  it("punycode notice carries both forms for every IDN and never for ASCII names", () => {
    expect(warningsFor("xn--bcher-kva.com")).toEqual([
      { kind: "punycode", ascii: "xn--bcher-kva.com", unicode: "bücher.com" },
    ]);
    expect(kindsFor("example.com")).not.toContain("punycode");
  });
});
