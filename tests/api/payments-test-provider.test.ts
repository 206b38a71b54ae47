// The embedded payments provider (workers/api/adapters/payments/test-provider.ts) on the real
// migrations: every Stripe test card's outcome, idempotency, refunds, 3-D Secure, saved cards,
// off-session charges and webhook signatures.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  CardError,
  PaymentsError,
  WebhookSignatureError,
  createTestPaymentsProvider,
  signWebhookPayload,
  type CardInput,
  type CreatePaymentInput,
  type PaymentErrorCode,
} from "../../workers/api/adapters/payments";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const SECRET = "whsec_unit_test_secret";
const provider = () => createTestPaymentsProvider(env.DB, { now: () => NOW, webhookSecret: SECRET });

function card(number: string, overrides: Partial<CardInput> = {}): CardInput {
  return { number, expMonth: 12, expYear: 2030, cvc: "123", ...overrides };
}

function payment(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const id = crypto.randomUUID();
  return {
    idempotencyKey: `order:${id}:1`,
    amountCents: 1299,
    currency: "usd",
    description: `Trinity order ${id}`,
    metadata: { orderId: id, userId: `user-${id}` },
    returnUrl: `/checkout/${id}/return`,
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

describe("test provider: charging a typed card", () => {
  it("4242 4242 4242 4242 succeeds and keeps only brand, last four and expiry", async () => {
    const outcome = await provider().createPayment(payment({ card: card("4242424242424242") }));
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: 1299, currency: "usd", refundedCents: 0 });
    expect(outcome.paymentRef).toMatch(/^pi_/);
    expect(outcome.error).toBeUndefined();
    expect(outcome.card).toEqual({
      paymentMethodRef: expect.stringMatching(/^pm_/),
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const stored = await env.DB.prepare("SELECT * FROM testpay_payment_methods WHERE id = ?1")
      .bind(outcome.card?.paymentMethodRef)
      .first();
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
    expect(JSON.stringify(stored)).not.toContain('"123"');
  });

  const declines: [string, PaymentErrorCode, string][] = [
    ["4000000000000002", "card_declined", "generic_decline"],
    ["4000000000009995", "insufficient_funds", "insufficient_funds"],
    ["4000000000009987", "card_declined", "lost_card"],
    ["4000000000009979", "card_declined", "stolen_card"],
    ["4000000000000069", "expired_card", "expired_card"],
    ["4000000000000127", "incorrect_cvc", "incorrect_cvc"],
    ["4000000000000119", "processing_error", "processing_error"],
  ];
  for (const [number, code, declineCode] of declines) {
    it(`${number} fails with ${code} (${declineCode})`, async () => {
      const outcome = await provider().createPayment(payment({ card: card(number) }));
      expect(outcome.status).toBe("failed");
      expect(outcome.error).toMatchObject({ code, declineCode });
      expect(outcome.card?.last4).toBe(number.slice(-4));
    });
  }

  const typos: [CardInput, PaymentErrorCode][] = [
    [card("424242424242"), "incomplete_number"],
    [card("4242424242424241"), "invalid_number"],
    [card("4242424242424242", { expMonth: 13 }), "incomplete_expiry"],
    [card("4242424242424242", { expMonth: 10, expYear: 2026 }), "expired_card"],
    [card("4242424242424242", { cvc: "12" }), "incomplete_cvc"],
  ];
  for (const [input, code] of typos) {
    it(`a card with ${code} is refused before any charge`, async () => {
      const outcome = await provider().createPayment(payment({ card: input }));
      expect(outcome.status).toBe("failed");
      expect(outcome.error?.code).toBe(code);
      expect(outcome.card).toBeUndefined();
    });
  }

  it("without a card the payment waits for one, then a retry with another card succeeds once", async () => {
    const payments = provider();
    const created = await payments.createPayment(payment());
    expect(created.status).toBe("requires_payment_method");
    const declined = await payments.confirmPayment({
      paymentRef: created.paymentRef,
      idempotencyKey: `${created.paymentRef}:1`,
      card: card("4000000000000002"),
      returnUrl: "/back",
    });
    expect(declined).toMatchObject({ status: "failed", error: { code: "card_declined" } });
    const paid = await payments.confirmPayment({
      paymentRef: created.paymentRef,
      idempotencyKey: `${created.paymentRef}:2`,
      card: card("4242424242424242"),
      returnUrl: "/back",
    });
    expect(paid.status).toBe("succeeded");
    // A third try (another key) on a paid payment changes nothing: no second charge.
    const again = await payments.confirmPayment({
      paymentRef: created.paymentRef,
      idempotencyKey: `${created.paymentRef}:3`,
      card: card("4000000000009995"),
      returnUrl: "/back",
    });
    expect(again).toMatchObject({ status: "succeeded", card: { last4: "4242" } });
    // Replaying the declined attempt's key answers the payment as it is now.
    const replay = await payments.confirmPayment({
      paymentRef: created.paymentRef,
      idempotencyKey: `${created.paymentRef}:1`,
      card: card("4000000000000002"),
      returnUrl: "/back",
    });
    expect(replay.status).toBe("succeeded");
  });

  it("rejects nonsense amounts and currencies as the caller's mistake", async () => {
    for (const overrides of [{ amountCents: 0 }, { amountCents: -5 }, { amountCents: 12.5 }, { currency: "dollars" }]) {
      const error = await rejection(
        provider().createPayment(payment({ ...overrides, card: card("4242424242424242") })),
      );
      expect(error).toBeInstanceOf(PaymentsError);
      expect((error as PaymentsError).code).toBe("invalid_request");
      expect((error as PaymentsError).outcomeUnknown).toBe(false);
    }
  });

  it("getPayment of an unknown ref is not_found", async () => {
    const error = await rejection(provider().getPayment("pi_doesnotexist"));
    expect((error as PaymentsError).code).toBe("not_found");
  });
});

describe("test provider: idempotency", () => {
  it("the same key answers the same payment and never charges twice", async () => {
    const input = payment({ card: card("4242424242424242") });
    const first = await provider().createPayment(input);
    const second = await provider().createPayment({ ...input, card: card("4000000000000002") });
    expect(second).toEqual(first);
    const { results } = await env.DB.prepare("SELECT id FROM testpay_payments WHERE order_id = ?1")
      .bind(input.metadata.orderId)
      .all();
    expect(results).toHaveLength(1);
  });

  it("ten concurrent calls with one key make one payment", async () => {
    const input = payment({ card: card("4242424242424242") });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => provider().createPayment(input)));
    expect(new Set(outcomes.map((o) => o.paymentRef)).size).toBe(1);
    const { results } = await env.DB.prepare("SELECT id FROM testpay_payments WHERE order_id = ?1")
      .bind(input.metadata.orderId)
      .all();
    expect(results).toHaveLength(1);
  });

  it("the same key with another amount is an idempotency conflict", async () => {
    const input = payment({ card: card("4242424242424242") });
    await provider().createPayment(input);
    const error = await rejection(provider().createPayment({ ...input, amountCents: 999 }));
    expect((error as PaymentsError).code).toBe("idempotency_conflict");
  });
});

