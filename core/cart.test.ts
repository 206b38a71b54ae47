import { describe, expect, it } from "vitest";
import { addDomainToCartSchema, capYears, domainTotalCents, maxYearsFor } from "./cart";

const prices = { firstYear: 999, renewal: 1499, transfer: 1199 };

describe("domainTotalCents (SPEC §9)", () => {
  it("registration = first year + renewal per extra year", () => {
    expect(domainTotalCents("registration", 1, prices)).toBe(999);
    expect(domainTotalCents("registration", 3, prices)).toBe(999 + 2 * 1499);
  });
  it("transfer = transfer price + renewal per extra year", () => {
    expect(domainTotalCents("transfer", 1, prices)).toBe(1199);
  });
  it("renewal = renewal price × years", () => {
    expect(domainTotalCents("renewal", 2, prices)).toBe(2998);
  });
});

describe("years (SPEC §5)", () => {
  it("registration up to 10 or the extension's maximum; transfer exactly 1", () => {
    expect(maxYearsFor("registration", 10)).toBe(10);
    expect(maxYearsFor("registration", 2)).toBe(2);
    expect(maxYearsFor("transfer", 10)).toBe(1);
  });
  it("renewal limited to 10 minus the remaining years, at least 1", () => {
    expect(maxYearsFor("renewal", 10, 3)).toBe(7);
    expect(maxYearsFor("renewal", 10, 10)).toBe(1);
  });
  it("caps a requested period", () => {
    expect(capYears(12, 10)).toBe(10);
    expect(capYears(0, 10)).toBe(1);
  });
});

describe("addDomainToCartSchema", () => {
  it("defaults to a one-year registration and rejects bad years", () => {
    expect(addDomainToCartSchema.parse({ domain: "example.com" })).toMatchObject({
      operation: "registration",
      years: 1,
    });
    expect(addDomainToCartSchema.safeParse({ domain: "example.com", years: 11 }).success).toBe(false);
    expect(addDomainToCartSchema.safeParse({ domain: "" }).success).toBe(false);
  });
});
