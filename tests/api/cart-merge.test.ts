// The visitor's cart joins the account's at sign-up (POST /auth/register) and sign-in
// (POST /auth/login), both with X-Cart-Id (issue 19 point 1): a name in both carts stays one line
// with the larger years, lines the account cannot buy are dropped and named in `cart_dropped`,
// the account's own lines stay, and merging again changes nothing. Every test makes its own
// accounts, carts and fresh labels.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "../../core/cart";
import { api, freshTld, seedSampleCatalogue, TEST_PASSWORD } from "./helpers";
import { buy, buyer } from "./my-domains-support";
import { freshLabel, json } from "./registry-fixtures";

interface Account {
  username: string;
  email: string;
  seedKey: string;
}

interface Merged {
  cart_id: string | null;
  cart_dropped: string[];
}

function headers(options: { cartId?: string | null; token?: string; json?: boolean } = {}): Headers {
  const result = new Headers();
  if (options.cartId) result.set("x-cart-id", options.cartId);
  if (options.token) result.set("authorization", `Bearer ${options.token}`);
  if (options.json) result.set("content-type", "application/json");
  return result;
}

async function register(cartId?: string | null): Promise<Account & Merged> {
  const username = `m${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const email = `${username}@example.test`;
  const response = await api("/auth/register", {
    method: "POST",
    headers: headers({ cartId, json: true }),
    body: JSON.stringify({ username, email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(201);
  const { data } = await json<{ data: { seed_key: string } & Merged }>(response);
  return { username, email, seedKey: data.seed_key, cart_id: data.cart_id, cart_dropped: data.cart_dropped };
}

async function login(account: Account, cartId?: string | null): Promise<Merged & { token: string }> {
  const response = await api("/auth/login", {
    method: "POST",
    headers: headers({ cartId, json: true }),
    body: JSON.stringify({ username: account.username, password: TEST_PASSWORD, seed_key: account.seedKey }),
  });
  expect(response.status).toBe(200);
  const { data } = await json<{ data: Merged & { token: string } }>(response);
  return data;
}

/** Adds a registration (as a visitor with `cartId`, or to the account's cart with `token`); answers the cart id. */
async function add(
  domain: string,
  years: number,
  options: { cartId?: string | null; token?: string } = {},
): Promise<string> {
  const response = await api("/cart/items", {
    method: "POST",
    headers: headers({ ...options, json: true }),
    body: JSON.stringify({ domain, years }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ data: CartView }>(response)).data.id;
}

/** The account's cart, as its owner sees it: name → years. */
async function accountCart(token: string): Promise<Map<string, number>> {
  const response = await api("/cart", { headers: headers({ token }) });
  expect(response.status).toBe(200);
  const { data } = await json<{ data: CartView }>(response);
  const names = data.items.map((item) => item.name);
  expect(new Set(names).size).toBe(names.length);
  return new Map(data.items.map((item) => [item.name, item.years]));
}

/** A line written straight into a cart, for states the API no longer lets a visitor create. */
async function insertLine(cartId: string, name: string, operation: "registration" | "renewal"): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO cart_items (id, cart_id, type, name, unicode, tld, operation, years, max_years, first_year_cents, renewal_cents, transfer_cents, icann_fee_cents, currency, added_at)
     VALUES (?1, ?2, 'domain', ?3, ?3, ?4, ?5, 1, 9, 1099, 1299, 999, 18, 'USD', ?6)`,
  )
    .bind(crypto.randomUUID(), cartId, name, name.slice(name.lastIndexOf(".") + 1), operation, new Date().toISOString())
    .run();
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("the visitor's cart at sign-up and sign-in", () => {
  it("joins a new account at registration; the sign-in right after keeps that cart and drops nothing", async () => {
    const name = `${freshLabel()}.xyz`;
    const visitor = await add(name, 2);
    const account = await register(visitor);
    expect(account).toMatchObject({ cart_id: visitor, cart_dropped: [] });
    // The visitor (no token) no longer reaches the account's cart.
    expect((await api("/cart", { headers: headers({ cartId: visitor }) })).status).toBe(404);
    const session = await login(account, visitor);
    expect(session).toMatchObject({ cart_id: visitor, cart_dropped: [] });
    expect([...(await accountCart(session.token))]).toEqual([[name, 2]]);
  });

  it("joins at sign-in: a name in both carts becomes one line with the larger years, the account's lines stay", async () => {
    const [shared, own, fresh] = [`${freshLabel()}.xyz`, `${freshLabel()}.xyz`, `${freshLabel()}.xyz`];
    const account = await register();
    const first = await login(account);
    const mine = await add(shared, 1, { token: first.token });
    await add(own, 3, { token: first.token });
    const visitor = await add(shared, 4);
    await add(fresh, 1, { cartId: visitor });
    // The account's line with more years keeps them too.
    await add(own, 2, { cartId: visitor });

    const session = await login(account, visitor);
    expect(session).toMatchObject({ cart_id: mine, cart_dropped: [] });
    const cart = await accountCart(session.token);
    expect(Object.fromEntries(cart)).toEqual({ [shared]: 4, [own]: 3, [fresh]: 1 });
  });

  it("is idempotent: signing in again with the same visitor cart doubles nothing", async () => {
    const account = await register();
    const first = await login(account);
    await add(`${freshLabel()}.xyz`, 1, { token: first.token });
    const visitor = await add(`${freshLabel()}.xyz`, 2);
    const once = await login(account, visitor);
    const after = await accountCart(once.token);
    const twice = await login(account, visitor);
    expect(twice).toMatchObject({ cart_id: once.cart_id, cart_dropped: [] });
    expect(await accountCart(twice.token)).toEqual(after);
    expect(after.size).toBe(2);
  });

  it("drops a line whose extension left the catalogue and names it, at registration", async () => {
    const kept = `${freshLabel()}.xyz`;
    const visitor = await add(kept, 1);
    // A line added while its extension was sold (the catalogue is cached per isolate for a
    // minute, so the withdrawn extension's line is written as it was stored then).
    const gone = `${freshLabel()}.${freshTld()}`;
    await insertLine(visitor, gone, "registration");

    const account = await register(visitor);
    expect(account.cart_dropped).toEqual([gone]);
    const session = await login(account, visitor);
    expect([...(await accountCart(session.token)).keys()]).toEqual([kept]);
  });

  it("drops a renewal of a domain the account does not own, and a registration of a name it already holds", async () => {
    const user = await buyer();
    const visitor = await add(`${freshLabel()}.xyz`, 1);
    // The visitor cart got the name before the account bought it (at another browser).
    const held = `${freshLabel()}.com`;
    await add(held, 1, { cartId: visitor });
    await buy(user, [held]);
    // A renewal line of somebody else's name (a visitor cannot add one through the API).
    const foreign = `${freshLabel()}.com`;
    await insertLine(visitor, foreign, "renewal");

    const session = await login(user, visitor);
    expect([...session.cart_dropped].sort()).toEqual([held, foreign].sort());
    const cart = await accountCart(session.token);
    expect(cart.has(held)).toBe(false);
    expect(cart.has(foreign)).toBe(false);
    expect(cart.size).toBe(1);
  });

  it("property: after the merge every name appears once, years are the larger, no account line is lost", async () => {
    const lines = fc.uniqueArray(
      fc.record({ slot: fc.integer({ min: 0, max: 5 }), years: fc.integer({ min: 1, max: 5 }) }),
      { selector: (line) => line.slot, maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(lines, lines, async (accountLines, visitorLines) => {
        const names = Array.from({ length: 6 }, () => `${freshLabel()}.xyz`);
        const account = await register();
        const first = await login(account);
        for (const line of accountLines) await add(names[line.slot]!, line.years, { token: first.token });
        let visitor: string | null = null;
        for (const line of visitorLines) visitor = await add(names[line.slot]!, line.years, { cartId: visitor });

        const session = await login(account, visitor);
        expect(session.cart_dropped).toEqual([]);
        const cart = await accountCart(session.token);
        const expected = new Map<string, number>();
        for (const line of [...accountLines, ...visitorLines])
          expected.set(names[line.slot]!, Math.max(expected.get(names[line.slot]!) ?? 0, line.years));
        expect(cart).toEqual(expected);
        for (const line of accountLines) expect(cart.has(names[line.slot]!)).toBe(true);
      }),
      { numRuns: 8 },
    );
  });
});
