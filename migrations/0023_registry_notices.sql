-- Issue 23: the EPP gateway reads each registry's poll queue (transfer and deletion notices) and
-- POSTs every message to /api/v1/registry/notices, retrying until it is answered 2xx, then acks
-- it. A message is kept once per (registry, message id): a repeated delivery (a lost answer, a
-- gateway restart) is recognised and not acted on twice. `handled_at` is set once the storefront
-- brought the named domain in line with the registry; a delivery that failed before that is
-- handled again when the gateway retries.
CREATE TABLE registry_notices (
  registry    TEXT NOT NULL,
  id          TEXT NOT NULL,
  q_date      TEXT,
  msg         TEXT,
  res_data    TEXT CHECK (res_data IS NULL OR json_valid(res_data)),
  -- The domain the notice names (A-label, lower case), when it names one.
  domain      TEXT,
  received_at TEXT NOT NULL,
  handled_at  TEXT,
  PRIMARY KEY (registry, id)
);
CREATE INDEX registry_notices_domain ON registry_notices (domain, received_at);
