// Issue 18 point 4: a transfer is paid only once the registry accepts its auth code. An order with
// a transfer line authorises the card (manual capture), fulfils, then captures the lines carried
// out and releases the rest of the hold — a wrong auth code costs nothing and leaves no refund.
// Wrong codes are limited per user and domain (5 a day → 429). Through the embedded test provider
// (API) and through the Stripe adapter against the loopback fake; the orders job settles a hold
// an interrupted checkout left behind, once.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  createPayments,
  createStripePayments,
  PaymentsError,
  type PaymentsAdapter,
} from "../../workers/api/adapters/payments";
import { simulatedAuthCode } from "../../workers/api/adapters/registry";
import { RegistryError } from "../../workers/api/adapters/registry";
import { createApiApp } from "../../workers/api/app";
import { resumeOpenOrders } from "../../workers/api/checkout/resume-job";
import type { OrderAnswer, OrderView } from "../../workers/api/checkout/views";
import type { ApiEnv } from "../../workers/api/env";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { outbox, seedSampleCatalogue } from "./helpers";
import { buyer, data, errorOf, VISA, type Buyer } from "./my-domains-support";
import { freshLabel, registerElsewhere } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

const WRONG_CODE = "Wrong-Code-123";

type App = ReturnType<typeof createApiApp>;

