// Checkout (issue 13): cart → order → payment → fulfilment → invoice, receipt, cart emptied.
//
// Never lose or double an order or a charge:
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
// - Fulfilment is a list of idempotent steps (each item once, refunds keyed by item, invoice once
//   per order, receipt once) that the request runs and the scheduled job resumes after a crash.
import {
  applyDiscount,
  normaliseDiscountCode,
  orderTotals,
  paymentProgress,
  type CartSummaryView,
  type DiscountOutcome,
  type DiscountRule,
  type OrderStatus,
  type PricedLine,
  type UnifiedPaymentBody,
} from "../../../core/checkout";
import { domainTotalCents, maxYearsFor, type DomainOperation } from "../../../core/cart";
import { centsToDecimal } from "../../../core/money";
import type { CatalogueRow } from "../../../core/catalogue";
import { isRegistryError, RegistryError, type RegistryCheck } from "../adapters/registry/types";
import type { MailMessage } from "../adapters/mail";
import { fill, mailLanguage, mailLocaleOf, type MailLanguage } from "../adapters/mail/templates";
import { PaymentsError, type PaymentOutcome } from "../adapters/payments";
import { assertTransferCodeAllowed, recordTransferCodeFailure } from "../auth/rate-limit";
import { getAddressByContactId, listAddresses } from "../db/addresses";
import {
  cartDiscountCode,
  cartLines,
  discountRule,
  findUserCartId,
  removeBoughtLines,
  type CartLineRow,
} from "../db/cart";
import { loadCatalogue } from "../db/catalogue";
import {
  addOrderRefund,
  dueOpenOrders,
  findOpenOrderForCart,
  findOrderByKey,
  getOrderById,
  holdNames,
  insertOrder,
  insertPayment,
  invoiceOfOrder,
  issueInvoice,
  latestPayment,
  markItemRefunded,
  markReceiptSent,
  moveHolds,
  noteOrderAttempt,
  orderItems,
  releaseHolds,
  setOrderStatus,
  settleItem,
  updateInvoiceRefund,
  updatePayment,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
  type PaymentRow,
} from "../db/orders";
import { customerRefFor, defaultPaymentMethod, getPaymentMethod, savePaymentMethod } from "../db/payment-methods";
import { findUserById } from "../db/users";
import { priceCents } from "../domain-quote";
import type { ApiEnv } from "../env";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { recordDomainRenewal, recordUserDomain } from "./user-domains";
import { fulfilServerItem, parseItemDetails, serverLineCents, serverLineFacts } from "../servers/service";

/** How long names stay held for an order that was never paid. */
const HOLD_MS = 30 * 60_000;
/** A pending order whose payment never completes is cancelled after this long. */
const ABANDON_MS = 60 * 60_000;

/** The seller printed on invoices. */
export const SELLER = {
  name: "Trinity Registrar Ltd.",
  address: "1 Edge Street, London EC1A 1AA, United Kingdom",
  email: "billing@trinity.example",
  vat: "GB 000 0000 00",
};

// ---------------------------------------------------------------------------------------------
// Pricing the cart on the server.

export interface PricedCart {
  cartId: string | null;
  rows: CartLineRow[];
  lines: (PricedLine & { row: CartLineRow; unitCents: number; available: boolean })[];
  discountCode: string | null;
  discount: DiscountOutcome | null;
  totals: ReturnType<typeof orderTotals>;
}

function toRule(row: NonNullable<Awaited<ReturnType<typeof discountRule>>>): DiscountRule {
  let tlds: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.tlds);
    if (Array.isArray(parsed)) tlds = parsed.filter((value): value is string => typeof value === "string");
  } catch {
    tlds = [];
  }
  return {
    id: row.id,
    code: row.code,
    percentage: row.percentage,
    minOrderCents: row.min_order_cents,
    tlds,
    active: row.active === 1,
  };
}

export async function findDiscountRule(db: D1Database, code: string): Promise<DiscountRule | null> {
  const row = await discountRule(db, normaliseDiscountCode(code));
  return row ? toRule(row) : null;
}

