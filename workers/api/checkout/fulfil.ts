// Fulfilment of a paid order: a list of idempotent steps (each item once, refunds keyed by item,
// invoice once per order, receipt once) that the request runs and the scheduled job resumes after a crash.
import type { OrderStatus } from "../../../core/checkout";
import {
  heldBy,
  isRegistryError,
  RegistryError,
  type RegistryContact,
  type RegistryDomainInfo,
} from "../adapters/registry";
import { mailLanguage, mailLocaleOf } from "../adapters/mail";
import { recordTransferCodeFailure } from "../auth/rate-limit";
import { removeBoughtLines } from "../db/cart";
import {
  addOrderRefund,
  getOrderById,
  issueInvoice,
  latestPayment,
  markItemRefunded,
  markReceiptSent,
  orderItems,
  releaseHolds,
  setOrderStatus,
  settleItem,
  updateInvoiceRefund,
  updatePayment,
  type OrderItemRow,
  type OrderRow,
  type PaymentRow,
} from "../db/orders";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import type { ApiServices } from "../services";
import { recordDomainRenewal, recordUserDomain } from "./user-domains";
import { publishNewZone } from "../dns-publish";
import { ourNameservers } from "../adapters/dns";
import { fulfilServerItem } from "../servers/service";
import { orderLineDetails, paidCents } from "../../../core/order-lines";
import { notChargedMail, receiptMail } from "./receipt-mail";
import { orderLineFacts } from "./views";

/** The seller printed on invoices. */
export const SELLER = {
  name: "Trinity Registrar Ltd.",
  address: "1 Edge Street, London EC1A 1AA, United Kingdom",
  email: "billing@trinity.example",
  vat: "GB 000 0000 00",
};

/** Records the domain of an order line as the buyer's (user_domains), with what the registry holds. */
function recordOrderedDomain(
  db: D1Database,
  order: OrderRow,
  item: OrderItemRow,
  info: RegistryDomainInfo | null,
  status: "active" | "pending_transfer",
  now: Date,
): Promise<void> {
  return recordUserDomain(
    db,
    {
      userId: order.user_id,
      name: item.name,
      unicode: item.unicode,
      tld: item.tld ?? "",
      info,
      orderId: order.id,
      status,
    },
    now,
  );
}

/** What an order snapshots of the registrant's address-book entry (migration 0007 `orders.contact`). */
interface OrderContact {
  firstName?: string;
  lastName?: string;
  organization?: string | null;
  address?: string;
  city?: string;
  state?: string | null;
  postalCode?: string | null;
  country?: string;
  phone?: string | null;
  email?: string;
}

/**
 * The registrant the registry records for an order's names: the contact the order snapshotted
 * (not today's address book, which may have changed since). Undefined for a snapshot without a
 * name, street, city, country or email (older rows): the registry then gets the owner id alone.
 */