function call(user: Buyer, method: string, path: string, body?: unknown, app?: App): Promise<Response> {
  const headers = new Headers({ authorization: `Bearer ${user.token}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return Promise.resolve((app ?? createApiApp()).request(`/api/v1${path}`, init, env));
}

function pay(user: Buyer, extra: Record<string, unknown> = {}, app?: App): Promise<Response> {
  return call(
    user,
    "POST",
    "/payment/unified",
    { idempotency_key: `k-${crypto.randomUUID()}`, contact_id: user.contactId, card: VISA, ...extra },
    app,
  );
}

async function addTransfer(user: Buyer, name: string, authCode: string): Promise<void> {
  await data(
    await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: authCode }),
    201,
  );
}

interface LedgerRow {
  id: string;
  status: string;
  capture_method: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
}

/** The test provider's side of an order's payment. */
async function ledgerOf(orderId: string): Promise<LedgerRow> {
  const row = await env.DB.prepare("SELECT * FROM testpay_payments WHERE order_id = ?1")
    .bind(orderId)
    .first<LedgerRow>();
  if (!row) throw new Error(`no test payment for order ${orderId}`);
  return row;
}

async function refundsOf(paymentRef: string): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_refunds WHERE payment_id = ?1")
      .bind(paymentRef)
      .first<number>("n")) ?? 0
  );
}

async function capturesOf(paymentRef: string): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_idempotency WHERE kind = 'capture' AND object_id = ?1")
      .bind(paymentRef)
      .first<number>("n")) ?? 0
  );
}

const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("transfer checkout: authorise, then capture only what the registry accepted", () => {
  it("a wrong auth code: nothing captured, the hold released (no refund), the order failed with invalid_auth_code, the cart kept", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, WRONG_CODE);

    const answer = await data<OrderAnswer>(await pay(user), 200);
    expect(answer.order).toMatchObject({
      status: "failed",
      progress: "failed",
      error_code: "invalid_auth_code",
      refunded: 0,
      invoice: null,
    });
    expect(answer.order.items).toMatchObject([{ name, status: "failed", error_code: "invalid_auth_code" }]);
    expect(answer.order.payment).toMatchObject({
      status: "canceled",
      capture_method: "manual",
      captured: 0,
      refunded: 0,
    });

    const ledger = await ledgerOf(answer.order.id);
    expect(ledger).toMatchObject({
      status: "canceled",
      capture_method: "manual",
      captured_cents: 0,
      refunded_cents: 0,
    });
    expect(await refundsOf(ledger.id)).toBe(0);
    expect(await capturesOf(ledger.id)).toBe(0);

    const [mail] = (await outbox(user.email)).filter((message) => message.subject.includes(`#${answer.order.number}`));
    expect(mail?.subject).toContain("could not be completed");
    expect(mail?.text).toContain("not charged; the hold");
    expect(mail?.text).toContain("did not accept the auth code");
    const cart = await data<{ items: { domain?: string; name?: string }[] }>(await call(user, "GET", "/cart"));
    expect(JSON.stringify(cart.items)).toContain(name);
  });

  it("the right auth code: captured once (the whole authorisation), the transfer pending, no refund", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));

    const answer = await data<OrderAnswer>(await pay(user), 201);
    expect(answer.order.status).toBe("completed");
    expect(answer.order.payment).toMatchObject({
      status: "succeeded",
      capture_method: "manual",
      captured: answer.order.total,
      refunded: 0,
    });
    const ledger = await ledgerOf(answer.order.id);
    expect(ledger).toMatchObject({ status: "succeeded", captured_cents: ledger.amount_cents, refunded_cents: 0 });
    expect(await capturesOf(ledger.id)).toBe(1);
    expect(await refundsOf(ledger.id)).toBe(0);
    const mine = await data<{ status: string }>(await call(user, "GET", `/user-domains/${name}`));
    expect(mine.status).toBe("pending_transfer");

    // Asking again (the order page's sync, the job) captures nothing more.
    await data(await call(user, "POST", `/orders/${answer.order.id}/sync`), 200);
    await resumeOpenOrders(env, defaultServices(env));
    expect(await capturesOf(ledger.id)).toBe(1);
  });

  it("the sixth wrong auth code for one user and domain in a day is refused with 429 and Retry-After, before any authorisation", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, WRONG_CODE);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await data<OrderAnswer>(await pay(user), 200);
      expect(answer.order.error_code, `attempt ${attempt}`).toBe("invalid_auth_code");
    }
    const payments = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_payments WHERE user_id = ?1")
        .bind(user.id)
        .first<number>("n")) ?? 0;
    expect(await payments()).toBe(5);

    const refused = await pay(user);
    const retryAfter = Number(refused.headers.get("retry-after"));
    const body = await errorOf(refused, 429);
    expect(body.code).toBe("too_many_attempts");
    expect(body.message).toContain(name);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await payments()).toBe(5);

    // Another user, or another domain of the same user, is not affected.
    const other = await buyer();
    await addTransfer(other, name, WRONG_CODE);
    expect((await data<OrderAnswer>(await pay(other), 200)).order.error_code).toBe("invalid_auth_code");
  });

  it("a mixed order (registration + refused transfer): only the registration is captured, the transfer line not charged, the invoice says what was", async () => {
    const user = await buyer();
    const registration = `${freshLabel()}.com`;
    const transfer = `${freshLabel()}.com`;
    await registerElsewhere(transfer);
    await data(await call(user, "POST", "/cart/items", { domain: registration }), 201);
    await addTransfer(user, transfer, WRONG_CODE);

    const answer = await data<OrderAnswer>(await pay(user), 201);
    expect(answer.order.status).toBe("completed");
    const registered = answer.order.items.find((item) => item.name === registration);
    const refused = answer.order.items.find((item) => item.name === transfer);
    expect(registered?.status).toBe("done");
    expect(refused).toMatchObject({ status: "failed", error_code: "invalid_auth_code" });
    const registeredCents = cents(
      (registered?.amount ?? 0) + (registered?.icann_fee ?? 0) - (registered?.discount ?? 0),
    );
    expect(cents(answer.order.payment?.captured ?? 0)).toBe(registeredCents);
    expect(answer.order.refunded).toBe(0);

    const ledger = await ledgerOf(answer.order.id);
    expect(ledger).toMatchObject({ status: "succeeded", captured_cents: registeredCents, refunded_cents: 0 });
    expect(ledger.amount_cents).toBeGreaterThan(registeredCents);
    expect(await refundsOf(ledger.id)).toBe(0);

    const invoice = await data<{ total: number; items: { name: string }[] }>(
      await call(user, "GET", `/invoices/${answer.order.invoice?.id}`),
    );
    expect(cents(invoice.total)).toBe(registeredCents);
    expect(invoice.items.map((item) => item.name)).toEqual([registration]);
    const [mail] = (await outbox(user.email)).filter((message) => message.subject.includes(`#${answer.order.number}`));
    expect(mail?.text).toContain(`${transfer} (transfer, 1 year)`);
    expect(mail?.text).toContain("not charged; the hold on your card was released");
    expect(mail?.text).toContain(`Charged: $${(registeredCents / 100).toFixed(2)}`);
  });

  it("3-D Secure on the authorisation (4000 0027 6000 3184): pending, then captured once the customer passes it", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));
    const answer = await data<OrderAnswer>(await pay(user, { card: { ...VISA, number: "4000 0027 6000 3184" } }), 202);
    expect(answer.nextAction?.redirectUrl).toMatch(/3ds/);
    const ledger = await ledgerOf(answer.order.id);
    expect(ledger.status).toBe("requires_action");
    expect((await call(user, "POST", `/payment/test/3ds/${ledger.id}`, { result: "complete" })).status).toBe(200);
    const synced = await data<OrderView>(await call(user, "POST", `/orders/${answer.order.id}/sync`), 200);
    expect(synced.status).toBe("completed");
    expect(await ledgerOf(answer.order.id)).toMatchObject({ status: "succeeded", captured_cents: ledger.amount_cents });
  });
});

