// Issue 12: a cart that belongs to an account answers only to that account's token; a visitor's
// cart only to its own id. Strict number types on the cart's JSON bodies. Every test makes its
// own users, carts and names.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CartView } from "../../core/cart";
import { api, seedSampleCatalogue, signedInUser, type ErrorBody, type SignedInUser } from "./helpers";
import { freshLabel } from "./registry-fixtures";

// Sign-ups cost PBKDF2 at the production cap.
vi.setConfig({ testTimeout: 60_000 });

type CartBody = { success: true; data: CartView };

function call(
  method: string,
  path: string,
  options: { token?: string; cartId?: string; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers();
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cartId) headers.set("x-cart-id", options.cartId);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

async function addTo(user: SignedInUser | null, cartId?: string): Promise<CartView> {
  const response = await call("POST", "/cart/items", {
    token: user?.token,
    cartId,
    body: { domain: `${freshLabel()}.com` },
  });
  expect(response.status).toBe(201);
  return (await response.json<CartBody>()).data;
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("cart ownership", () => {
  it("an account's cart answers only to its owner's token: another user's token or none gets 404 and nothing changes", async () => {
    const [owner, stranger] = await Promise.all([signedInUser(), signedInUser()]);
    const cart = await addTo(owner);
    const item = cart.items[0];

    for (const token of [stranger.token, undefined]) {
      for (const [method, path, body] of [
        ["GET", "/cart", undefined],
        ["POST", "/cart/items", { domain: `${freshLabel()}.com` }],
        ["PATCH", `/cart/items/${item!.id}`, { years: 3 }],
        ["DELETE", `/cart/items/${item!.id}`, undefined],
      ] as const) {
        const response = await call(method, path, { token, cartId: cart.id, body });
        expect(response.status, `${method} ${path} ${token ? "stranger" : "no token"}`).toBe(404);
        expect(await response.json<ErrorBody>()).toMatchObject({ success: false, code: "cart_not_found" });
      }
    }

    const mine = await call("GET", "/cart", { token: owner.token, cartId: cart.id });
    expect(mine.status).toBe(200);
    const data = (await mine.json<CartBody>()).data;
    expect(data.items.map((entry) => [entry.name, entry.years])).toEqual([[item!.name, 1]]);
  });

  it("the owner reaches their cart with the token alone, from another device (no cart id)", async () => {
    const owner = await signedInUser();
    const cart = await addTo(owner);
    const response = await call("GET", "/cart", { token: owner.token });
    expect((await response.json<CartBody>()).data).toMatchObject({ id: cart.id, totalItems: 1 });
    // Adding without an id goes to the same cart.
    const again = await addTo(owner);
    expect(again.id).toBe(cart.id);
    expect(again.totalItems).toBe(2);
  });

  it("a visitor's cart answers to its id; a signed-in user naming it keeps their own cart", async () => {
    const visitorCart = await addTo(null);
    const read = await call("GET", "/cart", { cartId: visitorCart.id });
    expect((await read.json<CartBody>()).data.totalItems).toBe(1);

    const user = await signedInUser();
    const response = await call("GET", "/cart", { token: user.token, cartId: visitorCart.id });
    expect((await response.json<CartBody>()).data).toMatchObject({ id: null, totalItems: 0 });
    // The visitor's cart is untouched.
    const still = await call("GET", "/cart", { cartId: visitorCart.id });
    expect((await still.json<CartBody>()).data.totalItems).toBe(1);
  });

  it("a visitor cart brought to sign-in becomes the account's and then refuses the bare id", async () => {
    const visitorCart = await addTo(null);
    const user = await signedInUser({ cartId: visitorCart.id });
    expect(user.cartId).toBe(visitorCart.id);
    expect((await call("GET", "/cart", { cartId: visitorCart.id })).status).toBe(404);
    const mine = await call("GET", "/cart", { token: user.token, cartId: visitorCart.id });
    expect((await mine.json<CartBody>()).data.totalItems).toBe(1);
  });
});

describe("strict number types", () => {
  it('PATCH years must be a whole JSON number 1–10: true, "3", 2.5, null, 0, 11 → 400 naming years, nothing changes', async () => {
    const cart = await addTo(null);
    const item = cart.items[0];
    for (const years of [true, "3", 2.5, null, 0, 11, [3], { n: 3 }]) {
      const response = await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body: { years } });
      expect(response.status, JSON.stringify(years)).toBe(400);
      const body = await response.json<ErrorBody & { errors?: Record<string, unknown> }>();
      expect(body.success).toBe(false);
      expect(JSON.stringify(body.errors ?? body.message)).toContain("years");
    }
    const after = await call("GET", "/cart", { cartId: cart.id });
    expect((await after.json<CartBody>()).data.items[0]!.years).toBe(1);
    const ok = await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body: { years: 3 } });
    expect(ok.status).toBe(200);
  });

  it('PATCH quantity: 0 or less removes the item (SPEC §4), 2 or "0" is a 400 naming quantity, an empty body a 400', async () => {
    const cart = await addTo(null);
    const item = cart.items[0];
    for (const body of [{ quantity: 2 }, { quantity: "0" }, { quantity: 0.5 }, {}]) {
      const response = await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json()), JSON.stringify(body)).toMatch(/quantity|years/u);
    }
    expect((await (await call("GET", "/cart", { cartId: cart.id })).json<CartBody>()).data.totalItems).toBe(1);
    const kept = await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body: { quantity: 1 } });
    expect((await kept.json<CartBody>()).data.totalItems).toBe(1);
    const removed = await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body: { quantity: -3 } });
    expect(removed.status).toBe(200);
    expect((await removed.json<CartBody>()).data.totalItems).toBe(0);
    expect((await call("PATCH", `/cart/items/${item!.id}`, { cartId: cart.id, body: { quantity: 0 } })).status).toBe(
      404,
    );
  });

  it("POST years as a string or boolean → 400 naming years, no cart created", async () => {
    for (const years of ["2", true]) {
      const response = await call("POST", "/cart/items", { body: { domain: `${freshLabel()}.com`, years } });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("years");
    }
  });
});
