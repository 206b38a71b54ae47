import { toTldPrice, type CatalogueRow } from "../../core/catalogue";
import type { TldPrice } from "../../core/pricing";

/** D1 binds at most 100 parameters per statement; the pricing route accepts at most this many TLDs. */
export const MAX_TLDS_PER_QUERY = 100;

const COLUMNS = `tld, display, kind, currency, registration_cents, renewal_cents, transfer_cents,
  icann_fee_cents, on_sale, sale_cents, is_popular, is_recommended, max_years, sort_order`;

/** Catalogue rows for the given ASCII TLDs, in one statement. Unknown TLDs are simply absent. */
export async function selectCatalogueRows(db: D1Database, tlds: readonly string[]): Promise<CatalogueRow[]> {
  if (tlds.length === 0) return [];
  if (tlds.length > MAX_TLDS_PER_QUERY) {
    throw new RangeError(`at most ${MAX_TLDS_PER_QUERY} TLDs per query, got ${tlds.length}`);
  }
  const placeholders = tlds.map(() => "?").join(", ");
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM tlds WHERE tld IN (${placeholders})`)
    .bind(...tlds)
    .all<CatalogueRow>();
  return results;
}

/** The API view of the given TLDs, keyed by ASCII TLD (one D1 query). */
export async function findTldPrices(db: D1Database, tlds: readonly string[]): Promise<Map<string, TldPrice>> {
  const rows = await selectCatalogueRows(db, tlds);
  return new Map(rows.map((row) => [row.tld, toTldPrice(row)]));
}

/** One TLD's price, or null when it is not in the catalogue. */
export async function findTldPrice(db: D1Database, tld: string): Promise<TldPrice | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM tlds WHERE tld = ?`).bind(tld).first<CatalogueRow>();
  return row ? toTldPrice(row) : null;
}
