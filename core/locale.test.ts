import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, normaliseLocale, resolveLocale } from "./locale";

describe("locale fallback (SPEC §5: not en or tr → en)", () => {
  it("keeps supported locales and their regional forms", () => {
    expect(normaliseLocale("tr")).toBe("tr");
    expect(normaliseLocale("TR-tr")).toBe("tr");
    expect(normaliseLocale("en_GB")).toBe("en");
  });

  it("falls back to English for anything else", () => {
    expect(normaliseLocale("de")).toBe("en");
    expect(normaliseLocale("")).toBe("en");
    expect(normaliseLocale(null)).toBe("en");
    expect(normaliseLocale("<script>")).toBe("en");
  });

  it("reads Accept-Language by q-value", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,tr;q=0.8,en;q=0.7")).toBe("tr");
    expect(localeFromAcceptLanguage("en;q=0.5, tr;q=0.9")).toBe("tr");
    expect(localeFromAcceptLanguage("fr, de")).toBeNull();
    expect(localeFromAcceptLanguage("tr;q=0")).toBeNull();
  });

  it("prefers the cookie, then Accept-Language, then English", () => {
    expect(resolveLocale({ cookie: "tr", acceptLanguage: "en" })).toBe("tr");
    expect(resolveLocale({ cookie: "xx", acceptLanguage: "tr-TR" })).toBe("tr");
    expect(resolveLocale({ cookie: null, acceptLanguage: "ja" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });

  it("ignores a cookie that is not one of our locale codes (issue 12: cookies are user input)", () => {
    for (const cookie of [123, {}, [], true, "xx", "en-US", "", "tr\n"]) {
      expect(resolveLocale({ cookie, acceptLanguage: "tr-TR,tr;q=0.9" })).toBe("tr");
      expect(resolveLocale({ cookie, acceptLanguage: null })).toBe("en");
    }
    expect(resolveLocale({ cookie: "TR" })).toBe("tr");
  });
});
