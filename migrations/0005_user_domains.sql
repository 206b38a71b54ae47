-- Domains our customers hold (SPEC §3 "Domain", account view). Written by checkout's fulfilment
-- (registration, transfer in, renewal) and read by "my domains", DNS, WHOIS/RDAP of our own
-- names. The registry (adapters/registry) stays the authority on dates and registry status;
-- this row is the storefront's own view: who owns it, the order it came from, its settings.
-- Names are lower-case ASCII (A-label); times UTC ISO strings; one row per name.
CREATE TABLE user_domains (
  id            TEXT    PRIMARY KEY,
  user_id       TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          TEXT    NOT NULL UNIQUE,
  unicode       TEXT    NOT NULL,
  tld           TEXT    NOT NULL,
  -- Storefront status (SPEC §4). The lifecycle statuses (expiring_soon, grace_period,
  -- redemption…) are computed from the registry's dates when read; these are the stored ones.
  status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN (
                  'pending', 'active', 'pending_manual_intervention', 'pending_transfer',
                  'transfer_out_pending', 'transferred_out', 'deleted', 'suspended')),
  registered_at TEXT,
  expires_at    TEXT,
  locked        INTEGER NOT NULL DEFAULT 1 CHECK (locked IN (0, 1)),
  auto_renew    INTEGER NOT NULL DEFAULT 0 CHECK (auto_renew IN (0, 1)),
  whois_privacy INTEGER NOT NULL DEFAULT 1 CHECK (whois_privacy IN (0, 1)),
  dnssec        INTEGER NOT NULL DEFAULT 1 CHECK (dnssec IN (0, 1)),
  nameservers   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(nameservers)),
  -- The order item that created the row (registration or transfer in), for support.
  order_id      TEXT,
  created_at    TEXT    NOT NULL,
  updated_at    TEXT    NOT NULL
);
CREATE INDEX user_domains_user ON user_domains (user_id, name);
CREATE INDEX user_domains_expiry ON user_domains (expires_at);
