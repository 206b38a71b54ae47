// Orders, their items, our payment records and invoices (migration 0007). Every read of a
// user's row filters by user_id (DESIGN §4); the scheduled job reads open orders across users.
import type { InvoiceStatus, OrderStatus, PaymentStatus } from "../../../core/checkout";
import { centsToDecimal } from "../../../core/money";

export interface OrderRow {
  id: string;
  number: number;
  user_id: string;
  cart_id: string | null;
  idempotency_key: string;
  status: OrderStatus;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  discount_code: string | null;
  tax_cents: number;
  total_cents: number;
  refunded_cents: number;
  contact_id: number;
  contact: string;
  error_code: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  receipt_sent_at: string | null;
}

export interface OrderItemRow {
  id: string;
  order_id: string;
  position: number;
  type: "domain" | "vps";
  name: string;
  unicode: string;
  tld: string | null;
  operation: string;
  years: number;
  details: string | null;
  unit_cents: number;
  icann_fee_cents: number;
  discount_cents: number;
  total_cents: number;
  status: "pending" | "done" | "failed" | "refunded";
  result: string | null;
  error_code: string | null;
}

export interface PaymentRow {
  id: string;
  order_id: string;
  user_id: string;
  provider: string;
  provider_ref: string | null;
  idempotency_key: string;
  status: PaymentStatus;
  /** "manual": authorised first, captured after fulfilment (orders with a transfer line). */
  capture_method: "automatic" | "manual";
  /** 1: the customer ticked "Save this card for renewals" — saved once the payment goes through. */
  save_card: number;
  amount_cents: number;
  /** What was taken (null until captured/charged). */
  captured_cents: number | null;
  refunded_cents: number;
  currency: string;
  method: string;
  card_brand: string | null;
  card_last4: string | null;
  error_code: string | null;
  next_action_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceRow {
  id: string;
  number: number;
  order_id: string;
  user_id: string;
  status: InvoiceStatus;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  refunded_cents: number;
  payment_id: string | null;
  seller: string;
  buyer: string;
  items: string;
  issued_at: string;
  updated_at: string;
}

export type NewOrderItem = Omit<OrderItemRow, "id" | "order_id" | "status" | "result" | "error_code">;

export interface NewOrder {
  userId: string;
  cartId: string | null;
  idempotencyKey: string;
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  taxCents: number;
  totalCents: number;
  contactId: number;
  contact: unknown;
  items: NewOrderItem[];
}

/** Order numbers start here (a new shop's first invoice is not number 1). */
const FIRST_NUMBER = 10001;

export async function findOrderByKey(db: D1Database, userId: string, key: string): Promise<OrderRow | null> {
  return db
    .prepare("SELECT * FROM orders WHERE user_id = ?1 AND idempotency_key = ?2")
    .bind(userId, key)
    .first<OrderRow>();
}

export async function findOpenOrderForCart(db: D1Database, userId: string, cartId: string): Promise<OrderRow | null> {
  return db
    .prepare("SELECT * FROM orders WHERE user_id = ?1 AND cart_id = ?2 AND status IN ('pending', 'paid', 'fulfilling')")
    .bind(userId, cartId)
    .first<OrderRow>();
}

/** The user's order, or null (unknown or someone else's). */
export async function getOrder(db: D1Database, userId: string, orderId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE id = ?1 AND user_id = ?2").bind(orderId, userId).first<OrderRow>();
}

/** Any user's order (the scheduled job and webhooks, which act for the system). */
export async function getOrderById(db: D1Database, orderId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE id = ?1").bind(orderId).first<OrderRow>();
}

export async function orderItems(db: D1Database, orderId: string): Promise<OrderItemRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM order_items WHERE order_id = ?1 ORDER BY position")
    .bind(orderId)
    .all<OrderItemRow>();
  return results;
}

/**
 * Creates the order and its items in one transaction. Answers "conflict" when the user already
 * has an order with this idempotency key or an open order for this cart (a double submit).
 */
