// Saved payment methods (SPEC §7 "Payments and discounts"), plus the test provider's
// browser-facing endpoints: tokenising a typed card and the simulated 3-D Secure page. Every
// route needs the bearer token and is scoped to the signed-in user: another user's card or
// payment answers 404 as if it did not exist.
import { CardError, PaymentsError, type PaymentsAdapter } from "../adapters/payments";
import { authOf, requireAuth, unauthorized } from "../auth/middleware";
import {
  customerRefFor,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  savePaymentMethod,
  setDefaultPaymentMethod,
} from "../db/payment-methods";
import { findUserById } from "../db/users";
import {
  choosePaymentMethodRoute,
  deletePaymentMethodRoute,
  listPaymentMethodsRoute,
  removePaymentMethodRoute,
  savePaymentMethodRoute,
  setDefaultPaymentMethodRoute,
  setupIntentRoute,
  testThreeDsAnswerRoute,
  testThreeDsRoute,
  testTokenizeRoute,
} from "../contract/payments";
import { ApiError } from "../errors";
import { apiCardCode, cardErrorResponse, methodNotFound, paymentsErrorResponse } from "../payment-errors";
import { contractRouter } from "../validate";

const paymentNotFound = () => new ApiError(404, "payment_not_found", "No such payment.");

/** Runs a provider call, turning its errors into API errors. */
async function provider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CardError) throw cardErrorResponse(error);
    if (error instanceof PaymentsError) throw paymentsErrorResponse(error);
    throw error;
  }
}

async function customerOf(db: D1Database, payments: PaymentsAdapter, userId: string, now: Date): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return provider(() => customerRefFor(db, payments, { id: user.id, email: user.email }, now));
}

function listBody(methods: Awaited<ReturnType<typeof listPaymentMethods>>, payments: PaymentsAdapter) {
  return {
    success: true as const,
    payment_methods: methods,
    data: { payment_methods: methods, provider: payments.provider, publishable_key: payments.publishableKey },
  };
}

const router = contractRouter();
router.use("/user/payment-methods", requireAuth);
router.use("/user/payment-methods/*", requireAuth);
router.use("/user/payment-method", requireAuth);
router.use("/payment/test/*", requireAuth);

