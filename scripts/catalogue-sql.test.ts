import { describe, expect, it } from "vitest";
import type { CatalogueRow } from "../core/catalogue";
import { CATALOGUE_CSV_COLUMNS, parseCatalogueCsv } from "../core/catalogue-csv";
import { CATALOGUE_DB_COLUMNS, MAX_STATEMENT_BYTES, catalogueImportStatements, sqlLiteral } from "./catalogue-sql";

const HEADER = CATALOGUE_CSV_COLUMNS.join(",");

function csv(...lines: string[]): string {
  return [HEADER, ...lines].join("\n") + "\n";
}

const COM = "com,generic,USD,10.44,10.44,10.44,0.18,false,,true,true,10";
const NET = "net,generic,USD,11.98,11.98,11.98,,no,,yes,1,";
const IO = "io,country-code,USD,39.98,39.98,39.98,,0,,1,0,10";

function row(overrides: Partial<CatalogueRow>): CatalogueRow {
  return {
    tld: "com",
    display: "com",
    kind: "generic",
    currency: "USD",
    registration_cents: 1044,
    renewal_cents: 1044,
    transfer_cents: 1044,
    icann_fee_cents: 18,
    on_sale: 0,
    sale_cents: null,
    is_popular: 0,
    is_recommended: 0,
    max_years: 10,
    sort_order: 0,
    ...overrides,
  };
}

describe("catalogueImportStatements", () => {
  const rows = parseCatalogueCsv(csv(COM, NET, IO, "рф,country-code,USD,9,9,9,,yes,4.5,no,no,2")).rows;
  const columns = CATALOGUE_DB_COLUMNS.join(", ");

  it("stages, copies in one statement and clears the staging table", () => {
    const statements = catalogueImportStatements(rows, { replace: false });
    expect(statements).toEqual([
      "DELETE FROM tlds_import;",
      `INSERT INTO tlds_import (${columns}) VALUES\n` +
        "('com', 'com', 'generic', 'USD', 1044, 1044, 1044, 18, 0, NULL, 1, 1, 10, 0),\n" +
        "('net', 'net', 'generic', 'USD', 1198, 1198, 1198, 18, 0, NULL, 1, 1, 10, 1),\n" +
        "('io', 'io', 'country-code', 'USD', 3998, 3998, 3998, 0, 0, NULL, 1, 0, 10, 2),\n" +
        "('xn--p1ai', 'рф', 'country-code', 'USD', 900, 900, 900, 0, 1, 450, 0, 0, 2, 3);",
      `INSERT OR REPLACE INTO tlds (${columns}) SELECT ${columns} FROM tlds_import;`,
      "DELETE FROM tlds_import;",
    ]);
    // Only the copy statement touches the live table.
    expect(statements.filter((s) => /\btlds\b(?!_import)/.test(s))).toHaveLength(1);
  });

  it("with replace, deletes the extensions missing from the file after the copy", () => {
    const statements = catalogueImportStatements(rows, { replace: true });
    expect(statements.slice(-3)).toEqual([
      `INSERT OR REPLACE INTO tlds (${columns}) SELECT ${columns} FROM tlds_import;`,
      "DELETE FROM tlds WHERE tld NOT IN (SELECT tld FROM tlds_import);",
      "DELETE FROM tlds_import;",
    ]);
  });

  it("escapes text as SQL literals", () => {
    const [, insert] = catalogueImportStatements([row({ tld: "co'm", display: "c'o'); DROP TABLE tlds; --" })], {
      replace: false,
    });
    expect(insert).toContain("('co''m', 'c''o''); DROP TABLE tlds; --', 'generic',");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(42)).toBe("42");
    expect(() => sqlLiteral(1.5)).toThrow();
    expect(() => sqlLiteral("a\u0000b")).toThrow();
  });

  it("splits large imports into statements under the size limit, keeping every row once", () => {
    const many = Array.from({ length: 3000 }, (_, index) =>
      row({ tld: `t${index.toString(36).padStart(4, "a")}`, display: `t${index}`, sort_order: index }),
    );
    const statements = catalogueImportStatements(many, { replace: true });
    const inserts = statements.filter((s) => s.startsWith("INSERT INTO tlds_import"));
    expect(inserts.length).toBeGreaterThan(1);
    for (const statement of statements) {
      expect(new TextEncoder().encode(statement).length).toBeLessThan(MAX_STATEMENT_BYTES);
    }
    const tuples = inserts.flatMap((s) => s.split("\n").slice(1));
    expect(tuples).toHaveLength(3000);
    expect(statements[0]).toBe("DELETE FROM tlds_import;");
    expect(statements.at(-1)).toBe("DELETE FROM tlds_import;");
  });

  it("refuses to import nothing", () => {
    expect(() => catalogueImportStatements([], { replace: true })).toThrow(/no rows/);
  });
});
