import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DOMAIN_ERROR_MESSAGES,
  DOMAIN_NAME_ERRORS,
  HOST_PATTERN,
  aLabelToUnicode,
  idna2008Property,
  isHostName,
  isLdhLabel,
  normaliseHost,
  parseDomainName,
  parseLabel,
  type DomainNameError,
  type ParsedDomainName,
  tldToAscii,
  tldToDisplay,
  toDisplayName,
} from "./domain-name";

function parsed(input: string, isKnownTld?: (tld: string) => boolean): ParsedDomainName {
  const result = parseDomainName(input, isKnownTld);
  if (!result.ok) throw new Error(`${input}: ${result.error} (${result.detail})`);
  return result.name;
}

function errorOf(input: string, isKnownTld?: (tld: string) => boolean): DomainNameError | "ok" {
  const result = parseDomainName(input, isKnownTld);
  return result.ok ? "ok" : result.error;
}

// Punycode values computed with tr46 (UTS #46, non-transitional) and checked against the punycode
// package where the two agree (everything except the deviation character ß).
const IDN_CASES: [input: string, ascii: string, unicode: string][] = [
  ["bücher.com", "xn--bcher-kva.com", "bücher.com"],
  ["faß.de", "xn--fa-hia.de", "faß.de"],
  ["straße.de", "xn--strae-oqa.de", "straße.de"],
  ["ığdır.com", "xn--dr-wna5ec.com", "ığdır.com"],
  ["şeker.com.tr", "xn--eker-45a.com.tr", "şeker.com.tr"],
  ["çiçek.net", "xn--iek-1lab.net", "çiçek.net"],
  ["öğrenci.org", "xn--renci-iua10a.org", "öğrenci.org"],
  ["üzüm.com", "xn--zm-wkab.com", "üzüm.com"],
  // UTS #46 lower-cases İ (U+0130) to i + combining dot above (U+0307), not to a plain i.
  ["İstanbul.com", "xn--istanbul-o0e.com", "i\u0307stanbul.com"],
  ["пример.рф", "xn--e1afmkfd.xn--p1ai", "пример.рф"],
  ["東京.jp", "xn--1lqs71d.jp", "東京.jp"],
  ["한국.kr", "xn--3e0b707e.kr", "한국.kr"],
  ["مثال.com", "xn--mgbh0fb.com", "مثال.com"],
];

describe("parseDomainName: IDN to and from punycode", () => {
  it.each(IDN_CASES)("%s → %s", (input, ascii, unicode) => {
    const name = parsed(input);
    expect(name.ascii).toBe(ascii);
    expect(name.unicode).toBe(unicode);
    expect(name.isIdn).toBe(true);
  });

  it.each(IDN_CASES)("%s round-trips through its ASCII and Unicode forms", (_input, ascii, unicode) => {
    expect(parsed(ascii).unicode).toBe(unicode);
    expect(parsed(ascii).ascii).toBe(ascii);
    expect(parsed(unicode).ascii).toBe(ascii);
  });

  it("agrees with the platform's URL parser (UTS #46, what the browser uses) and the display helper", () => {
    for (const [, ascii, unicode] of IDN_CASES) {
      expect(new URL(`http://${unicode}/`).hostname).toBe(ascii);
      expect(toDisplayName(ascii)).toBe(unicode);
    }
  });

  it("splits the name into label and TLD, both forms", () => {
    expect(parsed("bücher.com")).toEqual({
      ascii: "xn--bcher-kva.com",
      unicode: "bücher.com",
      label: "xn--bcher-kva",
      labelUnicode: "bücher",
      tld: "com",
      tldUnicode: "com",
      isIdn: true,
    });
    expect(parsed("şeker.com.tr")).toMatchObject({
      label: "xn--eker-45a.com",
      labelUnicode: "şeker.com",
      tld: "tr",
      tldUnicode: "tr",
    });
    const rf = parsed("bücher.рф");
    expect(rf).toMatchObject({ ascii: "xn--bcher-kva.xn--p1ai", tld: "xn--p1ai", tldUnicode: "рф" });
    expect(rf.tldUnicode).toBe(tldToDisplay(rf.tld));
  });

  it("keeps ß under non-transitional processing (faß.de is not fass.de)", () => {
    expect(parsed("faß.de").ascii).not.toBe("fass.de");
    expect(parsed("FASS.de").ascii).toBe("fass.de");
  });

  it("tells plain ASCII names apart from IDNs", () => {
    expect(parsed("example.com")).toEqual({
      ascii: "example.com",
      unicode: "example.com",
      label: "example",
      labelUnicode: "example",
      tld: "com",
      tldUnicode: "com",
      isIdn: false,
    });
  });

  it("lower-cases and maps with UTS #46 (upper case, fullwidth, ideographic full stop)", () => {
    expect(parsed("Bücher.COM").ascii).toBe("xn--bcher-kva.com");
    expect(parsed("XN--BCHER-KVA.COM").unicode).toBe("bücher.com");
    expect(parsed("ÇİÇEK.NET")).toMatchObject({ ascii: "xn--iek-1lab773a.net", unicode: "çi\u0307çek.net" });
    expect(parsed("ＥＸＡＭＰＬＥ.com").ascii).toBe("example.com");
    expect(parsed("例え。jp").ascii).toBe("xn--r8jz45g.jp");
  });
});