describe("the orders job settles a hold a checkout left behind", () => {
  it("registry down after the authorisation: the order stays authorised; the job transfers and captures once", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));
    const down = (bindings: ApiEnv): ApiServices => {
      const base = defaultServices(bindings);
      const registry = {
        ...base.registry,
        transferRequest: () => Promise.reject(new RegistryError("unavailable", "The registry service is unreachable.")),
      };
      return { ...base, registry };
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await pay(user, {}, createApiApp({ services: down }));
    error.mockRestore();
    expect(response.status).toBe(503);
    const order = await env.DB.prepare("SELECT id, status FROM orders WHERE user_id = ?1")
      .bind(user.id)
      .first<{ id: string; status: string }>();
    expect(order?.status).toBe("fulfilling");
    expect(await ledgerOf(order?.id ?? "")).toMatchObject({ status: "requires_capture", captured_cents: 0 });
    expect(
      await env.DB.prepare("SELECT status FROM payments WHERE order_id = ?1").bind(order?.id).first<string>("status"),
    ).toBe("authorized");

    await env.DB.prepare("UPDATE orders SET next_attempt_at = NULL WHERE id = ?1").bind(order?.id).run();
    await resumeOpenOrders(env, defaultServices(env));
    const view = await data<OrderView>(await call(user, "GET", `/orders/${order?.id}`), 200);
    expect(view.status).toBe("completed");
    const ledger = await ledgerOf(order?.id ?? "");
    expect(ledger).toMatchObject({ status: "succeeded", captured_cents: ledger.amount_cents });
    await resumeOpenOrders(env, defaultServices(env));
    expect(await capturesOf(ledger.id)).toBe(1);
  });

  it("a crash between recording the hold and moving the order on (order pending, payment authorised): the job fulfils and captures", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));
    const down = (bindings: ApiEnv): ApiServices => {
      const base = defaultServices(bindings);
      return {
        ...base,
        registry: {
          ...base.registry,
          transferRequest: () =>
            Promise.reject(new RegistryError("unavailable", "The registry service is unreachable.")),
        },
      };
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pay(user, {}, createApiApp({ services: down }));
    error.mockRestore();
    const order = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?1")
      .bind(user.id)
      .first<{ id: string }>();
    // As the crash would have left it: the hold recorded, the order still pending.
    await env.DB.prepare("UPDATE orders SET status = 'pending', next_attempt_at = NULL WHERE id = ?1")
      .bind(order?.id)
      .run();

    await resumeOpenOrders(env, defaultServices(env));
    const view = await data<OrderView>(await call(user, "GET", `/orders/${order?.id}`), 200);
    expect(view).toMatchObject({ status: "completed", payment: { status: "succeeded", captured: view.total } });
    expect(await capturesOf((await ledgerOf(order?.id ?? "")).id)).toBe(1);
  });

  it("the capture's answer lost: the job asks again with the order's key and records it, never a second capture", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));
    let lose = true;
    const lossy = (bindings: ApiEnv): ApiServices => {
      const base = defaultServices(bindings);
      const payments: PaymentsAdapter = {
        ...base.payments,
        capturePayment: async (input) => {
          const outcome = await base.payments.capturePayment(input);
          if (lose) throw new PaymentsError("timeout", "The capture's answer was lost.");
          return outcome;
        },
      };
      return { ...base, payments };
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await pay(user, {}, createApiApp({ services: lossy }));
    error.mockRestore();
    expect(response.status).toBeGreaterThanOrEqual(500);
    const order = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?1")
      .bind(user.id)
      .first<{ id: string }>();
    const ledger = await ledgerOf(order?.id ?? "");
    expect(ledger.status).toBe("succeeded");
    expect(
      await env.DB.prepare("SELECT status FROM payments WHERE order_id = ?1").bind(order?.id).first<string>("status"),
    ).toBe("authorized");

    lose = false;
    await env.DB.prepare("UPDATE orders SET next_attempt_at = NULL WHERE id = ?1").bind(order?.id).run();
    const counts = await resumeOpenOrders(env, lossy(env));
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    const view = await data<OrderView>(await call(user, "GET", `/orders/${order?.id}`), 200);
    expect(view).toMatchObject({ status: "completed", payment: { status: "succeeded", captured: view.total } });
    expect(await capturesOf(ledger.id)).toBe(1);
  });
});

