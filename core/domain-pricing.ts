import { domainTotalCents, maxYearsFor, type DomainOperation } from "./cart";
import type { CatalogueRow } from "./catalogue";

/** A domain's prices in cents: the catalogue's, with a sale and a premium name's own prices applied. */
export interface DomainPriceCents {
  firstYear: number;
  renewal: number;
  transfer: number;
  icannFee: number;
}

/** What the registry says of a premium name (its own first-year and renewal prices). */
export interface PremiumQuote {
  premium: boolean;
  premiumPriceCents?: number;
  premiumRenewalCents?: number;
}

/** Catalogue prices, with the sale price and a premium name's own prices applied. */
export function priceCents(row: CatalogueRow, check?: PremiumQuote): DomainPriceCents {
  const sale = row.on_sale === 1 && row.sale_cents !== null ? row.sale_cents : null;
  const premiumFirst = check?.premium ? check.premiumPriceCents : undefined;
  const premiumRenewal = check?.premium ? check.premiumRenewalCents : undefined;
  return {
    firstYear: premiumFirst ?? sale ?? row.registration_cents,
    renewal: premiumRenewal ?? row.renewal_cents,
    transfer: row.transfer_cents,
    icannFee: row.icann_fee_cents,
  };
}

/** The price columns a domain's cart line stores (the cart shows them; checkout prices from them). */
export interface DomainLinePriceColumns {
  first_year_cents: number;
  renewal_cents: number;
  transfer_cents: number;
  icann_fee_cents: number;
  currency: string;
  on_sale: 0 | 1;
  is_popular: 0 | 1;
  premium: 0 | 1;
}

/** A cart line's price columns from the catalogue row and what the registry said of the name. */
export function domainLinePriceColumns(row: CatalogueRow, check?: PremiumQuote): DomainLinePriceColumns {
  const cents = priceCents(row, check);
  return {
    first_year_cents: cents.firstYear,
    renewal_cents: cents.renewal,
    transfer_cents: cents.transfer,
    icann_fee_cents: cents.icannFee,
    currency: row.currency,
    on_sale: row.on_sale,
    is_popular: row.is_popular,
    premium: check?.premium ? 1 : 0,
  };
}

/** One priced domain line: the years allowed, the unit price, the line's total and the ICANN fee per year. */
export interface DomainLinePrice {
  years: number;
  unitCents: number;
  totalCents: number;
  icannFeeCents: number;
}

/**
 * One domain line priced from the catalogue (sale and a registration's premium price applied; a
 * renewal at the catalogue's renewal price): the years allowed, the unit price, the line's total
 * (SPEC §9) and the ICANN fee per year. Checkout and the off-session auto-renewal price with it.
 */
export function priceDomainLine(
  tldRow: CatalogueRow,
  operation: DomainOperation,
  years: number,
  check?: PremiumQuote,
): DomainLinePrice {
  const cents = priceCents(tldRow, operation === "registration" ? check : undefined);
  const allowed = Math.min(years, maxYearsFor(operation, tldRow.max_years));
  return {
    years: allowed,
    unitCents:
      operation === "transfer"
        ? cents.transfer
        : operation === "registration" || operation === "bulk_purchase"
          ? cents.firstYear
          : cents.renewal,
    totalCents: domainTotalCents(operation, allowed, cents),
    icannFeeCents: cents.icannFee,
  };
}
