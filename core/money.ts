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

/** Dollar sign plus two decimals, as the spec's price displays use. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
