-- Content area (issue 10): release-email subscriptions (the download page) and the support centre.

-- One row per email address. The token (only its SHA-256 is kept) is in the confirmation link and
-- in every release email's unsubscribe link; a new sign-up for the same address replaces it.
CREATE TABLE release_subscriptions (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  locale TEXT NOT NULL CHECK (locale IN ('en', 'tr')),
  token_hash TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  created_at TEXT NOT NULL,
  confirmed_at TEXT,
  unsubscribed_at TEXT
);

-- Support tickets (SPEC §3 "Support message": subject, details, priority, category).
CREATE TABLE support_tickets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject TEXT NOT NULL,
  priority TEXT NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  category TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'answered', 'closed')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX support_tickets_user ON support_tickets (user_id, updated_at DESC);

-- The conversation of a ticket: the customer's details first, then replies from either side.
CREATE TABLE support_messages (
  id TEXT PRIMARY KEY,
  ticket_id TEXT NOT NULL REFERENCES support_tickets(id) ON DELETE CASCADE,
  author TEXT NOT NULL CHECK (author IN ('customer', 'support')),
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX support_messages_ticket ON support_messages (ticket_id, created_at);
