import { z } from "./zod";
import { aLabelToUnicode, isALabel, tldToAscii } from "./domain-name";
import { tldSchema, type CatalogueRow } from "./catalogue";
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, centsToDecimal, decimalToCents } from "./money";
import { DEFAULT_GTLD_ICANN_FEE_CENTS } from "./pricing";

/**
 * The TLD price list as a CSV file (data/tld-prices.csv, `npm run catalogue:import`).
 *
 * Format: a header row naming these columns (any order), comma-separated, RFC 4180 quoting
 * ("a ""quoted"" value"), LF or CRLF line ends, blank lines ignored. One row per extension;
 * the row order gives `sort_order` (0, 1, 2…). See data/README.md.
 */
export const CATALOGUE_CSV_COLUMNS = [
  "tld",
  "kind",
  "currency",
  "registration_price",
  "renewal_price",
  "transfer_price",
  "icann_fee",
  "on_sale",
  "sale_price",
  "is_popular",
  "is_recommended",
  "max_years",
] as const;

export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Default and upper bound of `max_years` (SPEC §9: registration 1 to 10 years). */
export const DEFAULT_MAX_YEARS = 10;

export interface CatalogueCsvError {
  /** 1-based line number in the file (the first line of the record for multi-line records). */
  line: number;
  message: string;
}

export interface CatalogueCsvResult {
  /** Every row, in file order; empty whenever `errors` is not (nothing is ever half-imported). */
  rows: CatalogueRow[];
  errors: CatalogueCsvError[];
}

// ---------------------------------------------------------------------------------------------
// Field schemas: each one names its column and the offending value in its message.

function shown(value: string): string {
  const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(text);
}

function fail(ctx: { addIssue: (issue: { code: "custom"; message: string }) => void }, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** "com", ".COM", "рф", ".рф", "xn--p1ai" → { tld: ASCII A-label, display: Unicode form }. */
export function normaliseCatalogueTld(
  raw: string,
): { ok: true; tld: string; display: string } | { ok: false; message: string } {
  const bad = { ok: false as const, message: `tld ${shown(raw)} is not a valid extension` };
  let value = raw.trim().normalize("NFC").toLowerCase();
  if (value.startsWith(".")) value = value.slice(1);
  if (value === "") return { ok: false, message: "tld is empty" };
  const converted = /[^\x00-\x7f]/.test(value) ? tldToAscii(value) : value;
  if (converted === null) return bad;
  const parsed = tldSchema.safeParse(converted);
  if (!parsed.success) return bad;
  const ascii = parsed.data;
  if (!isALabel(ascii)) return { ok: true, tld: ascii, display: ascii };
  // A valid A-label decodes to a valid U-label that encodes back to itself (core/domain-name.ts).
  const display = aLabelToUnicode(ascii);
  if (display === null) return { ok: false, message: `tld ${shown(raw)} is not valid punycode` };
  return { ok: true, tld: ascii, display };
}

const tldField = z.string().transform((raw, ctx) => {
  const result = normaliseCatalogueTld(raw);
  return result.ok ? { tld: result.tld, display: result.display } : fail(ctx, result.message);
});

const kindField = z.string().transform((raw, ctx) => {
  const value = raw.trim().toLowerCase();
  if (value === "generic" || value === "country-code") return value;
  return fail(ctx, `kind ${shown(raw)} must be "generic" or "country-code"`);
});

const currencyField = z.string().transform((raw, ctx) => {
  const value = raw.trim().toUpperCase();
  if (value === "") return DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(value)) return fail(ctx, `currency ${shown(raw)} is not a 3-letter currency code`);
  if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(value)) {
    return fail(ctx, `currency ${shown(raw)} is not supported (only ${SUPPORTED_CURRENCIES.join(", ")})`);
  }
  return value;
});

function priceField(column: CatalogueCsvColumn) {
  return z.string().transform((raw, ctx) => {
    if (raw.trim() === "") return fail(ctx, `${column} is empty (a price such as 10.44 is required)`);
    const cents = decimalToCents(raw);
    return cents === null ? fail(ctx, `${column} ${shown(raw)} is not a price with at most 2 decimals`) : cents;
  });
}

function optionalPriceField(column: CatalogueCsvColumn) {
  return z.string().transform((raw, ctx) => {
    if (raw.trim() === "") return null;
    const cents = decimalToCents(raw);
    return cents === null ? fail(ctx, `${column} ${shown(raw)} is not a price with at most 2 decimals`) : cents;
  });
}

const TRUE_WORDS = ["true", "1", "yes"];
const FALSE_WORDS = ["false", "0", "no", ""];

