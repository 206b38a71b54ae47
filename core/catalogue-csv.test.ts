import { describe, expect, it } from "vitest";
import type { CatalogueRow } from "./catalogue";
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_DB_COLUMNS,
  MAX_STATEMENT_BYTES,
  catalogueImportStatements,
  catalogueToCsv,
  normaliseCatalogueTld,
  parseCatalogueCsv,
  sqlLiteral,
} from "./catalogue-csv";

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

/** Parses a file expected to be invalid; returns its errors as "line N: message" strings. */
function errorsOf(text: string): string[] {
  const result = parseCatalogueCsv(text);
  expect(result.rows).toEqual([]);
  return result.errors.map((error) => `line ${error.line}: ${error.message}`);
}

describe("parseCatalogueCsv: good files", () => {
  it("reads every column, in file order, with sort_order from the row order", () => {
    const result = parseCatalogueCsv(csv(COM, NET, IO));
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      row({ is_popular: 1, is_recommended: 1 }),
      row({
        tld: "net",
        display: "net",
        registration_cents: 1198,
        renewal_cents: 1198,
        transfer_cents: 1198,
        is_popular: 1,
        is_recommended: 1,
        sort_order: 1,
      }),
      row({
        tld: "io",
        display: "io",
        kind: "country-code",
        registration_cents: 3998,
        renewal_cents: 3998,
        transfer_cents: 3998,
        icann_fee_cents: 0,
        is_popular: 1,
        sort_order: 2,
      }),
    ]);
  });

  it("round-trips through catalogueToCsv", () => {
    const rows = parseCatalogueCsv(
      csv(
        COM,
        NET,
        IO,
        "xn--p1ai,country-code,USD,9.5,12,12,,yes,4.99,no,no,5",
        "shop,generic,USD,1.98,32.98,32.98,0.2,no,,no,yes,10",
      ),
    ).rows;
    expect(rows).toHaveLength(5);
    const again = parseCatalogueCsv(catalogueToCsv(rows));
    expect(again.errors).toEqual([]);
    expect(again.rows).toEqual(rows);
  });

  it("applies the defaults: ICANN fee by kind, max_years 10, currency USD, empty booleans false", () => {
    const result = parseCatalogueCsv(
      csv("app,generic,,14.98,14.98,14.98,,,,,,", "de,country-code,USD,7.98,7.98,7.98,,,,,,"),
    );
    expect(result.errors).toEqual([]);
    const [app, de] = result.rows;
    expect(app).toMatchObject({
      currency: "USD",
      icann_fee_cents: 18,
      max_years: 10,
      on_sale: 0,
      is_popular: 0,
      is_recommended: 0,
    });
    expect(de).toMatchObject({ icann_fee_cents: 0, max_years: 10, sale_cents: null });
  });

  it("accepts an explicit ICANN fee, including 0 for a generic TLD", () => {
    const result = parseCatalogueCsv(csv("app,generic,USD,14.98,14.98,14.98,0,no,,no,no,10"));
    expect(result.rows[0]!.icann_fee_cents).toBe(0);
  });

  it("accepts every boolean spelling, in any case", () => {
    const lines = ["true", "TRUE", "1", "yes", "Yes"].map(
      (word, index) => `t${"abcde"[index]}x,generic,USD,10,10,10,,no,,${word},no,10`,
    );
    const falses = ["false", "0", "no", "NO", ""].map(
      (word, index) => `f${"abcde"[index]}x,generic,USD,10,10,10,,no,,${word},no,10`,
    );
    const result = parseCatalogueCsv(csv(...lines, ...falses));
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.is_popular)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it("takes a sale price below the registration price when on sale", () => {
    const result = parseCatalogueCsv(csv("xyz,generic,USD,1.98,14.98,14.98,,true,0.99,yes,yes,10"));
    expect(result.rows[0]).toMatchObject({ on_sale: 1, sale_cents: 99, registration_cents: 198 });
  });

  it("accepts IDN extensions in Unicode or ASCII, with or without a leading dot", () => {
    const result = parseCatalogueCsv(
      csv(
        "рф,country-code,USD,9,9,9,,no,,no,no,10",
        ".中国,country-code,USD,9,9,9,,no,,no,no,10",
        ".XN--NGBC5AZD,generic,USD,9,9,9,,no,,no,no,10",
        "  .Онлайн ,generic,USD,9,9,9,,no,,no,no,10",
        ".COM,generic,USD,9,9,9,,no,,no,no,10",
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.tld, r.display])).toEqual([
      ["xn--p1ai", "рф"],
      ["xn--fiqs8s", "中国"],
      ["xn--ngbc5azd", "شبكة"],
      ["xn--80asehdb", "онлайн"],
      ["com", "com"],
    ]);
  });

  it("accepts CRLF, a byte-order mark, blank and trailing empty lines", () => {
    const text = `\uFEFF${HEADER}\r\n${COM}\r\n\r\n${NET}\r\n\r\n\r\n`;
    const result = parseCatalogueCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.tld, r.sort_order])).toEqual([
      ["com", 0],
      ["net", 1],
    ]);
  });

  it("accepts a file without a final newline and header columns in any order or case", () => {
    const header = [...CATALOGUE_CSV_COLUMNS]
      .reverse()
      .map((c) => c.toUpperCase())
      .join(",");
    const result = parseCatalogueCsv(`${header}\n10,yes,yes,,no,0.18,10.44,10.44,10.44,USD,generic,com`);
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([row({ is_popular: 1, is_recommended: 1 })]);
  });

  it("accepts RFC 4180 quoting, doubled quotes and line breaks inside quotes", () => {
    const text = csv(
      `"com","generic","USD","10.44","10.44","10.44","","no","","yes","yes","10"`,
      `"net",generic,"USD",11.98,11.98,11.98,,"no",,no,no,10`,
    );
    const result = parseCatalogueCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.tld)).toEqual(["com", "net"]);

    // A quoted value over two physical lines: the next record's line number still counts both.
    const multiLine = csv(
      `"co\nm",generic,USD,10.44,10.44,10.44,,no,,no,no,10`,
      "net,generic,USD,abc,1,1,,no,,no,no,10",
    );
    expect(errorsOf(multiLine)).toEqual([
      'line 2: tld "co\\nm" is not a valid extension',
      'line 4: registration_price "abc" is not a price with at most 2 decimals',
    ]);

    const doubled = csv(`"co""m",generic,USD,10,10,10,,no,,no,no,10`);
    expect(errorsOf(doubled)).toEqual(['line 2: tld "co\\"m" is not a valid extension']);
  });
});

