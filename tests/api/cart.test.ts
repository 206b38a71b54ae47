// The server-side cart (/cart, /cart/items) through SELF: carts addressed by X-Cart-Id, prices
// captured from the sample catalogue (SPEC §9 totals), availability and transfer checks against
// the simulated registry. Every test makes its own carts and fresh labels.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartDomainItem, CartView } from "../../core/cart";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry";
import { api, seedSampleCatalogue, type ErrorBody } from "./helpers";
import { freshLabel, json, makePremium, registerElsewhere, reserve } from "./registry-fixtures";

interface CartBody {
  success: true;
  data: CartView;
  message?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cartHeaders(cartId?: string, json = false): Headers {
  const headers = new Headers();
  if (cartId !== undefined) headers.set("x-cart-id", cartId);
  if (json) headers.set("content-type", "application/json");
  return headers;
}

function addItem(body: Record<string, unknown>, cartId?: string): Promise<Response> {
  return api("/cart/items", { method: "POST", headers: cartHeaders(cartId, true), body: JSON.stringify(body) });
}

function getCart(cartId?: string): Promise<Response> {
  return api("/cart", { headers: cartHeaders(cartId) });
}

function setYears(cartId: string | undefined, itemId: string, years: unknown): Promise<Response> {
  return api(`/cart/items/${itemId}`, {
    method: "PATCH",
    headers: cartHeaders(cartId, true),
    body: JSON.stringify({ years }),
  });
}

function removeItem(cartId: string | undefined, itemId: string): Promise<Response> {
  return api(`/cart/items/${itemId}`, { method: "DELETE", headers: cartHeaders(cartId) });
}

/** Adds one item and answers the cart (expects 201). */
async function added(body: Record<string, unknown>, cartId?: string): Promise<CartBody> {
  const response = await addItem(body, cartId);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return json<CartBody>(response);
}

function itemNamed(cart: CartView, name: string): CartDomainItem {
  const item = cart.items.find((entry) => entry.name === name);
  if (!item || item.type !== "domain") throw new Error(`${name} is not a domain in cart ${cart.id}`);
  return item;
}

async function expectError(response: Response, status: number, code: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  const body = await json<ErrorBody>(response);
  expect(body).toMatchObject({ success: false, code });
  return body;
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("POST /cart/items", () => {
  it("creates a cart for a registration without a cart id and prices years as first year + renewals", async () => {
    const label = freshLabel();
    const body = await added({ domain: `${label}.xyz`, operation: "registration", years: 3 });
    expect(body.success).toBe(true);
    expect(body.message).toBe(`${label}.xyz was added to your cart.`);
    expect(body.data.id).toMatch(UUID);
    expect(body.data).toMatchObject({ totalItems: 1, currency: "USD" });
    expect(body.data.items).toHaveLength(1);
    // .xyz: 1.98 the first year, 14.98 each renewal (SPEC §9: 1.98 + 2 × 14.98).
    expect(body.data.items[0]).toMatchObject({
      type: "domain",
      product_type: "domain",
      name: `${label}.xyz`,
      unicode: `${label}.xyz`,
      tld: "xyz",
      selectedAction: "registration",
      years: 3,
      maxAllowedYears: 10,
      price: 1.98,
      registrationPrice: 1.98,
      renewalPrice: 14.98,
      transferPrice: 14.98,
      icannFee: 0.18,
      totalPrice: 31.94,
      premium: false,
      quantity: 1,
    });
    expect(body.data.items[0]?.id).toMatch(UUID);
    expect(body.data.subtotal).toBe(31.94);

    const again = await getCart(body.data.id);
    expect(again.status).toBe(200);
    const cart = await json<CartBody>(again);
    // GET answers the same cart plus its money summary (ICANN fee per year apart, no discount, no tax).
    expect(cart.data).toEqual({
      ...body.data,
      icannFees: 0.54,
      discountAmount: 0,
      tax: 0,
      total: 32.48,
      discount: null,
    });
    expect(cart.data.totalItems).toBe(1);
  });

  it("adds more items to the same cart and sums the subtotal", async () => {
    const [a, b] = [freshLabel(), freshLabel()];
    const first = await added({ domain: `${a}.com`, years: 3 });
    const cartId = first.data.id;
    expect(itemNamed(first.data, `${a}.com`)).toMatchObject({ selectedAction: "registration", totalPrice: 31.32 });
    const second = await added({ domain: `${b}.net` }, cartId);
    expect(second.data.id).toBe(cartId);
    expect(second.data.totalItems).toBe(2);
    expect(itemNamed(second.data, `${b}.net`)).toMatchObject({ years: 1, totalPrice: 11.98 });
    expect(second.data.subtotal).toBe(43.3);
  });

  it("refuses the same name twice (also typed differently) with 409 already_in_cart", async () => {
    const label = freshLabel();
    const { data } = await added({ domain: `${label}.org` });
    const duplicate = await expectError(
      await addItem({ domain: `WWW.${label.toUpperCase()}.org`, years: 2 }, data.id),
      409,
      "already_in_cart",
    );
    expect(duplicate.message).toBe(`${label}.org is already in your cart.`);
    expect((await json<CartBody>(await getCart(data.id))).data.totalItems).toBe(1);
  });

  it("refuses to register a registered or reserved name with 409 not_available", async () => {
    const [taken, reserved] = [freshLabel(), freshLabel()];
    await registerElsewhere(`${taken}.com`);
    await reserve(reserved, "*");
    const body = await expectError(
      await addItem({ domain: `${taken}.com`, operation: "registration" }),
      409,
      "not_available",
    );
    expect(body.message).toBe(`${taken}.com is not available for registration.`);
    await expectError(await addItem({ domain: `${reserved}.net` }), 409, "not_available");
  });

  it("prices a premium name at its premium first-year and renewal prices", async () => {
    const label = freshLabel();
    await makePremium(`${label}.com`, 50_000, 2_000);
    const { data } = await added({ domain: `${label}.com`, years: 2 });
    expect(itemNamed(data, `${label}.com`)).toMatchObject({
      premium: true,
      price: 500,
      registrationPrice: 500,
      renewalPrice: 20,
      totalPrice: 520,
    });
  });

  it("refuses a transfer of a name that is not registered with 409 not_registered", async () => {
    const label = freshLabel();
    const body = await expectError(
      await addItem({ domain: `${label}.com`, operation: "transfer" }),
      409,
      "not_registered",
    );
    expect(body.message).toContain(`${label}.com is not registered`);
  });

  it("refuses a transfer of a protected (corporate) name with 409 corporate_domain", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`, { registrar: "MarkMonitor Inc.", transferable: false, locked: true });
    const body = await expectError(
      await addItem({ domain: `${label}.com`, operation: "transfer" }),
      409,
      "corporate_domain",
    );
    expect(body.message).toBe(`${label}.com is a protected corporate domain and cannot be transferred.`);
  });

  it("adds a transfer of a transferable registered name for exactly one year at the transfer price", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.xyz`);
    const { data } = await added({ domain: `${label}.xyz`, operation: "transfer", years: 3, auth_code: "Abc-12345" });
    expect(itemNamed(data, `${label}.xyz`)).toMatchObject({
      selectedAction: "transfer",
      years: 1,
      maxAllowedYears: 1,
      price: 14.98,
      transferPrice: 14.98,
      totalPrice: 14.98,
    });
  });

  it("refuses a transfer of a name already registered with us with 409 already_registered_here", async () => {
    const label = freshLabel();
    await createSimulatedRegistry(env.DB).create({ name: `${label}.org`, years: 1, ownerId: "user-cart-test" });
    await expectError(await addItem({ domain: `${label}.org`, operation: "registration" }), 409, "not_available");
    await expectError(await addItem({ domain: `${label}.org`, operation: "transfer" }), 409, "already_registered_here");
  });

  it("holds at most 50 items (409 cart_full)", async () => {
    const { data } = await added({ domain: `${freshLabel()}.com` });
    for (let count = 1; count < 50; count += 1) await added({ domain: `${freshLabel()}.com` }, data.id);
    const full = await expectError(await addItem({ domain: `${freshLabel()}.com` }, data.id), 409, "cart_full");
    expect(full.message).toMatch(/full/);
    expect((await json<CartBody>(await getCart(data.id))).data.totalItems).toBe(50);
  });

  it("answers 400 for bad input and unknown extensions", async () => {
    const label = freshLabel();
    const years = await expectError(await addItem({ domain: `${label}.com`, years: 11 }), 400, "invalid_parameter");
    expect(years.errors?.[0]).toEqual({ path: "years", message: "must be at most 10" });
    const operation = await expectError(
      await addItem({ domain: `${label}.com`, operation: "renewal" }),
      400,
      "invalid_parameter",
    );
    expect(operation.errors?.[0]?.path).toBe("operation");
    const missing = await expectError(await addItem({}), 400, "invalid_parameter");
    expect(missing.errors?.[0]?.path).toBe("domain");
    await expectError(await addItem({ domain: `${label}.notatld` }), 400, "unknown_extension");
    await expectError(await addItem({ domain: "bad_name.com" }), 400, "invalid_characters");
  });
});

