// Shared helpers of the lookup worker's integration tests: each test inserts its own catalogue
// rows under fresh extensions and calls the worker as the storefront does (over fetch, with the
// visitor's address in x-client-ip), from a fresh client address unless it says otherwise.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CatalogueRow } from "../../core/catalogue";
import { insertTld as insertCatalogueRow } from "../support/catalogue";

export { freshTld, type ErrorBody } from "../support/catalogue";
export { inOneLimiterWindow, LIMIT_TEST_TIMEOUT } from "../support/limiter-window";

export function insertTld(row: Partial<CatalogueRow> & { tld: string }): Promise<CatalogueRow> {
  return insertCatalogueRow(env.DB, row);
}

/** A fresh client address, so tests do not share a rate-limit bucket. */
export function freshClientIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}-${crypto.randomUUID().slice(0, 8)}`;
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
