// Placing an order (issue 13): cart → order → payment, once per (user, idempotency key).
//
// - An order is created once per (user, idempotency key) and at most one open order exists per
//   cart (unique index): a double click, a second tab or a replayed request answers the same order.
// - The payment's idempotency key is derived from the order (`order:<id>:1`): asking the provider
//   again, after a timeout or a crash, answers the same payment, never a second charge.
// - Names to register are held for the order before any charge (`registration_holds`), so of 20
//   buyers of one name exactly one gets an order; the others a clean "being registered" refusal.
// - An order with a transfer line only authorises the card (manual capture): the registry checks
//   the auth code at fulfilment, then the amount of the lines carried out is captured and the
//   rest of the hold released (docs/decisions/2026-11-27-transfer.md). A refused transfer costs
//   nothing and leaves no refund on the customer's statement.
import type { UnifiedPaymentBody } from "../../../core/checkout";
import { PaymentsError, type PaymentOutcome } from "../adapters/payments";
import { assertTransferCodeAllowed } from "../auth/rate-limit";
import { getAddressByContactId } from "../db/addresses";
import { findUserCartId } from "../db/cart";
import {
  findOpenOrderForCart,
  findOrderByKey,
  getOrderById,
  holdNames,
  insertOrder,
  insertPayment,
  moveHolds,
  noteOrderAttempt,
  releaseHolds,
  setOrderStatus,
  updatePayment,
  type NewOrderItem,
} from "../db/orders";
import { customerRefFor, getPaymentMethod } from "../db/payment-methods";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { priceCart } from "./pricing";
import { failOrder } from "./fail-order";
import { applyPaymentOutcome } from "./payment-outcome";
import { runFulfilment } from "./fulfil";
import { answerFor, type OrderAnswer } from "./views";

/** How long names stay held for an order that was never paid. */
const HOLD_MS = 30 * 60_000;

