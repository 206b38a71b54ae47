// Saved cards (SPEC §3 "Payment method") and the provider customer of each user. Every query is
// scoped to the user; a card is kept as brand, last four, expiry, default flag and nickname.
import type { CardPaymentMethod, PaymentsAdapter, PaymentsProvider } from "../adapters/payments";

interface PaymentMethodRow {
  id: string;
  user_id: string;
  provider: PaymentsProvider;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: number;
  nickname: string | null;
  fingerprint: string | null;
  created_at: string;
  updated_at: string;
}

/** A saved card as the API answers it (SPEC's field names where it gives them). */
export interface PaymentMethodView {
  id: string;
  /** The provider's payment method id (SPEC: stripe_payment_method_id). */
  stripe_payment_method_id: string;
  provider: PaymentsProvider;
  type: "card";
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  nickname: string | null;
  created_at: string;
  updated_at: string;
}

function toView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    stripe_payment_method_id: row.provider_ref,
    provider: row.provider,
    type: "card",
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default === 1,
    nickname: row.nickname,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The user's saved cards of one provider, default first, then oldest first. */
export async function listPaymentMethods(
  db: D1Database,
  userId: string,
  provider: PaymentsProvider,
): Promise<PaymentMethodView[]> {
  const { results } = await db
    .prepare(
      "SELECT * FROM payment_methods WHERE user_id = ?1 AND provider = ?2 ORDER BY is_default DESC, created_at, id",
    )
    .bind(userId, provider)
    .all<PaymentMethodRow>();
  return results.map(toView);
}

/** One saved card of this user, by our id or by the provider's id; null when it is not theirs. */
export async function getPaymentMethod(
  db: D1Database,
  userId: string,
  idOrRef: string,
): Promise<PaymentMethodView | null> {
  const row = await db
    .prepare("SELECT * FROM payment_methods WHERE user_id = ?1 AND (id = ?2 OR provider_ref = ?2)")
    .bind(userId, idOrRef)
    .first<PaymentMethodRow>();
  return row ? toView(row) : null;
}

/** The user's default card for a provider (auto-renew charges it), or null. */
export async function defaultPaymentMethod(
  db: D1Database,
  userId: string,
  provider: PaymentsProvider,
): Promise<PaymentMethodView | null> {
  const row = await db
    .prepare("SELECT * FROM payment_methods WHERE user_id = ?1 AND provider = ?2 AND is_default = 1")
    .bind(userId, provider)
    .first<PaymentMethodRow>();
  return row ? toView(row) : null;
}

const clearDefault = (db: D1Database, userId: string) =>
  db.prepare("UPDATE payment_methods SET is_default = 0 WHERE user_id = ?1 AND is_default = 1").bind(userId);

/**
 * Stores a card the provider attached to the user's customer. The first card, or one saved with
 * `setAsDefault`, becomes the only default. Saving the same provider card again answers the row
 * already there (updating nickname/default when asked) instead of a duplicate; so does the same
 * card under a new provider id (same `fingerprint`): that row then points at the new id and the
 * new expiry, and `replacedRef` names the provider id it held (the caller detaches it).
 */
export async function savePaymentMethod(
  db: D1Database,
  userId: string,
  provider: PaymentsProvider,
  card: CardPaymentMethod,
  options: { setAsDefault: boolean; nickname: string | null },
  now: Date,
): Promise<{ method: PaymentMethodView; created: boolean; replacedRef: string | null }> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const hasDefault = (await defaultPaymentMethod(db, userId, provider)) !== null;
  const makeDefault = options.setAsDefault || !hasDefault;
  const sameCard = card.fingerprint
    ? await db
        .prepare(
          "SELECT * FROM payment_methods WHERE user_id = ?1 AND provider = ?2 AND fingerprint = ?3 AND provider_ref <> ?4 ORDER BY created_at, id LIMIT 1",
        )
        .bind(userId, provider, card.fingerprint, card.paymentMethodRef)
        .first<PaymentMethodRow>()
    : null;
  if (sameCard) {
    // One statement batch; the new provider id must not be on another row of the user already.
    await db.batch([
      ...(makeDefault ? [clearDefault(db, userId)] : []),
      db
        .prepare(
          `UPDATE payment_methods SET provider_ref = ?3, exp_month = ?4, exp_year = ?5, is_default = MAX(is_default, ?6),
             nickname = COALESCE(?7, nickname), updated_at = ?8
           WHERE id = ?1 AND user_id = ?2 AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ?2 AND provider_ref = ?3)`,
        )
        .bind(
          sameCard.id,
          userId,
          card.paymentMethodRef,
          card.expMonth,
          card.expYear,
          makeDefault ? 1 : 0,
          options.nickname,
          at,
        ),
    ]);
    const method = await getPaymentMethod(db, userId, card.paymentMethodRef);
    if (method)
      return { method, created: false, replacedRef: method.id === sameCard.id ? sameCard.provider_ref : null };
  }
  await db.batch([
    ...(makeDefault ? [clearDefault(db, userId)] : []),
    db
      .prepare(
        `INSERT INTO payment_methods (id, user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, nickname, fingerprint, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?12, ?11, ?11)
         ON CONFLICT (user_id, provider_ref) DO UPDATE SET
           is_default = MAX(is_default, excluded.is_default),
           nickname = COALESCE(excluded.nickname, nickname),
           fingerprint = COALESCE(fingerprint, excluded.fingerprint),
           updated_at = excluded.updated_at`,
      )
      .bind(
        id,
        userId,
        provider,
        card.paymentMethodRef,
        card.brand,
        card.last4,
        card.expMonth,
        card.expYear,
        makeDefault ? 1 : 0,
        options.nickname,
        at,
        card.fingerprint ?? null,
      ),
  ]);
  const method = await getPaymentMethod(db, userId, card.paymentMethodRef);
  if (!method) throw new Error("payment method vanished after insert");
  // Saved again without asking for default: keep the default there was (the batch cleared it only when asked).
  return { method, created: method.id === id, replacedRef: null };
}