describe("parseDomainName: what it strips", () => {
  it.each([
    ["  example.com  ", "example.com"],
    ["https://example.com", "example.com"],
    ["HTTP://Example.com/", "example.com"],
    ["https://bücher.com/path/to?q=1#top", "xn--bcher-kva.com"],
    ["example.com.", "example.com"],
    ["example.com:8080", "example.com"],
    ["https://example.com:443/login", "example.com"],
  ])("%j → %s", (input, ascii) => {
    expect(parsed(input).ascii).toBe(ascii);
  });

  it("keeps www. (it is a real label)", () => {
    expect(parsed("www.example.com")).toMatchObject({ ascii: "www.example.com", label: "www.example", tld: "com" });
  });
});

describe("parseDomainName: errors", () => {
  it.each<[string, DomainNameError]>([
    ["", "required"],
    ["   ", "required"],
    // shape
    ["com", "invalid_format"],
    [".com", "invalid_format"],
    ["a..com", "invalid_format"],
    ["example..", "invalid_format"],
    ["http://", "invalid_format"],
    ["-abc.com", "invalid_format"],
    ["abc-.com", "invalid_format"],
    ["ab--cd.com", "invalid_format"],
    ["-bücher.com", "invalid_format"],
    ["xn--zz.com", "invalid_format"],
    ["xn--.com", "invalid_format"],
    ["xn--bücher.com", "invalid_format"],
    ["example.123", "invalid_format"],
    ["example.c", "invalid_format"],
    // characters
    ["a_b.com", "invalid_characters"],
    ["a b.com", "invalid_characters"],
    ["user@example.com", "invalid_characters"],
    ["a:b.com", "invalid_characters"],
    ["exa!mple.com", "invalid_characters"],
    ["😀.com", "invalid_characters"],
    ["i❤.ws", "invalid_characters"],
    ["xn--i-7iq.ws", "invalid_characters"], // the punycode of i❤
    ["xn--ls8h.la", "invalid_characters"], // the punycode of an emoji
    ["⒈.com", "invalid_characters"], // maps to "1."
    ["\u0301a.com", "invalid_characters"], // starts with a combining mark
    ["a\u200db.com", "invalid_characters"], // zero-width joiner outside its context
    ["مa.com", "invalid_characters"], // right-to-left label with a Latin letter
    ["1.مثال.com", "invalid_characters"], // bidi rule across labels
    // length
    [`${"a".repeat(64)}.com`, "too_long"],
    [`${"ü".repeat(60)}.com`, "too_long"], // short in Unicode, over 63 as an A-label
    [`${`${"a".repeat(63)}.`.repeat(4)}com`, "too_long"],
    ["a".repeat(2000), "too_long"],
  ])("%j → %s", (input, error) => {
    expect(errorOf(input)).toBe(error);
  });

  it("accepts the longest labels and names", () => {
    expect(errorOf(`${"a".repeat(63)}.com`)).toBe("ok");
    const name = `${`${"a".repeat(63)}.`.repeat(3)}${"b".repeat(57)}.com`;
    expect(name.length).toBe(253);
    expect(errorOf(name)).toBe("ok");
    expect(errorOf(`b${name}`)).toBe("too_long");
  });

  it("allows hyphens inside and digits anywhere", () => {
    expect(parsed("istanbul-kahve.com").ascii).toBe("istanbul-kahve.com");
    expect(parsed("123.com").ascii).toBe("123.com");
    expect(parsed("a-b-c.com.tr").ascii).toBe("a-b-c.com.tr");
  });

  it("reports unknown_extension only through isKnownTld, which sees the ASCII TLD", () => {
    const catalogue = new Set(["com", "net", "tr", "xn--p1ai"]);
    const seen: string[] = [];
    const isKnownTld = (tld: string) => {
      seen.push(tld);
      return catalogue.has(tld);
    };
    expect(errorOf("example.com", isKnownTld)).toBe("ok");
    expect(errorOf("пример.рф", isKnownTld)).toBe("ok");
    expect(errorOf("şeker.com.tr", isKnownTld)).toBe("ok");
    expect(errorOf("example.zz", isKnownTld)).toBe("unknown_extension");
    expect(errorOf("example.zz")).toBe("ok");
    expect(seen).toEqual(["com", "xn--p1ai", "tr", "zz"]);
    // Format errors come first: the catalogue is not asked about a malformed name.
    expect(errorOf("a_b.zz", isKnownTld)).toBe("invalid_characters");
  });

  it("explains each failure in its detail", () => {
    const result = parseDomainName("a_b.com");
    expect(result).toMatchObject({ ok: false, error: "invalid_characters" });
    expect(result.ok ? "" : result.detail).toContain('"_"');
  });

  it("has an English message for every error code", () => {
    expect(DOMAIN_ERROR_MESSAGES).toEqual({
      required: "Please enter a domain name.",
      invalid_format: "Invalid domain format.",
      too_long: "Domain name is too long.",
      invalid_characters: "Domain name contains invalid characters.",
      invalid_context:
        "Domain name uses a character where it is not allowed (for example “·” needs an “l” on each side).",
      unknown_extension: "This extension is not supported.",
    });
    expect(Object.keys(DOMAIN_ERROR_MESSAGES).sort()).toEqual([...DOMAIN_NAME_ERRORS].sort());
  });
});