/**
 * The cart's lines priced now from the catalogue and the registry (a registration of a name
 * that was taken meanwhile is marked unavailable), with the cart's discount re-checked.
 */
export async function priceCart(
  db: D1Database,
  services: ApiServices,
  cartId: string | null,
  signedIn: boolean,
): Promise<PricedCart> {
  const rows = cartId ? await cartLines(db, cartId) : [];
  const catalogue = await loadCatalogue(db);
  const domainRows = rows.filter((row) => row.type === "domain");
  const checks = domainRows.length > 0 ? await services.registry.check(domainRows.map((row) => row.name)) : [];
  const checkOf = new Map(checks.map((check) => [check.name, check]));
  const lines: PricedCart["lines"] = [];
  for (const row of rows) {
    if (row.type === "vps") {
      // Servers: priced now from the catalogue (plan, cycle, OS licence), never from the cart row.
      const details = parseItemDetails(row.details);
      const cents = details ? serverLineCents(details) : null;
      if (cents === null)
        throw new ApiError(
          409,
          "pricing_unavailable",
          `Pricing for ${row.unicode} is not available. Please contact support.`,
        );
      lines.push({
        key: row.id,
        type: "vps",
        name: row.name,
        tld: null,
        operation: row.operation,
        years: 1,
        totalCents: cents,
        icannFeeCents: 0,
        unitCents: cents,
        available: true,
        row,
      });
      continue;
    }
    const tldRow = catalogue.byTld.get(row.tld);
    if (!tldRow)
      throw new ApiError(
        409,
        "pricing_unavailable",
        `Pricing for .${row.tld} is not available. Please contact support.`,
      );
    const check = checkOf.get(row.name);
    const operation = row.operation as DomainOperation;
    lines.push({
      key: row.id,
      type: "domain",
      name: row.name,
      tld: row.tld,
      operation,
      ...priceDomainLine(tldRow, operation, row.years, check),
      available: operation !== "registration" || check?.available === true,
      row,
    });
  }
  const discountCode = cartId ? await cartDiscountCode(db, cartId) : null;
  const discount = discountCode ? applyDiscount(await findDiscountRule(db, discountCode), lines, signedIn) : null;
  return {
    cartId,
    rows,
    lines,
    discountCode,
    discount,
    totals: orderTotals(lines, discount?.ok ? discount.discountCents : 0),
  };
}

/**
 * One domain line priced from the catalogue (sale and a registration's premium price applied; a
 * renewal at the catalogue's renewal price): the years allowed, the unit price, the line's total
 * (SPEC §9) and the ICANN fee per year. Checkout and the off-session auto-renewal price with it.
 */
export function priceDomainLine(
  tldRow: CatalogueRow,
  operation: DomainOperation,
  years: number,
  check?: RegistryCheck,
): { years: number; unitCents: number; totalCents: number; icannFeeCents: number } {
  const cents = priceCents(tldRow, operation === "registration" ? check : undefined);
  const allowed = Math.min(years, maxYearsFor(operation, tldRow.max_years));
  return {
    years: allowed,
    unitCents:
      operation === "transfer"
        ? cents.transfer
        : operation === "registration" || operation === "bulk_purchase"
          ? cents.firstYear
          : cents.renewal,
    totalCents: domainTotalCents(operation, allowed, cents),
    icannFeeCents: cents.icannFee,
  };
}

/** The cart's money summary as the API answers it (decimals). */
export function cartSummary(priced: PricedCart): CartSummaryView {
  const { totals, discount } = priced;
  return {
    subtotal: centsToDecimal(totals.subtotalCents),
    icannFees: centsToDecimal(totals.icannFeesCents),
    discountAmount: centsToDecimal(totals.discountCents),
    tax: centsToDecimal(totals.taxCents),
    total: centsToDecimal(totals.totalCents),
    discount: priced.discountCode
      ? {
          code: priced.discountCode,
          percentage: discount?.ok ? discount.rule.percentage : (discount?.rule?.percentage ?? 0),
          isValid: discount?.ok === true,
          message: discount?.ok
            ? "Discount code is valid"
            : discountMessage(discount?.ok === false ? discount.reason : "discount_invalid"),
          reason: discount?.ok === false ? discount.reason : discount ? null : "discount_invalid",
          codeId: discount?.ok ? discount.rule.id : (discount?.rule?.id ?? null),
        }
      : null,
  };
}

