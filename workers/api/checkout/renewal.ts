// Off-session orders: renewals the scheduled job charges to the saved default card.
import { mailLocaleOf } from "../adapters/mail";
import { PaymentsError, type PaymentOutcome } from "../adapters/payments";
import { listAddresses } from "../db/addresses";
import {
  findOrderByKey,
  getOrderById,
  insertOrder,
  insertPayment,
  updatePayment,
  type NewOrderItem,
  type OrderRow,
} from "../db/orders";
import { customerRefFor, defaultPaymentMethod } from "../db/payment-methods";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import type { ApiServices } from "../services";
import { paidCents } from "../../../core/order-lines";
import { failOrder } from "./fail-order";
import { applyPaymentOutcome } from "./payment-outcome";
import { runFulfilment } from "./fulfil";

export interface OffSessionOrder {
  userId: string;
  /** One order per key: asking again (after a crash) answers the same order, and its payment key the same charge. */
  idempotencyKey: string;
  contactId: number;
  contact: unknown;
  item: Omit<NewOrderItem, "position">;
  description: string;
  returnUrl: string;
}

/**
 * The buyer's contact on an off-session renewal's invoice and receipt: the one of the order that
 * bought the product, else the customer's default address; null when there is neither.
 */
export async function renewalContact(
  db: D1Database,
  userId: string,
  orderId: string | null,
): Promise<Pick<OffSessionOrder, "contactId" | "contact"> | null> {
  const first = orderId ? await getOrderById(db, orderId) : null;
  if (first && first.user_id === userId)
    return { contactId: first.contact_id, contact: JSON.parse(first.contact) as unknown };
  const [address] = await listAddresses(db, userId);
  const user = await findUserById(db, userId);
  if (!address || !user) return null;
  return {
    contactId: address.contactId,
    contact: {
      ...address,
      locale: mailLocaleOf(user.locale),
      email: address.email ?? user.email,
      username: user.username,
    },
  };
}

/**
 * Places (or resumes) an order paid off-session with the user's default card, through the same
 * steps as a checkout: the order once per key, the payment keyed by the order (`order:<id>:1`,
 * so the provider answers the same charge when asked again), fulfilment, invoice, receipt. A
 * charge the bank wants the customer to confirm (3-D Secure) cannot be confirmed off-session: the
 * order fails with `authentication_required`. Answers the order as it stands.
 */
export async function placeOffSessionOrder(
  env: ApiEnv,
  services: ApiServices,
  input: OffSessionOrder,
): Promise<OrderRow> {
  const db = env.DB;
  const now = services.now();
  let order = await findOrderByKey(db, input.userId, input.idempotencyKey);
  if (!order) {
    // What the customer pays for the line: its price plus the ICANN fee per year (domains).
    const cents = paidCents(input.item);
    const created = await insertOrder(
      db,
      {
        userId: input.userId,
        cartId: null,
        idempotencyKey: input.idempotencyKey,
        subtotalCents: cents,
        discountCents: 0,
        discountCode: null,
        taxCents: 0,
        totalCents: cents,
        contactId: input.contactId,
        contact: input.contact,
        items: [{ ...input.item, position: 0 }],
      },
      now,
    );
    order =
      created === "conflict"
        ? await findOrderByKey(db, input.userId, input.idempotencyKey)
        : await getOrderById(db, created.id);
    if (!order) throw new Error("order vanished after insert");
  }
  if (order.status === "paid" || order.status === "fulfilling") await runFulfilment(env, services, order.id);
  if (order.status !== "pending") return (await getOrderById(db, order.id)) ?? order;

  const user = await findUserById(db, input.userId);
  const card = await defaultPaymentMethod(db, input.userId, services.payments.provider);
  const payment = await insertPayment(
    db,
    {
      orderId: order.id,
      userId: input.userId,
      provider: services.payments.provider,
      idempotencyKey: `order:${order.id}:1`,
      amountCents: order.total_cents,
    },
    now,
  );
  if (!user || !card) {
    await updatePayment(db, payment.id, { status: "failed", errorCode: "no_payment_method" }, now);
    await failOrder(db, order.id, "no_payment_method", now);
    return (await getOrderById(db, order.id)) ?? order;
  }
  let outcome: PaymentOutcome;
  try {
    const customerRef = await customerRefFor(db, services.payments, { id: user.id, email: user.email }, now);
    outcome = await services.payments.createPayment({
      idempotencyKey: payment.idempotency_key,
      amountCents: order.total_cents,
      currency: "usd",
      customerRef,
      paymentMethodRef: card.stripe_payment_method_id,
      offSession: true,
      description: input.description,
      metadata: { orderId: order.id, userId: input.userId },
      returnUrl: input.returnUrl,
    });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    if (error.outcomeUnknown) {
      // Charged or not: the next run (or the orders job) asks again with the same key.
      await updatePayment(db, payment.id, { status: "processing", errorCode: "network_error" }, now);
      return order;
    }
    await updatePayment(db, payment.id, { status: "failed", errorCode: "processing_error" }, now);
    await failOrder(db, order.id, "processing_error", now);
    return (await getOrderById(db, order.id)) ?? order;
  }
  if (outcome.status === "requires_action" || outcome.status === "requires_payment_method") {
    outcome = {
      ...outcome,
      status: "failed",
      error: outcome.error ?? {
        code: "authentication_required",
        message: "The bank asks the customer to confirm this payment.",
      },
    };
  }
  await applyPaymentOutcome(env, services, order.id, payment, outcome);
  return (await getOrderById(db, order.id)) ?? order;
}