describe("parseLabel", () => {
  it.each([
    ["my shop", "myshop", "myshop"],
    ["my_shop", "myshop", "myshop"],
    ["  İstanbul Kahve  ", "xn--istanbulkahve-3nh", "i\u0307stanbulkahve"],
    ["Bücher", "xn--bcher-kva", "bücher"],
    ["istanbul-kahve", "istanbul-kahve", "istanbul-kahve"],
    ["öğrenci", "xn--renci-iua10a", "öğrenci"],
    ["faß", "xn--fa-hia", "faß"],
    ["xn--bcher-kva", "xn--bcher-kva", "bücher"],
    ["EXAMPLE", "example", "example"],
  ])("%j → %s (%s)", (input, ascii, unicode) => {
    expect(parseLabel(input)).toEqual({ ok: true, ascii, unicode });
  });

  it.each<[string, DomainNameError]>([
    ["", "required"],
    ["  _ ", "required"],
    ["example.com", "invalid_format"],
    ["例え。jp", "invalid_format"],
    ["-shop", "invalid_format"],
    ["my--shop", "invalid_format"],
    ["xn--zz", "invalid_format"],
    ["shop!", "invalid_characters"],
    ["😀", "invalid_characters"],
    ["a".repeat(64), "too_long"],
  ])("%j → %s", (input, error) => {
    const result = parseLabel(input);
    expect(result.ok ? "ok" : result.error).toBe(error);
  });
});

