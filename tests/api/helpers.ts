// Helpers of the API integration tests: call /api/v1 as a client would, and create catalogue
// rows under fresh extensions so tests never depend on each other or on order.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CatalogueRow } from "../../core/catalogue";
import { catalogueImportStatements, parseCatalogueCsv } from "../../core/catalogue-csv";

export function api(path: string, init?: RequestInit & { clientIp?: string }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("cf-connecting-ip", init?.clientIp ?? freshClientIp());
  return SELF.fetch(`https://shop.test/api/v1${path}`, { ...init, headers });
}

export function postJson(path: string, body: unknown, clientIp?: string): Promise<Response> {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    clientIp,
  });
}

/** A fresh ASCII extension nobody else uses ("t" + 12 letters). */
export function freshTld(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `t${Array.from(bytes, (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

export function freshClientIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `198.${a}.${b}.${c}`;
}

export async function insertTld(row: Partial<CatalogueRow> & { tld: string }): Promise<CatalogueRow> {
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
  await env.DB.prepare(
    `INSERT OR REPLACE INTO tlds (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  )
    .bind(...columns.map((column) => full[column]))
    .run();
  return full;
}

/** Loads the sample catalogue exactly as `npm run db:seed` does (same parser, same statements). */
export async function seedSampleCatalogue(): Promise<number> {
  const { rows, errors } = parseCatalogueCsv(env.CATALOGUE_CSV);
  if (errors.length > 0) throw new Error(`sample catalogue invalid: ${JSON.stringify(errors.slice(0, 3))}`);
  const statements = catalogueImportStatements(rows, { replace: false });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  return rows.length;
}