export async function placeOrder(
  env: ApiEnv,
  services: ApiServices,
  userId: string,
  body: UnifiedPaymentBody,
  context: { returnUrl: string; locale: string },
): Promise<{ status: 200 | 201 | 202; answer: OrderAnswer }> {
  const db = env.DB;
  const now = services.now();
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, "unauthorized", "Your session has expired. Please log in again.");
  if (user.email_verified !== 1)
    throw new ApiError(403, "email_not_verified", "Verify your email address before you check out.");

  // The same submission again (double click, replay): the same order, nothing new.
  const existing = await findOrderByKey(db, userId, body.idempotency_key);
  if (existing) return { status: 200, answer: await answerFor(db, existing) };

  const cartId = await findUserCartId(db, userId);
  if (!cartId) throw new ApiError(400, "cart_empty", "Your cart is empty.");
  const open = await findOpenOrderForCart(db, userId, cartId);
  if (open)
    throw new ApiError(409, "order_in_progress", "This cart is already being paid for.", [
      { path: "order_id", message: open.id },
    ]);

  const contact = await getAddressByContactId(db, userId, body.contact_id);
  if (!contact)
    throw new ApiError(400, "invalid_contact_id", "Invalid contact id: choose an address from your address book.", [
      { path: "contact_id", message: "is not one of your contacts" },
    ]);

  // A saved card (our id or the provider's), or a card the provider's form has just turned into a
  // "pm_…" (Stripe's Payment Element): the provider refuses one of another customer.
  let method: { ref: string; isNew: boolean } | null = null;
  if (body.payment_method_id) {
    const saved = await getPaymentMethod(db, userId, body.payment_method_id);
    if (saved) method = { ref: saved.stripe_payment_method_id, isNew: false };
    else if (/^pm_\w{1,100}$/u.test(body.payment_method_id)) method = { ref: body.payment_method_id, isNew: true };
    else
      throw new ApiError(404, "payment_method_not_found", "No such payment method.", [
        { path: "payment_method_id", message: "is not one of your cards" },
      ]);
  }

  const priced = await priceCart(db, services, cartId, true);
  if (priced.lines.length === 0) throw new ApiError(400, "cart_empty", "Your cart is empty.");
  const gone = priced.lines.find((line) => !line.available);
  if (gone)
    throw new ApiError(409, "not_available", `${gone.row.unicode} is no longer available for registration.`, [
      { path: "items", message: gone.name },
    ]);
  // Wrong auth codes are limited per user and domain (5 a day): refused before any card is touched.
  const transfers = priced.lines.filter((line) => line.type === "domain" && line.operation === "transfer");
  for (const line of transfers) await assertTransferCodeAllowed(db, userId, line.name, now);

  // Hold the names to register (one open order per name), then create the order.
  const holdKey = `key:${userId}:${body.idempotency_key}`;
  const registrations = priced.lines
    .filter(
      (line) => line.type === "domain" && (line.operation === "registration" || line.operation === "bulk_purchase"),
    )
    .map((line) => line.name);
  const held = await holdNames(db, holdKey, registrations, new Date(now.getTime() + HOLD_MS), now);
  if (held)
    throw new ApiError(409, "already_being_registered", `${held} is already being registered by someone else.`, [
      { path: "items", message: held },
    ]);

  const discountCents = priced.discount?.ok ? priced.discount.discountCents : 0;
  const items: NewOrderItem[] = priced.lines.map((line, position) => ({
    position,
    type: line.type,
    name: line.name,
    unicode: line.row.unicode,
    tld: line.tld,
    operation: line.operation,
    years: line.years,
    details: JSON.stringify({
      authCode: line.row.auth_code ?? undefined,
      server: line.row.details ? JSON.parse(line.row.details) : undefined,
    }),
    unit_cents: line.unitCents,
    icann_fee_cents: line.icannFeeCents,
    discount_cents: priced.discount?.ok ? (priced.discount.perLine.get(line.key) ?? 0) : 0,
    total_cents: line.totalCents,
  }));
  const created = await insertOrder(
    db,
    {
      userId,
      cartId,
      idempotencyKey: body.idempotency_key,
      subtotalCents: priced.totals.subtotalCents + priced.totals.icannFeesCents,
      discountCents,
      discountCode: priced.discount?.ok ? priced.discount.rule.code : null,
      taxCents: priced.totals.taxCents,
      totalCents: priced.totals.totalCents,
      contactId: contact.contactId,
      contact: { ...contact, locale: context.locale, email: contact.email ?? user.email, username: user.username },
      items,
    },
    now,
  );
  if (created === "conflict") {
    await releaseHolds(db, holdKey);
    const same = await findOrderByKey(db, userId, body.idempotency_key);
    if (same) return { status: 200, answer: await answerFor(db, same) };
    throw new ApiError(409, "order_in_progress", "This cart is already being paid for.");
  }
  await moveHolds(db, holdKey, created.id);
  const order = await getOrderById(db, created.id);
  if (!order) throw new Error("order vanished after insert");

  if (order.total_cents === 0) {
    await setOrderStatus(db, order.id, ["pending"], "paid", now);
    await runFulfilment(env, services, order.id);
    return { status: 201, answer: await answerFor(db, (await getOrderById(db, order.id)) ?? order) };
  }

  // Pay. The key is the order's: a retry after a timeout asks for the same payment.
  // A transfer is paid only once the registry accepts it: authorise now, capture after fulfilment.
  const captureMethod = transfers.length > 0 ? "manual" : "automatic";
  // "Save this card for renewals" (a new card only: a saved one is kept already): remembered on
  // the payment, the card is saved once the payment goes through (now, or after 3-D Secure).
  const saveCard = body.save_card && (!method || method.isNew);
  const payment = await insertPayment(
    db,
    {
      orderId: order.id,
      userId,
      provider: services.payments.provider,
      idempotencyKey: `order:${order.id}:1`,
      amountCents: order.total_cents,
      captureMethod,
      saveCard,
    },
    now,
  );
  let outcome: PaymentOutcome;
  try {
    const customerRef =
      method || saveCard
        ? await customerRefFor(db, services.payments, { id: user.id, email: user.email }, now)
        : undefined;
    outcome = await services.payments.createPayment({
      idempotencyKey: payment.idempotency_key,
      amountCents: order.total_cents,
      currency: "usd",
      customerRef,
      captureMethod: payment.capture_method,
      ...(payment.save_card === 1 ? { setupFutureUsage: "off_session" as const } : {}),
      description: `Trinity order ${order.number}`,
      metadata: { orderId: order.id, userId },
      paymentMethodRef: method?.ref,
      card: body.card
        ? {
            number: body.card.number.replace(/[\s-]/g, ""),
            expMonth: body.card.exp_month,
            expYear: body.card.exp_year,
            cvc: body.card.cvc,
          }
        : undefined,
      returnUrl: context.returnUrl.replace("{order}", order.id),
    });
  } catch (error) {
    if (error instanceof PaymentsError && error.outcomeUnknown) {
      // The charge may or may not have happened: the scheduled job asks again with the same key.
      await updatePayment(db, payment.id, { status: "processing", errorCode: "network_error" }, now);
      await noteOrderAttempt(db, order.id, new Date(now.getTime() + 60_000), now);
      return { status: 202, answer: await answerFor(db, order) };
    }
    await updatePayment(
      db,
      payment.id,
      { status: "failed", errorCode: error instanceof PaymentsError ? "processing_error" : "payment_failed" },
      now,
    );
    await failOrder(db, order.id, "payment_failed", now);
    throw error;
  }
  await applyPaymentOutcome(env, services, order.id, payment, outcome);
  const after = (await getOrderById(db, order.id)) ?? order;
  const answer = await answerFor(db, after);
  return {
    status: after.status === "failed" ? 200 : after.status === "pending" ? 202 : 201,
    answer: { ...answer, clientSecret: outcome.clientSecret ?? null },
  };
}
