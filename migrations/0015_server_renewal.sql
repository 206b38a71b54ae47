-- Servers (issue 11): auto-renewal, reminders and suspension. Like user_domains (0005): auto_renew
-- charges the saved default card off-session AUTO_RENEW_DAYS before expiry; the reminder sent last
-- (30, 7 or 1 days) and the expiry it was for, so each goes out once per expiry date; the last
-- failed charge (shown on the server's page, retried a day later). renew_attempt numbers the
-- off-session renewal orders of one expiry date (their idempotency key), so a crash repeats the
-- same order and charge while a retry after a decline makes a new one.
ALTER TABLE servers ADD COLUMN auto_renew INTEGER NOT NULL DEFAULT 0 CHECK (auto_renew IN (0, 1));
ALTER TABLE servers ADD COLUMN reminded_days INTEGER;
ALTER TABLE servers ADD COLUMN reminded_for TEXT;
ALTER TABLE servers ADD COLUMN renew_error TEXT;
ALTER TABLE servers ADD COLUMN renew_error_at TEXT;
ALTER TABLE servers ADD COLUMN renew_attempt INTEGER NOT NULL DEFAULT 0;
