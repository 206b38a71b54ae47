import { TLD_PATTERN } from "./domain-name";
import { z } from "./zod";
import { centsToDecimal } from "./money";
import type { TldPrice } from "./pricing";

/** A TLD as stored: ASCII form, lower case, no leading dot ("com", "co", "xn--p1ai"). */
export const tldSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^\./, ""))
  .pipe(z.string().regex(TLD_PATTERN, "not a valid extension"));

/** One row of the catalogue table (money in integer cents). */
export interface CatalogueRow {
  tld: string;
  display: string;
  kind: "generic" | "country-code";
  currency: string;
  registration_cents: number;
  renewal_cents: number;
  transfer_cents: number;
  icann_fee_cents: number;
  on_sale: 0 | 1;
  sale_cents: number | null;
  is_popular: 0 | 1;
  is_recommended: 0 | 1;
  max_years: number;
  sort_order: number;
}

/** The API's view of a catalogue row: decimal prices and booleans (DESIGN §4, §6). */
export function toTldPrice(row: CatalogueRow): TldPrice {
  return {
    tld: row.tld,
    display: row.display,
    registration_price: centsToDecimal(row.registration_cents),
    renewal_price: centsToDecimal(row.renewal_cents),
    transfer_price: centsToDecimal(row.transfer_cents),
    icann_fee: centsToDecimal(row.icann_fee_cents),
    on_sale: row.on_sale === 1,
    sale_price: row.sale_cents === null ? null : centsToDecimal(row.sale_cents),
    is_popular: row.is_popular === 1,
    is_recommended: row.is_recommended === 1,
    max_years: row.max_years,
    currency: row.currency,
  };
}
