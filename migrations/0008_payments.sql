-- Payments (issue 13, payments part). Two groups of tables:
--
-- 1. The storefront's own: which provider customer a user is (payment_customers), the saved
--    cards of SPEC §3 "Payment method" shown as brand, last four, expiry, default, nickname
--    (payment_methods), and the provider webhook events already handled (payment_webhook_events).
--    Every row is scoped to its user; no card number or CVC is ever stored, only brand/last4/expiry.
--
-- 2. testpay_*: the embedded test provider's own ledger (workers/api/adapters/payments/
--    test-provider.ts). It plays the payment provider's side — customers, payment methods,
--    payments, refunds, setup intents, events — and is never read by the storefront directly.
--    With PAYMENTS_ADAPTER=stripe these stay empty.
--
-- Money is integer cents with a lower-case currency; times are UTC ISO strings.

CREATE TABLE payment_customers (
  user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider     TEXT NOT NULL CHECK (provider IN ('test', 'stripe')),
  customer_ref TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (user_id, provider)
);

CREATE TABLE payment_methods (
  id                TEXT    PRIMARY KEY,
  user_id           TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider          TEXT    NOT NULL CHECK (provider IN ('test', 'stripe')),
  -- The provider's payment method id ("pm_…"), i.e. SPEC's stripe_payment_method_id.
  provider_ref      TEXT    NOT NULL,
  brand             TEXT    NOT NULL,
  last4             TEXT    NOT NULL CHECK (length(last4) = 4),
  exp_month         INTEGER NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year          INTEGER NOT NULL,
  is_default        INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  nickname          TEXT,
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL,
  UNIQUE (user_id, provider_ref)
);
CREATE INDEX payment_methods_user ON payment_methods (user_id, is_default DESC, created_at);
-- At most one default card per user.
CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id) WHERE is_default = 1;

-- Provider events already handled (webhooks come at least once, in any order).
CREATE TABLE payment_webhook_events (
  id          TEXT PRIMARY KEY,
  provider    TEXT NOT NULL,
  type        TEXT NOT NULL,
  received_at TEXT NOT NULL
);

-- ---------------------------------------------------------------- test provider ledger
CREATE TABLE testpay_customers (
  id         TEXT PRIMARY KEY,            -- cus_…
  user_id    TEXT NOT NULL UNIQUE,
  email      TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE testpay_payment_methods (
  id          TEXT    PRIMARY KEY,        -- pm_…
  customer_id TEXT,                       -- set while attached
  brand       TEXT    NOT NULL,
  last4       TEXT    NOT NULL,
  exp_month   INTEGER NOT NULL,
  exp_year    INTEGER NOT NULL,
  -- How the issuer answers this card (Stripe's test-card table): the outcome, never the number.
  behaviour   TEXT    NOT NULL,
  created_at  TEXT    NOT NULL
);
CREATE INDEX testpay_payment_methods_customer ON testpay_payment_methods (customer_id);

CREATE TABLE testpay_payments (
  id                TEXT    PRIMARY KEY,  -- pi_…
  idempotency_key   TEXT    NOT NULL UNIQUE,
  request_hash      TEXT    NOT NULL,
  amount_cents      INTEGER NOT NULL CHECK (amount_cents > 0),
  currency          TEXT    NOT NULL,
  customer_id       TEXT,
  description       TEXT    NOT NULL,
  order_id          TEXT    NOT NULL,
  user_id           TEXT    NOT NULL,
  status            TEXT    NOT NULL CHECK (status IN (
                      'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
  payment_method_id TEXT,
  error_code        TEXT,
  decline_code      TEXT,
  error_message     TEXT,
  return_url        TEXT    NOT NULL,
  refunded_cents    INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL
);
CREATE INDEX testpay_payments_order ON testpay_payments (order_id);

-- Idempotency keys of calls that change an existing object (confirm): key → the attempt that won.
CREATE TABLE testpay_idempotency (
  key          TEXT PRIMARY KEY,
  kind         TEXT NOT NULL,
  object_id    TEXT NOT NULL,
  attempt_id   TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  created_at   TEXT NOT NULL
);

CREATE TABLE testpay_refunds (
  id              TEXT    PRIMARY KEY,    -- re_…
  idempotency_key TEXT    NOT NULL UNIQUE,
  payment_id      TEXT    NOT NULL REFERENCES testpay_payments (id),
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  currency        TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('succeeded', 'pending', 'failed')),
  created_at      TEXT    NOT NULL
);
CREATE INDEX testpay_refunds_payment ON testpay_refunds (payment_id);

CREATE TABLE testpay_setup_intents (
  id              TEXT PRIMARY KEY,       -- seti_…
  idempotency_key TEXT NOT NULL UNIQUE,
  customer_id     TEXT NOT NULL,
  status          TEXT NOT NULL,
  created_at      TEXT NOT NULL
);

-- What the test provider would send as webhooks, in Stripe's envelope (signed when delivered).
CREATE TABLE testpay_events (
  id         TEXT    PRIMARY KEY,         -- evt_…
  type       TEXT    NOT NULL,
  object_id  TEXT    NOT NULL,
  payload    TEXT    NOT NULL CHECK (json_valid(payload)),
  created    INTEGER NOT NULL             -- epoch seconds, as Stripe's `created`
);
CREATE INDEX testpay_events_object ON testpay_events (object_id, created);
