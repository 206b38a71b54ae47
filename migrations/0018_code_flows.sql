-- Issue 18: one-time codes are bound to the flow that asked for them. Each request for a code
-- gets its own row: a flow token (returned to the asking client, stored as SHA-256) guards the
-- code's tries, so a stranger's wrong codes burn only their own flow; a one-click link token
-- (mailed, stored as SHA-256) works whatever the wrong tries. A few flows (newest 5) may wait at
-- once per user and purpose, so a stranger's request does not replace the owner's. `email` is the
-- address the mail went to (a verification counts only while it is still the user's address).
-- Pending codes are short-lived (15 minutes): the old table's rows are dropped.
DROP TABLE verification_codes;
CREATE TABLE verification_codes (
  flow_hash  TEXT    PRIMARY KEY,
  user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  code_hash  TEXT    NOT NULL,
  link_hash  TEXT    NOT NULL UNIQUE,
  expires_at TEXT    NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  created_at TEXT    NOT NULL
);
CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose, created_at);

-- Browsers that completed a verification or a reset for an account (a long random token, stored
-- as SHA-256): their new code requests skip the per-recipient mail cap (still counted per address).
CREATE TABLE recovery_browsers (
  token_hash TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX recovery_browsers_user ON recovery_browsers (user_id, created_at);
