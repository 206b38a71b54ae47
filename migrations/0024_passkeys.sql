-- Issue 24: passkeys (WebAuthn). A customer registers passkeys (a name each) to sign in without
-- username + password + seed key, to pass the two-factor step and to confirm actions that ask for
-- the account password (workers/api/routes/passkeys.ts, docs/decisions/2026-11-29-passkeys.md).
--
-- `credential_id` (base64url) is unique across all accounts: a discoverable sign-in finds the
-- account by it, and the same authenticator credential can never be listed under two accounts.
-- The public key (COSE, base64url), the signature counter and the backup flags are what
-- @simplewebauthn/server answered at registration and updates on each use.
CREATE TABLE passkeys (
  id            TEXT PRIMARY KEY,
  user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key    TEXT NOT NULL,
  counter       INTEGER NOT NULL DEFAULT 0,
  transports    TEXT NOT NULL DEFAULT '[]',
  device_type   TEXT NOT NULL,
  backed_up     INTEGER NOT NULL DEFAULT 0,
  name          TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);

-- A WebAuthn challenge waiting for its answer: keyed by the SHA-256 of the flow token the options
-- call answered (the client sends it back with the credential), single-use (taken by DELETE …
-- RETURNING), short-lived (expires_at_ms), for one purpose, and bound to the session that asked
-- (register, confirm) or to the two-factor challenge it completes (second_factor).
CREATE TABLE passkey_challenges (
  id            TEXT PRIMARY KEY,
  challenge     TEXT NOT NULL,
  purpose       TEXT NOT NULL,
  user_id       TEXT,
  binding       TEXT,
  expires_at_ms INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at_ms);

-- A password confirmation proven with a passkey (POST /auth/passkeys/confirm): the SHA-256 of a
-- `pkc_…` token that one password confirmation of the same account and session takes in place of
-- the password, once, within two minutes.
CREATE TABLE passkey_proofs (
  id            TEXT PRIMARY KEY,
  user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id    TEXT NOT NULL,
  expires_at_ms INTEGER NOT NULL
);
