import type { CatalogueRow } from "../../core/catalogue";
import { centsToDecimal } from "../../core/money";
import type { ParsedDomainName } from "../../core/domain-name";
import { domainWarnings, type DomainWarning } from "../../core/homograph";
import { priceCents } from "../../core/domain-pricing";
import type { RegistryCheck } from "./adapters/registry";

/** Prices of one name, in the API's decimal form. `registration` is the first-year price. */
export interface DomainPrices {
  registration: number;
  renewal: number;
  transfer: number;
  icann_fee: number;
  /** The catalogue's sale price when the extension is on sale (already in `registration`). */
  sale: number | null;
  currency: string;
  max_years: number;
}

// Catalogue prices with a sale and a premium price applied: a rule of core/domain-pricing.ts.
export { priceCents, type DomainPriceCents } from "../../core/domain-pricing";

export function domainPrices(row: CatalogueRow, check?: RegistryCheck): DomainPrices {
  const cents = priceCents(row, check);
  const onSale = row.on_sale === 1 && row.sale_cents !== null && !check?.premium;
  return {
    registration: centsToDecimal(cents.firstYear),
    renewal: centsToDecimal(cents.renewal),
    transfer: centsToDecimal(cents.transfer),
    icann_fee: centsToDecimal(cents.icannFee),
    sale: onSale && row.sale_cents !== null ? centsToDecimal(row.sale_cents) : null,
    currency: row.currency,
    max_years: row.max_years,
  };
}

/** One searched name as the API answers it (GET /domains/search/{domain} and the lists). */
export interface DomainSearchResult {
  domain: string;
  unicode: string;
  label: string;
  tld: string;
  tld_unicode: string;
  available: boolean;
  premium: boolean;
  reason?: RegistryCheck["reason"];
  prices: DomainPrices | null;
  warnings: DomainWarning[];
}

export function searchResult(
  name: ParsedDomainName,
  row: CatalogueRow | undefined,
  check: RegistryCheck,
  warnings: DomainWarning[] = [],
): DomainSearchResult {
  return {
    domain: name.ascii,
    unicode: name.unicode,
    label: name.label,
    tld: name.tld,
    tld_unicode: name.tldUnicode,
    available: check.available,
    premium: check.premium,
    ...(check.reason ? { reason: check.reason } : {}),
    prices: row ? domainPrices(row, check) : null,
    warnings,
  };
}

/** The parsed form of `label.tld` built from parts already validated (lists across the catalogue). */
export function nameFromParts(label: { ascii: string; unicode: string }, row: CatalogueRow): ParsedDomainName {
  return {
    ascii: `${label.ascii}.${row.tld}`,
    unicode: `${label.unicode}.${row.display}`,
    label: label.ascii,
    labelUnicode: label.unicode,
    tld: row.tld,
    tldUnicode: row.display,
    isIdn: label.ascii.startsWith("xn--") || row.tld.startsWith("xn--"),
  };
}

export { domainWarnings };
