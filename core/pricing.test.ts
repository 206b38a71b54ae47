import { describe, expect, it } from "vitest";
import { homePriceText } from "./pricing";

describe("homePriceText (SPEC §9 home price display)", () => {
  it("shows the registration price as $X.XX", () => {
    expect(homePriceText({ status: "loaded", entry: { registration_price: 10.44, renewal_price: 12 } })).toBe("$10.44");
    expect(homePriceText({ status: "loaded", entry: { registration_price: 9, renewal_price: 12 } })).toBe("$9.00");
  });

  it("falls back to the renewal price when there is no registration price", () => {
    expect(homePriceText({ status: "loaded", entry: { registration_price: null, renewal_price: 14.5 } })).toBe(
      "$14.50",
    );
    expect(homePriceText({ status: "loaded", entry: { registration_price: 0, renewal_price: 14.5 } })).toBe("$14.50");
  });

  it("shows N/A when neither price exists or the TLD is missing from the answer", () => {
    expect(homePriceText({ status: "loaded", entry: { registration_price: null, renewal_price: null } })).toBe("N/A");
    expect(homePriceText({ status: "loaded", entry: undefined })).toBe("N/A");
  });

  it("shows the page language's N/A text when given", () => {
    expect(homePriceText({ status: "loaded", entry: undefined }, { notAvailable: "Yok" })).toBe("Yok");
  });

  it("shows an ellipsis while pending and N/A, never NaN, when the call failed even after its retry (issue 19)", () => {
    expect(homePriceText({ status: "loading" })).toBe("…");
    expect(homePriceText({ status: "failed" })).toBe("N/A");
    expect(homePriceText({ status: "failed" }, { notAvailable: "Yok" })).toBe("Yok");
  });
});
