-- Transfers are authorised, not charged, until the registry accepts the auth code (issue 18,
-- docs/decisions/2026-11-27-transfer.md): an order with a transfer line takes a hold on the card
-- (capture_method "manual"), fulfils, then captures only what was carried out and releases the
-- rest. SQLite cannot change a CHECK: both payment tables are rebuilt with the new statuses.
PRAGMA defer_foreign_keys = true;

-- Ours: `authorized` (money held, not taken), `canceled` (the hold released, nothing taken);
-- `captured_cents` what was taken (NULL until then; an automatic charge takes amount_cents).
CREATE TABLE payments_new (
  id               TEXT    PRIMARY KEY,
  order_id         TEXT    NOT NULL REFERENCES orders (id),
  user_id          TEXT    NOT NULL,
  provider         TEXT    NOT NULL,
  provider_ref     TEXT    UNIQUE,
  idempotency_key  TEXT    NOT NULL UNIQUE,
  status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN (
                     'pending', 'requires_confirmation', 'processing', 'authorized', 'succeeded', 'failed', 'canceled', 'refunded')),
  capture_method   TEXT    NOT NULL DEFAULT 'automatic' CHECK (capture_method IN ('automatic', 'manual')),
  amount_cents     INTEGER NOT NULL CHECK (amount_cents >= 0),
  captured_cents   INTEGER CHECK (captured_cents IS NULL OR captured_cents >= 0),
  refunded_cents   INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  currency         TEXT    NOT NULL DEFAULT 'USD',
  method           TEXT    NOT NULL DEFAULT 'card',
  card_brand       TEXT,
  card_last4       TEXT,
  error_code       TEXT,
  next_action_url  TEXT,
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL
);
INSERT INTO payments_new (id, order_id, user_id, provider, provider_ref, idempotency_key, status, capture_method, amount_cents, captured_cents,
    refunded_cents, currency, method, card_brand, card_last4, error_code, next_action_url, created_at, updated_at)
  SELECT id, order_id, user_id, provider, provider_ref, idempotency_key, status, 'automatic', amount_cents,
    CASE WHEN status IN ('succeeded', 'refunded') THEN amount_cents END,
    refunded_cents, currency, method, card_brand, card_last4, error_code, next_action_url, created_at, updated_at
  FROM payments;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
CREATE INDEX payments_user ON payments (user_id, created_at);
CREATE INDEX payments_order ON payments (order_id);

-- The test provider: `requires_capture` (authorised), `capture_method`, and `captured_cents`
-- (Stripe's amount_received: a capture may take less than was authorised).
CREATE TABLE testpay_payments_new (
  id                TEXT    PRIMARY KEY,
  idempotency_key   TEXT    NOT NULL UNIQUE,
  request_hash      TEXT    NOT NULL,
  amount_cents      INTEGER NOT NULL CHECK (amount_cents > 0),
  currency          TEXT    NOT NULL,
  customer_id       TEXT,
  description       TEXT    NOT NULL,
  order_id          TEXT    NOT NULL,
  user_id           TEXT    NOT NULL,
  status            TEXT    NOT NULL CHECK (status IN (
                      'requires_payment_method', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'failed', 'canceled')),
  capture_method    TEXT    NOT NULL DEFAULT 'automatic' CHECK (capture_method IN ('automatic', 'manual')),
  captured_cents    INTEGER NOT NULL DEFAULT 0 CHECK (captured_cents >= 0 AND captured_cents <= amount_cents),
  payment_method_id TEXT,
  error_code        TEXT,
  decline_code      TEXT,
  error_message     TEXT,
  return_url        TEXT    NOT NULL,
  refunded_cents    INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= captured_cents),
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL
);
INSERT INTO testpay_payments_new (id, idempotency_key, request_hash, amount_cents, currency, customer_id, description, order_id, user_id, status,
    capture_method, captured_cents, payment_method_id, error_code, decline_code, error_message, return_url, refunded_cents, created_at, updated_at)
  SELECT id, idempotency_key, request_hash, amount_cents, currency, customer_id, description, order_id, user_id, status,
    'automatic', CASE WHEN status = 'succeeded' THEN amount_cents ELSE 0 END, payment_method_id, error_code, decline_code, error_message,
    return_url, refunded_cents, created_at, updated_at
  FROM testpay_payments;
-- testpay_refunds references testpay_payments: dropping a parent that still has children fails
-- at commit even with deferred keys, so the refunds move to a copy that points at the new table
-- first (the rename below rewrites that reference to "testpay_payments").
CREATE TABLE testpay_refunds_new (
  id              TEXT    PRIMARY KEY,    -- re_…
  idempotency_key TEXT    NOT NULL UNIQUE,
  payment_id      TEXT    NOT NULL REFERENCES testpay_payments_new (id),
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  currency        TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('succeeded', 'pending', 'failed')),
  created_at      TEXT    NOT NULL
);
INSERT INTO testpay_refunds_new (id, idempotency_key, payment_id, amount_cents, currency, status, created_at)
  SELECT id, idempotency_key, payment_id, amount_cents, currency, status, created_at FROM testpay_refunds;
DROP TABLE testpay_refunds;
DROP TABLE testpay_payments;
ALTER TABLE testpay_payments_new RENAME TO testpay_payments;
ALTER TABLE testpay_refunds_new RENAME TO testpay_refunds;
CREATE INDEX testpay_payments_order ON testpay_payments (order_id);
CREATE INDEX testpay_refunds_payment ON testpay_refunds (payment_id);
