-- Issue 19 (3): "Save this card for renewals" at checkout.
-- The customer's wish travels with the payment, so a 3-D Secure payment that succeeds later (the
-- return page, the webhook or the orders job) still saves the card; a declined one saves nothing.
ALTER TABLE payments ADD COLUMN save_card INTEGER NOT NULL DEFAULT 0 CHECK (save_card IN (0, 1));
-- The provider's card fingerprint (Stripe `card.fingerprint`; the test provider derives its own):
-- the same card saved twice is one row, whatever new "pm_…" id the provider gave it.
ALTER TABLE payment_methods ADD COLUMN fingerprint TEXT;
CREATE INDEX payment_methods_fingerprint ON payment_methods (user_id, provider, fingerprint);
ALTER TABLE testpay_payment_methods ADD COLUMN fingerprint TEXT;