function booleanField(column: CatalogueCsvColumn) {
  return z.string().transform((raw, ctx): 0 | 1 => {
    const value = raw.trim().toLowerCase();
    if (TRUE_WORDS.includes(value)) return 1;
    if (FALSE_WORDS.includes(value)) return 0;
    return fail(ctx, `${column} ${shown(raw)} is not a yes/no value (true/false, 1/0, yes/no)`);
  });
}

const maxYearsField = z.string().transform((raw, ctx) => {
  const value = raw.trim();
  if (value === "") return DEFAULT_MAX_YEARS;
  const years = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (years >= 1 && years <= DEFAULT_MAX_YEARS) return years;
  return fail(ctx, `max_years ${shown(raw)} must be a whole number from 1 to ${DEFAULT_MAX_YEARS}`);
});

/** One CSV record (column → raw text) → a catalogue row without `sort_order`. */
export const catalogueCsvRowSchema = z
  .object({
    tld: tldField,
    kind: kindField,
    currency: currencyField,
    registration_price: priceField("registration_price"),
    renewal_price: priceField("renewal_price"),
    transfer_price: priceField("transfer_price"),
    icann_fee: optionalPriceField("icann_fee"),
    on_sale: booleanField("on_sale"),
    sale_price: optionalPriceField("sale_price"),
    is_popular: booleanField("is_popular"),
    is_recommended: booleanField("is_recommended"),
    max_years: maxYearsField,
  })
  .superRefine((row, ctx) => {
    if (row.on_sale === 1 && row.sale_price === null) {
      ctx.addIssue({ code: "custom", message: "on_sale is true but sale_price is empty" });
    }
    if (row.on_sale === 0 && row.sale_price !== null) {
      ctx.addIssue({
        code: "custom",
        message: `sale_price ${shown(centsToDecimal(row.sale_price).toFixed(2))} is given but on_sale is false (leave it empty)`,
      });
    }
    if (row.on_sale === 1 && row.sale_price !== null && row.sale_price >= row.registration_price) {
      ctx.addIssue({
        code: "custom",
        message: `sale_price ${centsToDecimal(row.sale_price).toFixed(2)} must be below registration_price ${centsToDecimal(row.registration_price).toFixed(2)}`,
      });
    }
  })
  .transform((row): Omit<CatalogueRow, "sort_order"> => ({
    tld: row.tld.tld,
    display: row.tld.display,
    kind: row.kind,
    currency: row.currency,
    registration_cents: row.registration_price,
    renewal_cents: row.renewal_price,
    transfer_cents: row.transfer_price,
    icann_fee_cents: row.icann_fee ?? (row.kind === "generic" ? DEFAULT_GTLD_ICANN_FEE_CENTS : 0),
    on_sale: row.on_sale,
    sale_cents: row.sale_price,
    is_popular: row.is_popular,
    is_recommended: row.is_recommended,
    max_years: row.max_years,
  }));

// ---------------------------------------------------------------------------------------------
// RFC 4180 reader that remembers where each record starts.

interface CsvRecord {
  line: number;
  fields: string[];
  /** True for a line with nothing on it (skipped). */
  blank: boolean;
}

