// What the payment provider says about an order's payment, applied to the order (only forward).
import { PaymentsError, type PaymentOutcome } from "../adapters/payments";
import {
  getOrderById,
  latestPayment,
  setOrderStatus,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from "../db/orders";
import { customerRefFor, getPaymentMethod, savePaymentMethod } from "../db/payment-methods";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import type { ApiServices } from "../services";
import { failOrder } from "./fail-order";
import { releaseHold, runFulfilment } from "./fulfil";

/**
 * Records what the provider says about the order's payment and moves the order on. Only forward:
 * a late "processing" after "succeeded" changes nothing; a success fulfils (idempotently).
 */
export async function applyPaymentOutcome(
  env: ApiEnv,
  services: ApiServices,
  orderId: string,
  payment: PaymentRow,
  outcome: PaymentOutcome,
): Promise<void> {
  const db = env.DB;
  const now = services.now();
  const card = {
    cardBrand: outcome.card?.brand ?? null,
    cardLast4: outcome.card?.last4 ?? null,
    providerRef: outcome.paymentRef,
  };
  // The card goes through (charged or held): keep it when the customer asked to.
  if (outcome.status === "succeeded" || outcome.status === "requires_capture")
    await saveCardOfPayment(env, services, payment, outcome);
  if (payment.status === "succeeded" || payment.status === "refunded") {
    if (outcome.status === "succeeded") await runFulfilment(env, services, orderId);
    return;
  }
  // A hold of ours: fulfilment settles it (captures what was carried out, releases the rest).
  if (payment.status === "authorized") {
    // (A crash between recording the hold and moving the order on leaves it pending: move it now.)
    await setOrderStatus(db, orderId, ["pending"], "paid", now, { errorCode: null });
    await runFulfilment(env, services, orderId);
    return;
  }
  if (payment.status === "canceled") return;
  switch (outcome.status) {
    case "requires_capture": {
      await updatePayment(db, payment.id, { status: "authorized", ...card }, now);
      if (await setOrderStatus(db, orderId, ["pending"], "paid", now, { errorCode: null })) {
        await runFulfilment(env, services, orderId);
        return;
      }
      // The order was given up meanwhile (abandoned): release the hold, take nothing.
      const order = await getOrderById(db, orderId);
      if (order && (order.status === "paid" || order.status === "fulfilling"))
        await runFulfilment(env, services, orderId);
      else await releaseHold(env, services, orderId, { ...payment, provider_ref: outcome.paymentRef });
      return;
    }
    case "succeeded":
      await updatePayment(db, payment.id, { status: "succeeded", ...card }, now);
      await setOrderStatus(db, orderId, ["pending", "failed", "cancelled"], "paid", now, { errorCode: null });
      await runFulfilment(env, services, orderId);
      return;
    case "processing":
      await updatePayment(db, payment.id, { status: "processing", ...card }, now);
      return;
    case "requires_action":
      await updatePayment(
        db,
        payment.id,
        { status: "requires_confirmation", nextActionUrl: outcome.nextAction?.redirectUrl ?? null, ...card },
        now,
      );
      return;
    case "requires_payment_method":
      await updatePayment(db, payment.id, { status: "requires_confirmation", ...card }, now);
      return;
    case "failed":
    case "canceled": {
      const code = outcome.error?.code ?? "payment_failed";
      await updatePayment(db, payment.id, { status: "failed", errorCode: code, ...card }, now);
      await failOrder(db, orderId, code, now);
      return;
    }
  }
}

/**
 * "Save this card for renewals": once the payment has gone through, the card is attached to the
 * user's provider customer (Stripe already did so for `setup_future_usage`; attaching again is a
 * no-op) and stored as the default card — the one auto-renewal charges and the next checkout
 * offers first. Idempotent (a replayed webhook, the return page and the job may all get here);
 * the same card saved before stays one row. A failure to save never fails the paid order: it is
 * logged and tried again on the next report of the payment.
 */
async function saveCardOfPayment(
  env: ApiEnv,
  services: ApiServices,
  payment: PaymentRow,
  outcome: PaymentOutcome,
): Promise<void> {
  const db = env.DB;
  const paid = outcome.card;
  if (payment.save_card !== 1 || !paid?.paymentMethodRef) return;
  if (await getPaymentMethod(db, payment.user_id, paid.paymentMethodRef)) return;
  const now = services.now();
  try {
    const user = await findUserById(db, payment.user_id);
    if (!user) return;
    const customerRef = await customerRefFor(db, services.payments, { id: user.id, email: user.email }, now);
    const attached = await services.payments.attachPaymentMethod({
      customerRef,
      paymentMethodRef: paid.paymentMethodRef,
    });
    const { replacedRef } = await savePaymentMethod(
      db,
      user.id,
      services.payments.provider,
      { ...attached, fingerprint: attached.fingerprint ?? paid.fingerprint },
      { setAsDefault: true, nickname: null },
      now,
    );
    // The same card saved before under another provider id: that one is no longer ours to keep.
    if (replacedRef) await services.payments.detachPaymentMethod(replacedRef);
  } catch (error) {
    console.error("checkout: could not save the card of payment", payment.id, error);
  }
}

/** Asks the provider about the order's latest payment (after 3-D Secure, or from the job). */
export async function syncOrderPayment(env: ApiEnv, services: ApiServices, order: OrderRow): Promise<void> {
  const payment = await latestPayment(env.DB, order.id);
  // Without the provider's id (its first answer never arrived) only its webhook, which names the
  // order in its metadata, can tell; until then the order waits, and is cancelled when abandoned.
  if (!payment?.provider_ref) return;
  let outcome: PaymentOutcome;
  try {
    outcome = await services.payments.getPayment(payment.provider_ref);
  } catch (error) {
    if (error instanceof PaymentsError && (error.outcomeUnknown || error.code === "not_found")) return;
    throw error;
  }
  await applyPaymentOutcome(env, services, order.id, payment, outcome);
}
