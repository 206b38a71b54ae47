/** Money is kept as integer cents; these helpers convert at the edges (API, display). */

import { type Locale, NUMBER_LOCALE_TAGS } from "./locale";

export const DEFAULT_CURRENCY = "USD";
export const SUPPORTED_CURRENCIES = ["USD"] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

/** 1044 → 10.44 (a JSON number with at most two decimals). */
export function centsToDecimal(cents: number): number {
  return Math.round(cents) / 100;
}

/** "10.44" / 10.44 → 1044. Returns null for anything that is not a non-negative amount with ≤ 2 decimals. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** What a price display shows when there is no usable amount (SPEC §9 "else N/A"). */
export const NOT_AVAILABLE = "N/A";
/** Larger amounts are not a price (and would not fit a price column). */
export const MAX_DISPLAY_AMOUNT = 1e12;

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: Locale, currency: string): Intl.NumberFormat | null {
  const key = `${locale} ${currency}`;
  const cached = moneyFormats.get(key);
  if (cached) return cached;
  try {
    const format = new Intl.NumberFormat(NUMBER_LOCALE_TAGS[locale], {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
    return format;
  } catch {
    return null; // not an ISO 4217 code
  }
}

/**
 * The one money formatter of every page (SPEC §9): an amount in the page language with two
 * decimals — "$1,234.50" in English, "$1.234,50" in Turkish. Anything that is not a finite,
 * non-negative amount up to MAX_DISPLAY_AMOUNT (a missing price, NaN, Infinity, a negative or
 * absurd number) shows `notAvailable` instead — never "$NaN" or "$Infinity". An unknown currency
 * code shows the number and the code ("3.00 XYZ").
 */
export function formatMoney(
  locale: Locale,
  amount: number | null | undefined,
  options: { currency?: string; notAvailable?: string } = {},
): string {
  const { currency = DEFAULT_CURRENCY, notAvailable = NOT_AVAILABLE } = options;
  if (!isDisplayableAmount(amount)) return notAvailable;
  const rounded = Math.round(amount * 100) / 100 + 0; // + 0 turns -0 into 0 (no "-$0.00")
  const format = moneyFormat(locale, currency);
  if (format) return format.format(rounded);
  const number = new Intl.NumberFormat(NUMBER_LOCALE_TAGS[locale], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${number.format(rounded)} ${currency}`;
}

/** A finite, non-negative number up to MAX_DISPLAY_AMOUNT: something a price display can show. */
export function isDisplayableAmount(amount: unknown): amount is number {
  return typeof amount === "number" && Number.isFinite(amount) && amount >= 0 && amount <= MAX_DISPLAY_AMOUNT;
}
