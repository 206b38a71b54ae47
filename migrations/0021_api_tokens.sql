-- Issue 20: personal API tokens for outside clients (scripts, CI). A customer creates named tokens
-- with scopes (read, domains, billing: workers/api/auth/scopes.ts) and an optional expiry. The
-- secret (`trn_` + 32 random bytes, base64url) is shown once and stored only as SHA-256; `hint`
-- is its last four characters, to tell tokens apart in the list. A revoked token keeps its row
-- (revoked_at set) and is no longer listed; deleting the account deletes its tokens.
CREATE TABLE api_tokens (
  id           TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  scopes       TEXT NOT NULL,
  token_hash   TEXT NOT NULL UNIQUE,
  hint         TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  expires_at   TEXT,
  last_used_at TEXT,
  revoked_at   TEXT
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at);
