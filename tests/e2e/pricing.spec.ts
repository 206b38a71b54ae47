import { readFileSync } from "node:fs";
import { domainToUnicode } from "node:url";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

const PHONE = { width: 390, height: 844 };
const COLUMNS = ["Extension", "Registration", "Transfer", "Renewal", "ICANN fee", "Sale"];
const PAGE_STEP = 25;

/** One row of the sample catalogue the setup seeds (data/tld-prices.csv), column → raw text. */
type CatalogueRow = Record<string, string>;

/** data/tld-prices.csv in file order: the order the catalogue is listed in (sort_order). */
function readCatalogue(): CatalogueRow[] {
  const path = new URL("../../data/tld-prices.csv", import.meta.url);
  const [header, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const columns = header!.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ""]));
  });
}

const CATALOGUE = readCatalogue();

/** What the Extension column shows for a row: a dot and the display (Unicode) form. */
function extensionText(row: CatalogueRow): string {
  return `.${domainToUnicode(row.tld!) || row.tld}`;
}

/** A CSV amount as the table shows it: "$X.XX", or "—" when there is none. */
function usd(raw: string): string {
  return raw === "" ? "—" : new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(raw));
}

/** The CSV columns behind the Registration, Transfer, Renewal and ICANN fee columns. */
const PRICE_COLUMNS = ["registration_price", "transfer_price", "renewal_price", "icann_fee"] as const;

/** The registration, transfer, renewal and ICANN-fee cells a CSV row should produce. */
function expectedPriceCells(row: CatalogueRow): string[] {
  return PRICE_COLUMNS.map((column) => usd(row[column]!));
}

/** Sets a cookie the way Remix's createCookie writes it (base64 of the JSON value). */
async function setRemixCookie(context: BrowserContext, baseURL: string | undefined, name: string, value: string) {
  if (!baseURL) throw new Error("no baseURL configured");
  const encoded = encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
  await context.addCookies([{ name, value: encoded, url: baseURL }]);
}

function tabs(page: Page) {
  return page.getByRole("navigation", { name: "Extension lists" });
}

function priceTable(page: Page) {
  return page.getByRole("main").getByRole("table");
}

/** The body rows of the price table (the header row has no row header cell). */
function bodyRows(page: Page): Locator {
  return priceTable(page).locator("tbody > tr");
}

function rowFor(page: Page, tld: string): Locator {
  return page.getByTestId(`tld-row-${tld}`);
}

/** Price cells of one row: registration, transfer, renewal, ICANN fee (the Sale cell follows). */
function priceCells(row: Locator): Locator {
  return row.getByRole("cell");
}

/** The table lists exactly these catalogue rows, in this order, with their four prices. */
async function expectRowsToMatch(page: Page, expected: CatalogueRow[]) {
  const rows = bodyRows(page);
  await expect(rows).toHaveCount(expected.length);
  await expect(rows.getByRole("rowheader")).toHaveText(expected.map(extensionText));
  // One column at a time: td:nth-of-type skips the row header, so 1 is Registration.
  for (const [index, column] of PRICE_COLUMNS.entries()) {
    await expect(rows.locator(`td:nth-of-type(${index + 1})`)).toHaveText(expected.map((row) => usd(row[column]!)));
  }
}

/**
 * Searches with the "Find an extension" form. With JS, a submit made while the page is still
 * hydrating can be lost and the page shows no sign of being interactive, so it is retried until
 * the search runs (without JS it is a plain GET form and the first submit does it).
 */
async function search(page: Page, query: string) {
  const box = page.getByRole("searchbox", { name: "Find an extension" });
  await expect(async () => {
    await box.fill(query);
    await page.getByRole("search").getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/domain" && url.searchParams.get("q") === query, {
      timeout: 3_000,
    });
  }).toPass();
}

