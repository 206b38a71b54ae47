// Issue 19 (3): "Save this card for renewals" at checkout. A payment that goes through with the box
// ticked saves its card (attached to the customer) as the default: listed by GET
// /user/payment-methods, offered first at the next checkout, and charged off-session by the
// auto-renewal job. After 3-D Secure once it succeeds; a declined payment, or an unticked box,
// saves nothing; the same card ticked twice stays one row. Through the embedded test provider and
// through the Stripe adapter against the loopback fake.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createPayments, createStripePayments, type PaymentsAdapter } from "../../workers/api/adapters/payments";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry";
import { createApiApp } from "../../workers/api/app";
import type { OrderAnswer, OrderView } from "../../workers/api/checkout/views";
import type { PaymentMethodView } from "../../workers/api/db/payment-methods";
import type { UserDomainView } from "../../workers/api/db/user-domains";
import type { ApiEnv } from "../../workers/api/env";
import { runDomainLifecycle } from "../../workers/api/jobs/domain-lifecycle";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { seedSampleCatalogue } from "./helpers";
import { buyer, data, errorOf, VISA, type Buyer } from "./my-domains-support";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

const apiEnv: ApiEnv = env;
const DAY = 86_400_000;
type App = ReturnType<typeof createApiApp>;

function call(user: Buyer, method: string, path: string, body?: unknown, app?: App): Promise<Response> {
  const headers = new Headers({ authorization: `Bearer ${user.token}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  return Promise.resolve(
    (app ?? createApiApp()).request(
      `/api/v1${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      env,
    ),
  );
}

/** Puts a fresh name (registration, `years`) in the cart and pays for it. */
async function checkout(
  user: Buyer,
  payment: Record<string, unknown>,
  options: { app?: App; years?: number } = {},
): Promise<{ response: Response; name: string }> {
  const name = `${freshLabel()}.com`;
  await data(await call(user, "POST", "/cart/items", { domain: name, years: options.years ?? 1 }, options.app), 201);
  const response = await call(
    user,
    "POST",
    "/payment/unified",
    { idempotency_key: `k-${crypto.randomUUID()}`, contact_id: user.contactId, ...payment },
    options.app,
  );
  return { response, name };
}

async function methods(user: Buyer, app?: App): Promise<PaymentMethodView[]> {
  return (
    await data<{ payment_methods: PaymentMethodView[] }>(
      await call(user, "GET", "/user/payment-methods", undefined, app),
    )
  ).payment_methods;
}

/** The scheduled run at `at` with the given payments adapter (the test provider by default). */
function servicesAt(at: Date, payments?: PaymentsAdapter): ApiServices {
  const now = () => at;
  return {
    ...defaultServices(apiEnv),
    now,
    registry: createSimulatedRegistry(apiEnv.DB, now),
    payments: payments ?? createPayments(apiEnv, now),
  };
}

/** Turns auto-renewal on (refused without a saved card), runs the lifecycle job 5 days before expiry, turns it off. */
async function autoRenew(
  user: Buyer,
  name: string,
  payments?: PaymentsAdapter,
  app?: App,
): Promise<{ renewed: number; renewals: OrderView[] }> {
  await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }, app));
  const before = await data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`, undefined, app));
  const counts = await runDomainLifecycle(
    apiEnv,
    servicesAt(new Date(Date.parse(before.expires_at ?? "") - 5 * DAY), payments),
  );
  // Off again, so a later run at another test's clock never charges this name with the wrong adapter.
  await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: false }, app));
  const orders = (await data<{ orders: OrderView[] }>(await call(user, "GET", "/orders/", undefined, app))).orders;
  return {
    renewed: counts.renewed ?? 0,
    renewals: orders.filter((order) => order.items[0]?.operation === "renewal" && order.items[0]?.name === name),
  };
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

// The lifecycle job looks at every domain: the names renewed here are bought for terms no other
// test file uses (8 and 9 years), and auto-renewal is turned off again after the run.
describe("save this card for renewals: the embedded test provider", () => {
  it("a successful payment with the box ticked saves the card as the default, and auto-renewal charges it", async () => {
    const user = await buyer();
    const { response, name } = await checkout(user, { card: VISA, save_card: true }, { years: 8 });
    const answer = await data<OrderAnswer>(response, 201);
    expect(answer.order.status).toBe("completed");
    const saved = await methods(user);
    expect(saved).toEqual([
      expect.objectContaining({
        brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: 2034,
        is_default: true,
        provider: "test",
      }),
    ]);
    // Attached to the user's customer at the provider (usable off-session).
    const customer = await apiEnv.DB.prepare("SELECT customer_id FROM testpay_payment_methods WHERE id = ?1")
      .bind(saved[0]?.stripe_payment_method_id)
      .first<string>("customer_id");
    expect(customer).toMatch(/^cus_/);

    const { renewed, renewals } = await autoRenew(user, name);
    expect(renewed).toBe(1);
    expect(renewals).toEqual([
      expect.objectContaining({
        status: "completed",
        payment: expect.objectContaining({ status: "succeeded", card_last4: "4242" }),
      }),
    ]);
  });

  it("the next checkout can pay with the saved card (it is the default the page pre-selects)", async () => {
    const user = await buyer();
    await data<OrderAnswer>((await checkout(user, { card: VISA, save_card: true })).response, 201);
    const [card] = await methods(user);
    expect(card?.is_default).toBe(true);
    const again = await data<OrderAnswer>((await checkout(user, { payment_method_id: card?.id })).response, 201);
    expect(again.order).toMatchObject({ status: "completed", payment: { status: "succeeded", card_last4: "4242" } });
    expect(await methods(user)).toHaveLength(1);
  });

  it("after 3-D Secure: nothing saved while it waits, the card saved once the payment succeeds", async () => {
    const user = await buyer();
    const answer = await data<OrderAnswer>(
      (await checkout(user, { card: { ...VISA, number: "4000 0027 6000 3184" }, save_card: true })).response,
      202,
    );
    expect(answer.nextAction?.redirectUrl).toMatch(/^\/payment\/3ds\/pi_/);
    expect(await methods(user)).toEqual([]);
    const ref = decodeURIComponent(answer.nextAction?.redirectUrl.split("/").pop() ?? "");
    await data(await call(user, "POST", `/payment/test/3ds/${ref}`, { result: "complete" }));
    const synced = await data<OrderView>(await call(user, "POST", `/orders/${answer.order.id}/sync`));
    expect(synced.status).toBe("completed");
    expect(await methods(user)).toEqual([expect.objectContaining({ last4: "3184", is_default: true })]);
  });

  it("a failed 3-D Secure, a declined card, or the box not ticked: nothing saved", async () => {
    const user = await buyer();
    const threeDs = await data<OrderAnswer>(
      (await checkout(user, { card: { ...VISA, number: "4000 0027 6000 3184" }, save_card: true })).response,
      202,
    );
    const ref = decodeURIComponent(threeDs.nextAction?.redirectUrl.split("/").pop() ?? "");
    await data(await call(user, "POST", `/payment/test/3ds/${ref}`, { result: "fail" }));
    expect((await data<OrderView>(await call(user, "POST", `/orders/${threeDs.order.id}/sync`))).status).toBe("failed");
    const declined = await data<OrderAnswer>(
      (await checkout(user, { card: { ...VISA, number: "4000 0000 0000 0002" }, save_card: true })).response,
      200,
    );
    expect(declined.order).toMatchObject({
      status: "failed",
      payment: { status: "failed", error_code: "card_declined" },
    });
    const unticked = await data<OrderAnswer>((await checkout(user, { card: VISA })).response, 201);
    expect(unticked.order.status).toBe("completed");
    expect(await methods(user)).toEqual([]);
    // …so auto-renewal is still refused.
    const domain = unticked.order.items[0]?.name ?? "";
    expect(
      (await errorOf(await call(user, "PUT", `/user-domains/${domain}/auto-renew`, { auto_renew: true }), 409)).code,
    ).toBe("payment_method_required");
  });

  it("the same card ticked twice is one row (by fingerprint); another card becomes the new default", async () => {
    const user = await buyer();
    await data<OrderAnswer>((await checkout(user, { card: VISA, save_card: true })).response, 201);
    const [first] = await methods(user);
    await data<OrderAnswer>(
      (await checkout(user, { card: { ...VISA, exp_year: 2035 }, save_card: true })).response,
      201,
    );
    const afterTwice = await methods(user);
    expect(afterTwice).toHaveLength(1);
    // The row keeps its id and default, and now holds the newest provider card (and expiry).
    expect(afterTwice[0]).toMatchObject({ id: first?.id, is_default: true, exp_year: 2035 });
    expect(afterTwice[0]?.stripe_payment_method_id).not.toBe(first?.stripe_payment_method_id);
    const oldOwner = await apiEnv.DB.prepare("SELECT customer_id FROM testpay_payment_methods WHERE id = ?1")
      .bind(first?.stripe_payment_method_id)
      .first<string | null>("customer_id");
    expect(oldOwner).toBeNull();

    await data<OrderAnswer>(
      (await checkout(user, { card: { ...VISA, number: "5555 5555 5555 4444" }, save_card: true })).response,
      201,
    );
    const both = await methods(user);
    expect(both.map((method) => [method.last4, method.is_default])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
  });
});

describe("save this card for renewals: the Stripe adapter (loopback fake)", () => {
  const base = inject("fakeStripeUrl");
  const secretKey = `sk_test_${crypto.randomUUID().replace(/-/g, "")}`;
  const stripe = () =>
    createStripePayments({
      secretKey,
      webhookSecret: inject("fakeStripeWebhookSecret"),
      publishableKey: "pk_test_x",
      apiBase: base,
    });
  const stripeApp = () =>
    createApiApp({
      services: (bindings: ApiEnv): ApiServices => ({ ...defaultServices(bindings), payments: stripe() }),
    });

  async function sentWith(orderId: string): Promise<Record<string, string>> {
    const requests = await (
      await fetch(`${base}/__fake/requests?idempotency_key=${encodeURIComponent(`order:${orderId}:1`)}`)
    ).json<{ form: Record<string, string> }[]>();
    return requests[0]?.form ?? {};
  }

  it("a PaymentIntent with setup_future_usage=off_session and the customer; the card attached, saved as default, charged by auto-renewal", async () => {
    const user = await buyer();
    const app = stripeApp();
    const { response, name } = await checkout(
      user,
      { payment_method_id: "pm_card_visa", save_card: true },
      { app, years: 9 },
    );
    const answer = await data<OrderAnswer>(response, 201);
    expect(answer.order.status).toBe("completed");
    const form = await sentWith(answer.order.id);
    expect(form).toMatchObject({ setup_future_usage: "off_session", payment_method: "pm_card_visa", confirm: "true" });
    expect(form.customer).toMatch(/^cus_/);
    const saved = await methods(user, app);
    expect(saved).toEqual([
      expect.objectContaining({ provider: "stripe", brand: "visa", last4: "4242", is_default: true }),
    ]);
    expect(saved[0]?.stripe_payment_method_id).toMatch(/^pm_[0-9a-f]+$/);
    expect((await stripe().listPaymentMethods(form.customer ?? "")).map((card) => card.paymentMethodRef)).toEqual([
      saved[0]?.stripe_payment_method_id,
    ]);

    const { renewed, renewals } = await autoRenew(user, name, stripe(), app);
    expect(renewed).toBe(1);
    expect(renewals).toEqual([
      expect.objectContaining({ status: "completed", payment: expect.objectContaining({ status: "succeeded" }) }),
    ]);
    const renewal = await sentWith(renewals[0]?.id ?? "");
    expect(renewal).toMatchObject({
      off_session: "true",
      payment_method: saved[0]?.stripe_payment_method_id,
      customer: form.customer,
    });
  });

  it("declined → nothing saved; not ticked → no setup_future_usage, nothing saved; ticked twice → one row", async () => {
    const user = await buyer();
    const app = stripeApp();
    const declined = await data<OrderAnswer>(
      (await checkout(user, { payment_method_id: "pm_card_chargeDeclined", save_card: true }, { app })).response,
      200,
    );
    expect(declined.order).toMatchObject({ status: "failed", payment: { error_code: "card_declined" } });
    const unticked = await data<OrderAnswer>(
      (await checkout(user, { payment_method_id: "pm_card_visa" }, { app })).response,
      201,
    );
    expect((await sentWith(unticked.order.id)).setup_future_usage).toBeUndefined();
    expect(await methods(user, app)).toEqual([]);

    await data<OrderAnswer>(
      (await checkout(user, { payment_method_id: "pm_card_visa", save_card: true }, { app })).response,
      201,
    );
    await data<OrderAnswer>(
      (await checkout(user, { payment_method_id: "pm_card_visa", save_card: true }, { app })).response,
      201,
    );
    const saved = await methods(user, app);
    expect(saved).toEqual([expect.objectContaining({ last4: "4242", is_default: true })]);
  });
});