export async function setDefaultPaymentMethod(
  db: D1Database,
  userId: string,
  idOrRef: string,
  now: Date,
): Promise<PaymentMethodView | null> {
  const existing = await getPaymentMethod(db, userId, idOrRef);
  if (!existing) return null;
  // One transaction, and the old default is cleared only while the card is still there: a card
  // removed meanwhile (another tab) leaves the default as it was and answers 404.
  await db.batch([
    db
      .prepare(
        "UPDATE payment_methods SET is_default = 0 WHERE user_id = ?1 AND is_default = 1 AND id <> ?2 AND EXISTS (SELECT 1 FROM payment_methods WHERE id = ?2 AND user_id = ?1)",
      )
      .bind(userId, existing.id),
    db
      .prepare("UPDATE payment_methods SET is_default = 1, updated_at = ?3 WHERE id = ?1 AND user_id = ?2")
      .bind(existing.id, userId, now.toISOString()),
  ]);
  return getPaymentMethod(db, userId, existing.id);
}

/** Deletes a saved card of this user; when it was the default, the newest remaining one takes over. */
export async function deletePaymentMethod(db: D1Database, userId: string, id: string): Promise<void> {
  const existing = await getPaymentMethod(db, userId, id);
  if (!existing) return;
  await db.prepare("DELETE FROM payment_methods WHERE id = ?1 AND user_id = ?2").bind(existing.id, userId).run();
  if (existing.is_default) {
    await db
      .prepare(
        `UPDATE payment_methods SET is_default = 1 WHERE id = (
           SELECT id FROM payment_methods WHERE user_id = ?1 AND provider = ?2 ORDER BY created_at DESC, id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ?1 AND is_default = 1)`,
      )
      .bind(userId, existing.provider)
      .run();
  }
}

/**
 * The provider customer of a user, created at the provider on first use and remembered here
 * (Stripe's idempotency keys last only a day; this row lasts).
 */
export async function customerRefFor(
  db: D1Database,
  payments: PaymentsAdapter,
  user: { id: string; email: string },
  now: Date,
): Promise<string> {
  const known = await db
    .prepare("SELECT customer_ref FROM payment_customers WHERE user_id = ?1 AND provider = ?2")
    .bind(user.id, payments.provider)
    .first<string>("customer_ref");
  if (known) return known;
  const { customerRef } = await payments.createCustomer({ userId: user.id, email: user.email });
  await db
    .prepare(
      "INSERT INTO payment_customers (user_id, provider, customer_ref, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id, provider) DO NOTHING",
    )
    .bind(user.id, payments.provider, customerRef, now.toISOString())
    .run();
  const stored = await db
    .prepare("SELECT customer_ref FROM payment_customers WHERE user_id = ?1 AND provider = ?2")
    .bind(user.id, payments.provider)
    .first<string>("customer_ref");
  return stored ?? customerRef;
}

/** Records a provider webhook event id; false when it was already handled (a replay). */
export async function recordWebhookEvent(
  db: D1Database,
  event: { id: string; type: string },
  provider: PaymentsProvider,
  now: Date,
): Promise<boolean> {
  const { meta } = await db
    .prepare(
      "INSERT INTO payment_webhook_events (id, provider, type, received_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (id) DO NOTHING",
    )
    .bind(event.id, provider, event.type, now.toISOString())
    .run();
  return meta.changes === 1;
}
