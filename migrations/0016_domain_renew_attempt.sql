-- Domains' auto-renewal goes through an off-session order like servers' (0015): renew_attempt
-- numbers the renewal orders of one expiry date (their idempotency key
-- `autorenew:domain:<id>:<expires_at>:<attempt>`), so a crash repeats the same order and charge
-- while the daily retry after a declined charge makes a new one. A renewal resets it to 0.
ALTER TABLE user_domains ADD COLUMN renew_attempt INTEGER NOT NULL DEFAULT 0;

-- A name recorded again by checkout (a new order) also starts with no renewal attempts.
DROP TRIGGER user_domains_new_order;
CREATE TRIGGER user_domains_new_order AFTER UPDATE OF order_id ON user_domains
WHEN OLD.order_id IS NOT NEW.order_id
BEGIN
  UPDATE user_domains SET deleted_at = NULL, reminded_days = NULL, reminded_for = NULL, renew_error = NULL, renew_error_at = NULL, renew_attempt = 0
   WHERE id = NEW.id;
END;
