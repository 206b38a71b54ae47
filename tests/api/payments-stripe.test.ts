// The Stripe adapter (workers/api/adapters/payments/stripe.ts, the real `stripe` SDK with its
// fetch client) against the fake Stripe API on loopback (tests/fakes/stripe-server.ts, started
// by tests/fakes/global-setup.ts): wire format, idempotency, declines, 3-D Secure, saved cards,
// off-session charges, refunds, provider faults and signed webhooks.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import {
  CardError,
  PaymentsError,
  WebhookSignatureError,
  createPayments,
  createStripePayments,
  type CreatePaymentInput,
  type PaymentErrorCode,
} from "../../workers/api/adapters/payments";

const BASE = inject("fakeStripeUrl");
const WHSEC = inject("fakeStripeWebhookSecret");

function stripe(secretKey = `sk_test_${crypto.randomUUID().replace(/-/g, "")}`, timeoutMs?: number) {
  return createStripePayments({
    secretKey,
    webhookSecret: WHSEC,
    publishableKey: "pk_test_123",
    apiBase: BASE,
    timeoutMs,
  });
}

function payment(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const id = crypto.randomUUID();
  return {
    idempotencyKey: `order:${id}:1`,
    amountCents: 2499,
    currency: "usd",
    description: `Trinity order ${id}`,
    metadata: { orderId: id, userId: `user-${id}` },
    returnUrl: `https://shop.test/checkout/${id}/return`,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );
}

async function fake<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${BASE}${path}`, init);
  expect(response.status).toBe(200);
  return response.json<T>();
}

describe("stripe adapter: checkout payments", () => {
  it("createPayments(env) picks Stripe from PAYMENTS_ADAPTER and says so when keys are missing", async () => {
    const configured = createPayments({
      DB: env.DB,
      PAYMENTS_ADAPTER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_API_BASE: BASE,
    });
    expect(configured.provider).toBe("stripe");
    expect(configured.publishableKey).toBe("pk_test_x");
    const missing = createPayments({ DB: env.DB, PAYMENTS_ADAPTER: "stripe" });
    const error = await rejection(missing.createPayment(payment()));
    expect((error as PaymentsError).code).toBe("misconfigured");
    expect((error as PaymentsError).message).toContain("STRIPE_SECRET_KEY");
  });

  it("a PaymentIntent for the Payment Element: form-encoded, with Idempotency-Key and the client secret", async () => {
    const input = payment();
    const outcome = await stripe().createPayment(input);
    expect(outcome).toMatchObject({
      status: "requires_payment_method",
      amountCents: 2499,
      currency: "usd",
      refundedCents: 0,
      metadata: input.metadata,
    });
    expect(outcome.paymentRef).toMatch(/^pi_/);
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.paymentRef}_secret_`));
    const [sent] = await fake<
      { method: string; path: string; form: Record<string, string>; authorization: string; stripeVersion: string }[]
    >(`/__fake/requests?idempotency_key=${encodeURIComponent(input.idempotencyKey)}`);
    expect(sent).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(sent!.authorization).toMatch(/^Bearer sk_test_/);
    expect(sent!.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/); // a dated Stripe API version, as the SDK pins it
    expect(sent!.form).toMatchObject({
      amount: "2499",
      currency: "usd",
      "metadata[order_id]": input.metadata.orderId,
      "metadata[user_id]": input.metadata.userId,
      "automatic_payment_methods[enabled]": "true",
    });
  });

  it("the same idempotency key answers the same PaymentIntent (one charge)", async () => {
    const adapter = stripe();
    const { customerRef } = await adapter.createCustomer({ userId: crypto.randomUUID(), email: "idem@example.com" });
    const input = payment({ customerRef, paymentMethodRef: "pm_card_visa" });
    const first = await adapter.createPayment(input);
    const second = await adapter.createPayment(input);
    expect(first.status).toBe("succeeded");
    expect(second.paymentRef).toBe(first.paymentRef);
    const conflict = await rejection(adapter.createPayment({ ...input, amountCents: 100 }));
    expect((conflict as PaymentsError).code).toBe("idempotency_conflict");
  });

  it("pm_card_visa succeeds and reports the card", async () => {
    const outcome = await stripe().createPayment(payment({ paymentMethodRef: "pm_card_visa" }));
    expect(outcome).toMatchObject({ status: "succeeded", card: { brand: "visa", last4: "4242" } });
    expect(outcome.error).toBeUndefined();
  });

  const declines: [string, PaymentErrorCode, string][] = [
    ["pm_card_chargeDeclined", "card_declined", "generic_decline"],
    ["pm_card_chargeDeclinedInsufficientFunds", "insufficient_funds", "insufficient_funds"],
    ["pm_card_chargeDeclinedLostCard", "card_declined", "lost_card"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card"],
    ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "incorrect_cvc"],
    ["pm_card_chargeDeclinedProcessingError", "processing_error", "processing_error"],
  ];
  for (const [pm, code, declineCode] of declines) {
    it(`${pm} → failed with ${code}`, async () => {
      const outcome = await stripe().createPayment(payment({ paymentMethodRef: pm }));
      expect(outcome.status).toBe("failed");
      expect(outcome.error).toMatchObject({ code, declineCode });
      expect(outcome.paymentRef).toMatch(/^pi_/);
    });
  }

  it("a declined payment can be confirmed again with another card", async () => {
    const adapter = stripe();
    const declined = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_chargeDeclined" }));
    const paid = await adapter.confirmPayment({
      paymentRef: declined.paymentRef,
      idempotencyKey: `${declined.paymentRef}:2`,
      paymentMethodRef: "pm_card_mastercard",
      returnUrl: "https://shop.test/back",
    });
    expect(paid).toMatchObject({ status: "succeeded", card: { brand: "mastercard", last4: "4444" } });
    expect((await adapter.getPayment(declined.paymentRef)).status).toBe("succeeded");
  });

  it("3-D Secure: requires_action with Stripe's redirect; completing it succeeds, failing it is three_d_secure_failed", async () => {
    const adapter = stripe();
    const pending = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_threeDSecure2Required" }));
    expect(pending.status).toBe("requires_action");
    expect(pending.nextAction?.redirectUrl).toBe(`${BASE}/__fake/3ds/${pending.paymentRef}`);
    await fake(`/__fake/3ds/${pending.paymentRef}`, {
      method: "POST",
      body: new URLSearchParams({ result: "complete" }),
    });
    expect((await adapter.getPayment(pending.paymentRef)).status).toBe("succeeded");

    const other = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_threeDSecure2Required" }));
    await fake(`/__fake/3ds/${other.paymentRef}`, { method: "POST", body: new URLSearchParams({ result: "fail" }) });
    expect(await adapter.getPayment(other.paymentRef)).toMatchObject({
      status: "failed",
      error: { code: "three_d_secure_failed" },
    });
  });

  it("confirmAction and raw cards are not Stripe's way", async () => {
    const adapter = stripe();
    expect(((await rejection(adapter.confirmAction("pi_x", "complete"))) as PaymentsError).code).toBe("unsupported");
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect(((await rejection(adapter.createPayment(payment({ card })))) as PaymentsError).code).toBe("unsupported");
    expect(((await rejection(adapter.tokenizeCard(card))) as PaymentsError).code).toBe("unsupported");
  });

  it("an unknown PaymentIntent is not_found", async () => {
    expect(((await rejection(stripe().getPayment("pi_nope"))) as PaymentsError).code).toBe("not_found");
  });
});

