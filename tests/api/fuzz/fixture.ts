// Real data for the fuzzers to mix into hostile requests, made through the API as a client
// would: a verified, signed-in account with a cart item, an address and a saved card, a visitor
// cart, a revoked access token and a used refresh token. Real values let cases get past
// authentication and validation into the handlers.
import { expect } from "vitest";
import { api, postJson, signedInUser, type SignedInUser } from "../helpers";

export interface FuzzFixture {
  username: string;
  email: string;
  password: string;
  seedKey: string;
  /** A valid access token of the account. */
  token: string;
  /** Access tokens of sessions that were signed out. */
  revokedTokens: string[];
  /** A refresh token that was already used once. */
  usedRefreshToken: string;
  /** The account's cart, a visitor cart and another account's cart. */
  cartIds: string[];
  cartItemIds: string[];
  addressId: string;
  paymentMethodId: string;
  paymentMethodRef: string;
  randomUuid: string;
  /** A domain the account bought (name and user-domain id), a DNS record of it and a support ticket. */
  domain: string;
  domainId: string;
  dnsRecordId: string;
  ticketId: string;
}

const json = { "content-type": "application/json" };

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

function bearer(token: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...json, ...extra };
}

async function addToCart(
  domain: string,
  headers: Record<string, string>,
): Promise<{ id: string; items: { id: string }[] }> {
  const body = await ok<{ data: { id: string; items: { id: string }[] } }>(
    await api("/cart/items", {
      method: "POST",
      headers,
      body: JSON.stringify({ domain, years: 1, operation: "registration" }),
    }),
    201,
  );
  return body.data;
}

/** Makes the fixture (the sample catalogue must be loaded). */
export async function makeFixture(): Promise<FuzzFixture> {
  const user: SignedInUser = await signedInUser({ verified: true });
  const other = await signedInUser();
  const label = () => `fz${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

  const address = await ok<{ data: { id: string; contactId: number } }>(
    await api("/account/addresses", {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        address: "1 Engine St",
        city: "London",
        country: "GB",
      }),
    }),
    201,
  );

  // A domain bought as a customer buys it (cart → payment with the test card), with a DNS record.
  const domain = `${label()}.com`;
  await addToCart(domain, bearer(user.token));
  await ok(
    await api("/payment/unified", {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({
        idempotency_key: `fz-${crypto.randomUUID()}`,
        contact_id: address.data.contactId,
        card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      }),
    }),
    201,
  );
  const owned = await ok<{ data: { domains: { id: string; name: string }[] } }>(
    await api("/user-domains", { headers: bearer(user.token) }),
  );
  const domainId = owned.data.domains.find((row) => row.name === domain)?.id ?? "";
  const record = await ok<{ data: { record: { id: string } } }>(
    await api(`/dns/domains/${domain}/records`, {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.10", ttl: 300 }),
    }),
    201,
  );
  const ticket = await ok<{ data: { id: string } }>(
    await api("/support/tickets", {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({
        subject: "DNS not resolving",
        details: "My A record for www does not resolve since this morning.",
        priority: "high",
        category: "domains",
      }),
    }),
    201,
  );

  const visitorCart = await addToCart(`${label()}.com`, json);
  const userCart = await addToCart(`${label()}.com`, bearer(user.token));
  const otherCart = await addToCart(`${label()}.net`, bearer(other.token));

  const tokenised = await ok<{ data: { payment_method_id: string } }>(
    await api("/payment/test/payment-methods", {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({ number: "4242424242424242", exp_month: 4, exp_year: 2031, cvc: "123" }),
    }),
    201,
  );
  const saved = await ok<{ payment_method: { id: string; stripe_payment_method_id: string } }>(
    await api("/user/payment-methods", {
      method: "POST",
      headers: bearer(user.token),
      body: JSON.stringify({ stripe_payment_method_id: tokenised.data.payment_method_id }),
    }),
    201,
  );

  // A second session of the account: refreshed once (its first refresh token is now used), then signed out.
  const login = await ok<{ data: { token: string; refresh_token: string } }>(
    await postJson("/auth/login", { username: user.username, password: user.password, seed_key: user.seedKey }),
  );
  const refreshed = await ok<{ data: { token: string } }>(
    await postJson("/auth/refresh-token", { refresh_token: login.data.refresh_token }),
  );
  await ok(await api("/auth/logout", { method: "POST", headers: bearer(refreshed.data.token) }));

  return {
    username: user.username,
    email: user.email,
    password: user.password,
    seedKey: user.seedKey,
    token: user.token,
    revokedTokens: [login.data.token, refreshed.data.token],
    usedRefreshToken: login.data.refresh_token,
    cartIds: [userCart.id, visitorCart.id, otherCart.id],
    cartItemIds: [...userCart.items, ...visitorCart.items, ...otherCart.items].map((item) => item.id),
    addressId: address.data.id,
    paymentMethodId: saved.payment_method.id,
    paymentMethodRef: saved.payment_method.stripe_payment_method_id,
    randomUuid: crypto.randomUUID(),
    domain,
    domainId,
    dnsRecordId: record.data.record.id,
    ticketId: ticket.data.id,
  };
}
