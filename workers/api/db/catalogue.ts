import type { CatalogueRow } from "../../../core/catalogue";
import { createMemo } from "../../../core/memo";
import type { PricingFilter } from "../../../core/tld-input";

const FILTER_SQL: Record<PricingFilter, string> = {
  all: "1 = 1",
  popular: "is_popular = 1",
  recommended: "is_recommended = 1",
  on_sale: "on_sale = 1",
};

/** One page of the catalogue in catalogue order, with the total for the filter. */
export async function listCatalogue(
  db: D1Database,
  options: { filter: PricingFilter; limit: number; offset: number },
): Promise<{ rows: CatalogueRow[]; total: number }> {
  const where = FILTER_SQL[options.filter];
  const [page, count] = await db.batch([
    db
      .prepare(`SELECT * FROM tlds WHERE ${where} ORDER BY sort_order, tld LIMIT ?1 OFFSET ?2`)
      .bind(options.limit, options.offset),
    db.prepare(`SELECT COUNT(*) AS total FROM tlds WHERE ${where}`),
  ]);
  if (!page || !count) throw new Error("D1 batch: a statement has no result");
  const total = (count.results[0] as { total: number } | undefined)?.total ?? 0;
  return { rows: page.results as unknown as CatalogueRow[], total };
}

/**
 * Extensions starting with `prefix` (ASCII or display form): the exact match first, then
 * catalogue order.
 */
export async function searchCatalogue(
  db: D1Database,
  prefix: { ascii: string; display: string },
  limit: number,
): Promise<CatalogueRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM tlds
        WHERE substr(tld, 1, length(?1)) = ?1 OR substr(display, 1, length(?2)) = ?2
        ORDER BY (tld = ?1 OR display = ?2) DESC, sort_order, tld
        LIMIT ?3`,
    )
    .bind(prefix.ascii, prefix.display, limit)
    .all<CatalogueRow>();
  return results;
}

export interface CatalogueIndex {
  /** Every extension in catalogue order. */
  rows: CatalogueRow[];
  byTld: Map<string, CatalogueRow>;
}

const catalogueMemo = createMemo<CatalogueIndex>(60_000);

/**
 * The whole catalogue (~700 rows) for availability checks across every extension, kept per
 * isolate for a minute: an import shows up within that time.
 */
export function loadCatalogue(db: D1Database): Promise<CatalogueIndex> {
  return catalogueMemo("all", async () => {
    const { results } = await db.prepare("SELECT * FROM tlds ORDER BY sort_order, tld").all<CatalogueRow>();
    return { rows: results, byTld: new Map(results.map((row) => [row.tld, row])) };
  });
}