export async function insertOrder(db: D1Database, order: NewOrder, now: Date): Promise<{ id: string } | "conflict"> {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO orders (id, number, user_id, cart_id, idempotency_key, status, subtotal_cents, discount_cents, discount_code,
             tax_cents, total_cents, contact_id, contact, created_at, updated_at)
           VALUES (?1, (SELECT COALESCE(MAX(number), ?13 - 1) + 1 FROM orders), ?2, ?3, ?4, 'pending', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)`,
        )
        .bind(
          id,
          order.userId,
          order.cartId,
          order.idempotencyKey,
          order.subtotalCents,
          order.discountCents,
          order.discountCode,
          order.taxCents,
          order.totalCents,
          order.contactId,
          JSON.stringify(order.contact),
          at,
          FIRST_NUMBER,
        ),
      ...order.items.map((item) =>
        db
          .prepare(
            `INSERT INTO order_items (id, order_id, position, type, name, unicode, tld, operation, years, details, unit_cents, icann_fee_cents, discount_cents, total_cents)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)`,
          )
          .bind(
            crypto.randomUUID(),
            id,
            item.position,
            item.type,
            item.name,
            item.unicode,
            item.tld,
            item.operation,
            item.years,
            item.details,
            item.unit_cents,
            item.icann_fee_cents,
            item.discount_cents,
            item.total_cents,
          ),
      ),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String(error))) return "conflict";
    throw error;
  }
  return { id };
}

export async function setOrderStatus(
  db: D1Database,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
  extra: { errorCode?: string | null } = {},
): Promise<boolean> {
  const placeholders = from.map((_, index) => `?${index + 5}`).join(", ");
  const completed =
    to === "completed" || to === "completed_with_refunds" || to === "refunded" || to === "failed" || to === "cancelled";
  const result = await db
    .prepare(
      `UPDATE orders SET status = ?2, updated_at = ?3, error_code = COALESCE(?4, error_code)${completed ? ", completed_at = ?3" : ""}
        WHERE id = ?1 AND status IN (${placeholders})`,
    )
    .bind(orderId, to, now.toISOString(), extra.errorCode ?? null, ...from)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export async function noteOrderAttempt(
  db: D1Database,
  orderId: string,
  nextAttemptAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .prepare("UPDATE orders SET attempts = attempts + 1, next_attempt_at = ?2, updated_at = ?3 WHERE id = ?1")
    .bind(orderId, nextAttemptAt?.toISOString() ?? null, now.toISOString())
    .run();
}

export async function addOrderRefund(db: D1Database, orderId: string, cents: number, now: Date): Promise<void> {
  await db
    .prepare("UPDATE orders SET refunded_cents = refunded_cents + ?2, updated_at = ?3 WHERE id = ?1")
    .bind(orderId, cents, now.toISOString())
    .run();
}

/** Marks an item done/failed once (a pending item only): true when this call changed it. */
export async function settleItem(
  db: D1Database,
  itemId: string,
  status: "done" | "failed",
  result: unknown,
  errorCode: string | null,
): Promise<boolean> {
  const outcome = await db
    .prepare("UPDATE order_items SET status = ?2, result = ?3, error_code = ?4 WHERE id = ?1 AND status = 'pending'")
    .bind(itemId, status, JSON.stringify(result ?? null), errorCode)
    .run();
  return (outcome.meta.changes ?? 0) > 0;
}

export async function markItemRefunded(db: D1Database, itemId: string): Promise<boolean> {
  const outcome = await db
    .prepare("UPDATE order_items SET status = 'refunded' WHERE id = ?1 AND status = 'failed'")
    .bind(itemId)
    .run();
  return (outcome.meta.changes ?? 0) > 0;
}

/** Open orders the scheduled job should look at now (oldest first). */
export async function dueOpenOrders(db: D1Database, now: Date, limit = 25): Promise<OrderRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM orders WHERE status IN ('pending', 'paid', 'fulfilling')
         AND (next_attempt_at IS NULL OR next_attempt_at <= ?1) ORDER BY created_at LIMIT ?2`,
    )
    .bind(now.toISOString(), limit)
    .all<OrderRow>();
  return results;
}

export async function markReceiptSent(db: D1Database, orderId: string, now: Date): Promise<boolean> {
  const outcome = await db
    .prepare("UPDATE orders SET receipt_sent_at = ?2 WHERE id = ?1 AND receipt_sent_at IS NULL")
    .bind(orderId, now.toISOString())
    .run();
  return (outcome.meta.changes ?? 0) > 0;
}

// Registration holds --------------------------------------------------------------------------

