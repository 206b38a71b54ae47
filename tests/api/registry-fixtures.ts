// Ledger rows of the simulated registry (migrations/0002_registry.sql) for the API tests. Every
// test makes its own fresh labels under the sample catalogue's extensions (com, net, xyz…), so
// no test depends on another, on order, or on the seed.
import { env } from "cloudflare:workers";

/** A fresh ASCII label nobody else uses: "q" + 14 random lower-case letters. */
export function freshLabel(prefix = "q"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}${Array.from(bytes, (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

function split(name: string): { label: string; tld: string } {
  const dot = name.lastIndexOf(".");
  return { label: name.slice(0, dot), tld: name.slice(dot + 1) };
}

/** A name registered at another registrar (as data/registry/seed.sql writes them). */
export async function registerElsewhere(
  name: string,
  row: { registrar?: string; transferable?: boolean; locked?: boolean } = {},
): Promise<void> {
  const { label, tld } = split(name);
  await env.DB.prepare(
    `INSERT INTO registry_domains (name, label, tld, status, registrar, created_at, expires_at, locked, transferable,
       held_here, nameservers, updated_at)
     VALUES (?1, ?2, ?3, 'active', ?4, '2012-05-04T10:00:00.000Z', '2030-05-04T10:00:00.000Z', ?5, ?6, 0,
       '["dns1.registrar-servers.com"]', '2012-05-04T10:00:00.000Z')`,
  )
    .bind(name, label, tld, row.registrar ?? "NameCheap, Inc.", row.locked ? 1 : 0, row.transferable === false ? 0 : 1)
    .run();
}

/** Reserves a label on one extension, or on every extension with tld "*". */
export async function reserve(label: string, tld: string): Promise<void> {
  await env.DB.prepare("INSERT INTO registry_reserved (label, tld) VALUES (?1, ?2)").bind(label, tld).run();
}

/** Puts a name on the premium list at its own prices (integer cents). */
export async function makePremium(name: string, priceCents: number, renewalCents: number | null = null): Promise<void> {
  const { label, tld } = split(name);
  await env.DB.prepare(
    "INSERT INTO registry_premium (name, label, tld, price_cents, renewal_cents) VALUES (?1, ?2, ?3, ?4, ?5)",
  )
    .bind(name, label, tld, priceCents, renewalCents)
    .run();
}

/** Reads a JSON response body with the type the test expects. */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
