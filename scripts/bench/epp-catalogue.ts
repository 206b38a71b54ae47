// The catalogue's extensions for the EPP gateway bench (epp-gateway.ts serves them all, epp-check.ts
// checks them all): the first column of data/tld-prices.csv, read, not hard-coded.
import { readFileSync } from "node:fs";

/** The extensions of a tld-prices CSV (its first column, header skipped), lower case. */
export function catalogueTlds(csv: string): string[] {
  const [header, ...rows] = csv.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (header?.split(",")[0] !== "tld") throw new Error("data/tld-prices.csv: the first column is not tld");
  return rows.map((row) => (row.split(",")[0] ?? "").trim().toLowerCase());
}

/** data/tld-prices.csv of this checkout. */
export function readCatalogueTlds(): string[] {
  return catalogueTlds(readFileSync(new URL("../../data/tld-prices.csv", import.meta.url), "utf8"));
}