describe("IDNA2008 (RFC 5891 §5.4): derived property, §2.6 exceptions, Appendix A", () => {
  it.each([
    ["l·l.com", "xn--ll-0ea.com"], // A.3: MIDDLE DOT between two l (Catalan)
    ["〇〇.jp", "xn--w6ja.jp"], // §2.6: U+3007 PVALID
    ["ب۽.com", null], // §2.6: U+06FD PVALID (in an Arabic label: RFC 5893)
    ["ab۽.com", "bidi"],
    ["ཀ་ཁ.com", null], // §2.6: U+0F0B PVALID
    ["͵α.com", null], // A.4: KERAIA followed by Greek
    ["א׳.com", null], // A.5: GERESH after Hebrew
    ["ひ・ひ.jp", null], // A.7: KATAKANA MIDDLE DOT with Hiragana in the label
    ["ب١٢.com", null], // A.8: Arabic-Indic digits alone
    ["faß.de", "xn--fa-hia.de"], // §2.6: U+00DF PVALID
  ])("accepts %s", (input, ascii) => {
    const result = parseDomainName(input);
    if (ascii === "bidi") {
      expect(result.ok).toBe(false); // an LTR label cannot hold an AL character (RFC 5893 §2)
      return;
    }
    expect(result.ok ? "ok" : `${result.error}: ${result.detail}`).toBe("ok");
    if (result.ok && ascii !== null) expect(result.name.ascii).toBe(ascii);
  });

  it.each([
    ["a·l.com", "invalid_context"], // A.3: not l on both sides
    ["l·.com", "invalid_context"],
    ["・.com", "invalid_context"], // A.7: no Hiragana, Katakana or Han
    ["a・b.com", "invalid_context"],
    ["͵a.com", "invalid_context"], // A.4: KERAIA not followed by Greek
    ["a׳.com", "invalid_context"], // A.5: GERESH not after Hebrew
    ["a״.com", "invalid_context"], // A.6
    ["ب١۱.com", "invalid_context"], // A.8/A.9: the two digit sets mixed
    ["عـلي.com", "invalid_characters"], // §2.6: U+0640 TATWEEL DISALLOWED
    ["ߊߺ.com", "invalid_characters"], // §2.6: U+07FA DISALLOWED
    ["가〮.kr", "invalid_characters"], // §2.6: U+302E DISALLOWED
    ["〱.jp", "invalid_characters"], // §2.6: U+3031 DISALLOWED
    ["i❤.ws", "invalid_characters"], // symbols are DISALLOWED
    ["a\u200db.com", "invalid_characters"], // A.2: ZWJ not after a virama (UTS #46 joiner check)
  ] as const)("refuses %s (%s)", (input, error) => {
    expect(errorOf(input)).toBe(error);
  });

  it("derives the RFC 5892 property", () => {
    expect(idna2008Property("a")).toBe("PVALID");
    expect(idna2008Property("-")).toBe("PVALID");
    expect(idna2008Property("A")).toBe("DISALLOWED"); // unstable under case folding
    expect(idna2008Property("\u200c")).toBe("CONTEXTJ");
    expect(idna2008Property("\u00b7")).toBe("CONTEXTO");
    expect(idna2008Property("\u0663")).toBe("CONTEXTO");
    expect(idna2008Property("\u3007")).toBe("PVALID");
    expect(idna2008Property("\u0640")).toBe("DISALLOWED");
    expect(idna2008Property("\u1100")).toBe("DISALLOWED"); // old Hangul jamo
    expect(idna2008Property("\u20dd")).toBe("DISALLOWED"); // combining marks for symbols
    expect(idna2008Property(" ")).toBe("DISALLOWED");
    expect(idna2008Property("\u0378")).toBe("UNASSIGNED");
  });

  it("never lets through a name the platform's UTS #46 refuses, and what it accepts round-trips", () => {
    const chars = fc.constantFrom(..."abcl-0·・͵α׳אひ〇١۱ـ❤ßς\u200c\u200d\u094dक".split(""), "\u0300", "\u3007");
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 8 }), (parts) => {
        const result = parseDomainName(`${parts.join("")}.com`);
        if (!result.ok) return;
        const platform = new URL(`http://${result.name.unicode}/`).hostname;
        expect(platform).toBe(result.name.ascii);
        const again = parseDomainName(result.name.ascii);
        expect(again.ok && again.name.unicode).toBe(result.name.unicode);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the one host / label / TLD rule", () => {
  it("normalises a host", () => {
    expect(normaliseHost("  NS1.Example.COM. ")).toBe("ns1.example.com");
    expect(isHostName("ns1.example.com")).toBe(true);
    expect(isHostName("ns1.example.c")).toBe(false);
    expect(isHostName("-a.example.com")).toBe(false);
    expect(HOST_PATTERN.test("a.xn--p1ai")).toBe(true);
    expect(isLdhLabel("ab--c")).toBe(false);
    expect(isLdhLabel("xn--bcher-kva")).toBe(true);
  });

  it("converts extensions", () => {
    expect(tldToAscii(".COM")).toBe("com");
    expect(tldToAscii("рф")).toBe("xn--p1ai");
    expect(tldToAscii("．jp")).toBe("jp");
    expect(tldToAscii("a.b")).toBeNull();
    expect(tldToAscii("xn--zz")).toBeNull();
    expect(tldToDisplay("xn--p1ai")).toBe("рф");
    expect(tldToDisplay("com")).toBe("com");
    expect(aLabelToUnicode("xn--zz")).toBeNull();
    expect(toDisplayName("XN--P1AI")).toBe("рф");
    expect(toDisplayName("xn--zz.com")).toBeNull();
  });
});
