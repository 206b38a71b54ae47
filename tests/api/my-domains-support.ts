// Helpers of the "my domains" API tests: a verified buyer with an address, and domains bought
// through the API exactly as a customer buys them (cart → POST /payment/unified with 4242…).
import { expect } from "vitest";
import { api, signedInUser, type SignedInUser } from "./helpers";
import { freshLabel } from "./registry-fixtures";

export const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123" };

export type Buyer = SignedInUser & { contactId: number };

export function call(
  user: Pick<SignedInUser, "token"> | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function data<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

export async function errorOf(
  response: Response,
  status: number,
): Promise<{ code: string; message: string; errors?: { path: string; message: string }[] }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as {
    success: boolean;
    code: string;
    message: string;
    errors?: { path: string; message: string }[];
  };
  expect(body.success).toBe(false);
  return body;
}

export async function buyer(): Promise<Buyer> {
  const user = await signedInUser({ verified: true });
  const address = await data<{ contactId: number }>(
    await call(user, "POST", "/account/addresses", {
      firstName: "Ada",
      lastName: "Lovelace",
      address: "12 Analytical St",
      city: "London",
      country: "GB",
      email: user.email,
    }),
    201,
  );
  return { ...user, contactId: address.contactId };
}

/** Buys names (registration, 1 year unless given) with the test card; answers the names. */
/** Buys `names` (one fresh .com when none are given) and answers them, typed as the tuple asked for. */
export async function buy(user: Buyer, names?: undefined, years?: number): Promise<[string]>;
export async function buy<const N extends string[]>(user: Buyer, names: N, years?: number): Promise<N>;
export async function buy(user: Buyer, names: string[] = [`${freshLabel()}.com`], years = 1): Promise<string[]> {
  for (const name of names) await data(await call(user, "POST", "/cart/items", { domain: name, years }), 201);
  const answer = await data<{ order: { status: string } }>(
    await call(user, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: user.contactId,
      card: VISA,
    }),
    201,
  );
  expect(answer.order.status).toBe("completed");
  return names;
}

/** Saves a card (the test provider tokenises it) so auto-renewal can be turned on. */
export async function saveCard(user: SignedInUser, number = "4242424242424242"): Promise<void> {
  const token = await data<{ payment_method_id: string }>(
    await call(user, "POST", "/payment/test/payment-methods", { number, exp_month: 12, exp_year: 2034, cvc: "123" }),
    201,
  );
  await data(
    await call(user, "POST", "/user/payment-methods", {
      stripe_payment_method_id: token.payment_method_id,
      set_as_default: true,
    }),
    201,
  );
}
