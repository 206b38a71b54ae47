-- Accounts (issue 3): users with hashed password and seed key, sessions with rotating refresh
-- tokens (stored as SHA-256, a reused one revokes its session), one-time codes, sign-in attempt
-- counters, login history, address book, two-factor recovery codes, and the dev mail outbox.
-- Times are ISO strings except the counters' `at_ms` (epoch ms, compared numerically).
CREATE TABLE users (
  id                 TEXT    PRIMARY KEY,
  username           TEXT    NOT NULL UNIQUE,
  email              TEXT    NOT NULL UNIQUE,
  email_verified     INTEGER NOT NULL DEFAULT 0,
  password_hash      TEXT    NOT NULL,
  seed_key_hash      TEXT    NOT NULL,
  totp_secret        TEXT,
  totp_pending       TEXT,
  totp_enabled       INTEGER NOT NULL DEFAULT 0,
  totp_last_step     INTEGER,
  last_login         TEXT,
  created_at         TEXT    NOT NULL,
  updated_at         TEXT    NOT NULL
);

CREATE TABLE sessions (
  id          TEXT    PRIMARY KEY,
  user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  remember_me INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT    NOT NULL,
  expires_at  TEXT    NOT NULL,
  revoked_at  TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash  TEXT PRIMARY KEY,
  session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id     TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  used_at     TEXT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- One active code per user and purpose (verify_email, reset_password).
CREATE TABLE verification_codes (
  user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    TEXT    NOT NULL,
  code_hash  TEXT    NOT NULL,
  expires_at TEXT    NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  created_at TEXT    NOT NULL,
  PRIMARY KEY (user_id, purpose)
);

-- Failed sign-in attempts, keyed by "user:<name>" or "ip:<address>".
CREATE TABLE login_attempts (
  id    INTEGER PRIMARY KEY AUTOINCREMENT,
  key   TEXT    NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX login_attempts_key ON login_attempts (key, at_ms);

CREATE TABLE login_history (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    TEXT,
  username   TEXT    NOT NULL,
  at         TEXT    NOT NULL,
  ip         TEXT    NOT NULL,
  user_agent TEXT,
  success    INTEGER NOT NULL
);
CREATE INDEX login_history_user ON login_history (user_id, id);

CREATE TABLE recovery_codes (
  user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at   TEXT,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE addresses (
  id           TEXT    PRIMARY KEY,
  user_id      TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_name   TEXT    NOT NULL,
  last_name    TEXT    NOT NULL,
  organization TEXT,
  address      TEXT    NOT NULL,
  city         TEXT    NOT NULL,
  state        TEXT,
  postal_code  TEXT,
  country      TEXT    NOT NULL,
  phone        TEXT,
  email        TEXT,
  is_default   INTEGER NOT NULL DEFAULT 0,
  created_at   TEXT    NOT NULL,
  updated_at   TEXT    NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, created_at);

-- The embedded mail adapter's outbox (DESIGN §5).
CREATE TABLE mail_outbox (
  id         TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject    TEXT NOT NULL,
  text       TEXT NOT NULL,
  html       TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, created_at);
