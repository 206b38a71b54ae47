-- The TLD catalogue: one row per extension we sell. Money is integer cents in `currency`.
-- `tld` is the ASCII form (A-label for IDN extensions, e.g. "xn--p1ai"); `display` is the
-- Unicode form shown to people ("рф"). The catalogue is replaced by the operator with
-- `npm run catalogue:import -- prices.csv`; data/tld-prices.csv is the sample seed.
CREATE TABLE tlds (
  tld               TEXT    PRIMARY KEY,
  display           TEXT    NOT NULL,
  kind              TEXT    NOT NULL CHECK (kind IN ('generic', 'country-code')),
  currency          TEXT    NOT NULL DEFAULT 'USD',
  registration_cents INTEGER NOT NULL CHECK (registration_cents >= 0),
  renewal_cents     INTEGER NOT NULL CHECK (renewal_cents >= 0),
  transfer_cents    INTEGER NOT NULL CHECK (transfer_cents >= 0),
  icann_fee_cents   INTEGER NOT NULL CHECK (icann_fee_cents >= 0),
  on_sale           INTEGER NOT NULL DEFAULT 0 CHECK (on_sale IN (0, 1)),
  sale_cents        INTEGER CHECK (sale_cents IS NULL OR sale_cents >= 0),
  is_popular        INTEGER NOT NULL DEFAULT 0 CHECK (is_popular IN (0, 1)),
  is_recommended    INTEGER NOT NULL DEFAULT 0 CHECK (is_recommended IN (0, 1)),
  max_years         INTEGER NOT NULL DEFAULT 10 CHECK (max_years BETWEEN 1 AND 10),
  sort_order        INTEGER NOT NULL DEFAULT 0,
  CHECK (on_sale = 0 OR sale_cents IS NOT NULL)
);
CREATE INDEX tlds_sort ON tlds (sort_order, tld);
CREATE INDEX tlds_popular ON tlds (is_popular, sort_order);
CREATE INDEX tlds_recommended ON tlds (is_recommended, sort_order);

-- Staging table for the catalogue import: rows are loaded here first and copied into `tlds`
-- with one statement, so a failed import leaves the live catalogue untouched.
CREATE TABLE tlds_import AS SELECT * FROM tlds WHERE 0;