describe("stripe adapter: saved cards and off-session charges", () => {
  it("SetupIntent, attach, list, off-session charge, detach", async () => {
    const adapter = stripe();
    const { customerRef } = await adapter.createCustomer({ userId: crypto.randomUUID(), email: "save@example.com" });
    expect(customerRef).toMatch(/^cus_/);
    const setup = await adapter.createSetupIntent({ customerRef, idempotencyKey: `setup:${customerRef}:1` });
    expect(setup).toMatchObject({
      status: "requires_payment_method",
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
    });

    const saved = await adapter.attachPaymentMethod({
      customerRef,
      paymentMethodRef: "pm_card_authenticationRequiredOnSetup",
    });
    expect(saved).toMatchObject({ brand: "visa", last4: "3155", paymentMethodRef: expect.stringMatching(/^pm_/) });
    expect(await adapter.listPaymentMethods(customerRef)).toEqual([saved]);

    const renewal = await adapter.createPayment(
      payment({ customerRef, paymentMethodRef: saved.paymentMethodRef, offSession: true }),
    );
    expect(renewal.status).toBe("succeeded");

    const strict = await adapter.attachPaymentMethod({
      customerRef,
      paymentMethodRef: "pm_card_threeDSecure2Required",
    });
    const refused = await adapter.createPayment(
      payment({ customerRef, paymentMethodRef: strict.paymentMethodRef, offSession: true }),
    );
    expect(refused).toMatchObject({ status: "failed", error: { code: "authentication_required" } });

    await adapter.detachPaymentMethod(saved.paymentMethodRef);
    await adapter.detachPaymentMethod(saved.paymentMethodRef); // already gone: no error
    expect((await adapter.listPaymentMethods(customerRef)).map((pm) => pm.last4)).toEqual(["3220"]);
  });

  it("attaching a card the issuer declines throws CardError", async () => {
    const adapter = stripe();
    const { customerRef } = await adapter.createCustomer({ userId: crypto.randomUUID(), email: "decl@example.com" });
    const error = await rejection(
      adapter.attachPaymentMethod({ customerRef, paymentMethodRef: "pm_card_chargeDeclined" }),
    );
    expect(error).toBeInstanceOf(CardError);
    expect((error as CardError).code).toBe("card_declined");
  });
});