export const paymentMethodRoutes = router
  .openapi(listPaymentMethodsRoute, async (c) => {
    const { payments } = c.var.services;
    return c.json(listBody(await listPaymentMethods(c.env.DB, authOf(c).userId, payments.provider), payments), 200);
  })
  .openapi(savePaymentMethodRoute, async (c) => {
    const { payments, now } = c.var.services;
    const { userId } = authOf(c);
    const body = c.req.valid("json");
    const customerRef = await customerOf(c.env.DB, payments, userId, now());
    const card = await provider(() =>
      payments.attachPaymentMethod({ customerRef, paymentMethodRef: body.stripe_payment_method_id }),
    );
    const { method, created, replacedRef } = await savePaymentMethod(
      c.env.DB,
      userId,
      payments.provider,
      card,
      { setAsDefault: body.set_as_default, nickname: body.nickname },
      now(),
    );
    // The same card saved before (same fingerprint): its row now holds the new id; the old one goes.
    if (replacedRef)
      await payments
        .detachPaymentMethod(replacedRef)
        .catch((error: unknown) => console.error("payment methods: could not detach", replacedRef, error));
    const reply = { success: true as const, payment_method: method, data: method, message: "Card saved." };
    return created ? c.json(reply, 201) : c.json(reply, 200);
  })
  .openapi(setupIntentRoute, async (c) => {
    const { payments, now } = c.var.services;
    const { userId } = authOf(c);
    const customerRef = await customerOf(c.env.DB, payments, userId, now());
    const setup = await provider(() =>
      payments.createSetupIntent({ customerRef, idempotencyKey: `setup:${userId}:${crypto.randomUUID()}` }),
    );
    return c.json(
      {
        success: true as const,
        data: {
          setup_ref: setup.setupRef,
          client_secret: setup.clientSecret ?? null,
          status: setup.status,
          provider: payments.provider,
          publishable_key: payments.publishableKey,
        },
      },
      200,
    );
  })
  .openapi(setDefaultPaymentMethodRoute, async (c) => {
    const { now } = c.var.services;
    const method = await setDefaultPaymentMethod(c.env.DB, authOf(c).userId, c.req.valid("param").id, now());
    if (!method) throw methodNotFound();
    return c.json(
      { success: true as const, payment_method: method, data: method, message: "Default card changed." },
      200,
    );
  })
  .openapi(deletePaymentMethodRoute, async (c) => {
    const { userId } = authOf(c);
    const method = await removeMethod(c.env.DB, c.var.services.payments, userId, c.req.valid("param").id);
    return c.json({ success: true as const, data: { id: method.id }, message: "Card removed." }, 200);
  })
  // SPEC §7's singular form, by our id or the provider's: POST makes that card the one used for
  // renewals (the default), saving it first when it is a new provider id; DELETE removes it.
  .openapi(choosePaymentMethodRoute, async (c) => {
    const { payments, now } = c.var.services;
    const { userId } = authOf(c);
    const id = c.req.valid("json").payment_method_id;
    const existing = await getPaymentMethod(c.env.DB, userId, id);
    if (existing) {
      const method = await setDefaultPaymentMethod(c.env.DB, userId, existing.id, now());
      // Removed meanwhile (another tab): as if it had never been there.
      if (!method) throw methodNotFound();
      return c.json(
        { success: true as const, payment_method: method, data: method, message: "Default card changed." },
        200,
      );
    }
    if (!id.startsWith("pm_") && !id.startsWith("card_")) throw methodNotFound();
    const customerRef = await customerOf(c.env.DB, payments, userId, now());
    const card = await provider(() => payments.attachPaymentMethod({ customerRef, paymentMethodRef: id }));
    const { method, replacedRef } = await savePaymentMethod(
      c.env.DB,
      userId,
      payments.provider,
      card,
      { setAsDefault: true, nickname: null },
      now(),
    );
    if (replacedRef)
      await payments
        .detachPaymentMethod(replacedRef)
        .catch((error: unknown) => console.error("payment methods: could not detach", replacedRef, error));
    return c.json({ success: true as const, payment_method: method, data: method, message: "Card saved." }, 201);
  })
  .openapi(removePaymentMethodRoute, async (c) => {
    const { userId } = authOf(c);
    const method = await removeMethod(c.env.DB, c.var.services.payments, userId, c.req.valid("json").payment_method_id);
    return c.json({ success: true as const, data: { id: method.id }, message: "Card removed." }, 200);
  })
  // ---- the embedded test provider's browser side (404 with another provider) ----
  .openapi(testTokenizeRoute, async (c) => {
    const { payments } = c.var.services;
    if (payments.provider !== "test") throw new ApiError(404, "not_found", "The test payment provider is not in use.");
    const body = c.req.valid("json");
    const card = {
      number: body.number.replace(/[\s-]/g, ""),
      expMonth: body.exp_month,
      expYear: body.exp_year,
      cvc: body.cvc,
    };
    try {
      const method = await payments.tokenizeCard(card);
      return c.json(
        {
          success: true as const,
          data: {
            payment_method_id: method.paymentMethodRef,
            brand: method.brand,
            last4: method.last4,
            exp_month: method.expMonth,
            exp_year: method.expYear,
          },
        },
        201,
      );
    } catch (error) {
      if (error instanceof CardError) {
        const field =
          error.code.includes("expiry") || error.code === "expired_card"
            ? "exp_month"
            : error.code.includes("cvc")
              ? "cvc"
              : "number";
        throw new ApiError(400, apiCardCode(error), error.message, [{ path: field, message: error.code }]);
      }
      throw error;
    }
  })
  .openapi(testThreeDsRoute, async (c) => {
    const payment = await ownPayment(c.var.services.payments, authOf(c).userId, c.req.valid("param").ref);
    return c.json({ success: true as const, data: threeDsView(payment) }, 200);
  })
  .openapi(testThreeDsAnswerRoute, async (c) => {
    const { payments } = c.var.services;
    const { ref } = c.req.valid("param");
    await ownPayment(payments, authOf(c).userId, ref);
    const after = await provider(() => payments.confirmAction(ref, c.req.valid("json").result));
    return c.json({ success: true as const, data: threeDsView(after) }, 200);
  });

/** The test provider's payment of this user (404 otherwise, and with another provider). */
async function ownPayment(payments: PaymentsAdapter, userId: string, ref: string) {
  if (payments.provider !== "test") throw new ApiError(404, "not_found", "The test payment provider is not in use.");
  try {
    const payment = await payments.getPayment(ref);
    if (payment.metadata.userId !== userId) throw paymentNotFound();
    return payment;
  } catch (error) {
    if (error instanceof PaymentsError && error.code === "not_found") throw paymentNotFound();
    throw error;
  }
}

function threeDsView(payment: Awaited<ReturnType<PaymentsAdapter["getPayment"]>>) {
  return {
    payment_ref: payment.paymentRef,
    status: payment.status,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    error_code: payment.error?.code ?? null,
    // Where the page sends the browser afterwards, with Stripe's query parameters.
    return_url: payment.returnUrl ? returnWith(payment.returnUrl, payment.paymentRef, payment.status) : null,
  };
}

/** `returnUrl?payment_intent=pi_…&redirect_status=succeeded|failed`, as Stripe returns from 3-D Secure. */
function returnWith(returnUrl: string, paymentRef: string, status: string): string {
  const separator = returnUrl.includes("?") ? "&" : "?";
  const redirectStatus = status === "succeeded" ? "succeeded" : status === "processing" ? "pending" : "failed";
  return `${returnUrl}${separator}payment_intent=${encodeURIComponent(paymentRef)}&redirect_status=${redirectStatus}`;
}

async function removeMethod(db: D1Database, payments: PaymentsAdapter, userId: string, id: string) {
  const method = await getPaymentMethod(db, userId, id);
  if (!method) throw methodNotFound();
  if (method.provider === payments.provider) {
    await provider(() => payments.detachPaymentMethod(method.stripe_payment_method_id));
  }
  await deletePaymentMethod(db, userId, method.id);
  return method;
}
