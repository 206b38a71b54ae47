import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd, MAX_DISPLAY_AMOUNT, NOT_AVAILABLE } from "./money";
import { homePriceText } from "./pricing";

const MONEY = /^\$\d+\.\d{2}$/u;

/** Anything a price field could hold after a bad answer: numbers of every kind, null, undefined. */
const anyAmount = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, -1, -0.001, 0.005, 1e21, 1e308, Number.MAX_SAFE_INTEGER, MAX_DISPLAY_AMOUNT, null, undefined),
);

describe("formatUsd (SPEC §9: a dollar sign plus two decimals, else N/A)", () => {
  it("formats amounts as $X.XX", () => {
    expect(formatUsd(10.44)).toBe("$10.44");
    expect(formatUsd(9)).toBe("$9.00");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(-0)).toBe("$0.00");
    expect(formatUsd(12.345)).toBe("$12.35");
  });

  it("shows N/A (or the given text) for a missing or unusable amount", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, 1e21, null, undefined]) {
      expect(formatUsd(bad)).toBe(NOT_AVAILABLE);
      expect(formatUsd(bad, "Yok")).toBe("Yok");
    }
  });

  it("never shows NaN or Infinity: any input gives a money string or N/A", () => {
    fc.assert(
      fc.property(anyAmount, (amount) => {
        const text = formatUsd(amount);
        expect(text).not.toMatch(/NaN|Infinity|e[+-]/u);
        expect(MONEY.test(text) || text === NOT_AVAILABLE).toBe(true);
        if (typeof amount === "number" && Number.isFinite(amount) && amount >= 0 && amount <= MAX_DISPLAY_AMOUNT) {
          expect(Math.abs(Number(text.slice(1)) - amount)).toBeLessThanOrEqual(0.005 + amount * 1e-12);
        }
      }),
    );
  });
});

describe("homePriceText with any catalogue answer", () => {
  it("shows a money string or the N/A text, never NaN or Infinity, for any loaded entry", () => {
    fc.assert(
      fc.property(anyAmount, anyAmount, fc.constantFrom("N/A", "Yok"), (registration, renewal, notAvailable) => {
        const text = homePriceText(
          { status: "loaded", entry: { registration_price: registration ?? null, renewal_price: renewal ?? null } },
          notAvailable,
        );
        expect(text).not.toMatch(/NaN|Infinity/u);
        expect(MONEY.test(text) || text === notAvailable).toBe(true);
      }),
    );
  });

  it("prefers a usable registration price, else a usable renewal price", () => {
    expect(homePriceText({ status: "loaded", entry: { registration_price: Number.NaN, renewal_price: 14.5 } })).toBe("$14.50");
    expect(homePriceText({ status: "loaded", entry: { registration_price: Infinity, renewal_price: Number.NaN } })).toBe("N/A");
    expect(homePriceText({ status: "loaded", entry: { registration_price: -3, renewal_price: null } }, "Yok")).toBe("Yok");
  });
});
