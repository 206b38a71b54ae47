// Domain cart prices and periods (SPEC §5, §9): plain functions and constants, apart from the
// cart's zod schemas (cart.ts, which re-exports these) so pages can price lines without loading zod.

/** Operations a domain cart item can carry (SPEC §3 "Domain cart item"). */
export const DOMAIN_OPERATIONS = ["registration", "renewal", "transfer", "restore", "bulk_purchase"] as const;
export type DomainOperation = (typeof DOMAIN_OPERATIONS)[number];

/** SPEC §5/§9: registration 1–10 years; transfer fixed at 1 year. */
export const MAX_REGISTRATION_YEARS = 10;
export const TRANSFER_YEARS = 1;

export interface DomainPriceCents {
  /** First-year price (the sale or premium price when one applies). */
  firstYear: number;
  renewal: number;
  transfer: number;
}

/**
 * SPEC §9: registration = first-year price + renewal price per extra year; transfer = transfer
 * price + renewal per extra year; renewal = renewal price × years. Integer cents.
 */
export function domainTotalCents(operation: DomainOperation, years: number, prices: DomainPriceCents): number {
  const extra = Math.max(0, years - 1);
  switch (operation) {
    case "registration":
    case "bulk_purchase":
      return prices.firstYear + prices.renewal * extra;
    case "transfer":
      return prices.transfer + prices.renewal * extra;
    case "renewal":
    case "restore":
      return prices.renewal * years;
  }
}

/**
 * The years an item may have (SPEC §5): registration 1…min(10, TLD max); transfer exactly 1;
 * renewal limited to 10 minus the remaining years (at least 1).
 */
export function maxYearsFor(operation: DomainOperation, tldMaxYears: number, remainingYears = 0): number {
  if (operation === "transfer") return TRANSFER_YEARS;
  const cap = Math.min(MAX_REGISTRATION_YEARS, Math.max(1, tldMaxYears));
  if (operation === "renewal") return Math.max(1, Math.min(cap, MAX_REGISTRATION_YEARS - remainingYears));
  return cap;
}

/** A requested period capped at the item's maximum (SPEC §5), never below 1. */
export function capYears(requested: number, max: number): number {
  return Math.min(Math.max(1, Math.trunc(requested)), max);
}
