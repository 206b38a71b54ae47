import { describe, expect, it } from "vitest";
import { tldToAscii, tldToDisplay } from "./domain-name";
import { tldPricingQuerySchema } from "./tld-input";

describe("tldToAscii", () => {
  it("accepts ASCII and Unicode extensions with or without a dot", () => {
    expect(tldToAscii(".COM")).toBe("com");
    expect(tldToAscii("рф")).toBe("xn--p1ai");
    expect(tldToAscii("。com")).toBe("com");
    expect(tldToDisplay("xn--p1ai")).toBe("рф");
  });

  it("rejects what cannot be an extension", () => {
    for (const bad of ["", ".", "c", "c_m", "co.uk", "1com", "a".repeat(64)]) expect(tldToAscii(bad)).toBeNull();
  });
});

describe("tldPricingQuerySchema", () => {
  it("applies the SPEC defaults (USD, 10 per page)", () => {
    expect(tldPricingQuerySchema.parse({})).toEqual({ currency: "USD", count_per_page: 10, page: 1, filter: "all" });
  });

  it("rejects out-of-range numbers and unknown values", () => {
    expect(tldPricingQuerySchema.safeParse({ count_per_page: "0" }).success).toBe(false);
    expect(tldPricingQuerySchema.safeParse({ page: "1.5" }).success).toBe(false);
    expect(tldPricingQuerySchema.safeParse({ currency: "XYZ" }).success).toBe(false);
  });
});
