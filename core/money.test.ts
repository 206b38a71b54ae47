import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "./locale";
import { formatMoney, MAX_DISPLAY_AMOUNT, NOT_AVAILABLE } from "./money";
import { homePriceText } from "./pricing";

const MONEY = { en: /^\$\d{1,3}(,\d{3})*\.\d{2}$/u, tr: /^\$\d{1,3}(\.\d{3})*,\d{2}$/u } as const;

/** Anything a price field could hold after a bad answer: numbers of every kind, null, undefined. */
const anyAmount = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    Number.NaN,
    Infinity,
    -Infinity,
    -0,
    -1,
    -0.001,
    0.005,
    1e21,
    1e308,
    Number.MAX_SAFE_INTEGER,
    MAX_DISPLAY_AMOUNT,
    null,
    undefined,
  ),
);

describe("formatMoney (SPEC §9: the amount with two decimals in the page language, else N/A)", () => {
  it("formats English amounts as $X.XX, as the storefront always has", () => {
    expect(formatMoney("en", 10.44)).toBe("$10.44");
    expect(formatMoney("en", 9)).toBe("$9.00");
    expect(formatMoney("en", 0)).toBe("$0.00");
    expect(formatMoney("en", -0)).toBe("$0.00");
    expect(formatMoney("en", 12.345)).toBe("$12.35");
    expect(formatMoney("en", 1234.5)).toBe("$1,234.50");
  });

  it("formats Turkish amounts with Turkish separators", () => {
    expect(formatMoney("tr", 10.62)).toBe("$10,62");
    expect(formatMoney("tr", 1234.5)).toBe("$1.234,50");
    expect(formatMoney("tr", -0)).toBe("$0,00");
  });

  it("names an unknown currency code after the number", () => {
    expect(formatMoney("en", 3, { currency: "not a code" })).toBe("3.00 not a code");
    expect(formatMoney("tr", 3, { currency: "not a code" })).toBe("3,00 not a code");
  });

  it("shows N/A (or the given text) for a missing or unusable amount", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, 1e21, null, undefined]) {
      expect(formatMoney("en", bad)).toBe(NOT_AVAILABLE);
      expect(formatMoney("tr", bad, { notAvailable: "Yok" })).toBe("Yok");
    }
  });

  it("never shows NaN or Infinity: any input gives a money string or N/A, in either language", () => {
    fc.assert(
      fc.property(anyAmount, fc.constantFrom(...SUPPORTED_LOCALES), (amount, locale) => {
        const text = formatMoney(locale, amount);
        expect(text).not.toMatch(/NaN|Infinity|e[+-]|∞/u);
        expect(MONEY[locale].test(text) || text === NOT_AVAILABLE).toBe(true);
        if (typeof amount === "number" && Number.isFinite(amount) && amount >= 0 && amount <= MAX_DISPLAY_AMOUNT) {
          const digits =
            locale === "en" ? text.slice(1).replaceAll(",", "") : text.slice(1).replaceAll(".", "").replace(",", ".");
          expect(Math.abs(Number(digits) - amount)).toBeLessThanOrEqual(0.005 + amount * 1e-12);
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
          { notAvailable },
        );
        expect(text).not.toMatch(/NaN|Infinity/u);
        expect(MONEY.en.test(text) || text === notAvailable).toBe(true);
      }),
    );
  });

  it("prefers a usable registration price, else a usable renewal price", () => {
    expect(homePriceText({ status: "loaded", entry: { registration_price: Number.NaN, renewal_price: 14.5 } })).toBe(
      "$14.50",
    );
    expect(
      homePriceText({ status: "loaded", entry: { registration_price: Infinity, renewal_price: Number.NaN } }),
    ).toBe("N/A");
    expect(
      homePriceText(
        { status: "loaded", entry: { registration_price: -3, renewal_price: null } },
        { notAvailable: "Yok" },
      ),
    ).toBe("Yok");
  });
});