describe("PATCH /cart/items/{id}", () => {
  it("re-prices an item for new years", async () => {
    const label = freshLabel();
    const { data } = await added({ domain: `${label}.com` });
    const item = itemNamed(data, `${label}.com`);
    expect(item.totalPrice).toBe(10.44);

    const response = await setYears(data.id, item.id, 5);
    expect(response.status).toBe(200);
    const updated = await json<CartBody>(response);
    expect(itemNamed(updated.data, `${label}.com`)).toMatchObject({ id: item.id, years: 5, totalPrice: 52.2 });
    expect(updated.data.subtotal).toBe(52.2);
  });

  it("keeps years within the extension's maximum (.ai: 2 years)", async () => {
    const label = freshLabel();
    // Asked for 5 years, capped at .ai's maximum of 2.
    const { data } = await added({ domain: `${label}.ai`, years: 5 });
    const item = itemNamed(data, `${label}.ai`);
    expect(item).toMatchObject({ years: 2, maxAllowedYears: 2, registrationPrice: 79.98, totalPrice: 159.96 });

    const one = await json<CartBody>(await setYears(data.id, item.id, 1));
    expect(itemNamed(one.data, `${label}.ai`)).toMatchObject({ years: 1, totalPrice: 79.98 });

    await expectError(await setYears(data.id, item.id, 3), 400, "invalid_years");
    const tooMany = await expectError(await setYears(data.id, item.id, 11), 400, "invalid_parameter");
    expect(tooMany.errors?.[0]?.path).toBe("years");
    await expectError(await setYears(data.id, item.id, 0), 400, "invalid_parameter");
    await expectError(await setYears(data.id, item.id, "two"), 400, "invalid_parameter");
    expect(itemNamed((await json<CartBody>(await getCart(data.id))).data, `${label}.ai`).years).toBe(1);
  });

  it("keeps a transfer at one year", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.net`);
    const { data } = await added({ domain: `${label}.net`, operation: "transfer", auth_code: "Abc-12345" });
    const item = itemNamed(data, `${label}.net`);
    await expectError(await setYears(data.id, item.id, 2), 400, "invalid_years");
  });

  it("answers 404 cart_not_found without a cart id", async () => {
    const { data } = await added({ domain: `${freshLabel()}.com` });
    await expectError(await setYears(undefined, data.items[0]?.id ?? "", 2), 404, "cart_not_found");
  });
});

describe("DELETE /cart/items/{id}", () => {
  it("removes an item, then answers 404 item_not_found", async () => {
    const [a, b] = [freshLabel(), freshLabel()];
    const { data: first } = await added({ domain: `${a}.com` });
    const { data } = await added({ domain: `${b}.io` }, first.id);
    const item = itemNamed(data, `${a}.com`);

    const response = await removeItem(data.id, item.id);
    expect(response.status).toBe(200);
    const after = await json<CartBody>(response);
    expect(after.data.items.map((entry) => entry.name)).toEqual([`${b}.io`]);
    expect(after.data).toMatchObject({ totalItems: 1, subtotal: 39.98 });

    await expectError(await removeItem(data.id, item.id), 404, "item_not_found");
    // Removed, it can be added again.
    await added({ domain: `${a}.com` }, data.id);
  });
});

describe("X-Cart-Id", () => {
  it("answers an empty cart without an id or for an unknown id", async () => {
    const none = await json<CartBody>(await getCart());
    expect(none.data).toEqual({
      id: null,
      items: [],
      totalItems: 0,
      subtotal: 0,
      currency: "USD",
      icannFees: 0,
      discountAmount: 0,
      tax: 0,
      total: 0,
      discount: null,
    });
    const unknown = crypto.randomUUID();
    const empty = await json<CartBody>(await getCart(unknown));
    expect(empty.data).toMatchObject({ id: unknown, items: [], totalItems: 0 });
  });

  it("refuses a malformed cart id with 400 invalid_cart", async () => {
    for (const id of ["not-a-cart", "1234", `${crypto.randomUUID()}x`]) {
      await expectError(await getCart(id), 400, "invalid_cart");
      await expectError(await addItem({ domain: `${freshLabel()}.com` }, id), 400, "invalid_cart");
      await expectError(await removeItem(id, crypto.randomUUID()), 400, "invalid_cart");
    }
  });

  it("keeps one cart's items out of another's reach", async () => {
    const label = freshLabel();
    const { data: mine } = await added({ domain: `${label}.com` });
    const item = itemNamed(mine, `${label}.com`);
    const { data: theirs } = await added({ domain: `${freshLabel()}.com` });
    expect(theirs.id).not.toBe(mine.id);

    const seen = await json<CartBody>(await getCart(theirs.id));
    expect(seen.data.items.map((entry) => entry.name)).not.toContain(`${label}.com`);
    expect(seen.data.totalItems).toBe(1);

    await expectError(await removeItem(theirs.id, item.id), 404, "item_not_found");
    await expectError(await setYears(theirs.id, item.id, 2), 400, "invalid_years");
    // The same name may sit in another cart.
    const other = await added({ domain: `${label}.com` }, theirs.id);
    expect(other.data.totalItems).toBe(2);

    const still = await json<CartBody>(await getCart(mine.id));
    expect(still.data.items).toEqual([item]);
  });
});

describe("the cart at sign-in (POST /auth/login with X-Cart-Id)", () => {
  async function newUser(): Promise<{ username: string; password: string; seed_key: string }> {
    const username = `cart_${freshLabel().replace(/-/g, "")}`.slice(0, 30);
    const password = "Correct-Horse-9";
    const response = await api("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, email: `${username}@example.test`, password }),
    });
    expect(response.status).toBe(201);
    return { username, password, seed_key: (await json<{ data: { seed_key: string } }>(response)).data.seed_key };
  }

  async function signIn(
    user: { username: string; password: string; seed_key: string },
    cartId?: string,
  ): Promise<{ cartId: string | null; token: string }> {
    const headers = cartHeaders(cartId, true);
    const response = await api("/auth/login", {
      method: "POST",
      headers,
      body: JSON.stringify({ ...user, remember_me: false }),
    });
    expect(response.status).toBe(200);
    const { data } = await json<{ data: { cart_id: string | null; token: string } }>(response);
    return { cartId: data.cart_id, token: data.token };
  }

  async function login(
    user: { username: string; password: string; seed_key: string },
    cartId?: string,
  ): Promise<string | null> {
    return (await signIn(user, cartId)).cartId;
  }

  /** An account's cart answers only with its owner's token (issue 12). */
  function getOwnCart(token: string, cartId: string): Promise<Response> {
    const headers = cartHeaders(cartId);
    headers.set("authorization", `Bearer ${token}`);
    return api("/cart", { headers });
  }

  it("a user without a cart adopts the visitor's cart; without either there is none", async () => {
    const user = await newUser();
    expect(await login(user)).toBeNull();
    const visitor = await added({ domain: `${freshLabel()}.xyz` });
    expect(await login(user, visitor.data.id)).toBe(visitor.data.id);
    // Signed in again elsewhere (no cart id): the account's cart comes back.
    expect(await login(user)).toBe(visitor.data.id);
  });

  it("a visitor's items move into the user's cart, names already there are not doubled (larger years kept), and the visitor cart is gone", async () => {
    const user = await newUser();
    const [shared, own, fresh] = [freshLabel(), freshLabel(), freshLabel()];
    const account = await added({ domain: `${shared}.xyz` });
    await added({ domain: `${own}.xyz` }, account.data.id);
    expect(await login(user, account.data.id)).toBe(account.data.id);

    const visitor = await added({ domain: `${shared}.xyz`, years: 2 });
    await added({ domain: `${fresh}.xyz` }, visitor.data.id);
    const session = await signIn(user, visitor.data.id);
    expect(session.cartId).toBe(account.data.id);

    const merged = await json<CartBody>(await getOwnCart(session.token, account.data.id));
    expect(merged.data.items.map((item) => item.name).sort()).toEqual(
      [`${fresh}.xyz`, `${own}.xyz`, `${shared}.xyz`].sort(),
    );
    // A name in both carts stays one line, with the larger years (issue 19).
    expect(itemNamed(merged.data, `${shared}.xyz`).years).toBe(2);
    const gone = await json<CartBody>(await getCart(visitor.data.id));
    expect(gone.data.items).toHaveLength(0);
  });

  it("another user's cart id is never merged or handed out", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const cart = await added({ domain: `${freshLabel()}.xyz` });
    const session = await signIn(alice, cart.data.id);
    expect(session.cartId).toBe(cart.data.id);
    expect(await login(bob, cart.data.id)).toBeNull();
    const still = await json<CartBody>(await getOwnCart(session.token, cart.data.id));
    expect(still.data.items).toHaveLength(1);
  });
});
