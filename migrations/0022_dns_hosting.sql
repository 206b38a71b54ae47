-- DNS hosting (issue 22): each domain's zone has a version (its SOA serial), bumped in the same
-- batch as every change to its records or nameservers; the DNS provider (workers/api/adapters/dns)
-- reports the version it serves, and the DNS page says "live on our nameservers" only when that
-- is the current one. A failed push keeps its error for the page and the scheduled job retries.
ALTER TABLE user_domains ADD COLUMN zone_serial INTEGER NOT NULL DEFAULT 0 CHECK (zone_serial >= 0);
ALTER TABLE user_domains ADD COLUMN zone_served_serial INTEGER;
ALTER TABLE user_domains ADD COLUMN zone_push_error TEXT;
ALTER TABLE user_domains ADD COLUMN zone_pushed_at TEXT;
-- DNSSEC: the DS records sent to the registry for the signed zone (JSON array, "keyTag alg
-- digestType digest"); '[]' while unsigned. The simulated registry keeps what it publishes.
ALTER TABLE user_domains ADD COLUMN zone_ds TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(zone_ds));
ALTER TABLE registry_domains ADD COLUMN ds TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(ds));
-- One push of a zone at a time (workers/api/dns-publish.ts): a claim with a lease, so an older
-- version can never reach the provider after a newer one, and a crashed push's claim lapses.
ALTER TABLE user_domains ADD COLUMN zone_push_claim TEXT;
ALTER TABLE user_domains ADD COLUMN zone_push_claim_until TEXT;
