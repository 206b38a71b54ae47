// Helpers of the API integration tests: call /api/v1 as a client would, and create catalogue
// rows under fresh extensions so tests never depend on each other or on order.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import type { CatalogueRow } from "../../core/catalogue";
import { catalogueImportStatements, parseCatalogueCsv } from "../../core/catalogue-csv";
import { insertTld as insertCatalogueRow } from "../support/catalogue";

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

export { freshTld, type ErrorBody } from "../support/catalogue";

export function freshClientIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `198.${a}.${b}.${c}`;
}

export function insertTld(row: Partial<CatalogueRow> & { tld: string }): Promise<CatalogueRow> {
  return insertCatalogueRow(env.DB, row);
}

/** Loads the sample catalogue exactly as `npm run db:seed` does (same parser, same statements). */
export async function seedSampleCatalogue(): Promise<number> {
  const { rows, errors } = parseCatalogueCsv(env.CATALOGUE_CSV);
  if (errors.length > 0) throw new Error(`sample catalogue invalid: ${JSON.stringify(errors.slice(0, 3))}`);
  const statements = catalogueImportStatements(rows, { replace: false });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  return rows.length;
}

/** The development outbox of one address (the mail adapter's embedded default), newest first. */
export async function outbox(email: string): Promise<{ subject: string; text: string }[]> {
  const response = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return (await response.json<{ data: { messages: { subject: string; text: string }[] } }>()).data.messages;
}

/** The 6-digit code in the newest message to `email`. */
export async function latestCode(email: string): Promise<string> {
  const [latest] = await outbox(email);
  const match = latest ? /\b(\d{6})\b/.exec(latest.text) : null;
  if (!match) throw new Error("no code in the outbox");
  return match[1];
}
