// Checkout (issue 13) through the API as a client would: cart → POST /payment/unified → order,
// payment (the embedded test provider with Stripe's test cards), fulfilment through the
// simulated registry, invoice, receipt, emptied cart — and the races, replays, faults and bad
// input that must never lose or double an order or a charge. Every test makes its own users.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CartView } from "../../core/cart";
import type { RegistryAdapter } from "../../workers/api/adapters/registry/types";
import { createApiApp } from "../../workers/api/app";
import { resumeOpenOrders, type OrderAnswer, type OrderView } from "../../workers/api/checkout/service";
import type { ApiEnv } from "../../workers/api/env";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { api, outbox, seedSampleCatalogue, signedInUser, type ErrorBody, type SignedInUser } from "./helpers";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123" };
const card = (number: string) => ({ ...VISA, number });

type Json = Record<string, unknown>;

function call(
  user: Pick<SignedInUser, "token"> | null,
  method: string,
  path: string,
  body?: unknown,
  app?: ReturnType<typeof createApiApp>,
): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return app ? Promise.resolve(app.request(`/api/v1${path}`, init, env)) : api(path, init);
}

async function data<T>(response: Response, status?: number): Promise<T> {
  const text = await response.text();
  if (status !== undefined) expect(response.status, text).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

async function contactOf(user: SignedInUser): Promise<number> {
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
  expect(Number.isInteger(address.contactId)).toBe(true);
  return address.contactId;
}

async function addDomain(user: SignedInUser, domain: string, extra: Json = {}): Promise<CartView> {
  return data<CartView>(await call(user, "POST", "/cart/items", { domain, ...extra }), 201);
}

async function buyer(): Promise<SignedInUser & { contactId: number }> {
  const user = await signedInUser({ verified: true });
  return { ...user, contactId: await contactOf(user) };
}

function pay(
  user: SignedInUser & { contactId: number },
  extra: Json = {},
  app?: ReturnType<typeof createApiApp>,
): Promise<Response> {
  return call(
    user,
    "POST",
    "/payment/unified",
    { idempotency_key: `k-${crypto.randomUUID()}`, contact_id: user.contactId, card: VISA, ...extra },
    app,
  );
}

async function paymentsOfUser(userId: string): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_payments WHERE user_id = ?1")
      .bind(userId)
      .first<number>("n")) ?? 0
  );
}