describe("stripe adapter: refunds", () => {
  it("partial then full refund; the same key never refunds twice; over-refund is refused", async () => {
    const adapter = stripe();
    const paid = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa" }));
    const part = await adapter.refund({
      paymentRef: paid.paymentRef,
      amountCents: 499,
      idempotencyKey: `refund:${paid.paymentRef}:1`,
    });
    expect(part).toMatchObject({ status: "succeeded", amountCents: 499, paymentRef: paid.paymentRef, currency: "usd" });
    expect(
      await adapter.refund({
        paymentRef: paid.paymentRef,
        amountCents: 499,
        idempotencyKey: `refund:${paid.paymentRef}:1`,
      }),
    ).toEqual(part);
    const rest = await adapter.refund({ paymentRef: paid.paymentRef, idempotencyKey: `refund:${paid.paymentRef}:2` });
    expect(rest.amountCents).toBe(2000);
    expect((await adapter.getPayment(paid.paymentRef)).refundedCents).toBe(2499);
    const over = await rejection(
      adapter.refund({ paymentRef: paid.paymentRef, amountCents: 1, idempotencyKey: `refund:${paid.paymentRef}:3` }),
    );
    expect((over as PaymentsError).code).toBe("invalid_request");
  });
});

describe("stripe adapter: provider faults are not declines", () => {
  const faults: [string, string, boolean][] = [
    ["500", "unreachable", true],
    ["429", "rate_limited", true],
    ["drop", "unreachable", true],
  ];
  for (const [fault, code, unknown] of faults) {
    it(`${fault} → PaymentsError ${code} (outcome unknown: ${unknown})`, async () => {
      const error = await rejection(
        stripe(`sk_test_fault_${fault}_${crypto.randomUUID().slice(0, 8)}`).createPayment(
          payment({ paymentMethodRef: "pm_card_visa" }),
        ),
      );
      expect(error).toBeInstanceOf(PaymentsError);
      expect((error as PaymentsError).code).toBe(code);
      expect((error as PaymentsError).outcomeUnknown).toBe(unknown);
    });
  }

  it("no answer in time → timeout, outcome unknown", async () => {
    const error = await rejection(
      stripe(`sk_test_fault_hang_${crypto.randomUUID().slice(0, 8)}`, 300).createPayment(
        payment({ paymentMethodRef: "pm_card_visa" }),
      ),
    );
    expect((error as PaymentsError).code).toBe("timeout");
    expect((error as PaymentsError).outcomeUnknown).toBe(true);
  });

  it("a wrong API key is misconfigured, not a decline", async () => {
    const error = await rejection(stripe("rk_live_wrong").createPayment(payment()));
    expect((error as PaymentsError).code).toBe("misconfigured");
  });
});

