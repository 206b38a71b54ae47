-- The simulated registry (workers/api/adapters/registry/simulated.ts), the default registry
-- adapter: a ledger of names registered here and elsewhere, reserved and premium names, and
-- transfers. With the real adapter (REGISTRY_ADAPTER=http) these tables stay empty.
-- Names are lower-case ASCII (A-label) "label.tld"; times are UTC ISO strings
-- (toISOString(), so they compare as text); money is integer cents (USD).
-- data/registry/seed.sql fills the ledger with real-world taken names (see data/registry/README.md).

-- One row per registered name. The status people see is computed from the dates and the
-- latest transfer (adapters/registry/lifecycle.ts), so no job is needed to move a name from
-- expiry to grace, redemption, pending delete and release. Names held elsewhere renew
-- automatically at the registry (their expiry rolls forward); names held here follow the
-- lifecycle. A row whose lifecycle has run out counts as absent and is replaced on create.
CREATE TABLE registry_domains (
  name           TEXT    PRIMARY KEY,
  label          TEXT    NOT NULL,
  tld            TEXT    NOT NULL,
  -- Stored status; the reported one adds expiring_soon, pending_transfer, grace_period…
  status         TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  registrar      TEXT    NOT NULL,
  created_at     TEXT    NOT NULL,
  expires_at     TEXT    NOT NULL,
  -- Set by delete: redemption starts then instead of 30 days after expiry.
  deleted_at     TEXT,
  transferred_at TEXT,
  locked         INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
  transferable   INTEGER NOT NULL DEFAULT 1 CHECK (transferable IN (0, 1)),
  held_here      INTEGER NOT NULL DEFAULT 0 CHECK (held_here IN (0, 1)),
  owner_id       TEXT,
  -- Names held here: their own random code. Names held elsewhere: NULL, the code is derived
  -- from the name (HMAC, see simulatedAuthCode) so a tester can compute it.
  auth_code      TEXT,
  nameservers    TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(nameservers)),
  -- Write token: every change sets a fresh value and is guarded by the one it read.
  rev            TEXT    NOT NULL DEFAULT 'seed',
  updated_at     TEXT    NOT NULL,
  CHECK (name = label || '.' || tld),
  CHECK (held_here = 0 OR (owner_id IS NOT NULL AND auth_code IS NOT NULL))
);
CREATE INDEX registry_domains_label ON registry_domains (label);
CREATE INDEX registry_domains_owner ON registry_domains (owner_id) WHERE owner_id IS NOT NULL;

-- Reserved names: a label on one extension, or on every extension with tld = '*'
-- (IANA-style: example, test, invalid, localhost, nic, whois, rdap).
CREATE TABLE registry_reserved (
  label  TEXT NOT NULL,
  tld    TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT 'reserved',
  PRIMARY KEY (label, tld)
) WITHOUT ROWID;

-- Premium names and their prices. renewal_cents NULL = renews at the catalogue price.
CREATE TABLE registry_premium (
  name          TEXT    PRIMARY KEY,
  label         TEXT    NOT NULL,
  tld           TEXT    NOT NULL,
  price_cents   INTEGER NOT NULL CHECK (price_cents > 0),
  renewal_cents INTEGER CHECK (renewal_cents IS NULL OR renewal_cents > 0),
  CHECK (name = label || '.' || tld)
);
CREATE INDEX registry_premium_label ON registry_premium (label);

-- Transfers, in (we asked for a name held elsewhere) and out (a registrar asked for a name
-- held here). A pending transfer is approved by the registry at action_by (5 days) when
-- nobody answered; reads settle it, so no job is needed.
CREATE TABLE registry_transfers (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  name              TEXT    NOT NULL,
  direction         TEXT    NOT NULL CHECK (direction IN ('in', 'out')),
  status            TEXT    NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  resolved_by       TEXT    CHECK (resolved_by IS NULL OR resolved_by IN ('client', 'server')),
  gaining_registrar TEXT    NOT NULL,
  losing_registrar  TEXT    NOT NULL,
  owner_id          TEXT,
  years             INTEGER NOT NULL DEFAULT 1 CHECK (years = 1),
  requested_at      TEXT    NOT NULL,
  action_by         TEXT    NOT NULL,
  resolved_at       TEXT,
  -- The expiry after approval (set when approved).
  expires_at        TEXT,
  CHECK ((status = 'pending') = (resolved_at IS NULL))
);
CREATE INDEX registry_transfers_name ON registry_transfers (name, id);
CREATE UNIQUE INDEX registry_transfers_one_pending ON registry_transfers (name) WHERE status = 'pending';