export function discountMessage(reason: string): string {
  switch (reason) {
    case "discount_required":
      return "Please enter a discount code.";
    case "discount_signin_required":
      return "Sign in to use a discount code.";
    case "discount_not_applicable":
      return "This code applies only to .com, .xyz, .net and .org domains.";
    case "discount_min_order":
      return "This code needs an order of at least 10.00 USD.";
    default:
      return "Invalid discount code";
  }
}

// ---------------------------------------------------------------------------------------------
// Placing an order.

export interface OrderAnswer {
  order: OrderView;
  /** Send the browser here to finish paying (3-D Secure). */
  nextAction: { redirectUrl: string } | null;
  /** Stripe's Payment Element needs it when no card was given. */
  clientSecret: string | null;
}

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

async function failOrder(db: D1Database, orderId: string, code: string, now: Date): Promise<void> {
  await setOrderStatus(db, orderId, ["pending"], "failed", now, { errorCode: code });
  await releaseHolds(db, orderId);
}

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

// ---------------------------------------------------------------------------------------------
// Fulfilment (idempotent, resumable).

function itemDetails(item: OrderItemRow): { authCode?: string; server?: unknown } {
  try {
    return item.details ? (JSON.parse(item.details) as { authCode?: string; server?: unknown }) : {};
  } catch {
    return {};
  }
}

