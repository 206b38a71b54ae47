import { describe, expect, it } from "vitest";
import type { CatalogueRow } from "./catalogue";
import { priceCents, priceDomainLine } from "./domain-pricing";
import { orderLineDetails, paidCents } from "./order-lines";

const COM: CatalogueRow = {
  tld: "com",
  display: "com",
  kind: "generic",
  currency: "USD",
  registration_cents: 1044,
  renewal_cents: 1244,
  transfer_cents: 944,
  icann_fee_cents: 18,
  on_sale: 1,
  sale_cents: 544,
  is_popular: 1,
  is_recommended: 0,
  max_years: 5,
  sort_order: 0,
};
const PREMIUM = { premium: true, premiumPriceCents: 50_000, premiumRenewalCents: 20_000 };

describe("priceCents", () => {
  it("applies the sale to the first year and a premium name's own prices over it", () => {
    expect(priceCents(COM)).toEqual({ firstYear: 544, renewal: 1244, transfer: 944, icannFee: 18 });
    expect(priceCents(COM, PREMIUM)).toEqual({ firstYear: 50_000, renewal: 20_000, transfer: 944, icannFee: 18 });
    expect(priceCents(COM, { ...PREMIUM, premium: false }).firstYear).toBe(544);
  });
});

describe("priceDomainLine", () => {
  it("prices a registration: first year, then renewals; years capped by the extension", () => {
    expect(priceDomainLine(COM, "registration", 3)).toEqual({
      years: 3,
      unitCents: 544,
      totalCents: 544 + 2 * 1244,
      icannFeeCents: 18,
    });
    expect(priceDomainLine(COM, "registration", 9).years).toBe(5);
  });

  it("applies a premium price to a registration only", () => {
    expect(priceDomainLine(COM, "registration", 1, PREMIUM).unitCents).toBe(50_000);
    expect(priceDomainLine(COM, "renewal", 1, PREMIUM)).toEqual({
      years: 1,
      unitCents: 1244,
      totalCents: 1244,
      icannFeeCents: 18,
    });
  });

  it("prices a transfer for its one year", () => {
    expect(priceDomainLine(COM, "transfer", 4)).toEqual({
      years: 1,
      unitCents: 944,
      totalCents: 944,
      icannFeeCents: 18,
    });
  });
});

describe("order lines", () => {
  it("a line's paid amount is its total plus the ICANN fee per year, less its discount", () => {
    expect(paidCents({ total_cents: 2000, icann_fee_cents: 18, years: 2, discount_cents: 100 })).toBe(1936);
  });

  it("reads a line's details, {} when there are none or they are not JSON", () => {
    expect(orderLineDetails('{"authCode":"abc"}')).toEqual({ authCode: "abc" });
    expect(orderLineDetails(null)).toEqual({});
    expect(orderLineDetails("{not json")).toEqual({});
  });
});
