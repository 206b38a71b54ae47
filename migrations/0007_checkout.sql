-- Checkout (issue 13): discounts, orders with their items, our record of each payment, invoices,
-- registration holds, and the numeric registrant contact id of address-book entries. (Saved
-- cards, provider customers and processed webhooks are in 0008, the payments adapter's.)
-- Money is integer cents (USD); times are UTC ISO strings.

-- SPEC §3 "contact id (must be numeric for domain operations)": every address gets one.
ALTER TABLE addresses ADD COLUMN contact_id INTEGER;
UPDATE addresses SET contact_id = 100000 + rowid WHERE contact_id IS NULL;
CREATE UNIQUE INDEX addresses_contact_id ON addresses (contact_id);

-- Discount codes (SPEC §5, §9). `tlds` empty = every extension; min_order_cents applies to the
-- eligible items' subtotal; signed-in users only (checked by the API).
CREATE TABLE discount_codes (
  id              INTEGER PRIMARY KEY,
  code            TEXT    NOT NULL UNIQUE,
  percentage      INTEGER NOT NULL CHECK (percentage BETWEEN 1 AND 100),
  min_order_cents INTEGER NOT NULL DEFAULT 0 CHECK (min_order_cents >= 0),
  tlds            TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tlds)),
  active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at      TEXT    NOT NULL
);
INSERT INTO discount_codes (id, code, percentage, min_order_cents, tlds, active, created_at)
VALUES (1, 'WELCOME10', 10, 1000, '["com","xyz","net","org"]', 1, '2026-11-25T00:00:00.000Z');

-- The code applied to a cart (SPEC §4: clearing the cart removes it).
ALTER TABLE carts ADD COLUMN discount_code TEXT;

-- One order per checkout. `idempotency_key` (per user) makes a replayed or doubled submission
-- answer the same order; at most one order per cart may be open (not failed/cancelled) at once.
-- Statuses: pending (created, not yet paid) → paid (payment succeeded) → fulfilling →
-- completed | completed_with_refunds (some items failed and were refunded); failed (payment
-- failed); cancelled; refunded (whole order refunded).
CREATE TABLE orders (
  id               TEXT    PRIMARY KEY,
  number           INTEGER NOT NULL UNIQUE,
  user_id          TEXT    NOT NULL REFERENCES users (id),
  cart_id          TEXT,
  idempotency_key  TEXT    NOT NULL,
  status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN (
                     'pending', 'paid', 'fulfilling', 'completed', 'completed_with_refunds',
                     'failed', 'cancelled', 'refunded')),
  currency         TEXT    NOT NULL DEFAULT 'USD',
  subtotal_cents   INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents   INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  discount_code    TEXT,
  tax_cents        INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents      INTEGER NOT NULL CHECK (total_cents >= 0),
  refunded_cents   INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  contact_id       INTEGER NOT NULL,
  -- Snapshot of the registrant contact and buyer (JSON), for the invoice and the registry.
  contact          TEXT    NOT NULL CHECK (json_valid(contact)),
  error_code       TEXT,
  -- Fulfilment attempts by the scheduled job (resumable), and when it last tried.
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT,
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL,
  completed_at     TEXT,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_open ON orders (status, next_attempt_at) WHERE status IN ('pending', 'paid', 'fulfilling');
CREATE UNIQUE INDEX orders_one_open_per_cart ON orders (cart_id) WHERE status IN ('pending', 'paid', 'fulfilling') AND cart_id IS NOT NULL;