describe("test provider: 3-D Secure", () => {
  for (const number of ["4000002760003184", "4000002500003155"]) {
    it(`${number} needs 3-D Secure; completing it succeeds`, async () => {
      const payments = provider();
      const pending = await payments.createPayment(payment({ card: card(number) }));
      expect(pending.status).toBe("requires_action");
      expect(pending.nextAction).toEqual({ redirectUrl: `/payment/3ds/${pending.paymentRef}` });
      const done = await payments.confirmAction(pending.paymentRef, "complete");
      expect(done.status).toBe("succeeded");
      expect(done.nextAction).toBeUndefined();
      // Pressing Complete again (back button, double click) changes nothing.
      expect((await payments.confirmAction(pending.paymentRef, "fail")).status).toBe("succeeded");
    });
  }

  it("failing 3-D Secure ends in three_d_secure_failed", async () => {
    const payments = provider();
    const pending = await payments.createPayment(payment({ card: card("4000002760003184") }));
    const failed = await payments.confirmAction(pending.paymentRef, "fail");
    expect(failed).toMatchObject({ status: "failed", error: { code: "three_d_secure_failed" } });
    expect((await payments.getPayment(pending.paymentRef)).status).toBe("failed");
  });

  it("4000 0082 6000 3178 passes 3-D Secure and is then declined for insufficient funds", async () => {
    const payments = provider();
    const pending = await payments.createPayment(payment({ card: card("4000008260003178") }));
    const after = await payments.confirmAction(pending.paymentRef, "complete");
    expect(after).toMatchObject({ status: "failed", error: { code: "insufficient_funds" } });
  });
});

