import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalogueCsv } from "../core/catalogue-csv";
import { catalogueImportStatements } from "./catalogue-sql";
import { formatImportErrors, parseImportArgs, wranglerArgs } from "./catalogue-import";

describe("parseImportArgs", () => {
  it("defaults to the local database without replace", () => {
    expect(parseImportArgs(["prices.csv"])).toEqual({ file: "prices.csv", target: "local", replace: false });
  });

  it("takes --remote, --local and --replace in any position", () => {
    expect(parseImportArgs(["--replace", "prices.csv", "--remote"])).toEqual({
      file: "prices.csv",
      target: "remote",
      replace: true,
    });
    expect(parseImportArgs(["--local", "p.csv"])).toEqual({ file: "p.csv", target: "local", replace: false });
  });

  it("refuses a missing file, two files, unknown options and both targets", () => {
    expect(parseImportArgs([])).toEqual({ error: "no price list file given" });
    expect(parseImportArgs(["--remote"])).toEqual({ error: "no price list file given" });
    expect(parseImportArgs(["a.csv", "b.csv"])).toHaveProperty("error");
    expect(parseImportArgs(["a.csv", "--force"])).toEqual({ error: "unknown option --force" });
    expect(parseImportArgs(["a.csv", "--local", "--remote"])).toEqual({ error: "choose either --local or --remote" });
  });
});

describe("formatImportErrors and wranglerArgs", () => {
  it("prefixes each error with the file name and line", () => {
    expect(formatImportErrors("prices.csv", [{ line: 14, message: 'renewal_price "abc" is not a price' }])).toEqual([
      'prices.csv line 14: renewal_price "abc" is not a price',
    ]);
  });

  it("runs wrangler d1 execute on the chosen database", () => {
    expect(wranglerArgs("local", ".tmp/catalogue-import.sql")).toEqual([
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--file",
      ".tmp/catalogue-import.sql",
      "-c",
      "wrangler.toml",
      "-y",
    ]);
    expect(wranglerArgs("remote", "x.sql")).toContain("--remote");
  });
});

describe("the sample price list", () => {
  it("is valid and has over 500 extensions, with the tracked and popular ones", () => {
    const { rows, errors } = parseCatalogueCsv(
      readFileSync(new URL("../data/tld-prices.csv", import.meta.url), "utf8"),
    );
    expect(errors).toEqual([]);
    expect(rows.length).toBeGreaterThan(500);
    const byTld = new Map(rows.map((row) => [row.tld, row]));
    expect(byTld.get("com")).toMatchObject({
      registration_cents: 1044,
      renewal_cents: 1044,
      icann_fee_cents: 18,
      sort_order: 0,
    });
    expect(byTld.get("ai")).toMatchObject({ max_years: 2, kind: "country-code", icann_fee_cents: 0 });
    expect(byTld.get("xn--p1ai")).toMatchObject({ display: "рф", kind: "country-code" });
    expect(rows.filter((row) => row.is_popular === 1)).toHaveLength(12);
    expect(rows.filter((row) => row.is_recommended === 1)).toHaveLength(10);
    // No brand TLDs.
    for (const brand of ["aaa", "abbott", "google", "amazon"]) expect(byTld.has(brand)).toBe(false);
  });
});

// Runs the generated SQL against the real migration with the sqlite3 CLI (.ci/run installs it; D1 is
// SQLite; node:sqlite needs Node 22.5+).

describe("the import SQL on SQLite", () => {
  const migration = readFileSync(new URL("../migrations/0001_tld_catalogue.sql", import.meta.url), "utf8");
  const header =
    "tld,kind,currency,registration_price,renewal_price,transfer_price,icann_fee,on_sale,sale_price,is_popular,is_recommended,max_years";

  function rowsOf(...lines: string[]) {
    const { rows, errors } = parseCatalogueCsv([header, ...lines].join("\n"));
    expect(errors).toEqual([]);
    return rows;
  }

  function run(sql: string): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync("sqlite3", ["-bail", ":memory:"], { input: sql, encoding: "utf8" });
    return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
  }

  const first = rowsOf(
    "com,generic,USD,10.44,10.44,10.44,,no,,yes,yes,10",
    "net,generic,USD,11.98,11.98,11.98,,no,,yes,yes,10",
    "рф,country-code,USD,9,9,9,,yes,4.5,no,no,2",
  );
  const second = rowsOf(
    "com,generic,USD,12.00,12.00,12.00,,no,,yes,yes,10",
    "org,generic,USD,10.98,10.98,10.98,,no,,no,no,10",
  );
  const list =
    "SELECT group_concat(tld || ':' || registration_cents, ' ') FROM (SELECT * FROM tlds ORDER BY sort_order, tld);";

  it("imports, updates and (with replace) deletes", () => {
    const sql = [
      migration,
      ...catalogueImportStatements(first, { replace: false }),
      list,
      "SELECT display || ' ' || on_sale || ' ' || sale_cents || ' ' || max_years FROM tlds WHERE tld = 'xn--p1ai';",
      ...catalogueImportStatements(second, { replace: false }),
      list,
      ...catalogueImportStatements(second, { replace: true }),
      list,
      "SELECT count(*) FROM tlds_import;",
    ].join("\n");
    const result = run(sql);
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\n")).toEqual([
      "com:1044 net:1198 xn--p1ai:900",
      "рф 1 450 2",
      "com:1200 net:1198 org:1098 xn--p1ai:900",
      "com:1200 org:1098",
      "0",
    ]);
  });

  it("leaves the live catalogue untouched when the import fails before the copy", () => {
    const statements = catalogueImportStatements(second, { replace: true });
    const copyAt = statements.findIndex((statement) => statement.startsWith("INSERT OR REPLACE INTO tlds "));
    // Staging done, then a failure where the copy would be; without -bail sqlite3 goes on to the queries.
    const sql = [
      migration,
      ...catalogueImportStatements(first, { replace: false }),
      ...statements.slice(0, copyAt),
      "INSERT INTO no_such_table VALUES (1);",
      list,
      "SELECT count(*) FROM tlds_import;",
    ].join("\n");
    const result = spawnSync("sqlite3", [":memory:"], { input: sql, encoding: "utf8" });
    expect(result.stderr).toMatch(/no such table: no_such_table/);
    expect(result.stdout.trim().split("\n")).toEqual(["com:1044 net:1198 xn--p1ai:900", "2"]);
  });
});