-- The lines of an order, priced on the server when the order was made (never by the client).
-- Each is fulfilled once: status pending → done | failed (then refunded).
CREATE TABLE order_items (
  id               TEXT    PRIMARY KEY,
  order_id         TEXT    NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position         INTEGER NOT NULL,
  type             TEXT    NOT NULL CHECK (type IN ('domain', 'vps')),
  name             TEXT    NOT NULL,
  unicode          TEXT    NOT NULL,
  tld              TEXT,
  operation        TEXT    NOT NULL,
  years            INTEGER NOT NULL CHECK (years BETWEEN 1 AND 10),
  -- Server-item details (plan, OS, datacenter, hostname, SSH key, cycle) as JSON.
  details          TEXT    CHECK (details IS NULL OR json_valid(details)),
  unit_cents       INTEGER NOT NULL CHECK (unit_cents >= 0),
  icann_fee_cents  INTEGER NOT NULL DEFAULT 0 CHECK (icann_fee_cents >= 0),
  discount_cents   INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  total_cents      INTEGER NOT NULL CHECK (total_cents >= 0),
  status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed', 'refunded')),
  -- What fulfilment produced (expiry, server id…) or why it failed.
  result           TEXT    CHECK (result IS NULL OR json_valid(result)),
  error_code       TEXT,
  UNIQUE (order_id, position)
);
CREATE INDEX order_items_order ON order_items (order_id, position);

-- Our record of each payment (SPEC §3 Payment, §4 statuses). `provider_ref` is the provider's
-- id (PaymentIntent / test payment); `idempotency_key` what we sent it.
CREATE TABLE payments (
  id               TEXT    PRIMARY KEY,
  order_id         TEXT    NOT NULL REFERENCES orders (id),
  user_id          TEXT    NOT NULL,
  provider         TEXT    NOT NULL,
  provider_ref     TEXT    UNIQUE,
  idempotency_key  TEXT    NOT NULL UNIQUE,
  status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN (
                     'pending', 'requires_confirmation', 'processing', 'succeeded', 'failed', 'refunded')),
  amount_cents     INTEGER NOT NULL CHECK (amount_cents >= 0),
  refunded_cents   INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  currency         TEXT    NOT NULL DEFAULT 'USD',
  -- "card" and, when known, brand / last four / expiry (never the number or CVC).
  method           TEXT    NOT NULL DEFAULT 'card',
  card_brand       TEXT,
  card_last4       TEXT,
  error_code       TEXT,
  next_action_url  TEXT,
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, created_at);
CREATE INDEX payments_order ON payments (order_id);

-- One invoice per paid order, numbered without gaps in issue order.
CREATE TABLE invoices (
  id             TEXT    PRIMARY KEY,
  number         INTEGER NOT NULL UNIQUE,
  order_id       TEXT    NOT NULL UNIQUE REFERENCES orders (id),
  user_id        TEXT    NOT NULL,
  status         TEXT    NOT NULL CHECK (status IN ('completed', 'pending', 'failed', 'cancelled', 'refunded')),
  currency       TEXT    NOT NULL DEFAULT 'USD',
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  tax_cents      INTEGER NOT NULL DEFAULT 0,
  total_cents    INTEGER NOT NULL,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  payment_id     TEXT,
  -- Seller and buyer as printed, and the lines (JSON), fixed when issued.
  seller         TEXT    NOT NULL CHECK (json_valid(seller)),
  buyer          TEXT    NOT NULL CHECK (json_valid(buyer)),
  items          TEXT    NOT NULL CHECK (json_valid(items)),
  issued_at      TEXT    NOT NULL,
  updated_at     TEXT    NOT NULL
);
CREATE INDEX invoices_user ON invoices (user_id, issued_at);

-- Names being bought: one open order at a time may hold a name for registration, so twenty
-- buyers of the same name get one order and nineteen clean refusals before any charge. A hold
-- ends with its order (or by expiry, for an order abandoned half-way).
CREATE TABLE registration_holds (
  name        TEXT PRIMARY KEY,
  order_id    TEXT NOT NULL,
  expires_at  TEXT NOT NULL
);
CREATE INDEX registration_holds_order ON registration_holds (order_id);

-- Cart lines of other kinds and operations: transfer auth code, server details (JSON).
ALTER TABLE cart_items ADD COLUMN auth_code TEXT;
ALTER TABLE cart_items ADD COLUMN details TEXT CHECK (details IS NULL OR json_valid(details));

-- Receipt mail sent (once).
ALTER TABLE orders ADD COLUMN receipt_sent_at TEXT;
