// Helpers of the API integration tests: call /api/v1 as a client would, and create catalogue
// rows under fresh extensions so tests never depend on each other or on order.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import type { CatalogueRow } from "../../core/catalogue";
import { catalogueImportStatements, parseCatalogueCsv } from "../../core/catalogue-csv";
import { insertTld as insertCatalogueRow } from "../support/catalogue";
import { checkContract } from "./contract";

/** Calls /api/v1 as a client would; the answer must be what the route's contract allows (tests/api/contract.ts). */
export async function api(path: string, init?: RequestInit & { clientIp?: string }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("cf-connecting-ip", init?.clientIp ?? freshClientIp());
  const url = `https://shop.test/api/v1${path}`;
  const response = await SELF.fetch(url, { ...init, headers });
  await checkContract(init?.method ?? "GET", url, response);
  return response;
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
  if (!match?.[1]) throw new Error("no code in the outbox");
  return match[1];
}

/** The one-click link token in the newest message to `email` (issue 18). */
export async function latestLinkToken(email: string): Promise<string> {
  const [latest] = await outbox(email);
  const match = latest ? /[?&]token=([A-Za-z0-9_-]{43})\b/.exec(latest.text) : null;
  if (!match?.[1]) throw new Error("no link in the outbox");
  return match[1];
}

/** The `data.flow_token` of an answer that opened a code flow (register, forgot-password, resend-verification). */
export async function flowTokenOf(response: Response): Promise<string> {
  const body = await response.json<{ data: { flow_token?: string } }>();
  if (typeof body.data.flow_token !== "string") throw new Error("no flow_token in the answer");
  return body.data.flow_token;
}

export const TEST_PASSWORD = "Corr3ct-Horse!";

export interface SignedInUser {
  id: string;
  username: string;
  email: string;
  password: string;
  seedKey: string;
  token: string;
  cartId: string | null;
}

/**
 * Registers a fresh account and signs it in (optionally bringing a visitor cart along).
 * `language`: the Accept-Language of the sign-up and the sign-in (the account's mail language).
 */
export async function signedInUser(
  options: { cartId?: string; verified?: boolean; language?: string } = {},
): Promise<SignedInUser> {
  const username = `u${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const email = `${username}@example.test`;
  const language: Record<string, string> = options.language ? { "accept-language": options.language } : {};
  const registered = await api("/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", ...language },
    body: JSON.stringify({ username, email, password: TEST_PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const { seed_key: seedKey, flow_token: flowToken } = (
    await registered.json<{ data: { seed_key: string; flow_token: string } }>()
  ).data;
  if (options.verified) {
    const verified = await postJson("/auth/verify-email", {
      email,
      code: await latestCode(email),
      flow_token: flowToken,
    });
    if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  }
  const response = await api("/auth/login", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...language,
      ...(options.cartId ? { "x-cart-id": options.cartId } : {}),
    },
    body: JSON.stringify({ username, password: TEST_PASSWORD, seed_key: seedKey }),
    clientIp: freshClientIp(),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  const { data } = await response.json<{ data: { token: string; cart_id: string | null; user: { id: string } } }>();
  return {
    id: data.user.id,
    username,
    email,
    password: TEST_PASSWORD,
    seedKey,
    token: data.token,
    cartId: data.cart_id,
  };
}
