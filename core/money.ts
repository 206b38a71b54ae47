/** Money is kept as integer cents; these helpers convert at the edges (API, display). */

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
/** Larger amounts are not a price (toFixed would also switch to exponent notation past 1e21). */
export const MAX_DISPLAY_AMOUNT = 1e12;

/**
 * Dollar sign plus two decimals, as the spec's price displays use. Anything that is not a finite,
 * non-negative amount up to MAX_DISPLAY_AMOUNT (a missing price, NaN, Infinity, a negative or
 * absurd number) shows `notAvailable` instead — never "$NaN" or "$Infinity".
 */
export function formatUsd(amount: number | null | undefined, notAvailable: string = NOT_AVAILABLE): string {
  if (!isDisplayableAmount(amount)) return notAvailable;
  return `$${(Math.round(amount * 100) / 100).toFixed(2)}`;
}

/** A finite, non-negative number up to MAX_DISPLAY_AMOUNT: something a price display can show. */
export function isDisplayableAmount(amount: unknown): amount is number {
  return typeof amount === "number" && Number.isFinite(amount) && amount >= 0 && amount <= MAX_DISPLAY_AMOUNT;
}
