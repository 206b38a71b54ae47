import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type BrowserContext, type Page } from "@playwright/test";

const CSV_PATH = fileURLToPath(new URL("../../../data/tld-prices.csv", import.meta.url));
const SEED_PATH = fileURLToPath(new URL("../../../data/registry/seed.sql", import.meta.url));

/** `count` random lower-case ASCII letters. */
export function randomLetters(count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/** A name no one has registered or put in a cart: `q` + 12 random letters + `.com`. */
export function freshDomain(): string {
  return `q${randomLetters(12)}.com`;
}

/**
 * A cookie as Remix's unsigned `createCookie` writes it (base64 of the JSON value, URI-encoded),
 * so the server's `cookie.parse` reads it back: `locale` = "tr", `theme` = "dark"…
 */
export async function setRemixCookie(
  context: BrowserContext,
  baseURL: string | undefined,
  name: string,
  value: string,
) {
  if (!baseURL) throw new Error("no baseURL configured");
  const encoded = encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
  await context.addCookies([{ name, value: encoded, url: baseURL }]);
}

/**
 * The cookie entry.client.tsx sets once a browser has run the app's JavaScript: with it the
 * server streams the document (the Suspense parts arrive later), as for a returning visitor.
 */
export async function setReturningJsVisitor(context: BrowserContext, baseURL: string | undefined) {
  if (!baseURL) throw new Error("no baseURL configured");
  await context.addCookies([{ name: "js", value: "1", url: baseURL }]);
}

/**
 * With JavaScript on: resolves once the add-to-cart forms on the page are hydrated. Each one
 * flips its hidden `_js` field to "1" in an effect, which only runs after React hydrated it; the
 * last form on the page lives in the last streamed part (awaited first), so all the page is
 * interactive then.
 * (The home page's `waitUntilInteractive` watches the hero search, which this page lacks.)
 */
export async function waitUntilCartFormsHydrated(page: Page) {
  await expect(page.getByText("Loading…", { exact: true })).toHaveCount(0);
  await expect(page.locator('form input[name="_js"]').last()).toHaveValue("1");
}

/**
 * Waits until both streamed parts of a search (Trinity suggestions, All extensions) have
 * replaced their "Loading…" fallbacks. With JS off the server sends them in the document.
 */
export async function waitForStreamedResults(page: Page) {
  const suggestions = page.getByRole("region", { name: "Trinity suggestions" });
  const all = page.getByRole("region", { name: "All extensions" });
  await expect(suggestions).toBeVisible();
  await expect(all).toBeVisible();
  await expect(suggestions.getByTestId("suggestions")).toBeVisible();
  await expect(all.getByTestId("all-results")).toBeVisible();
  await expect(page.getByText("Loading…", { exact: true })).toHaveCount(0);
}

function csvRow(tld: string): Record<string, string> {
  const [header, ...rows] = readFileSync(CSV_PATH, "utf8").trim().split(/\r?\n/);
  const columns = header!.split(",");
  const row = rows.map((line) => line.split(",")).find((cells) => cells[columns.indexOf("tld")] === tld);
  if (!row) throw new Error(`data/tld-prices.csv has no row for .${tld}`);
  return Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ""]));
}

/** A TLD's catalogue prices (data/tld-prices.csv, as the setup seeds it), in cents. */
export function cataloguePriceCents(tld: string): { registration: number; renewal: number; transfer: number } {
  const row = csvRow(tld);
  const cents = (column: string) => {
    const amount = Number(row[column]);
    if (row[column] === "" || !Number.isFinite(amount))
      throw new Error(`.${tld} has no ${column} in data/tld-prices.csv`);
    return Math.round(amount * 100);
  };
  return {
    registration: cents("registration_price"),
    renewal: cents("renewal_price"),
    transfer: cents("transfer_price"),
  };
}

/** Cents as the English storefront shows US dollars: "$31.32", "$2,999.98". */
export function usd(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/**
 * A name's row in the simulated registry's seeded ledger (data/registry/seed.sql): who holds it
 * and whether it may be transferred to us.
 */
export function seededRegistration(name: string): {
  registrar: string;
  locked: boolean;
  transferable: boolean;
  heldHere: boolean;
} {
  const seed = readFileSync(SEED_PATH, "utf8");
  const line = seed.split("\n").find((candidate) => candidate.startsWith(`('${name}', `));
  // (name, label, tld, registrar, created_at, expires_at, locked, transferable, nameservers, updated_at, status, held_here, rev)
  const match =
    line &&
    /^\('[^']*', '[^']*', '[^']*', '((?:[^']|'')*)', '[^']*', '[^']*', ([01]), ([01]), '.*', '[^']*', '[^']*', ([01]), '[^']*'\),?;?$/.exec(
      line,
    );
  if (!match) throw new Error(`${name} is not a seeded registration in data/registry/seed.sql`);
  return {
    registrar: match[1]!.replace(/''/g, "'"),
    locked: match[2] === "1",
    transferable: match[3] === "1",
    heldHere: match[4] === "1",
  };
}
