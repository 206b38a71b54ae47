// Shared helpers of the lookup worker's integration tests: each test inserts its own catalogue
// rows under fresh extensions and calls the worker as the storefront does (over fetch, with the
// visitor's address in x-client-ip), from a fresh client address unless it says otherwise.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CatalogueRow } from "../../core/catalogue";

/** A fresh ASCII extension nobody else uses ("t" + 12 letters). */
export function freshTld(): string {
  const letters = crypto.getRandomValues(new Uint8Array(12));
  return `t${Array.from(letters, (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

/** A fresh client address, so tests do not share a rate-limit bucket. */
export function freshClientIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}-${crypto.randomUUID().slice(0, 8)}`;
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
    sort_order: 0,
    ...row,
  };
  await env.DB.prepare(
    `INSERT OR REPLACE INTO tlds (tld, display, kind, currency, registration_cents, renewal_cents,
       transfer_cents, icann_fee_cents, on_sale, sale_cents, is_popular, is_recommended, max_years, sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      full.tld,
      full.display,
      full.kind,
      full.currency,
      full.registration_cents,
      full.renewal_cents,
      full.transfer_cents,
      full.icann_fee_cents,
      full.on_sale,
      full.sale_cents,
      full.is_popular,
      full.is_recommended,
      full.max_years,
      full.sort_order,
    )
    .run();
  return full;
}

export async function setRegistrationCents(tld: string, cents: number): Promise<void> {
  await env.DB.prepare("UPDATE tlds SET registration_cents = ? WHERE tld = ?").bind(cents, tld).run();
}

/** GET on the lookup worker as the storefront calls it. */
export function lookup(path: string, clientIp: string = freshClientIp()): Promise<Response> {
  return SELF.fetch(`https://lookup${path}`, { headers: { "x-client-ip": clientIp } });
}

/** The KV key's listing (with its expiration), once the worker's deferred write has landed. */
export async function waitForCacheKey(key: string): Promise<KVNamespaceListKey<unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { keys } = await env.CACHE.list({ prefix: key });
    const found = keys.find((entry) => entry.name === key);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`cache key ${key} was never written`);
}

export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}