test.describe("domain pricing page", () => {
  test(
    "has its title, heading, tabs and the recommended extensions from the catalogue",
    { tag: "@markup" },
    async ({ page }) => {
      const response = await page.goto("/domain");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle("Domain registration and pricing — Trinity");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Domain registration and pricing");

      const links = tabs(page).getByRole("link");
      await expect(links).toHaveText(["Recommended", "Popular", "All"]);
      await expect(tabs(page).getByRole("link", { name: "Recommended" })).toHaveAttribute("aria-current", "page");
      await expect(tabs(page).getByRole("link", { name: "Popular" })).not.toHaveAttribute("aria-current");
      await expect(tabs(page).getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current");

      const headers = priceTable(page).getByRole("columnheader");
      // The last column holds the Register links; its header is for screen readers only.
      await expect(headers).toHaveCount(COLUMNS.length + 1);
      for (const [index, name] of COLUMNS.entries()) await expect(headers.nth(index)).toHaveText(name);

      const recommended = CATALOGUE.filter((row) => row.is_recommended === "true");
      expect(recommended.length).toBeGreaterThan(0);
      await expectRowsToMatch(page, recommended);
      await expect(page.getByText(`Showing ${recommended.length} of ${recommended.length}`)).toBeVisible();
      await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
    },
  );

  test("the Popular tab lists the catalogue's popular extensions", async ({ page }) => {
    await page.goto("/domain");
    await tabs(page).getByRole("link", { name: "Popular" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/domain" && url.searchParams.get("tab") === "popular");
    await expect(tabs(page).getByRole("link", { name: "Popular" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link", { name: "Recommended" })).not.toHaveAttribute("aria-current");

    const popular = CATALOGUE.filter((row) => row.is_popular === "true");
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.length).toBeLessThanOrEqual(PAGE_STEP);
    await expectRowsToMatch(page, popular);
  });

  test("the All tab shows 25 extensions and Show more adds 25", async ({ page }) => {
    await page.goto("/domain");
    await tabs(page).getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/domain" && url.searchParams.get("tab") === "all");
    await expect(tabs(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(CATALOGUE.length).toBeGreaterThan(2 * PAGE_STEP);

    await expectRowsToMatch(page, CATALOGUE.slice(0, PAGE_STEP));
    await expect(page.getByText(`Showing ${PAGE_STEP} of ${CATALOGUE.length}`, { exact: true })).toBeVisible();

    // A plain link: it works the same whether or not JavaScript runs.
    const more = page.getByRole("link", { name: "Show more" });
    await expect(more).toHaveAttribute("href", "/domain?tab=all&show=2");
    await more.click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("tab") === "all" && url.searchParams.get("show") === "2",
    );
    await expect(bodyRows(page)).toHaveCount(2 * PAGE_STEP);
    await expectRowsToMatch(page, CATALOGUE.slice(0, 2 * PAGE_STEP));
    await expect(page.getByText(`Showing ${2 * PAGE_STEP} of ${CATALOGUE.length}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Show more" })).toHaveAttribute("href", "/domain?tab=all&show=3");
  });

  test("searching finds the extensions that start with the text", async ({ page }) => {
    await page.goto("/domain");
    await search(page, "sh");
    const expected = CATALOGUE.filter((row) => row.tld!.startsWith("sh"));
    expect(expected.map((row) => row.tld)).toContain("shop");
    await expect(bodyRows(page)).toHaveCount(expected.length);
    const shown = await bodyRows(page).getByRole("rowheader").allTextContents();
    for (const text of shown) expect(text).toMatch(/^\.sh/);
    expect([...shown].sort()).toEqual(expected.map(extensionText).sort());
    const shop = expected.find((row) => row.tld === "shop");
    if (!shop) throw new Error("data/tld-prices.csv has no .shop row");
    for (const [index, text] of expectedPriceCells(shop).entries())
      await expect(priceCells(rowFor(page, "shop")).nth(index)).toHaveText(text);
    await expect(page.getByRole("searchbox", { name: "Find an extension" })).toHaveValue("sh");
    // A search result is no tab.
    await expect(tabs(page).locator("[aria-current]")).toHaveCount(0);
  });

  test("a search without a match says so", async ({ page }) => {
    await page.goto("/domain");
    await search(page, "zzzz");
    await expect(page.getByText("No extension matches “zzzz”.", { exact: true })).toBeVisible();
    await expect(priceTable(page)).toHaveCount(0);
  });

  test("an extension on sale shows its sale price", async ({ page }) => {
    const sale = CATALOGUE.find((row) => row.on_sale === "true" && row.sale_price !== "");
    if (!sale) throw new Error("data/tld-prices.csv has no extension on sale");
    await page.goto("/domain");
    await search(page, sale.tld!);
    const row = rowFor(page, sale.tld!);
    await expect(row.getByRole("rowheader")).toHaveText(extensionText(sale));
    const cells = priceCells(row);
    for (const [index, text] of expectedPriceCells(sale).entries()) await expect(cells.nth(index)).toHaveText(text);
    await expect(cells.nth(COLUMNS.indexOf("Sale") - 1)).toHaveText(usd(sale.sale_price!));

    // An extension not on sale has a dash there.
    const full = CATALOGUE.find((candidate) => candidate.is_recommended === "true" && candidate.on_sale !== "true");
    if (!full) throw new Error("data/tld-prices.csv has no recommended extension at full price");
    await page.goto("/domain");
    await expect(priceCells(rowFor(page, full.tld!)).nth(COLUMNS.indexOf("Sale") - 1)).toHaveText("—");
  });

  test("Register a .com domain opens the domain search for .com", async ({ page }) => {
    await page.goto("/domain");
    const register = page.getByRole("link", { name: "Register a .com domain" });
    await expect(register).toHaveAttribute("href", "/domain-search?tld=com");
    await register.click();
    await expect(page).toHaveURL((url) => url.pathname === "/domain-search" && url.searchParams.get("tld") === "com");

    const name = `myname${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const box = page.getByRole("search").getByRole("searchbox");
    // With JS, an Enter pressed while the page is still hydrating can be lost, and this page has
    // no sign of being interactive to wait for: type and submit again until the search runs.
    await expect(async () => {
      await box.fill(name);
      await box.press("Enter");
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/domain-search" &&
          url.searchParams.get("q") === name &&
          url.searchParams.get("tld") === "com",
        { timeout: 3_000 },
      );
    }).toPass();
    await expect(page.getByTestId("exact-match").getByRole("heading", { level: 2 })).toHaveText(
      `${name}.com is available`,
    );
  });

  test.describe("in Turkish", () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setRemixCookie(context, baseURL, "locale", "tr");
    });

    test("the heading and the tabs are translated", { tag: "@markup" }, async ({ page }) => {
      await page.goto("/domain");
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      await expect(page).toHaveTitle("Alan adı kaydı ve fiyatları — Trinity");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alan adı kaydı ve fiyatları");
      const lists = page.getByRole("navigation", { name: "Uzantı listeleri" });
      await expect(lists.getByRole("link", { name: "Önerilen" })).toHaveAttribute("aria-current", "page");
      await expect(lists.getByRole("link")).toHaveText(["Önerilen", "Popüler", "Tümü"]);
    });
  });
});

test.describe("domain pricing accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    test.describe(`${theme} theme`, () => {
      test.beforeEach(async ({ context, baseURL }) => {
        if (theme === "dark") await setRemixCookie(context, baseURL, "theme", "dark");
      });

      for (const path of ["/domain", "/domain?tab=all"]) {
        test(`${path} has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
          await page.goto(path);
          if (theme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
          else await expect(page.locator("html")).not.toHaveAttribute("data-theme");
          await expect(bodyRows(page).first()).toBeVisible();
          await expectNoAxeViolations(page, javaScriptEnabled);
        });
      }

      test.describe("on a phone", () => {
        test.use({ viewport: PHONE });

        test(
          "the table scrolls inside its container and the page has no axe violations",
          { tag: "@axe" },
          async ({ page, javaScriptEnabled }) => {
            await page.goto("/domain?tab=all");
            await expect(bodyRows(page)).toHaveCount(PAGE_STEP);
            const container = priceTable(page).locator("xpath=..");
            const box = await container.evaluate((element) => ({
              overflowX: getComputedStyle(element).overflowX,
              scrollWidth: element.scrollWidth,
              clientWidth: element.clientWidth,
            }));
            expect(box.overflowX).toBe("auto");
            expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
            // The container scrolls; the page itself does not get wider than the phone.
            const viewport = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
            }));
            expect(viewport.scrollWidth).toBeLessThanOrEqual(viewport.innerWidth);
            await container.evaluate((element) => element.scrollTo({ left: 200 }));
            expect(await container.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
            await container.evaluate((element) => element.scrollTo({ left: 0 }));
            await expectNoAxeViolations(page, javaScriptEnabled);
          },
        );
      });
    });
  }
});
