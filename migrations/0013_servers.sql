-- Servers (issue 11): VPS (x86, ARM), CPU and GPU root servers and web hosting bought through the
-- cart. One row per server; the status shown is worked out from the provider's answer (or the
-- simulated provider's clock) and stored back. Money is integer cents (USD); times UTC ISO strings.
CREATE TABLE servers (
  id                TEXT    PRIMARY KEY,
  user_id           TEXT    NOT NULL REFERENCES users (id),
  -- The order (and its item) that bought it: one server per order item, so a resumed fulfilment
  -- finds the server it already created instead of making a second one.
  order_id          TEXT    NOT NULL,
  order_item_id     TEXT    NOT NULL UNIQUE,
  plan              TEXT    NOT NULL,
  kind              TEXT    NOT NULL CHECK (kind IN ('vps', 'root', 'gpu', 'hosting')),
  arch              TEXT    NOT NULL CHECK (arch IN ('x86', 'arm')),
  os                TEXT,
  datacenter        TEXT    NOT NULL,
  hostname          TEXT    NOT NULL,
  ssh_key_fingerprint TEXT,
  status            TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN (
                      'active', 'running', 'online', 'pending', 'provisioning', 'configuring',
                      'installing', 'deploying', 'maintenance', 'updating', 'rebooting', 'migrating',
                      'stopped', 'offline', 'shutoff', 'suspended', 'terminated', 'error', 'failed',
                      'expired', 'cancelled')),
  ipv4              TEXT,
  ipv6              TEXT,
  -- The provider's id of the server (simulated: "sim-…"; Hetzner Cloud: its numeric id).
  provider          TEXT    NOT NULL,
  provider_id       TEXT,
  -- The last action asked of the provider and when (the simulated provider walks from it).
  action            TEXT,
  action_at         TEXT,
  -- Root password: AES-GCM encrypted with a key derived from SERVERS_SECRET (iv.ciphertext,
  -- base64url); shown only after the account password is confirmed.
  root_password_enc TEXT,
  cycle             TEXT    NOT NULL CHECK (cycle IN ('monthly', 'quarterly', 'annually', 'biennially')),
  price_cents       INTEGER NOT NULL CHECK (price_cents >= 0),
  expires_at        TEXT    NOT NULL,
  -- After expiry the server is stopped (expired) and, after the grace period, deleted (terminated).
  terminated_at     TEXT,
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL
);
-- The dashboard's lists (newest first, by status, by expiry) and the scheduled job's sweep.
CREATE INDEX servers_user_created ON servers (user_id, kind, created_at);
CREATE INDEX servers_user_status ON servers (user_id, kind, status);
CREATE INDEX servers_user_expires ON servers (user_id, kind, expires_at);
CREATE INDEX servers_expiry ON servers (expires_at) WHERE status NOT IN ('terminated', 'cancelled');
CREATE INDEX servers_order ON servers (order_id);

-- The simulated provider's own ledger (PROVISIONING_ADAPTER=simulated, the default): its servers
-- and the last power action, from which it works out each status on the clock.
CREATE TABLE sim_servers (
  id          TEXT PRIMARY KEY,
  reference   TEXT NOT NULL UNIQUE,
  hostname    TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  action      TEXT,
  action_at   TEXT,
  power       TEXT NOT NULL DEFAULT 'on' CHECK (power IN ('on', 'off')),
  deleted_at  TEXT,
  ipv4        TEXT NOT NULL,
  ipv6        TEXT NOT NULL
);