describe("parseCatalogueCsv: bad files", () => {
  it("reports an empty file", () => {
    expect(errorsOf("")).toEqual(["line 1: the file is empty (a header row is required)"]);
    expect(errorsOf("\n\r\n\n")).toEqual(["line 1: the file is empty (a header row is required)"]);
  });

  it("reports a header without rows", () => {
    expect(errorsOf(`${HEADER}\n\n`)).toEqual(["line 1: the file has a header but no TLD rows"]);
  });

  it("reports missing, unknown and repeated header columns", () => {
    const missing = HEADER.replace(",icann_fee", "").replace(",max_years", "");
    expect(errorsOf(`${missing}\ncom\n`)).toEqual(["line 1: missing columns: icann_fee, max_years"]);
    expect(errorsOf(`${HEADER},notes\n${COM},hi\n`)).toEqual([`line 1: unknown column: "notes" (expected ${HEADER})`]);
    expect(errorsOf(`${HEADER},tld\n`)).toEqual(["line 1: column repeated in the header: tld"]);
    // A data row where the header should be.
    expect(errorsOf(`${COM}\n${NET}\n`)[0]).toMatch(/^line 1: missing columns: tld, kind/);
  });

  it("reports each bad row with its line number and the column", () => {
    const text = csv(
      COM, // line 2
      "net,generic,USD,11.98,abc,11.98,,no,,no,no,10", // 3
      "org,generic,USD,10.985,10.98,10.98,,no,,no,no,10", // 4
      "info,generic,USD,-1,10,10,,no,,no,no,10", // 5
      "biz,generic,USD,,10,10,,no,,no,no,10", // 6
      "c_m,generic,USD,10,10,10,,no,,no,no,10", // 7
      "pro,gtld,USD,10,10,10,,no,,no,no,10", // 8
      "mobi,generic,EUR,10,10,10,,no,,no,no,10", // 9
      "asia,generic,US,10,10,10,,no,,no,no,10", // 10
      "tel,generic,USD,10,10,10,x,no,,no,no,10", // 11
      "xxx,generic,USD,10,10,10,,maybe,,no,no,10", // 12
      "name,generic,USD,10,10,10,,no,,no,no,11", // 13
      "app,generic,USD,10,10,10,,no,,no,no,0", // 14
      "dev,generic,USD,10,10,10,,no,,no,no,2.5", // 15
      "page,generic,USD,10,10,10,,yes,,no,no,10", // 16
      "blog,generic,USD,10,10,10,,yes,10,no,no,10", // 17
      "shop,generic,USD,10,10,10,,yes,12.5,no,no,10", // 18
      "club,generic,USD,10,10,10,,no,5,no,no,10", // 19
      "live,generic,USD,10,10,10,,no,,no,no", // 20
      "xn--zz,country-code,USD,10,10,10,,no,,no,no,10", // 21
    );
    expect(errorsOf(text)).toEqual([
      'line 3: renewal_price "abc" is not a price with at most 2 decimals',
      'line 4: registration_price "10.985" is not a price with at most 2 decimals',
      'line 5: registration_price "-1" is not a price with at most 2 decimals',
      "line 6: registration_price is empty (a price such as 10.44 is required)",
      'line 7: tld "c_m" is not a valid extension',
      'line 8: kind "gtld" must be "generic" or "country-code"',
      'line 9: currency "EUR" is not supported (only USD)',
      'line 10: currency "US" is not a 3-letter currency code',
      'line 11: icann_fee "x" is not a price with at most 2 decimals',
      'line 12: on_sale "maybe" is not a yes/no value (true/false, 1/0, yes/no)',
      'line 13: max_years "11" must be a whole number from 1 to 10',
      'line 14: max_years "0" must be a whole number from 1 to 10',
      'line 15: max_years "2.5" must be a whole number from 1 to 10',
      "line 16: on_sale is true but sale_price is empty",
      "line 17: sale_price 10.00 must be below registration_price 10.00",
      "line 18: sale_price 12.50 must be below registration_price 10.00",
      'line 19: sale_price "5.00" is given but on_sale is false (leave it empty)',
      "line 20: has 11 values, expected 12 (one per header column)",
      'line 21: tld "xn--zz" is not valid punycode',
    ]);
  });

  it("reports several problems of one row", () => {
    expect(errorsOf(csv("com,generic,USD,1,x,y,,no,,no,no,10"))).toEqual([
      'line 2: renewal_price "x" is not a price with at most 2 decimals',
      'line 2: transfer_price "y" is not a price with at most 2 decimals',
    ]);
  });

  it("reports a duplicate on its second line, also across ASCII and Unicode spellings", () => {
    expect(errorsOf(csv(COM, NET, ".COM,generic,USD,1,1,1,,no,,no,no,10"))).toEqual([
      'line 4: tld "com" is a duplicate of line 2',
    ]);
    expect(
      errorsOf(csv("рф,country-code,USD,9,9,9,,no,,no,no,10", COM, "xn--p1ai,country-code,USD,9,9,9,,no,,no,no,10")),
    ).toEqual(['line 4: tld "рф" is a duplicate of line 2']);
  });

  it("reports broken quoting", () => {
    expect(errorsOf(csv(COM, `"net,generic,USD,1,1,1,,no,,no,no,10`))).toEqual([
      'line 3: a quoted value is never closed (missing ")',
    ]);
    expect(errorsOf(csv(`"com"x,generic,USD,1,1,1,,no,,no,no,10`, NET))).toEqual([
      "line 2: unexpected text after a closing quote in field 1",
    ]);
    expect(errorsOf(csv(COM, `net,gen"eric,USD,1,1,1,,no,,no,no,10`, IO))).toEqual([
      "line 3: a quote inside an unquoted value in field 2 (quote the whole value and double the quote)",
    ]);
  });

  it("returns no rows at all when any row is bad (nothing half-imported)", () => {
    const result = parseCatalogueCsv(csv(COM, NET, IO, "org,generic,USD,abc,1,1,,no,,no,no,10"));
    expect(result.rows).toEqual([]);
    expect(result.errors).toHaveLength(1);
  });
});

describe("normaliseCatalogueTld", () => {
  it("gives the A-label and the Unicode display", () => {
    expect(normaliseCatalogueTld("ΕΛ")).toEqual({ ok: true, tld: "xn--qxam", display: "ελ" });
    expect(normaliseCatalogueTld("xn--qxam")).toEqual({ ok: true, tld: "xn--qxam", display: "ελ" });
    expect(normaliseCatalogueTld("co.uk").ok).toBe(false);
    expect(normaliseCatalogueTld("c").ok).toBe(false);
    expect(normaliseCatalogueTld("xn--abc").ok).toBe(false);
    expect(normaliseCatalogueTld("").ok).toBe(false);
  });
});

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