/**
 * Holds each name for this order (one open order per name). All or nothing: answers the first
 * name another order holds, after releasing what this call took.
 */
export async function holdNames(
  db: D1Database,
  orderKey: string,
  names: readonly string[],
  expiresAt: Date,
  now: Date,
): Promise<string | null> {
  const taken: string[] = [];
  for (const name of names) {
    const outcome = await db
      .prepare(
        `INSERT INTO registration_holds (name, order_id, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET order_id = excluded.order_id, expires_at = excluded.expires_at
           WHERE registration_holds.expires_at <= ?4 OR registration_holds.order_id = excluded.order_id`,
      )
      .bind(name, orderKey, expiresAt.toISOString(), now.toISOString())
      .run();
    if ((outcome.meta.changes ?? 0) === 0) {
      await releaseHolds(db, orderKey, taken);
      return name;
    }
    taken.push(name);
  }
  return null;
}

export async function moveHolds(db: D1Database, fromKey: string, orderId: string): Promise<void> {
  await db.prepare("UPDATE registration_holds SET order_id = ?2 WHERE order_id = ?1").bind(fromKey, orderId).run();
}

export async function releaseHolds(db: D1Database, orderKey: string, names?: readonly string[]): Promise<void> {
  if (names && names.length === 0) return;
  if (!names) {
    await db.prepare("DELETE FROM registration_holds WHERE order_id = ?1").bind(orderKey).run();
    return;
  }
  await db.batch(
    names.map((name) =>
      db.prepare("DELETE FROM registration_holds WHERE order_id = ?1 AND name = ?2").bind(orderKey, name),
    ),
  );
}

// Payments ------------------------------------------------------------------------------------

export async function insertPayment(
  db: D1Database,
  payment: {
    orderId: string;
    userId: string;
    provider: string;
    idempotencyKey: string;
    amountCents: number;
    captureMethod?: "automatic" | "manual";
    saveCard?: boolean;
  },
  now: Date,
): Promise<PaymentRow> {
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO payments (id, order_id, user_id, provider, idempotency_key, amount_cents, capture_method, save_card, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?8, ?9, ?7, ?7) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      payment.orderId,
      payment.userId,
      payment.provider,
      payment.idempotencyKey,
      payment.amountCents,
      at,
      payment.captureMethod ?? "automatic",
      payment.saveCard ? 1 : 0,
    )
    .run();
  const row = await db
    .prepare("SELECT * FROM payments WHERE idempotency_key = ?1")
    .bind(payment.idempotencyKey)
    .first<PaymentRow>();
  if (!row) throw new Error("payment vanished after insert");
  return row;
}

export async function updatePayment(
  db: D1Database,
  id: string,
  fields: {
    status: PaymentStatus;
    providerRef?: string | null;
    errorCode?: string | null;
    nextActionUrl?: string | null;
    cardBrand?: string | null;
    cardLast4?: string | null;
    refundedCents?: number;
    capturedCents?: number;
  },
  now: Date,
): Promise<void> {
  await db
    .prepare(
      `UPDATE payments SET status = ?2, provider_ref = COALESCE(?3, provider_ref), error_code = ?4, next_action_url = ?5,
         card_brand = COALESCE(?6, card_brand), card_last4 = COALESCE(?7, card_last4),
         refunded_cents = COALESCE(?8, refunded_cents), updated_at = ?9,
         captured_cents = COALESCE(?10, CASE WHEN ?2 = 'succeeded' AND capture_method = 'automatic' THEN amount_cents ELSE captured_cents END)
        WHERE id = ?1`,
    )
    .bind(
      id,
      fields.status,
      fields.providerRef ?? null,
      fields.errorCode ?? null,
      fields.nextActionUrl ?? null,
      fields.cardBrand ?? null,
      fields.cardLast4 ?? null,
      fields.refundedCents ?? null,
      now.toISOString(),
      fields.capturedCents ?? null,
    )
    .run();
}

