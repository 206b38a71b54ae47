import { describe, expect, it } from "vitest";
import { planSearch } from "./search-plan";

describe("planSearch (SPEC §5 domain search)", () => {
  it("does nothing for an empty query", () => {
    expect(planSearch("   ", "net")).toBeNull();
  });

  it("checks a full name as typed, in its display form, and its label across the catalogue", () => {
    expect(planSearch(" XN--BCHER-KVA.com ", null)).toEqual({
      query: "bücher.com",
      tld: null,
      exactName: "bücher.com",
      label: "bücher",
      suggestKeyword: "bücher",
    });
    expect(planSearch("www.example.co.uk", null)).toMatchObject({ exactName: "www.example.co.uk", label: "co" });
  });

  it("checks a keyword under com or the chosen extension, and suggests from its label", () => {
    expect(planSearch("Coffee Shop", null)).toEqual({
      query: "coffee shop",
      tld: null,
      exactName: "coffeeshop.com",
      label: "coffeeshop",
      suggestKeyword: "coffee shop",
    });
    expect(planSearch("kahve", ".рф")).toMatchObject({ tld: "xn--p1ai", exactName: "kahve.xn--p1ai" });
    expect(planSearch("kahve", "not a tld")).toMatchObject({ tld: null, exactName: "kahve.com" });
  });

  it("keeps a query with no valid label as typed", () => {
    expect(planSearch("100%", null)).toEqual({
      query: "100%",
      tld: null,
      exactName: "100%.com",
      label: null,
      suggestKeyword: "100%",
    });
  });
});
