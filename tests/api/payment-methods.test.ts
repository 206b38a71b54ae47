// Saved payment methods API (SPEC §7) with the embedded test provider: tokenise a typed card,
// save it, list, default, remove, the singular /user/payment-method form, strict bodies, and
// another user's ids → 404. Also the test provider's 3-D Secure endpoints. Every test registers
// its own users.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createTestPaymentsProvider } from "../../workers/api/adapters/payments";
import { api, postJson, type ErrorBody } from "./helpers";

// Every sign-in costs two PBKDF2 checks at the production cap.
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Corr3ct-Horse!";

interface User {
  id: string;
  token: string;
}

async function signedInUser(): Promise<User> {
  const username = `p${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const registered = await postJson("/auth/register", {
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const seedKey = (await registered.json<{ data: { seed_key: string } }>()).data.seed_key;
  const response = await postJson("/auth/login", { username, password: PASSWORD, seed_key: seedKey });
  expect(response.status).toBe(200);
  const { data } = await response.json<{ data: { token: string; user: { id: string } } }>();
  return { id: data.user.id, token: data.token };
}

function call(user: User | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

interface Method {
  id: string;
  stripe_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  nickname: string | null;
}

async function tokenise(user: User, number: string, exp = { exp_month: 4, exp_year: 2031 }): Promise<string> {
  const response = await call(user, "POST", "/payment/test/payment-methods", {
    number,
    ...exp,
    cvc: number.startsWith("37") ? "1234" : "123",
  });
  expect(response.status).toBe(201);
  return (await response.json<{ data: { payment_method_id: string } }>()).data.payment_method_id;
}

async function save(user: User, number: string, extra: Record<string, unknown> = {}): Promise<Method> {
  const pm = await tokenise(user, number);
  const response = await call(user, "POST", "/user/payment-methods", { stripe_payment_method_id: pm, ...extra });
  expect(response.status).toBe(201);
  return (await response.json<{ payment_method: Method }>()).payment_method;
}

async function list(user: User): Promise<Method[]> {
  const response = await call(user, "GET", "/user/payment-methods");
  expect(response.status).toBe(200);
  const body = await response.json<{
    success: boolean;
    payment_methods: Method[];
    data: { payment_methods: Method[]; provider: string };
  }>();
  expect(body.success).toBe(true);
  expect(body.data.payment_methods).toEqual(body.payment_methods);
  expect(body.data.provider).toBe("test");
  return body.payment_methods;
}

describe("saved payment methods", () => {
  it("need sign-in", async () => {
    expect((await call(null, "GET", "/user/payment-methods")).status).toBe(401);
    expect((await call(null, "POST", "/user/payment-methods", { stripe_payment_method_id: "pm_x" })).status).toBe(401);
    expect(
      (
        await call(null, "POST", "/payment/test/payment-methods", {
          number: "4242424242424242",
          exp_month: 1,
          exp_year: 2030,
          cvc: "123",
        })
      ).status,
    ).toBe(401);
  });

  it("save, list (default first), make default, remove (the next one becomes default)", async () => {
    const user = await signedInUser();
    expect(await list(user)).toEqual([]);
    const visa = await save(user, "4242424242424242", { nickname: "  Work card " });
    expect(visa).toMatchObject({
      brand: "visa",
      last4: "4242",
      exp_month: 4,
      exp_year: 2031,
      is_default: true,
      nickname: "Work card",
    });
    expect(visa.stripe_payment_method_id).toMatch(/^pm_/);
    const amex = await save(user, "378282246310005");
    expect(amex).toMatchObject({ brand: "amex", last4: "0005", is_default: false, nickname: null });
    expect((await list(user)).map((m) => [m.last4, m.is_default])).toEqual([
      ["4242", true],
      ["0005", false],
    ]);

    const made = await call(user, "PUT", `/user/payment-methods/${amex.id}/default`);
    expect(made.status).toBe(200);
    expect((await list(user)).map((m) => [m.last4, m.is_default])).toEqual([
      ["0005", true],
      ["4242", false],
    ]);

    const removed = await call(user, "DELETE", `/user/payment-methods/${amex.id}`);
    expect(removed.status).toBe(200);
    expect((await list(user)).map((m) => [m.last4, m.is_default])).toEqual([["4242", true]]);
    // Removed at the provider too.
    const customer = await env.DB.prepare("SELECT customer_ref FROM payment_customers WHERE user_id = ?1")
      .bind(user.id)
      .first<string>("customer_ref");
    const atProvider = await createTestPaymentsProvider(env.DB).listPaymentMethods(customer ?? "");
    expect(atProvider.map((m) => m.last4)).toEqual(["4242"]);
  });

  it("set_as_default on a new card moves the default; saving the same card twice keeps one row", async () => {
    const user = await signedInUser();
    await save(user, "4242424242424242");
    const pm = await tokenise(user, "5555555555554444");
    const first = await call(user, "POST", "/user/payment-methods", {
      stripe_payment_method_id: pm,
      set_as_default: true,
    });
    expect(first.status).toBe(201);
    const again = await call(user, "POST", "/user/payment-methods", {
      stripe_payment_method_id: pm,
      nickname: "Personal",
    });
    expect(again.status).toBe(200);
    expect((await list(user)).map((m) => [m.last4, m.is_default, m.nickname])).toEqual([
      ["4444", true, "Personal"],
      ["4242", false, null],
    ]);
  });

  it("a card the issuer declines is not saved (402 with the SPEC code)", async () => {
    const user = await signedInUser();
    const pm = await tokenise(user, "4000000000000002");
    const response = await call(user, "POST", "/user/payment-methods", { stripe_payment_method_id: pm });
    expect(response.status).toBe(402);
    expect(await response.json<ErrorBody>()).toMatchObject({ success: false, code: "card_declined" });
    expect(await list(user)).toEqual([]);
  });

  it("typed-card errors name the field and the SPEC code", async () => {
    const user = await signedInUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: "4242 4242", exp_month: 1, exp_year: 2030, cvc: "123" }, "incomplete_number", "number"],
      [{ number: "4242424242424241", exp_month: 1, exp_year: 2030, cvc: "123" }, "invalid_number", "number"],
      [{ number: "4242424242424242", exp_month: 1, exp_year: 2020, cvc: "123" }, "expired_card", "exp_month"],
      [{ number: "4242424242424242", exp_month: 1, exp_year: 2030, cvc: "1" }, "incomplete_cvc", "cvc"],
    ];
    for (const [body, code, path] of cases) {
      const response = await call(user, "POST", "/payment/test/payment-methods", body);
      expect(response.status).toBe(400);
      expect(await response.json<ErrorBody>()).toMatchObject({ code, errors: [{ path, message: code }] });
    }
  });

  it("strict bodies: unknown or mistyped fields are a 400 naming the field", async () => {
    const user = await signedInUser();
    const cases: [unknown, string][] = [
      [{ stripe_payment_method_id: "pm_card_visa", surprise: 1 }, "surprise"],
      [{ stripe_payment_method_id: "not-a-pm" }, "stripe_payment_method_id"],
      [{ stripe_payment_method_id: "pm_abc", set_as_default: "yes" }, "set_as_default"],
      [{ stripe_payment_method_id: "pm_abc", nickname: "x".repeat(51) }, "nickname"],
      [{}, "stripe_payment_method_id"],
    ];
    for (const [body, path] of cases) {
      const response = await call(user, "POST", "/user/payment-methods", body);
      expect(response.status).toBe(400);
      const error = await response.json<ErrorBody>();
      expect(error).toMatchObject({ success: false, code: "invalid_parameter" });
      expect(error.message).toContain(`"${path}"`);
    }
    expect((await call(user, "PUT", "/user/payment-methods/not-a-uuid/default")).status).toBe(400);
    const tokenBody = await call(user, "POST", "/payment/test/payment-methods", {
      number: "4242424242424242",
      exp_month: "1",
      exp_year: 2030,
      cvc: "123",
    });
    expect(tokenBody.status).toBe(400);
  });

  it("another user's card is 404 for default, delete and the singular form, and stays", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const card = await save(owner, "4242424242424242");
    for (const [method, path, body] of [
      ["PUT", `/user/payment-methods/${card.id}/default`, undefined],
      ["DELETE", `/user/payment-methods/${card.id}`, undefined],
      ["POST", "/user/payment-method", { payment_method_id: card.id }],
      ["DELETE", "/user/payment-method", { payment_method_id: card.id }],
      ["DELETE", "/user/payment-method", { payment_method_id: card.stripe_payment_method_id }],
    ] as const) {
      const response = await call(other, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json<ErrorBody>()).code).toBe("payment_method_not_found");
    }
    // Nor can they save the owner's provider card as theirs.
    const steal = await call(other, "POST", "/user/payment-methods", {
      stripe_payment_method_id: card.stripe_payment_method_id,
    });
    expect(steal.status).toBe(409);
    expect(await list(other)).toEqual([]);
    expect((await list(owner)).map((m) => m.id)).toEqual([card.id]);
  });

  it("POST /user/payment-method makes a card the default (saving a new pm first); DELETE removes it", async () => {
    const user = await signedInUser();
    const visa = await save(user, "4242424242424242");
    const pm = await tokenise(user, "5555555555554444");
    const saved = await call(user, "POST", "/user/payment-method", { payment_method_id: pm });
    expect(saved.status).toBe(201);
    expect((await list(user)).map((m) => [m.last4, m.is_default])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
    const back = await call(user, "POST", "/user/payment-method", { payment_method_id: visa.stripe_payment_method_id });
    expect(back.status).toBe(200);
    expect((await list(user))[0]).toMatchObject({ id: visa.id, is_default: true });
    const removed = await call(user, "DELETE", "/user/payment-method", { payment_method_id: visa.id });
    expect(removed.status).toBe(200);
    expect((await list(user)).map((m) => [m.last4, m.is_default])).toEqual([["4444", true]]);
  });
});

describe("test provider 3-D Secure endpoints", () => {
  it("only the payment's user sees it; Complete succeeds and answers the return URL", async () => {
    const user = await signedInUser();
    const stranger = await signedInUser();
    const payments = createTestPaymentsProvider(env.DB);
    const orderId = crypto.randomUUID();
    const pending = await payments.createPayment({
      idempotencyKey: `order:${orderId}:1`,
      amountCents: 1500,
      currency: "usd",
      description: "3ds",
      metadata: { orderId, userId: user.id },
      card: { number: "4000002760003184", expMonth: 1, expYear: 2031, cvc: "123" },
      returnUrl: `/checkout/${orderId}`,
    });
    expect((await call(stranger, "GET", `/payment/test/3ds/${pending.paymentRef}`)).status).toBe(404);
    expect(
      (await call(stranger, "POST", `/payment/test/3ds/${pending.paymentRef}`, { result: "complete" })).status,
    ).toBe(404);
    const view = await call(user, "GET", `/payment/test/3ds/${pending.paymentRef}`);
    expect((await view.json<{ data: Record<string, unknown> }>()).data).toMatchObject({
      status: "requires_action",
      amount_cents: 1500,
      card: { brand: "visa", last4: "3184" },
    });
    expect((await call(user, "POST", `/payment/test/3ds/${pending.paymentRef}`, { result: "maybe" })).status).toBe(400);
    const done = await call(user, "POST", `/payment/test/3ds/${pending.paymentRef}`, { result: "complete" });
    expect((await done.json<{ data: Record<string, unknown> }>()).data).toMatchObject({
      status: "succeeded",
      return_url: `/checkout/${orderId}?payment_intent=${pending.paymentRef}&redirect_status=succeeded`,
    });
    expect((await call(user, "GET", "/payment/test/3ds/pi_unknown")).status).toBe(404);
  });
});