async function ourPayments(
  userId: string,
): Promise<{ status: string; amount_cents: number; refunded_cents: number }[]> {
  const { results } = await env.DB.prepare(
    "SELECT status, amount_cents, refunded_cents FROM payments WHERE user_id = ?1",
  )
    .bind(userId)
    .all<{ status: string; amount_cents: number; refunded_cents: number }>();
  return results;
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("POST /payment/unified", () => {
  it("buys a domain: order completed, registered to the buyer, invoice issued, cart emptied, receipt mailed", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    const cart = await addDomain(user, name, { years: 2 });
    const item = cart.items[0]!;
    if (item.type !== "domain") throw new Error("expected a domain line");
    const cartAfterAdd = await data<CartView & { total: number; icannFees: number }>(
      await call(user, "GET", "/cart"),
      200,
    );

    const answer = await data<OrderAnswer>(await pay(user), 201);
    const order = answer.order;
    expect(order.status).toBe("completed");
    expect(order.progress).toBe("completed");
    expect(order.items).toMatchObject([{ name, operation: "registration", period: 2, status: "done" }]);
    // Server prices: first year + one renewal, plus the ICANN fee per year.
    expect(order.total).toBeCloseTo(item.registrationPrice + item.renewalPrice + item.icannFee * 2, 2);
    expect(order.total).toBe(cartAfterAdd.total);
    expect(order.payment).toMatchObject({ status: "succeeded", card_brand: "visa", card_last4: "4242" });

    // The registry holds it for the buyer; "my domains" has the row.
    const domain = await env.DB.prepare("SELECT user_id, status, expires_at FROM user_domains WHERE name = ?1")
      .bind(name)
      .first<{ user_id: string; status: string; expires_at: string }>();
    expect(domain).toMatchObject({ user_id: user.id, status: "active" });
    const registry = await env.DB.prepare("SELECT owner_id, held_here FROM registry_domains WHERE name = ?1")
      .bind(name)
      .first();
    expect(registry).toEqual({ owner_id: user.id, held_here: 1 });

    const invoices = await data<{
      invoices: { number: number; order_id: string; status: string; total: number; items: Json[] }[];
    }>(await call(user, "GET", "/invoices/"), 200);
    expect(invoices.invoices).toHaveLength(1);
    expect(invoices.invoices[0]).toMatchObject({ order_id: order.id, status: "completed", total: order.total });
    const invoice = await data<{ buyer: Json; seller: Json; order_number: number }>(
      await call(user, "GET", `/invoices/${invoices.invoices[0]!.number}`),
      200,
    );
    expect(invoice.buyer).toMatchObject({ firstName: "Ada", lastName: "Lovelace", country: "GB" });
    expect(invoice.order_number).toBe(order.number);

    const emptied = await data<CartView>(await call(user, "GET", "/cart"), 200);
    expect(emptied.items).toEqual([]);
    const mails = await outbox(user.email);
    expect(
      mails.some(
        (mail) => mail.subject === `Your Trinity receipt for order #${order.number}` && mail.text.includes(name),
      ),
    ).toBe(true);

    const history = await data<{ payments: { status: string; amount: number; order_number: number }[] }>(
      await call(user, "GET", "/payments/"),
      200,
    );
    expect(history.payments).toEqual([
      expect.objectContaining({ status: "succeeded", amount: order.total, order_number: order.number }),
    ]);
  });

  it("needs sign-in and a verified email", async () => {
    expect(
      (await call(null, "POST", "/payment/unified", { idempotency_key: "k-12345678", contact_id: 1, card: VISA }))
        .status,
    ).toBe(401);
    const unverified = await signedInUser();
    const contactId = await contactOf(unverified);
    await addDomain(unverified, `${freshLabel()}.com`);
    const response = await call(unverified, "POST", "/payment/unified", {
      idempotency_key: "k-12345678",
      contact_id: contactId,
      card: VISA,
    });
    expect(response.status).toBe(403);
    expect(await response.json<ErrorBody>()).toMatchObject({ code: "email_not_verified" });
    expect(await paymentsOfUser(unverified.id)).toBe(0);
  });

  it("the same submission twice (double click, replay) is one order and one charge", async () => {
    const user = await buyer();
    await addDomain(user, `${freshLabel()}.com`);
    const body = { idempotency_key: `k-${crypto.randomUUID()}`, contact_id: user.contactId, card: VISA };
    const [first, second] = await Promise.all([
      call(user, "POST", "/payment/unified", body),
      call(user, "POST", "/payment/unified", body),
    ]);
    const orders = [await data<OrderAnswer>(first), await data<OrderAnswer>(second)];
    expect(orders[0]!.order.id).toBe(orders[1]!.order.id);
    const replay = await data<OrderAnswer>(await call(user, "POST", "/payment/unified", body), 200);
    expect(replay.order.id).toBe(orders[0]!.order.id);
    expect(await paymentsOfUser(user.id)).toBe(1);
    expect(await ourPayments(user.id)).toHaveLength(1);
  });

  it("two tabs (two keys) paying one cart: one order, the other 409 order_in_progress or an emptied cart, one charge", async () => {
    const user = await buyer();
    await addDomain(user, `${freshLabel()}.com`);
    const responses = await Promise.all([pay(user), pay(user)]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    expect(await paymentsOfUser(user.id)).toBe(1);
  });

  it.each([
    ["4000 0000 0000 0002", "card_declined"],
    ["4000 0000 0000 9995", "insufficient_funds"],
    ["4000 0000 0000 0069", "expired_card"],
    ["4000 0000 0000 0127", "incorrect_cvc"],
    ["4000 0000 0000 0119", "processing_error"],
  ])(
    "card %s fails with %s: order failed, nothing registered, cart kept; another card then works",
    async (number, code) => {
      const user = await buyer();
      const name = `${freshLabel()}.com`;
      await addDomain(user, name);
      const failed = await data<OrderAnswer>(await pay(user, { card: card(number) }), 200);
      expect(failed.order).toMatchObject({ status: "failed", progress: "failed", error_code: code });
      expect(failed.order.payment).toMatchObject({ status: "failed", error_code: code });
      expect(await env.DB.prepare("SELECT 1 FROM registry_domains WHERE name = ?1").bind(name).first()).toBeNull();
      expect((await data<CartView>(await call(user, "GET", "/cart"))).items).toHaveLength(1);

      const retried = await data<OrderAnswer>(await pay(user), 201);
      expect(retried.order.status).toBe("completed");
    },
  );

  it("3-D Secure: pending with a redirect, then completed after the customer passes it", async () => {
    const user = await buyer();
    await addDomain(user, `${freshLabel()}.com`);
    const answer = await data<OrderAnswer>(await pay(user, { card: card("4000 0027 6000 3184") }), 202);
    expect(answer.order.progress).toBe("pending");
    expect(answer.nextAction?.redirectUrl).toMatch(/3ds/);
    const ref = await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ?1")
      .bind(answer.order.id)
      .first<string>("provider_ref");
    expect((await call(user, "POST", `/payment/test/3ds/${ref}`, { result: "complete" })).status).toBe(200);
    const synced = await data<OrderView>(await call(user, "POST", `/orders/${answer.order.id}/sync`), 200);
    expect(synced.status).toBe("completed");
  });

  it("3-D Secure failed: the order fails with three_d_secure_failed and nothing is charged", async () => {
    const user = await buyer();
    await addDomain(user, `${freshLabel()}.com`);
    const answer = await data<OrderAnswer>(await pay(user, { card: card("4000 0027 6000 3184") }), 202);
    const ref = await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ?1")
      .bind(answer.order.id)
      .first<string>("provider_ref");
    await call(user, "POST", `/payment/test/3ds/${ref}`, { result: "fail" });
    const synced = await data<OrderView>(await call(user, "POST", `/orders/${answer.order.id}/sync`), 200);
    expect(synced).toMatchObject({ status: "failed", error_code: "three_d_secure_failed" });
  });

  it("20 buyers of one available name at once: exactly one registration; the others refused before any charge", async () => {
    const name = `${freshLabel()}.com`;
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    for (const user of buyers) await addDomain(user, name);
    const responses = await Promise.all(buyers.map((user) => pay(user)));
    const bodies = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: (await response.json()) as Json & { data?: OrderAnswer },
      })),
    );
    const won = bodies.filter((entry) => entry.status === 201 && entry.body.data?.order.status === "completed");
    expect(won).toHaveLength(1);
    for (const entry of bodies.filter((candidate) => candidate !== won[0])) {
      // Refused before paying (the name is held by the winner's order) or, if the hold was
      // already released, refused as no longer available — never charged.
      expect(entry.status).toBe(409);
      expect(["already_being_registered", "not_available"]).toContain(entry.body.code);
    }
    const charged = await Promise.all(buyers.map((user) => paymentsOfUser(user.id)));
    expect(charged.reduce((sum, n) => sum + n, 0)).toBe(1);
    const owners = await env.DB.prepare("SELECT owner_id FROM registry_domains WHERE name = ?1").bind(name).all();
    expect(owners.results).toHaveLength(1);
  });

  it("a crash between payment and registration leaves an order that the scheduled job finishes, each name registered once", async () => {
    const user = await buyer();
    const names = [`${freshLabel()}.com`, `${freshLabel()}.net`];
    for (const name of names) await addDomain(user, name);
    const creates: string[] = [];
    let crash = true;
    const services = (bindings: ApiEnv): ApiServices => {
      const base = defaultServices(bindings);
      const registry: RegistryAdapter = {
        ...base.registry,
        create: async (input) => {
          if (crash && creates.length === 1) throw new Error("worker killed half-way");
          creates.push(input.name);
          return base.registry.create(input);
        },
      };
      return { ...base, registry };
    };
    const app = createApiApp({ services });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await pay(user, {}, app);
    error.mockRestore();
    expect(response.status).toBe(500);
    const order = await env.DB.prepare("SELECT id, status FROM orders WHERE user_id = ?1")
      .bind(user.id)
      .first<{ id: string; status: string }>();
    expect(order?.status).toBe("fulfilling");
    expect(creates).toEqual([names[0]]);
    expect(await paymentsOfUser(user.id)).toBe(1);

    crash = false;
    const result = await resumeOpenOrders(env, services(env));
    expect(result.completed).toBeGreaterThanOrEqual(1);
    const view = await data<OrderView>(await call(user, "GET", `/orders/${order?.id}`), 200);
    expect(view.status).toBe("completed");
    expect(view.items.map((item) => item.status)).toEqual(["done", "done"]);
    expect(creates).toEqual(names);
    expect(await paymentsOfUser(user.id)).toBe(1);
    expect((await data<{ invoices: unknown[] }>(await call(user, "GET", "/invoices/"))).invoices).toHaveLength(1);
    // Running the job again changes nothing.
    await resumeOpenOrders(env, services(env));
    expect(creates).toEqual(names);
  });

  it("a name taken at the registry after payment is refunded automatically and recorded", async () => {
    const user = await buyer();
    const [kept, lost] = [`${freshLabel()}.com`, `${freshLabel()}.com`];
    await addDomain(user, kept);
    await addDomain(user, lost);
    const services = (bindings: ApiEnv): ApiServices => {
      const base = defaultServices(bindings);
      return {
        ...base,
        registry: {
          ...base.registry,
          create: async (input) => {
            // Someone else registers it at the registry first.
            if (input.name === lost) await base.registry.create({ ...input, ownerId: "someone-else" });
            return base.registry.create(input);
          },
        },
      };
    };
    const answer = await data<OrderAnswer>(await pay(user, {}, createApiApp({ services })), 201);
    expect(answer.order.status).toBe("completed_with_refunds");
    const lostItem = answer.order.items.find((item) => item.name === lost);
    expect(lostItem).toMatchObject({ status: "refunded", error_code: "already_registered" });
    expect(answer.order.refunded).toBeCloseTo((lostItem?.amount ?? 0) + (lostItem?.icann_fee ?? 0), 2);
    const [payment] = await ourPayments(user.id);
    expect(payment!.refunded_cents).toBe(Math.round(answer.order.refunded * 100));
  });
});

