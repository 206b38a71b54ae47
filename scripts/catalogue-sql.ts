// The SQL that loads a parsed price list (core/catalogue-csv.ts) into D1's catalogue tables: the
// import script, the registry seed generator and the API tests' fixtures write it.
import type { CatalogueRow } from "../core/catalogue";

/** The columns of `tlds` / `tlds_import` (migrations/0001_tld_catalogue.sql), in insert order. */
export const CATALOGUE_DB_COLUMNS = [
  "tld",
  "display",
  "kind",
  "currency",
  "registration_cents",
  "renewal_cents",
  "transfer_cents",
  "icann_fee_cents",
  "on_sale",
  "sale_cents",
  "is_popular",
  "is_recommended",
  "max_years",
  "sort_order",
] as const satisfies readonly (keyof CatalogueRow)[];

/** Longest INSERT statement the import writes, in UTF-8 bytes (D1 refuses statements ≥ 100 KB). */
export const MAX_STATEMENT_BYTES = 90_000;

/** A value as an SQLite literal: strings quoted with '' escaping, integers as digits, null as NULL. */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  if (value.includes("\u0000")) throw new Error("a text value contains a NUL character");
  return `'${value.replace(/'/g, "''")}'`;
}

const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;

/**
 * The SQL that loads `rows` into the live catalogue through the staging table: clear
 * `tlds_import`, fill it in multi-row INSERTs (each under MAX_STATEMENT_BYTES), copy it into
 * `tlds` with ONE statement, with `replace` delete the extensions not in the file, clear the
 * staging table. `tlds` only changes in the copy (and delete) statements, so a failure while
 * staging leaves the live catalogue untouched.
 */
export function catalogueImportStatements(rows: CatalogueRow[], options: { replace: boolean }): string[] {
  if (rows.length === 0) throw new Error("no rows to import");
  const columns = CATALOGUE_DB_COLUMNS.join(", ");
  const prefix = `INSERT INTO tlds_import (${columns}) VALUES\n`;
  const statements = ["DELETE FROM tlds_import;"];

  let tuples: string[] = [];
  let size = byteLength(prefix) + 1; // + ";"
  const flush = () => {
    if (tuples.length === 0) return;
    statements.push(`${prefix}${tuples.join(",\n")};`);
    tuples = [];
    size = byteLength(prefix) + 1;
  };
  for (const row of rows) {
    const tuple = `(${CATALOGUE_DB_COLUMNS.map((column) => sqlLiteral(row[column])).join(", ")})`;
    const tupleBytes = byteLength(tuple) + 2; // + ",\n"
    if (byteLength(prefix) + tupleBytes + 1 >= MAX_STATEMENT_BYTES) {
      throw new Error(`the row for ${row.tld} is too large for one statement`);
    }
    if (size + tupleBytes >= MAX_STATEMENT_BYTES) flush();
    tuples.push(tuple);
    size += tupleBytes;
  }
  flush();

  statements.push(`INSERT OR REPLACE INTO tlds (${columns}) SELECT ${columns} FROM tlds_import;`);
  if (options.replace) statements.push("DELETE FROM tlds WHERE tld NOT IN (SELECT tld FROM tlds_import);");
  statements.push("DELETE FROM tlds_import;");
  return statements;
}
