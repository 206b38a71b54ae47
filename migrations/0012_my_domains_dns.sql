-- My domains and DNS (issue 14). The customer's domains live in user_domains (0005); this adds
-- what the dashboard needs: the delete date (redemption starts then), the lifecycle job's
-- bookkeeping (reminders sent, the last auto-renew failure), the per-user indexes every list
-- query uses, and the DNS zone of each domain with its history.

-- Set when the customer deleted the name (the registry puts it in redemption at once).
ALTER TABLE user_domains ADD COLUMN deleted_at TEXT;
-- The lifecycle job: the smallest reminder threshold (30, 7, 1 days) already mailed for the
-- current expiry, and which expiry that was (a renewal starts the reminders again).
ALTER TABLE user_domains ADD COLUMN reminded_days INTEGER;
ALTER TABLE user_domains ADD COLUMN reminded_for TEXT;
-- The last auto-renew attempt that failed (shown on the domain until a renewal succeeds).
ALTER TABLE user_domains ADD COLUMN renew_error TEXT;
ALTER TABLE user_domains ADD COLUMN renew_error_at TEXT;
-- The private calendar feed (.ics) token of the user's expiry dates lives on the user.
CREATE TABLE user_calendar_tokens (
  user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- Paged lists: by expiry and by creation within one user (by name: user_domains_user).
CREATE INDEX user_domains_user_expiry ON user_domains (user_id, expires_at);
CREATE INDEX user_domains_user_created ON user_domains (user_id, created_at);

-- One DNS record (SPEC §3 "DNS record"). `name` is relative to the domain ("@" = apex);
-- `host` is the full lower-case host name it answers for (forwarding looks it up by Host).
-- FORWARD = domain forwarding (301/302 to `content`), STEALTH = a framed page titled page_title.
-- ttl 0 = automatic.
CREATE TABLE dns_records (
  id            TEXT    PRIMARY KEY,
  domain_id     TEXT    NOT NULL REFERENCES user_domains (id) ON DELETE CASCADE,
  type          TEXT    NOT NULL CHECK (type IN ('A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA', 'FORWARD', 'STEALTH')),
  name          TEXT    NOT NULL,
  host          TEXT    NOT NULL,
  content       TEXT    NOT NULL,
  ttl           INTEGER NOT NULL DEFAULT 0 CHECK (ttl >= 0),
  priority      INTEGER CHECK (priority IS NULL OR priority BETWEEN 0 AND 65535),
  weight        INTEGER CHECK (weight IS NULL OR weight BETWEEN 0 AND 65535),
  port          INTEGER CHECK (port IS NULL OR port BETWEEN 0 AND 65535),
  redirect_type INTEGER CHECK (redirect_type IS NULL OR redirect_type IN (301, 302)),
  page_title    TEXT,
  created_at    TEXT    NOT NULL,
  updated_at    TEXT    NOT NULL
);
CREATE INDEX dns_records_domain ON dns_records (domain_id, type, name);
CREATE INDEX dns_records_forwarding ON dns_records (host) WHERE type IN ('FORWARD', 'STEALTH');

-- Zone history: the whole zone (JSON array of records) before each change, for one-click rollback.
CREATE TABLE dns_zone_versions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  domain_id  TEXT    NOT NULL REFERENCES user_domains (id) ON DELETE CASCADE,
  records    TEXT    NOT NULL CHECK (json_valid(records)),
  summary    TEXT    NOT NULL,
  created_at TEXT    NOT NULL
);
CREATE INDEX dns_zone_versions_domain ON dns_zone_versions (domain_id, id);

-- The lifecycle job's second list: domains waiting on the registry (few rows, partial index).
CREATE INDEX user_domains_waiting ON user_domains (status) WHERE status IN ('pending', 'pending_transfer', 'transfer_out_pending');

-- A name that checkout records again (a new order: registered anew after release, transferred
-- back in) starts fresh: no delete date, reminders or renewal failure of its previous life.
CREATE TRIGGER user_domains_new_order AFTER UPDATE OF order_id ON user_domains
WHEN OLD.order_id IS NOT NEW.order_id
BEGIN
  UPDATE user_domains SET deleted_at = NULL, reminded_days = NULL, reminded_for = NULL, renew_error = NULL, renew_error_at = NULL
   WHERE id = NEW.id;
END;

-- A name that changed hands keeps none of the previous owner's DNS zone, history or calendar.
CREATE TRIGGER user_domains_new_owner AFTER UPDATE OF user_id ON user_domains
WHEN OLD.user_id IS NOT NEW.user_id
BEGIN
  DELETE FROM dns_records WHERE domain_id = NEW.id;
  DELETE FROM dns_zone_versions WHERE domain_id = NEW.id;
  UPDATE user_domains SET auto_renew = 0 WHERE id = NEW.id;
END;