export async function latestPayment(db: D1Database, orderId: string): Promise<PaymentRow | null> {
  return db
    .prepare("SELECT * FROM payments WHERE order_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(orderId)
    .first<PaymentRow>();
}

export async function paymentByProviderRef(db: D1Database, providerRef: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE provider_ref = ?1").bind(providerRef).first<PaymentRow>();
}

// Lists ---------------------------------------------------------------------------------------

export interface ListQuery {
  page: number;
  perPage: number;
  status?: string;
}

export async function listPayments(
  db: D1Database,
  userId: string,
  query: ListQuery,
): Promise<{ rows: (PaymentRow & { order_number: number })[]; total: number }> {
  const where = `p.user_id = ?1${query.status ? " AND p.status = ?4" : ""}`;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT p.*, o.number AS order_number FROM payments p JOIN orders o ON o.id = p.order_id WHERE ${where} ORDER BY p.created_at DESC, p.rowid DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(userId, query.perPage, (query.page - 1) * query.perPage, ...(query.status ? [query.status] : [])),
    db
      .prepare(`SELECT COUNT(*) AS n FROM payments p WHERE ${where.replace("?4", "?2")}`)
      .bind(userId, ...(query.status ? [query.status] : [])),
  ]);
  if (!rows || !count) throw new Error("D1 batch: a statement has no result");
  return {
    rows: rows.results as (PaymentRow & { order_number: number })[],
    total: (count.results[0] as { n: number }).n,
  };
}

export async function listInvoices(
  db: D1Database,
  userId: string,
  query: ListQuery,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = `user_id = ?1${query.status ? " AND status = ?4" : ""}`;
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT * FROM invoices WHERE ${where} ORDER BY number DESC LIMIT ?2 OFFSET ?3`)
      .bind(userId, query.perPage, (query.page - 1) * query.perPage, ...(query.status ? [query.status] : [])),
    db
      .prepare(`SELECT COUNT(*) AS n FROM invoices WHERE ${where.replace("?4", "?2")}`)
      .bind(userId, ...(query.status ? [query.status] : [])),
  ]);
  if (!rows || !count) throw new Error("D1 batch: a statement has no result");
  return { rows: rows.results as InvoiceRow[], total: (count.results[0] as { n: number }).n };
}

/** The invoice issued for an order (id and number), if any. */
export async function invoiceOfOrder(db: D1Database, orderId: string): Promise<{ id: string; number: number } | null> {
  return db
    .prepare("SELECT id, number FROM invoices WHERE order_id = ?1")
    .bind(orderId)
    .first<{ id: string; number: number }>();
}

export async function getInvoice(db: D1Database, userId: string, idOrNumber: string): Promise<InvoiceRow | null> {
  const byNumber = /^\d{1,12}$/.test(idOrNumber);
  return db
    .prepare(`SELECT * FROM invoices WHERE ${byNumber ? "number = ?1" : "id = ?1"} AND user_id = ?2`)
    .bind(byNumber ? Number(idOrNumber) : idOrNumber, userId)
    .first<InvoiceRow>();
}

/** Issues the order's invoice once (numbered in issue order); answers it either way. */
export async function issueInvoice(
  db: D1Database,
  invoice: Omit<InvoiceRow, "id" | "number" | "issued_at" | "updated_at" | "refunded_cents">,
  now: Date,
): Promise<InvoiceRow> {
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO invoices (id, number, order_id, user_id, status, currency, subtotal_cents, discount_cents, tax_cents, total_cents, payment_id, seller, buyer, items, issued_at, updated_at)
       VALUES (?1, (SELECT COALESCE(MAX(number), 0) + 1 FROM invoices), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14)
       ON CONFLICT (order_id) DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      invoice.order_id,
      invoice.user_id,
      invoice.status,
      invoice.currency,
      invoice.subtotal_cents,
      invoice.discount_cents,
      invoice.tax_cents,
      invoice.total_cents,
      invoice.payment_id,
      invoice.seller,
      invoice.buyer,
      invoice.items,
      at,
    )
    .run();
  const row = await db.prepare("SELECT * FROM invoices WHERE order_id = ?1").bind(invoice.order_id).first<InvoiceRow>();
  if (!row) throw new Error("invoice vanished after insert");
  return row;
}

export async function updateInvoiceRefund(
  db: D1Database,
  orderId: string,
  refundedCents: number,
  status: InvoiceStatus,
  now: Date,
): Promise<void> {
  await db
    .prepare("UPDATE invoices SET refunded_cents = ?2, status = ?3, updated_at = ?4 WHERE order_id = ?1")
    .bind(orderId, refundedCents, status, now.toISOString())
    .run();
}

export const money = centsToDecimal;