function readCsv(input: string): { records: CsvRecord[]; errors: CatalogueCsvError[] } {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  const errors: CatalogueCsvError[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;

  const atLineEnd = (at: number) => at >= n || text[at] === "\n" || text[at] === "\r";
  /** Consumes one line break at i (CRLF, LF or CR), if any. */
  const consumeLineEnd = () => {
    if (text[i] === "\r" && text[i + 1] === "\n") i += 2;
    else if (text[i] === "\n" || text[i] === "\r") i += 1;
    else return;
    line += 1;
  };
  const skipRestOfLine = () => {
    while (!atLineEnd(i)) i += 1;
    consumeLineEnd();
  };

  while (i < n) {
    const recordLine = line;
    const fields: string[] = [];
    let quotedAny = false;
    let broken = false;
    for (;;) {
      let field = "";
      if (text[i] === '"') {
        quotedAny = true;
        i += 1;
        let closed = false;
        while (i < n) {
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line += 1;
          field += c;
          i += 1;
        }
        if (!closed) {
          errors.push({ line: recordLine, message: 'a quoted value is never closed (missing ")' });
          return { records, errors };
        }
        if (i < n && text[i] !== "," && !atLineEnd(i)) {
          errors.push({ line, message: `unexpected text after a closing quote in field ${fields.length + 1}` });
          skipRestOfLine();
          broken = true;
          break;
        }
      } else {
        while (i < n && text[i] !== "," && !atLineEnd(i)) {
          if (text[i] === '"') break;
          field += text[i];
          i += 1;
        }
        if (text[i] === '"') {
          errors.push({
            line,
            message: `a quote inside an unquoted value in field ${fields.length + 1} (quote the whole value and double the quote)`,
          });
          skipRestOfLine();
          broken = true;
          break;
        }
      }
      fields.push(field);
      if (text[i] === ",") {
        i += 1;
        continue;
      }
      consumeLineEnd();
      break;
    }
    if (broken) continue;
    const blank = !quotedAny && fields.length === 1 && fields[0]?.trim() === "";
    records.push({ line: recordLine, fields, blank });
  }
  return { records, errors };
}

// ---------------------------------------------------------------------------------------------

/**
 * Parses and validates the whole price list. Every row is checked; every problem is reported
 * with its line number. When there is any error, `rows` is empty so that nothing can be
 * half-imported.
 */
export function parseCatalogueCsv(text: string): CatalogueCsvResult {
  const { records: allRecords, errors } = readCsv(text);
  const records = allRecords.filter((record) => !record.blank);
  const header = records[0];
  if (!header) {
    if (errors.length === 0) errors.push({ line: 1, message: "the file is empty (a header row is required)" });
    return { rows: [], errors };
  }

  const names = header.fields.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  const headerErrors: string[] = [];
  const missing = CATALOGUE_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) headerErrors.push(`missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    headerErrors.push(
      `unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.map((name) => shown(name)).join(", ")} (expected ${CATALOGUE_CSV_COLUMNS.join(",")})`,
    );
  }
  const repeated = names.filter((name, index) => known.has(name) && names.indexOf(name) !== index);
  if (repeated.length > 0) headerErrors.push(`column repeated in the header: ${[...new Set(repeated)].join(", ")}`);
  if (headerErrors.length > 0) {
    errors.unshift(...headerErrors.map((message) => ({ line: header.line, message })));
    return { rows: [], errors };
  }

  const dataRecords = records.slice(1);
  if (dataRecords.length === 0 && errors.length === 0) {
    errors.push({ line: header.line, message: "the file has a header but no TLD rows" });
  }

  const rows: CatalogueRow[] = [];
  const firstLineOf = new Map<string, number>();
  dataRecords.forEach((record, index) => {
    if (record.fields.length !== names.length) {
      errors.push({
        line: record.line,
        message: `has ${record.fields.length} value${record.fields.length === 1 ? "" : "s"}, expected ${names.length} (one per header column)`,
      });
      return;
    }
    const raw: Record<string, string> = {};
    names.forEach((name, column) => {
      raw[name] = record.fields[column] ?? "";
    });
    const parsed = catalogueCsvRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line: record.line, message: issue.message });
      return;
    }
    const row: CatalogueRow = { ...parsed.data, sort_order: index };
    const first = firstLineOf.get(row.tld);
    if (first !== undefined) {
      errors.push({ line: record.line, message: `tld ${shown(row.display)} is a duplicate of line ${first}` });
      return;
    }
    firstLineOf.set(row.tld, record.line);
    rows.push(row);
  });

  errors.sort((a, b) => a.line - b.line);
  return errors.length > 0 ? { rows: [], errors } : { rows, errors };
}

// ---------------------------------------------------------------------------------------------

function csvValue(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

function decimal(cents: number): string {
  return centsToDecimal(cents).toFixed(2);
}

/**
 * Rows → CSV text in the import format (header first, LF line ends, trailing newline). The tld
 * column carries the ASCII form; `sort_order` is the row order, so rows should be pre-sorted.
 */
export function catalogueToCsv(rows: readonly CatalogueRow[]): string {
  const lines = [CATALOGUE_CSV_COLUMNS.join(",")];
  for (const row of rows) {
    const values: Record<CatalogueCsvColumn, string> = {
      tld: row.tld,
      kind: row.kind,
      currency: row.currency,
      registration_price: decimal(row.registration_cents),
      renewal_price: decimal(row.renewal_cents),
      transfer_price: decimal(row.transfer_cents),
      icann_fee: decimal(row.icann_fee_cents),
      on_sale: row.on_sale === 1 ? "true" : "false",
      sale_price: row.sale_cents === null ? "" : decimal(row.sale_cents),
      is_popular: row.is_popular === 1 ? "true" : "false",
      is_recommended: row.is_recommended === 1 ? "true" : "false",
      max_years: String(row.max_years),
    };
    lines.push(CATALOGUE_CSV_COLUMNS.map((column) => csvValue(values[column])).join(","));
  }
  return `${lines.join("\n")}\n`;
}
