// Catalogue rows for the workerd integration tests (API and lookup worker): each test creates
// its own rows under fresh extensions, so no test depends on another or on order.
import type { CatalogueRow } from "../../core/catalogue";

/** A fresh ASCII extension nobody else uses ("t" + 12 letters). */
export function freshTld(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `t${Array.from(bytes, (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

/** Inserts (or replaces) one catalogue row; unspecified columns get ordinary gTLD values. */
export async function insertTld(db: D1Database, row: Partial<CatalogueRow> & { tld: string }): Promise<CatalogueRow> {
  const full: CatalogueRow = {
    display: row.tld,
    kind: "generic",
    currency: "USD",
    registration_cents: 1099,
    renewal_cents: 1299,
    transfer_cents: 999,
    icann_fee_cents: 18,
    on_sale: 0,
    sale_cents: null,
    is_popular: 0,
    is_recommended: 0,
    max_years: 10,
    sort_order: 100_000,
    ...row,
  };
  const columns = Object.keys(full) as (keyof CatalogueRow)[];
  await db
    .prepare(`INSERT OR REPLACE INTO tlds (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...columns.map((column) => full[column]))
    .run();
  return full;
}

export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}
