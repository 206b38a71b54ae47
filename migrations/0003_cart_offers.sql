-- Server-side carts (DESIGN §1): keyed by an unguessable id the storefront keeps in a signed
-- cookie, merged into the user's cart at sign-in (user_id) once accounts exist. Prices are
-- captured in integer cents when an item is added and re-checked at checkout.
CREATE TABLE carts (
  id         TEXT PRIMARY KEY,
  user_id    TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX carts_user ON carts (user_id);

CREATE TABLE cart_items (
  id               TEXT    PRIMARY KEY,
  cart_id          TEXT    NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  type             TEXT    NOT NULL DEFAULT 'domain' CHECK (type IN ('domain', 'vps')),
  name             TEXT    NOT NULL,            -- ASCII (A-label) domain name
  unicode          TEXT    NOT NULL,            -- display form
  tld              TEXT    NOT NULL,
  operation        TEXT    NOT NULL CHECK (operation IN ('registration', 'renewal', 'transfer', 'restore', 'bulk_purchase')),
  years            INTEGER NOT NULL CHECK (years BETWEEN 1 AND 10),
  max_years        INTEGER NOT NULL CHECK (max_years BETWEEN 1 AND 10),
  first_year_cents INTEGER NOT NULL,
  renewal_cents    INTEGER NOT NULL,
  transfer_cents   INTEGER NOT NULL,
  icann_fee_cents  INTEGER NOT NULL,
  currency         TEXT    NOT NULL DEFAULT 'USD',
  on_sale          INTEGER NOT NULL DEFAULT 0,
  is_popular       INTEGER NOT NULL DEFAULT 0,
  premium          INTEGER NOT NULL DEFAULT 0,
  added_at         TEXT    NOT NULL,
  UNIQUE (cart_id, name)                        -- SPEC §4: the same name twice is refused
);
CREATE INDEX cart_items_cart ON cart_items (cart_id, added_at);

-- "Make offer" on a taken name: stored for the brokerage team, confirmed to the visitor.
CREATE TABLE domain_offers (
  id           TEXT    PRIMARY KEY,
  domain       TEXT    NOT NULL,
  unicode      TEXT    NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency     TEXT    NOT NULL,
  email        TEXT    NOT NULL,
  message      TEXT,
  status       TEXT    NOT NULL DEFAULT 'received',
  created_at   TEXT    NOT NULL
);
CREATE INDEX domain_offers_domain ON domain_offers (domain, created_at);
