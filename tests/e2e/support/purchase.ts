import { expect, type Page } from "@playwright/test";
import { resend, type TestUser } from "./account";
import { randomLetters } from "./domain";

const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123" };

/** Signs the API in as `user` and buys `names` (cart → address → POST /payment/unified with 4242…). */
export async function buyDomains(page: Page, user: TestUser, names: string[]): Promise<void> {
  const headers = { "cf-connecting-ip": user.ip };
  const login = await resend(() =>
    page.request.post("/api/v1/auth/login", {
      data: { username: user.username, password: user.password, seed_key: user.seedKey },
      headers,
    }),
  );
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const address = await resend(() =>
    page.request.post("/api/v1/account/addresses", {
      data: { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "London", country: "GB" },
      headers: auth,
    }),
  );
  expect(address.status(), await address.text()).toBe(201);
  const contactId = ((await address.json()) as { data: { contactId: number } }).data.contactId;
  for (const domain of names) {
    const added = await resend(() => page.request.post("/api/v1/cart/items", { data: { domain }, headers: auth }));
    expect(added.status(), await added.text()).toBe(201);
  }
  const paid = await resend(() =>
    page.request.post("/api/v1/payment/unified", {
      data: { idempotency_key: `k-${randomLetters(12)}`, contact_id: contactId, card: VISA },
      headers: auth,
    }),
  );
  expect(paid.status(), await paid.text()).toBe(201);
}