describe("through the Stripe adapter (loopback fake): manual capture, cancel on refusal, capture on acceptance", () => {
  const base = inject("fakeStripeUrl");
  const stripeServices = (bindings: ApiEnv): ApiServices => ({
    ...defaultServices(bindings),
    payments: createStripePayments({
      secretKey: `sk_test_${crypto.randomUUID().replace(/-/g, "")}`,
      webhookSecret: inject("fakeStripeWebhookSecret"),
      publishableKey: "pk_test_x",
      apiBase: base,
    }),
  });
  const stripeApp = () => createApiApp({ services: stripeServices });

  async function savedStripeCard(user: Buyer): Promise<string> {
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO payment_methods (id, user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at, updated_at) VALUES (?1, ?2, 'stripe', 'pm_card_visa', 'visa', '4242', 12, 2034, 0, ?3, ?3)",
    )
      .bind(id, user.id, at)
      .run();
    return id;
  }

  /** The PaymentIntent as Stripe (the fake) holds it, and that it was created for manual capture. */
  async function intentOf(orderId: string): Promise<{ status: string; amount: number; amount_received: number }> {
    const ref = await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ?1")
      .bind(orderId)
      .first<string>("provider_ref");
    const intent = await createStripePayments({
      secretKey: "sk_test_reader",
      webhookSecret: "whsec_x",
      publishableKey: null,
      apiBase: base,
    }).getPayment(ref ?? "");
    const requests = await (
      await fetch(`${base}/__fake/requests?idempotency_key=${encodeURIComponent(`order:${orderId}:1`)}`)
    ).json<{ form: Record<string, string> }[]>();
    expect(requests[0]?.form.capture_method).toBe("manual");
    return { status: intent.status, amount: intent.amountCents, amount_received: intent.capturedCents };
  }

  it("a wrong auth code: the PaymentIntent is created with capture_method=manual, then canceled; nothing received", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, WRONG_CODE);
    const answer = await data<OrderAnswer>(
      await pay(user, { card: undefined, payment_method_id: await savedStripeCard(user) }, stripeApp()),
      200,
    );
    expect(answer.order).toMatchObject({
      status: "failed",
      error_code: "invalid_auth_code",
      payment: { status: "canceled", captured: 0, refunded: 0 },
    });
    expect(await intentOf(answer.order.id)).toMatchObject({ status: "canceled", amount_received: 0 });
    const capture = await (
      await fetch(`${base}/__fake/requests?idempotency_key=${encodeURIComponent(`capture:order:${answer.order.id}`)}`)
    ).json<unknown[]>();
    expect(capture).toEqual([]);
  });

  it("the right auth code: captured (POST …/capture) for the whole amount", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await addTransfer(user, name, await simulatedAuthCode(name));
    const answer = await data<OrderAnswer>(
      await pay(user, { card: undefined, payment_method_id: await savedStripeCard(user) }, stripeApp()),
      201,
    );
    expect(answer.order).toMatchObject({
      status: "completed",
      payment: { status: "succeeded", captured: answer.order.total },
    });
    const intent = await intentOf(answer.order.id);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: intent.amount });
    const captures = await (
      await fetch(`${base}/__fake/requests?idempotency_key=${encodeURIComponent(`capture:order:${answer.order.id}`)}`)
    ).json<{ path: string; form: Record<string, string> }[]>();
    expect(captures).toHaveLength(1);
    expect(captures[0]?.path).toMatch(/^\/v1\/payment_intents\/pi_[0-9a-f]+\/capture$/);
    expect(Number(captures[0]?.form.amount_to_capture)).toBe(intent.amount);
  });

  it("a mixed order: amount_to_capture is the registration's part; a refund is then limited to what was captured", async () => {
    const user = await buyer();
    const registration = `${freshLabel()}.com`;
    const transfer = `${freshLabel()}.com`;
    await registerElsewhere(transfer);
    await data(await call(user, "POST", "/cart/items", { domain: registration }), 201);
    await addTransfer(user, transfer, WRONG_CODE);
    const answer = await data<OrderAnswer>(
      await pay(user, { card: undefined, payment_method_id: await savedStripeCard(user) }, stripeApp()),
      201,
    );
    const registered = answer.order.items.find((item) => item.name === registration);
    const registeredCents = cents(
      (registered?.amount ?? 0) + (registered?.icann_fee ?? 0) - (registered?.discount ?? 0),
    );
    const intent = await intentOf(answer.order.id);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: registeredCents });
    expect(intent.amount).toBeGreaterThan(registeredCents);
    const payments = createPayments({
      DB: env.DB,
      PAYMENTS_ADAPTER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_refunds",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: base,
    });
    const ref =
      (await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ?1")
        .bind(answer.order.id)
        .first<string>("provider_ref")) ?? "";
    await expect(
      payments.refund({
        paymentRef: ref,
        amountCents: registeredCents + 1,
        idempotencyKey: `refund:${crypto.randomUUID()}`,
      }),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });
});