describe("stripe adapter: webhooks (constructEventAsync)", () => {
  async function eventsOf(paymentRef: string, t?: number) {
    return fake<{ body: string; signature: string }[]>(`/__fake/events?object=${paymentRef}${t ? `&t=${t}` : ""}`);
  }

  it("a signed payment_intent.succeeded becomes payment.succeeded; a decline payment.failed", async () => {
    const adapter = stripe();
    const paid = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa" }));
    const [delivery] = await eventsOf(paid.paymentRef);
    const event = await adapter.parseWebhook(delivery!.body, delivery!.signature);
    expect(event).toMatchObject({
      type: "payment.succeeded",
      payment: { paymentRef: paid.paymentRef, status: "succeeded", amountCents: 2499 },
    });

    const declined = await adapter.createPayment(
      payment({ paymentMethodRef: "pm_card_chargeDeclinedInsufficientFunds" }),
    );
    const [failed] = await eventsOf(declined.paymentRef);
    expect(await adapter.parseWebhook(failed!.body, failed!.signature)).toMatchObject({
      type: "payment.failed",
      payment: { status: "failed", error: { code: "insufficient_funds" } },
    });
  });

  it("a refund event becomes refund.updated", async () => {
    const adapter = stripe();
    const paid = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa" }));
    const refund = await adapter.refund({ paymentRef: paid.paymentRef, idempotencyKey: `refund:${paid.paymentRef}` });
    const [delivery] = await eventsOf(refund.refundRef);
    expect(await adapter.parseWebhook(delivery!.body, delivery!.signature)).toMatchObject({
      type: "refund.updated",
      refund: { refundRef: refund.refundRef, status: "succeeded" },
    });
  });

  it("bad signature, tampered body, missing header and a replay older than 5 minutes are refused", async () => {
    const adapter = stripe();
    const paid = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa" }));
    const [good] = await eventsOf(paid.paymentRef);
    const [old] = await eventsOf(paid.paymentRef, Math.floor(Date.now() / 1000) - 600);
    const cases: [string, string | null, string][] = [
      [good!.body.replace('"amount":2499', '"amount":1'), good!.signature, "mismatch"],
      [
        good!.body,
        good!.signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === "0" ? "1" : "0"}`),
        "mismatch",
      ],
      [good!.body, null, "missing"],
      [old!.body, old!.signature, "expired"],
    ];
    for (const [body, signature, reason] of cases) {
      const error = await rejection(adapter.parseWebhook(body, signature));
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).reason).toBe(reason);
    }
  });
});

describe("stripe adapter: manual capture (capture_method=manual, then /capture or /cancel)", () => {
  it("authorises with capture_method=manual; a partial capture sends amount_to_capture; asking again captures nothing more", async () => {
    const adapter = stripe();
    const input = payment({ paymentMethodRef: "pm_card_visa", captureMethod: "manual" });
    const held = await adapter.createPayment(input);
    expect(held).toMatchObject({ status: "requires_capture", amountCents: 2499, capturedCents: 0 });
    const [sent] = await fake<{ form: Record<string, string> }[]>(
      `/__fake/requests?idempotency_key=${encodeURIComponent(input.idempotencyKey)}`,
    );
    expect(sent?.form.capture_method).toBe("manual");

    const key = `capture:${crypto.randomUUID()}`;
    const captured = await adapter.capturePayment({
      paymentRef: held.paymentRef,
      amountCents: 2000,
      idempotencyKey: key,
    });
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 2499, capturedCents: 2000 });
    const captures = await fake<{ path: string; form: Record<string, string> }[]>(
      `/__fake/requests?idempotency_key=${encodeURIComponent(key)}`,
    );
    expect(captures).toMatchObject([
      { path: `/v1/payment_intents/${held.paymentRef}/capture`, form: { amount_to_capture: "2000" } },
    ]);
    expect(
      await adapter.capturePayment({
        paymentRef: held.paymentRef,
        amountCents: 2000,
        idempotencyKey: `capture:${crypto.randomUUID()}`,
      }),
    ).toMatchObject({ capturedCents: 2000 });
    // Refunds stop at what was taken.
    expect(
      await rejection(
        adapter.refund({
          paymentRef: held.paymentRef,
          amountCents: 2001,
          idempotencyKey: `refund:${crypto.randomUUID()}`,
        }),
      ),
    ).toMatchObject({ code: "invalid_request" });
  });

  it("cancel releases the authorisation (canceled, nothing received); a canceled intent cannot be captured", async () => {
    const adapter = stripe();
    const held = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa", captureMethod: "manual" }));
    const released = await adapter.cancelPayment({
      paymentRef: held.paymentRef,
      idempotencyKey: `cancel:${crypto.randomUUID()}`,
    });
    expect(released).toMatchObject({ status: "canceled", capturedCents: 0 });
    expect(released.error).toBeUndefined();
    expect(
      await adapter.cancelPayment({ paymentRef: held.paymentRef, idempotencyKey: `cancel:${crypto.randomUUID()}` }),
    ).toMatchObject({ status: "canceled" });
    expect(
      await rejection(
        adapter.capturePayment({ paymentRef: held.paymentRef, idempotencyKey: `capture:${crypto.randomUUID()}` }),
      ),
    ).toMatchObject({ code: "invalid_request" });
  });

  it("3-D Secure on an authorisation: completing it leaves requires_capture, not a charge", async () => {
    const adapter = stripe();
    const pending = await adapter.createPayment(
      payment({ paymentMethodRef: "pm_card_authenticationRequired", captureMethod: "manual" }),
    );
    expect(pending.status).toBe("requires_action");
    await fake(`/__fake/3ds/${pending.paymentRef}`, {
      method: "POST",
      body: new URLSearchParams({ result: "complete" }),
    });
    expect(await adapter.getPayment(pending.paymentRef)).toMatchObject({
      status: "requires_capture",
      capturedCents: 0,
    });
  });

  it("a signed payment_intent.amount_capturable_updated becomes payment.requires_capture", async () => {
    const adapter = stripe();
    const held = await adapter.createPayment(payment({ paymentMethodRef: "pm_card_visa", captureMethod: "manual" }));
    const [event] = await fake<{ body: string; signature: string }[]>(`/__fake/events?object=${held.paymentRef}`);
    expect(await adapter.parseWebhook(event?.body ?? "", event?.signature ?? null)).toMatchObject({
      type: "payment.requires_capture",
      payment: { paymentRef: held.paymentRef, status: "requires_capture" },
    });
  });
});