/** What the customer paid for a line (its refund). */
function paidCents(item: Pick<OrderItemRow, "total_cents" | "icann_fee_cents" | "years" | "discount_cents">): number {
  return item.total_cents + item.icann_fee_cents * item.years - item.discount_cents;
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
        if (before?.heldHere && before.ownerId === order.user_id && before.createdAt >= order.created_at) {
          await recordUserDomain(
            env.DB,
            {
              userId: order.user_id,
              name: item.name,
              unicode: item.unicode,
              tld: item.tld ?? "",
              info: before,
              orderId: order.id,
              status: "active",
            },
            now,
          );
          return { ok: true, result: { expiresAt: before.expiresAt } };
        }
        const info = await registry.create({
          name: item.name,
          years: item.years,
          ownerId: order.user_id,
          locked: true,
        });
        await recordUserDomain(
          env.DB,
          {
            userId: order.user_id,
            name: item.name,
            unicode: item.unicode,
            tld: item.tld ?? "",
            info,
            orderId: order.id,
            status: "active",
          },
          now,
        );
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
        const authCode = itemDetails(item).authCode;
        if (!authCode) return { ok: false, code: "invalid_auth_code" };
        let transfer;
        try {
          transfer = await registry.transferRequest({ name: item.name, authCode, years: 1, ownerId: order.user_id });
        } catch (error) {
          // Counted per user and domain: a sixth wrong code in a day is refused at checkout.
          if (isRegistryError(error, "invalid_auth_code"))
            await recordTransferCodeFailure(env.DB, order.user_id, item.name, now);
          throw error;
        }
        await recordUserDomain(
          env.DB,
          {
            userId: order.user_id,
            name: item.name,
            unicode: item.unicode,
            tld: item.tld ?? "",
            info: null,
            orderId: order.id,
            status: "pending_transfer",
          },
          now,
        );
        return { ok: true, result: { transfer: transfer.status, expiresAt: transfer.expiresAt } };
      }
      case "renewal":
      case "restore": {
        const info = await registry.info(item.name);
        if (!info || !info.heldHere || info.ownerId !== order.user_id) return { ok: false, code: "not_found" };
        const details = itemDetails(item) as { currentExpiry?: string };
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
async function releaseHold(env: ApiEnv, services: ApiServices, orderId: string, payment: PaymentRow): Promise<void> {
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
          operation: item.operation,
          period: item.years,
          amount: centsToDecimal(item.total_cents),
          icann_fee: centsToDecimal(item.icann_fee_cents * item.years),
          discount: centsToDecimal(item.discount_cents),
          status: item.status,
          // SPEC §3 invoice fields of a server line: plan, hostname, datacenter, specs, billing cycle.
          server: item.type === "vps" ? serverLineFacts(item.details) : null,
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

/** Why a line was not carried out, in the customer's words. */
function itemFailureText(item: OrderItemRow, language: MailLanguage): string {
  const t = language.texts.itemFailure;
  return item.error_code === "invalid_auth_code"
    ? t.invalid_auth_code
    : fill(t.other, { code: item.error_code ?? "error" });
}

/** What a receipt line is for: "registration" and its years, or a server's billing cycle. */
function itemWhat(item: OrderItemRow, language: MailLanguage): { what: string; period: string } {
  const what = language.operation(item.type, item.operation);
  if (item.type !== "vps") return { what, period: language.years(item.years) };
  const details = parseItemDetails(item.details);
  return { what, period: details ? language.cycle(details.cycle) : language.years(item.years) };
}

/** `capturedCents`: what a hold (manual capture) took; null for an order charged at once. */
function receiptMail(
  order: OrderRow,
  items: OrderItemRow[],
  to: string,
  language: MailLanguage,
  status: OrderStatus,
  capturedCents: number | null,
): MailMessage {
  const t = language.texts.receipt;
  const money = (cents: number) => language.money(cents, order.currency);
  const lines = items.map((item) => {
    const note =
      item.status === "refunded"
        ? t.noteRefunded
        : item.status === "failed" && capturedCents !== null
          ? fill(t.noteNotCharged, { reason: itemFailureText(item, language) })
          : "";
    return fill(t.line, { name: item.unicode, ...itemWhat(item, language), amount: money(paidCents(item)), note });
  });
  const charged = capturedCents !== null && capturedCents !== order.total_cents ? capturedCents : null;
  return {
    to,
    subject: fill(t.subject, { number: order.number }),
    text: [
      t.intro,
      "",
      ...lines,
      "",
      fill(t.total, { amount: money(order.total_cents) }),
      charged !== null ? fill(t.charged, { amount: money(charged) }) : "",
      order.refunded_cents > 0 ? fill(t.refunded, { amount: money(order.refunded_cents) }) : "",
      fill(t.status, { status: language.status(status) }),
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

/** An order of which nothing could be carried out, paid by a hold: not charged, the hold released. */
function notChargedMail(order: OrderRow, items: OrderItemRow[], to: string, language: MailLanguage): MailMessage {
  const t = language.texts.not_charged;
  const lines = items.map((item) =>
    fill(t.line, {
      name: item.unicode,
      what: language.operation(item.type, item.operation),
      reason: itemFailureText(item, language),
    }),
  );
  return {
    to,
    subject: fill(t.subject, { number: order.number }),
    text: [
      t.intro,
      "",
      ...lines,
      "",
      fill(t.footer, { amount: language.money(order.total_cents, order.currency) }),
    ].join("\n"),
  };
}

// ---------------------------------------------------------------------------------------------
// Off-session orders: renewals the scheduled job charges to the saved default card.

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

// ---------------------------------------------------------------------------------------------
// The scheduled job: finish (or give up on) open orders.

export async function resumeOpenOrders(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const db = env.DB;
  const now = services.now();
  const counts = { looked: 0, completed: 0, cancelled: 0, retried: 0 };
  for (const order of await dueOpenOrders(db, now)) {
    counts.looked += 1;
    try {
      if (order.status === "pending") {
        await syncOrderPayment(env, services, order);
        const after = await getOrderById(db, order.id);
        if (after?.status === "pending" && now.getTime() - Date.parse(order.created_at) > ABANDON_MS) {
          await setOrderStatus(db, order.id, ["pending"], "cancelled", now, { errorCode: "abandoned" });
          await releaseHolds(db, order.id);
          counts.cancelled += 1;
          continue;
        }
      } else {
        await runFulfilment(env, services, order.id);
      }
      const after = await getOrderById(db, order.id);
      if (after && ["completed", "completed_with_refunds", "refunded"].includes(after.status)) counts.completed += 1;
      else
        await noteOrderAttempt(
          db,
          order.id,
          new Date(now.getTime() + Math.min(60, 2 ** Math.min(order.attempts, 6)) * 60_000),
          now,
        );
    } catch (error) {
      console.error("order job: will retry", order.id, error);
      counts.retried += 1;
      await noteOrderAttempt(
        db,
        order.id,
        new Date(now.getTime() + Math.min(60, 2 ** Math.min(order.attempts, 6)) * 60_000),
        now,
      );
    }
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Views.

export interface OrderView {
  id: string;
  number: number;
  status: OrderStatus;
  progress: ReturnType<typeof paymentProgress>;
  error_code: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  discount_code: string | null;
  tax: number;
  total: number;
  refunded: number;
  contact_id: number;
  created_at: string;
  completed_at: string | null;
  items: {
    id: string;
    type: string;
    name: string;
    unicode: string;
    operation: string;
    period: number;
    amount: number;
    icann_fee: number;
    discount: number;
    status: string;
    error_code: string | null;
    /** Server lines: plan, hostname, datacenter, specs and billing cycle (null for domains). */
    server: ReturnType<typeof serverLineFacts>;
  }[];
  payment: {
    id: string;
    status: string;
    method: string;
    card_brand: string | null;
    card_last4: string | null;
    amount: number;
    /** "manual": authorised first, captured after fulfilment (orders with a transfer). */
    capture_method: "automatic" | "manual";
    /** Taken from the card (null until charged or captured; 0 when the hold was released). */
    captured: number | null;
    refunded: number;
    error_code: string | null;
    next_action_url: string | null;
  } | null;
  /** The invoice issued for the order (once paid). */
  invoice: { id: string; number: number } | null;
}

export async function orderView(db: D1Database, order: OrderRow): Promise<OrderView> {
  const [items, payment, invoice] = await Promise.all([
    orderItems(db, order.id),
    latestPayment(db, order.id),
    invoiceOfOrder(db, order.id),
  ]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    progress: paymentProgress(order.status, payment?.status ?? null),
    error_code: order.error_code,
    currency: order.currency,
    subtotal: centsToDecimal(order.subtotal_cents),
    discount: centsToDecimal(order.discount_cents),
    discount_code: order.discount_code,
    tax: centsToDecimal(order.tax_cents),
    total: centsToDecimal(order.total_cents),
    refunded: centsToDecimal(order.refunded_cents),
    contact_id: order.contact_id,
    created_at: order.created_at,
    completed_at: order.completed_at,
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      name: item.name,
      unicode: item.unicode,
      operation: item.operation,
      period: item.years,
      amount: centsToDecimal(item.total_cents),
      icann_fee: centsToDecimal(item.icann_fee_cents * item.years),
      discount: centsToDecimal(item.discount_cents),
      status: item.status,
      error_code: item.error_code,
      server: item.type === "vps" ? serverLineFacts(item.details) : null,
    })),
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          method: payment.method,
          card_brand: payment.card_brand,
          card_last4: payment.card_last4,
          amount: centsToDecimal(payment.amount_cents),
          capture_method: payment.capture_method,
          captured: payment.captured_cents === null ? null : centsToDecimal(payment.captured_cents),
          refunded: centsToDecimal(payment.refunded_cents),
          error_code: payment.error_code,
          next_action_url: payment.status === "requires_confirmation" ? payment.next_action_url : null,
        }
      : null,
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
  };
}

async function answerFor(db: D1Database, order: OrderRow): Promise<OrderAnswer> {
  const view = await orderView(db, order);
  return {
    order: view,
    nextAction: view.payment?.next_action_url ? { redirectUrl: view.payment.next_action_url } : null,
    clientSecret: null,
  };
}