export function orderRegistrant(contactJson: string): RegistryContact | undefined {
  let contact: OrderContact;
  try {
    contact = JSON.parse(contactJson) as OrderContact;
  } catch {
    return undefined;
  }
  const name = [contact.firstName, contact.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  if (!name || !contact.address?.trim() || !contact.city?.trim() || !contact.country?.trim() || !contact.email)
    return undefined;
  const registrant: RegistryContact = {
    name,
    street: [contact.address],
    city: contact.city,
    countryCode: contact.country.toUpperCase(),
    email: contact.email,
  };
  if (contact.organization) registrant.org = contact.organization;
  if (contact.state) registrant.state = contact.state;
  if (contact.postalCode) registrant.postalCode = contact.postalCode;
  if (contact.phone) registrant.phone = contact.phone;
  return registrant;
}

/** Carries out one item through the registry (or the provisioning port); throws to retry later. */
async function fulfilItem(
  env: ApiEnv,
  services: ApiServices,
  order: OrderRow,
  item: OrderItemRow,
): Promise<{ ok: true; result: unknown } | { ok: false; code: string }> {
  const { registry } = services;
  const now = services.now();
  if (item.type === "vps") return fulfilServerItem(env, services, order, item);
  if (item.type !== "domain") return { ok: false, code: "item_not_supported" };
  try {
    switch (item.operation) {
      case "registration":
      case "bulk_purchase": {
        // Resumed after a crash: the name may already be ours from this order.
        const before = await registry.info(item.name);
        if (heldBy(before, order.user_id) && before.createdAt >= order.created_at) {
          await recordOrderedDomain(env.DB, order, item, before, "active", now);
          return { ok: true, result: { expiresAt: before.expiresAt } };
        }
        // A new name points at our nameservers, which serve its zone from the first minute.
        const info = await registry.create({
          name: item.name,
          years: item.years,
          ownerId: order.user_id,
          registrant: orderRegistrant(order.contact),
          locked: true,
          nameservers: ourNameservers(env),
        });
        await recordOrderedDomain(env.DB, order, item, info, "active", now);
        await publishNewZone(env, services, item.name);
        return { ok: true, result: { expiresAt: info.expiresAt } };
      }
      case "transfer": {
        const current = await registry.transferQuery(item.name);
        if (
          current &&
          current.direction === "in" &&
          current.ownerId === order.user_id &&
          current.requestedAt >= order.created_at
        ) {
          return { ok: true, result: { transfer: current.status, expiresAt: current.expiresAt } };
        }
        const authCode = orderLineDetails(item.details).authCode;
        if (!authCode) return { ok: false, code: "invalid_auth_code" };
        let transfer;
        try {
          transfer = await registry.transferRequest({
            name: item.name,
            authCode,
            years: 1,
            ownerId: order.user_id,
            registrant: orderRegistrant(order.contact),
          });
        } catch (error) {
          // Counted per user and domain: a sixth wrong code in a day is refused at checkout.
          if (isRegistryError(error, "invalid_auth_code"))
            await recordTransferCodeFailure(env.DB, order.user_id, item.name, now);
          throw error;
        }
        await recordOrderedDomain(env.DB, order, item, null, "pending_transfer", now);
        return { ok: true, result: { transfer: transfer.status, expiresAt: transfer.expiresAt } };
      }
      case "renewal":
      case "restore": {
        const info = await registry.info(item.name);
        if (!heldBy(info, order.user_id)) return { ok: false, code: "not_found" };
        const details = orderLineDetails(item.details) as { currentExpiry?: string };
        if (details.currentExpiry && info.expiresAt.slice(0, 10) !== details.currentExpiry.slice(0, 10)) {
          // Already renewed by this order (expiry moved on since the order was made).
          await recordDomainRenewal(env.DB, order.user_id, item.name, info.expiresAt, now);
          return { ok: true, result: { expiresAt: info.expiresAt } };
        }
        if (item.operation === "restore") await registry.restore(item.name);
        const renewed = await registry.renew({
          name: item.name,
          years: item.years,
          currentExpiry: details.currentExpiry ?? info.expiresAt,
        });
        await recordDomainRenewal(env.DB, order.user_id, item.name, renewed.expiresAt, now);
        return { ok: true, result: { expiresAt: renewed.expiresAt } };
      }
      default:
        return { ok: false, code: "item_not_supported" };
    }
  } catch (error) {
    if (isRegistryError(error) && error.code !== "unavailable") return { ok: false, code: registryFailureCode(error) };
    throw error;
  }
}

function registryFailureCode(error: RegistryError): string {
  return error.code === "not_available" ? "already_registered" : error.code;
}

/**
 * Runs (or resumes) the fulfilment of a paid order: each pending item once, refunds of the failed
 * ones, the invoice, the cart, the receipt. Throws when a step must be retried later (the order
 * stays `fulfilling` and the scheduled job picks it up).
 */
export async function runFulfilment(env: ApiEnv, services: ApiServices, orderId: string): Promise<void> {
  const db = env.DB;
  const order = await getOrderById(db, orderId);
  if (!order || !["paid", "fulfilling"].includes(order.status)) return;
  if (order.status === "paid") await setOrderStatus(db, orderId, ["paid"], "fulfilling", services.now());

  for (const item of await orderItems(db, orderId)) {
    if (item.status !== "pending") continue;
    const outcome = await fulfilItem(env, services, order, item);
    await settleItem(
      db,
      item.id,
      outcome.ok ? "done" : "failed",
      outcome.ok ? outcome.result : null,
      outcome.ok ? null : outcome.code,
    );
  }

  const payment = await latestPayment(db, orderId);
  if (payment?.capture_method === "manual") {
    // Authorised, not charged: take what was carried out, release the rest. Nothing to refund.
    await settleHold(env, services, orderId, payment);
    await finishOrder(env, services, orderId);
    return;
  }
  for (const item of await orderItems(db, orderId)) {
    if (item.status !== "failed") continue;
    const cents = paidCents(item);
    if (cents > 0 && payment?.provider_ref) {
      await services.payments.refund({
        paymentRef: payment.provider_ref,
        amountCents: cents,
        idempotencyKey: `refund:item:${item.id}`,
      });
    }
    if (await markItemRefunded(db, item.id)) {
      await addOrderRefund(db, orderId, cents, services.now());
      if (payment)
        await updatePayment(
          db,
          payment.id,
          { status: payment.status, refundedCents: payment.refunded_cents + cents, providerRef: payment.provider_ref },
          services.now(),
        );
    }
  }

  await finishOrder(env, services, orderId);
}

/**
 * Settles an order's hold once every item is done or failed: captures the lines carried out (all
 * of the authorisation when all were) or, when none was, cancels it. Keyed by the order, so a
 * retry (the job, after a crash or a lost answer) never captures twice.
 */
async function settleHold(env: ApiEnv, services: ApiServices, orderId: string, payment: PaymentRow): Promise<void> {
  if (payment.status !== "authorized" || !payment.provider_ref) return;
  const items = await orderItems(env.DB, orderId);
  if (items.some((item) => item.status === "pending")) return;
  const done = items.filter((item) => item.status === "done");
  const cents =
    done.length === items.length
      ? payment.amount_cents
      : Math.min(
          payment.amount_cents,
          done.reduce((sum, item) => sum + paidCents(item), 0),
        );
  if (cents <= 0) {
    await releaseHold(env, services, orderId, payment);
    return;
  }
  const outcome = await services.payments.capturePayment({
    paymentRef: payment.provider_ref,
    amountCents: cents,
    idempotencyKey: `capture:order:${orderId}`,
  });
  if (outcome.status !== "succeeded")
    throw new Error(`order ${orderId}: the capture answered ${outcome.status}; will retry`);
  await updatePayment(
    env.DB,
    payment.id,
    { status: "succeeded", capturedCents: outcome.capturedCents, providerRef: outcome.paymentRef },
    services.now(),
  );
}

/** Cancels an order's authorisation: the hold on the card is released, nothing is taken. */
export async function releaseHold(
  env: ApiEnv,
  services: ApiServices,
  orderId: string,
  payment: PaymentRow,
): Promise<void> {
  if (!payment.provider_ref) return;
  const outcome = await services.payments.cancelPayment({
    paymentRef: payment.provider_ref,
    idempotencyKey: `cancel:order:${orderId}`,
  });
  if (outcome.status !== "canceled")
    throw new Error(`order ${orderId}: releasing the hold answered ${outcome.status}; will retry`);
  await updatePayment(
    env.DB,
    payment.id,
    { status: "canceled", capturedCents: 0, providerRef: outcome.paymentRef },
    services.now(),
  );
}

async function finishOrder(env: ApiEnv, services: ApiServices, orderId: string): Promise<void> {
  const db = env.DB;
  const now = services.now();
  const order = await getOrderById(db, orderId);
  if (!order || order.status !== "fulfilling") return;
  const items = await orderItems(db, orderId);
  const payment = await latestPayment(db, orderId);
  const manual = payment?.capture_method === "manual";
  // Failed items of a charged order wait for their refund; of a hold, for the hold to be settled.
  if (items.some((item) => item.status === "pending" || (!manual && item.status === "failed"))) return;
  if (manual && payment.status === "authorized") return;
  const done = items.filter((item) => item.status === "done");
  const contact = JSON.parse(order.contact) as {
    firstName?: string;
    lastName?: string;
    organization?: string | null;
    address?: string;
    city?: string;
    state?: string | null;
    postalCode?: string | null;
    country?: string;
    email?: string;
    locale?: string;
    username?: string;
  };
  // The receipt is in the account's language (users.locale), whoever or whatever finishes the order.
  const language = mailLanguage(mailLocaleOf((await findUserById(db, order.user_id))?.locale));

  if (manual && done.length === 0) {
    // Nothing carried out, nothing taken (the hold was released): no invoice, the cart kept.
    const code = items.find((item) => item.error_code)?.error_code ?? "fulfilment_failed";
    if (contact.email && (await markReceiptSent(db, order.id, now)))
      await services.mail.send(notChargedMail(order, items, contact.email, language));
    await setOrderStatus(db, orderId, ["fulfilling"], "failed", now, { errorCode: code });
    await releaseHolds(db, orderId);
    return;
  }
  // A hold captured for part of the order: the lines not carried out were never charged, so the
  // order is completed (its failed lines say "not charged"), not "with refunds".
  const status: OrderStatus =
    done.length === 0 ? "refunded" : done.length < items.length && !manual ? "completed_with_refunds" : "completed";
  const invoiced = manual ? done : items;
  const partial = manual && done.length < items.length;

  await issueInvoice(
    db,
    {
      order_id: order.id,
      user_id: order.user_id,
      status: status === "refunded" ? "refunded" : "completed",
      currency: order.currency,
      // A partly captured hold: the invoice is for the lines charged (what was captured).
      subtotal_cents: partial
        ? invoiced.reduce((sum, item) => sum + item.total_cents + item.icann_fee_cents * item.years, 0)
        : order.subtotal_cents,
      discount_cents: partial ? invoiced.reduce((sum, item) => sum + item.discount_cents, 0) : order.discount_cents,
      tax_cents: partial ? 0 : order.tax_cents,
      total_cents: partial ? (payment?.captured_cents ?? 0) : order.total_cents,
      payment_id: payment?.id ?? null,
      seller: JSON.stringify(SELLER),
      buyer: JSON.stringify(contact),
      items: JSON.stringify(
        invoiced.map((item) => ({
          name: item.unicode,
          product_type: item.type,
          ...orderLineFacts(item),
        })),
      ),
    },
    now,
  );
  if (order.refunded_cents > 0)
    await updateInvoiceRefund(
      db,
      order.id,
      order.refunded_cents,
      status === "refunded" ? "refunded" : "completed",
      now,
    );
  // A transfer refused on a hold stays in the cart (its auth code can be corrected).
  if (order.cart_id)
    await removeBoughtLines(
      db,
      order.cart_id,
      (manual ? done : items).map((item) => item.name),
      now,
    );
  if (contact.email && (await markReceiptSent(db, order.id, now))) {
    await services.mail.send(
      receiptMail(order, items, contact.email, language, status, manual ? (payment?.captured_cents ?? 0) : null),
    );
  }
  await setOrderStatus(db, orderId, ["fulfilling"], status, now);
  await releaseHolds(db, orderId);
}