describe("test provider: customers, saved cards, off-session", () => {
  it("one customer per user, and saved cards list with brand, last four and expiry", async () => {
    const payments = provider();
    const userId = crypto.randomUUID();
    const { customerRef } = await payments.createCustomer({ userId, email: "a@example.com" });
    expect((await payments.createCustomer({ userId, email: "a@example.com" })).customerRef).toBe(customerRef);
    const pm = await payments.tokenizeCard(card("5555555555554444", { expMonth: 3, expYear: 2031 }));
    const attached = await payments.attachPaymentMethod({ customerRef, paymentMethodRef: pm.paymentMethodRef });
    expect(attached).toEqual({
      paymentMethodRef: pm.paymentMethodRef,
      brand: "mastercard",
      last4: "4444",
      expMonth: 3,
      expYear: 2031,
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(await payments.listPaymentMethods(customerRef)).toEqual([attached]);
    await payments.detachPaymentMethod(pm.paymentMethodRef);
    expect(await payments.listPaymentMethods(customerRef)).toEqual([]);
  });

  it("saving a declined card fails with its card error; a bad number fails tokenising", async () => {
    const payments = provider();
    const { customerRef } = await payments.createCustomer({ userId: crypto.randomUUID(), email: "b@example.com" });
    const pm = await payments.tokenizeCard(card("4000000000000002"));
    const error = await rejection(payments.attachPaymentMethod({ customerRef, paymentMethodRef: pm.paymentMethodRef }));
    expect(error).toBeInstanceOf(CardError);
    expect((error as CardError).code).toBe("card_declined");
    const typo = await rejection(payments.tokenizeCard(card("4242424242424241")));
    expect((typo as CardError).code).toBe("invalid_number");
  });

  it("off-session: a saved 3155 card goes through, a 3184 card needs authentication", async () => {
    const payments = provider();
    const { customerRef } = await payments.createCustomer({ userId: crypto.randomUUID(), email: "c@example.com" });
    const saved = await payments.tokenizeCard(card("4000002500003155"));
    await payments.attachPaymentMethod({ customerRef, paymentMethodRef: saved.paymentMethodRef });
    const renewed = await payments.createPayment(
      payment({ customerRef, paymentMethodRef: saved.paymentMethodRef, offSession: true }),
    );
    expect(renewed.status).toBe("succeeded");
    const strict = await payments.tokenizeCard(card("4000002760003184"));
    await payments.attachPaymentMethod({ customerRef, paymentMethodRef: strict.paymentMethodRef });
    const refused = await payments.createPayment(
      payment({ customerRef, paymentMethodRef: strict.paymentMethodRef, offSession: true }),
    );
    expect(refused).toMatchObject({ status: "failed", error: { code: "authentication_required" } });
  });

  it("another customer's saved card cannot be charged", async () => {
    const payments = provider();
    const a = await payments.createCustomer({ userId: crypto.randomUUID(), email: "d@example.com" });
    const b = await payments.createCustomer({ userId: crypto.randomUUID(), email: "e@example.com" });
    const pm = await payments.tokenizeCard(card("4242424242424242"));
    await payments.attachPaymentMethod({ customerRef: a.customerRef, paymentMethodRef: pm.paymentMethodRef });
    const error = await rejection(
      payments.createPayment(payment({ customerRef: b.customerRef, paymentMethodRef: pm.paymentMethodRef })),
    );
    expect((error as PaymentsError).code).toBe("invalid_request");
  });
});

describe("test provider: refunds", () => {
  it("refunds part then the rest, once per key, never more than was paid", async () => {
    const payments = provider();
    const paid = await payments.createPayment(payment({ card: card("4242424242424242") }));
    const part = await payments.refund({
      paymentRef: paid.paymentRef,
      amountCents: 300,
      idempotencyKey: `refund:${paid.paymentRef}:1`,
    });
    expect(part).toMatchObject({ status: "succeeded", amountCents: 300, paymentRef: paid.paymentRef, currency: "usd" });
    expect(
      await payments.refund({
        paymentRef: paid.paymentRef,
        amountCents: 300,
        idempotencyKey: `refund:${paid.paymentRef}:1`,
      }),
    ).toEqual(part);
    const rest = await payments.refund({ paymentRef: paid.paymentRef, idempotencyKey: `refund:${paid.paymentRef}:2` });
    expect(rest.amountCents).toBe(999);
    expect((await payments.getPayment(paid.paymentRef)).refundedCents).toBe(1299);
    const over = await rejection(
      payments.refund({ paymentRef: paid.paymentRef, amountCents: 1, idempotencyKey: `refund:${paid.paymentRef}:3` }),
    );
    expect((over as PaymentsError).code).toBe("invalid_request");
  });

  it("concurrent full refunds with different keys refund once", async () => {
    const payments = provider();
    const paid = await payments.createPayment(payment({ card: card("4242424242424242") }));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        payments.refund({
          paymentRef: paid.paymentRef,
          amountCents: 1299,
          idempotencyKey: `refund:${paid.paymentRef}:${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await payments.getPayment(paid.paymentRef)).refundedCents).toBe(1299);
  });

  it("a declined payment cannot be refunded", async () => {
    const payments = provider();
    const declined = await payments.createPayment(payment({ card: card("4000000000000002") }));
    const error = await rejection(
      payments.refund({ paymentRef: declined.paymentRef, idempotencyKey: `refund:${declined.paymentRef}` }),
    );
    expect((error as PaymentsError).code).toBe("invalid_request");
  });
});

describe("test provider: webhooks", () => {
  async function recordedEvent(): Promise<{ body: string; paymentRef: string }> {
    const payments = provider();
    const paid = await payments.createPayment(payment({ card: card("4242424242424242") }));
    const [event] = await payments.events(paid.paymentRef);
    return { body: JSON.stringify(event), paymentRef: paid.paymentRef };
  }

  it("a correctly signed event parses into the port's event", async () => {
    const { body, paymentRef } = await recordedEvent();
    const header = await signWebhookPayload(body, SECRET, Math.floor(NOW.getTime() / 1000));
    const event = await provider().parseWebhook(body, header);
    expect(event.type).toBe("payment.succeeded");
    expect(event.id).toMatch(/^evt_/);
    if (event.type !== "payment.succeeded") throw new Error("unreachable");
    expect(event.payment).toMatchObject({ paymentRef, status: "succeeded", amountCents: 1299 });
  });

  it("a tampered body, a wrong secret, a missing or malformed header are refused", async () => {
    const { body } = await recordedEvent();
    const t = Math.floor(NOW.getTime() / 1000);
    const header = await signWebhookPayload(body, SECRET, t);
    const cases: [string, string | null, string][] = [
      [body.replace("1299", "1"), header, "mismatch"],
      [body, await signWebhookPayload(body, "whsec_other", t), "mismatch"],
      [body, null, "missing"],
      [body, "v1=abc", "malformed"],
    ];
    for (const [payload, signature, reason] of cases) {
      const error = await rejection(provider().parseWebhook(payload, signature));
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).reason).toBe(reason);
    }
  });

  it("a replayed event signed more than 5 minutes ago is refused", async () => {
    const { body } = await recordedEvent();
    const old = await signWebhookPayload(body, SECRET, Math.floor(NOW.getTime() / 1000) - 301);
    const error = await rejection(provider().parseWebhook(body, old));
    expect((error as WebhookSignatureError).reason).toBe("expired");
  });
});

describe("test provider: manual capture (authorise, then capture or release)", () => {
  it("a manual payment is only authorised; a partial capture takes less, once; refunds stop at what was taken", async () => {
    const p = provider();
    const held = await p.createPayment(payment({ card: card("4242424242424242"), captureMethod: "manual" }));
    expect(held).toMatchObject({ status: "requires_capture", amountCents: 1299, capturedCents: 0 });
    expect((await p.events(held.paymentRef)).map((event) => event.type)).toEqual([
      "payment_intent.amount_capturable_updated",
    ]);
    expect(
      await rejection(p.refund({ paymentRef: held.paymentRef, idempotencyKey: `refund:${crypto.randomUUID()}` })),
    ).toMatchObject({ code: "invalid_request" });
    expect(
      await rejection(
        p.capturePayment({
          paymentRef: held.paymentRef,
          amountCents: 1300,
          idempotencyKey: `cap:${crypto.randomUUID()}`,
        }),
      ),
    ).toMatchObject({ code: "invalid_request" });

    const key = `cap:${crypto.randomUUID()}`;
    const captured = await p.capturePayment({ paymentRef: held.paymentRef, amountCents: 1000, idempotencyKey: key });
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 1299, capturedCents: 1000 });
    // Again (same key or another): as it stands, never a second capture.
    expect(
      await p.capturePayment({ paymentRef: held.paymentRef, amountCents: 1000, idempotencyKey: key }),
    ).toMatchObject({ capturedCents: 1000 });
    expect(
      await p.capturePayment({ paymentRef: held.paymentRef, idempotencyKey: `cap:${crypto.randomUUID()}` }),
    ).toMatchObject({ capturedCents: 1000 });
    expect(
      await rejection(
        p.cancelPayment({ paymentRef: held.paymentRef, idempotencyKey: `cancel:${crypto.randomUUID()}` }),
      ),
    ).toMatchObject({ code: "invalid_request" });

    expect(
      await rejection(
        p.refund({ paymentRef: held.paymentRef, amountCents: 1001, idempotencyKey: `refund:${crypto.randomUUID()}` }),
      ),
    ).toMatchObject({ code: "invalid_request" });
    expect(
      await p.refund({ paymentRef: held.paymentRef, idempotencyKey: `refund:${crypto.randomUUID()}` }),
    ).toMatchObject({ status: "succeeded", amountCents: 1000 });
  });

  it("cancel releases the hold: canceled, nothing taken, no refund; cancelling again answers the same", async () => {
    const p = provider();
    const held = await p.createPayment(payment({ card: card("4242424242424242"), captureMethod: "manual" }));
    const released = await p.cancelPayment({
      paymentRef: held.paymentRef,
      idempotencyKey: `cancel:${crypto.randomUUID()}`,
    });
    expect(released).toMatchObject({ status: "canceled", capturedCents: 0, refundedCents: 0 });
    expect(released.error).toBeUndefined();
    expect(
      await p.cancelPayment({ paymentRef: held.paymentRef, idempotencyKey: `cancel:${crypto.randomUUID()}` }),
    ).toMatchObject({ status: "canceled" });
    expect(
      await rejection(p.capturePayment({ paymentRef: held.paymentRef, idempotencyKey: `cap:${crypto.randomUUID()}` })),
    ).toMatchObject({ code: "invalid_request" });
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_refunds WHERE payment_id = ?1")
        .bind(held.paymentRef)
        .first<number>("n")) ?? 0,
    ).toBe(0);
  });

  it("3-D Secure on a manual payment (4000 0027 6000 3184): completing it authorises, it does not charge", async () => {
    const p = provider();
    const pending = await p.createPayment(payment({ card: card("4000002760003184"), captureMethod: "manual" }));
    expect(pending.status).toBe("requires_action");
    expect(await p.confirmAction(pending.paymentRef, "complete")).toMatchObject({
      status: "requires_capture",
      capturedCents: 0,
    });
    expect(
      await p.capturePayment({ paymentRef: pending.paymentRef, idempotencyKey: `cap:${crypto.randomUUID()}` }),
    ).toMatchObject({ status: "succeeded", capturedCents: 1299 });
  });

  it("a declined card on a manual payment fails as before (nothing held)", async () => {
    const outcome = await provider().createPayment(
      payment({ card: card("4000000000000002"), captureMethod: "manual" }),
    );
    expect(outcome).toMatchObject({ status: "failed", capturedCents: 0, error: { code: "card_declined" } });
  });

  it("an automatic charge reports the whole amount captured", async () => {
    expect(await provider().createPayment(payment({ card: card("4242424242424242") }))).toMatchObject({
      status: "succeeded",
      capturedCents: 1299,
    });
  });
});
