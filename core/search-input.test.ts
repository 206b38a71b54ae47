import { describe, expect, it } from "vitest";
import { normaliseSearchInput } from "./domain-name";
import { domainSearchPath, isDomainPath, trimSearchInput } from "./search-input";

describe("normaliseSearchInput (SPEC §5 home search)", () => {
  it("does nothing for empty or whitespace-only input", () => {
    expect(normaliseSearchInput("")).toBeNull();
    expect(normaliseSearchInput("   \t ")).toBeNull();
    expect(normaliseSearchInput(undefined)).toBeNull();
  });

  it("trims and lower-cases", () => {
    expect(normaliseSearchInput("  MyBrand.COM ")).toBe("mybrand.com");
    expect(normaliseSearchInput("coffee shop istanbul")).toBe("coffee shop istanbul");
  });

  it("converts punycode labels to their IDN display form", () => {
    expect(normaliseSearchInput("XN--BCHER-KVA.com")).toBe("bücher.com");
    expect(normaliseSearchInput("xn--p1ai")).toBe("рф");
    expect(normaliseSearchInput("bücher.com")).toBe("bücher.com");
  });

  it("falls back to the lower-cased trimmed text when the IDN conversion fails", () => {
    expect(normaliseSearchInput(" XN--ZZ.com ")).toBe("xn--zz.com");
  });

  it("trims in the browser without any IDN work (the results page converts)", () => {
    expect(trimSearchInput("   ")).toBeNull();
    expect(trimSearchInput("  XN--BCHER-KVA.com ")).toBe("xn--bcher-kva.com");
  });

  it("builds the results path with the query encoded", () => {
    expect(domainSearchPath("bücher.com")).toBe("/domain-search?q=b%C3%BCcher.com");
    expect(domainSearchPath("a&b")).toBe("/domain-search?q=a%26b");
  });
});

describe("isDomainPath (SPEC §2 /{domain})", () => {
  it("accepts a parameter with a dot inside", () => {
    expect(isDomainPath("example.com")).toBe(true);
    expect(isDomainPath("bücher.de")).toBe(true);
  });
  it("rejects no dot, a leading or trailing dot, and nested paths", () => {
    for (const path of ["about-us", ".com", "example.", "a/b.com", ""]) expect(isDomainPath(path)).toBe(false);
  });
});