describe("bad input and other users' things", () => {
  it("strict types and ranges → 400 naming the field, nothing written", async () => {
    const user = await buyer();
    await addDomain(user, `${freshLabel()}.com`);
    const bad: [Json, string][] = [
      [{ contact_id: user.contactId, card: VISA }, "idempotency_key"],
      [{ idempotency_key: "k-12345678", contact_id: "abc", card: VISA }, "contact_id"],
      [{ idempotency_key: "k-12345678", contact_id: user.contactId }, "payment_method_id"],
      [
        { idempotency_key: "k-12345678", contact_id: user.contactId, card: { ...VISA, exp_month: "12" } },
        "card.exp_month",
      ],
      [{ idempotency_key: "k-12345678", contact_id: user.contactId, card: VISA, save_card: "yes" }, "save_card"],
    ];
    for (const [body, field] of bad) {
      const response = await call(user, "POST", "/payment/unified", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(field);
    }
    expect(await ourPayments(user.id)).toEqual([]);
  });

  it("another user's contact, order and invoice are not found; nothing is charged", async () => {
    const [alice, bob] = await Promise.all([buyer(), buyer()]);
    await addDomain(alice, `${freshLabel()}.com`);
    const answer = await data<OrderAnswer>(await pay(alice), 201);
    await addDomain(bob, `${freshLabel()}.com`);
    const stolen = await call(bob, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: alice.contactId,
      card: VISA,
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json<ErrorBody>()).toMatchObject({ code: "invalid_contact_id" });
    expect((await call(bob, "GET", `/orders/${answer.order.id}`)).status).toBe(404);
    const invoice = (await data<{ invoices: { number: number }[] }>(await call(alice, "GET", "/invoices/")))
      .invoices[0];
    expect((await call(bob, "GET", `/invoices/${invoice!.number}`)).status).toBe(404);
    expect(await ourPayments(bob.id)).toEqual([]);
  });

  it("an empty cart answers 400 cart_empty", async () => {
    const user = await buyer();
    const response = await pay(user);
    expect(response.status).toBe(400);
    expect(await response.json<ErrorBody>()).toMatchObject({ code: "cart_empty" });
  });
});

describe("discounts", () => {
  it("POST /discount/validate: WELCOME10 needs sign-in, the right extensions and 10 USD; answers the SPEC shape", async () => {
    const user = await buyer();
    const item = (tld: string, years = 1) => ({
      product_type: "domain",
      quantity: 1,
      years,
      product_details: { tld, domain_name: `x.${tld}` },
    });
    const anonymous = await call(null, "POST", "/discount/validate", { code: "WELCOME10", items: [item("com", 2)] });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: "discount_signin_required" });

    const wrong = await call(user, "POST", "/discount/validate", { code: "NOPE", items: [item("com")] });
    expect(await wrong.json()).toMatchObject({
      success: false,
      message: "Invalid discount code",
      data: { success: false },
    });

    const io = await call(user, "POST", "/discount/validate", { code: "WELCOME10", items: [item("io", 5)] });
    expect(await io.json()).toMatchObject({ success: false, code: "discount_not_applicable" });

    const ok = await data<{
      success: boolean;
      percentage: number;
      discount_amount: number;
      message: string;
      code_id: number;
      subtotal: number;
    }>(await call(user, "POST", "/discount/validate", { code: " welcome10 ", items: [item("com", 3)] }), 200);
    expect(ok).toMatchObject({ success: true, percentage: 10, message: "Discount code is valid", code_id: 1 });
    expect(ok.subtotal).toBeGreaterThanOrEqual(10);
    expect(ok.discount_amount).toBeCloseTo(Math.floor(ok.subtotal * 10) / 100, 2);
  });

  it("a discount applied to the cart is charged at checkout, and clearing the cart removes it", async () => {
    const user = await buyer();
    const cart = await addDomain(user, `${freshLabel()}.com`, { years: 3 });
    const applied = await data<{
      total: number;
      discountAmount: number;
      discount: { code: string; isValid: boolean; percentage: number };
    }>(await call(user, "PUT", "/cart/discount", { code: "welcome10" }), 200);
    expect(applied.discount).toMatchObject({ code: "WELCOME10", isValid: true, percentage: 10 });
    expect(applied.discountAmount).toBeGreaterThan(0);
    const answer = await data<OrderAnswer>(await pay(user), 201);
    expect(answer.order).toMatchObject({
      discount_code: "WELCOME10",
      discount: applied.discountAmount,
      total: applied.total,
    });

    const second = await addDomain(user, `${freshLabel()}.org`, { years: 2 });
    await call(user, "PUT", "/cart/discount", { code: "WELCOME10" });
    const removed = await data<CartView & { discount: unknown }>(
      await call(user, "DELETE", `/cart/items/${second.items[0]!.id}`),
      200,
    );
    expect(removed.items).toEqual([]);
    expect((await data<{ discount: unknown }>(await call(user, "GET", "/cart"))).discount).toBeNull();
    expect(cart.items).toHaveLength(1);
  });

  it("a visitor cannot apply a discount to a cart", async () => {
    const visitorCart = await data<CartView>(
      await api("/cart/items", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ domain: `${freshLabel()}.com`, years: 3 }),
      }),
      201,
    );
    const response = await api("/cart/discount", {
      method: "PUT",
      headers: { "content-type": "application/json", "x-cart-id": visitorCart.id },
      body: JSON.stringify({ code: "WELCOME10" }),
    });
    expect(response.status).toBe(401);
  });
});

describe("POST /payment/webhook", () => {
  it("refuses an unsigned or wrongly signed body with 400 and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_webhook_events").first<number>("n");
    for (const signature of [null, "t=1,v1=deadbeef", "garbage"]) {
      const headers = new Headers({ "content-type": "application/json" });
      if (signature) headers.set("stripe-signature", signature);
      const response = await api("/payment/webhook", {
        method: "POST",
        headers,
        body: JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded" }),
      });
      expect(response.status).toBe(400);
      expect(await response.json<ErrorBody>()).toMatchObject({ success: false, code: "invalid_signature" });
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_webhook_events").first<number>("n")).toBe(before);
  });
});
