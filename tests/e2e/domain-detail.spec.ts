import { readFileSync } from "node:fs";
import { domainToASCII } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

/** A taken name held at another registrar that may be transferred to us (checked against the seed below). */
const TRANSFERABLE = "wordpress.org";

/** One catalogue row of data/tld-prices.csv (the setup seeds it), column → raw text. */
function catalogueRow(tld: string): Record<string, string> {
  const path = new URL("../../data/tld-prices.csv", import.meta.url);
  const [header, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const columns = header!.split(",");
  const cells = lines.map((line) => line.split(",")).find((row) => row[columns.indexOf("tld")] === tld);
  if (!cells) throw new Error(`data/tld-prices.csv has no row for .${tld}`);
  return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ""]));
}

/** "10.44" → 1044, without floating-point drift. */
function cents(raw: string): number {
  return Math.round(Number(raw) * 100);
}

function usd(amountInCents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amountInCents / 100);
}

/** A name's row in the seeded registry ledger (data/registry/seed.sql). */
function seededRegistration(name: string): {
  registrar: string;
  locked: boolean;
  transferable: boolean;
  heldHere: boolean;
} {
  const path = new URL("../../data/registry/seed.sql", import.meta.url);
  const line = readFileSync(path, "utf8")
    .split("\n")
    .find((candidate) => candidate.startsWith(`('${name}', `));
  // (name, label, tld, registrar, created_at, expires_at, locked, transferable, nameservers, updated_at, status, held_here, rev)
  const match =
    line &&
    /^\('[^']*', '[^']*', '[^']*', '((?:[^']|'')*)', '[^']*', '[^']*', ([01]), ([01]), '[^']*', '[^']*', '[^']*', ([01]),/.exec(
      line,
    );
  if (!match) throw new Error(`data/registry/seed.sql has no registration for ${name}`);
  return {
    registrar: match[1]!.replaceAll("''", "'"),
    locked: match[2] === "1",
    transferable: match[3] === "1",
    heldHere: match[4] === "1",
  };
}

/** A name nobody has registered: a fresh random label (letters and digits). */
function freshLabel(prefix = "q"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Sets a cookie the way Remix's createCookie writes it (base64 of the JSON value). */
async function setRemixCookie(context: BrowserContext, baseURL: string | undefined, name: string, value: string) {
  if (!baseURL) throw new Error("no baseURL configured");
  const encoded = encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
  await context.addCookies([{ name, value: encoded, url: baseURL }]);
}

/**
 * With JavaScript on: resolves once the add-to-cart form is hydrated. Its hidden `_js` field
 * turns "1" in an effect, which only runs after React hydrated the page. (The shared
 * `waitUntilInteractive` watches the home page's hero search, which this page does not have.)
 */
async function waitUntilCartFormHydrated(page: Page) {
  await expect(page.locator('form[action="/cart"] input[name="_js"]').first()).toHaveValue("1");
}

/** The value shown beside a term of the registration summary (Registrar, Transfer lock…), not of the WHOIS view inside it. */
function summaryValue(page: Page, term: string) {
  return page
    .getByRole("region", { name: "Status" })
    .locator(":scope > dl > div")
    .filter({ has: page.getByRole("term").getByText(term, { exact: true }) })
    .getByRole("definition");
}

/** The add-to-cart post: /cart as a form post, /cart.data when a fetcher sends it (single fetch). */
function isCartPost(url: string, method: string): boolean {
  return method === "POST" && /^\/cart(\.data)?$/.test(new URL(url).pathname);
}

function pricesTable(page: Page) {
  return page.getByRole("region", { name: "Prices" }).getByRole("table");
}

function priceFor(page: Page, operation: string) {
  return pricesTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: operation, exact: true }) })
    .getByRole("cell");
}

function alternatives(page: Page) {
  return page.getByRole("region", { name: "Alternatives" });
}

test.describe("a registered corporate name", () => {
  test("google.com shows its registration, no transfer, and the .com prices", { tag: "@markup" }, async ({ page }) => {
    const response = await page.goto("/google.com");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("google.com — Trinity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("google.com is registered");
    await expect(page.getByTestId("domain-status")).toHaveText(/^Registered and active\. /);

    const seed = seededRegistration("google.com");
    expect(seed).toMatchObject({ registrar: "MarkMonitor Inc.", locked: true, transferable: false });
    await expect(summaryValue(page, "Registrar")).toHaveText("MarkMonitor Inc.");
    await expect(summaryValue(page, "Transfer lock")).toHaveText("On");
    await expect(page.getByRole("button", { name: "Transfer google.com to us" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /to cart$/ })).toHaveCount(0);

    const com = catalogueRow("com");
    const firstYear = cents(com.registration_price!);
    const renewal = cents(com.renewal_price!);
    const maxYears = Number(com.max_years);
    expect(maxYears).toBe(10);
    for (let years = 1; years <= maxYears; years += 1) {
      const label = years === 1 ? "Registration, 1 year" : `Registration, ${years} years`;
      await expect(priceFor(page, label)).toHaveText(usd(firstYear + renewal * (years - 1)));
    }
    await expect(priceFor(page, `Registration, ${maxYears + 1} years`)).toHaveCount(0);
    await expect(priceFor(page, "Transfer (adds 1 year)")).toHaveText(usd(cents(com.transfer_price!)));
    await expect(priceFor(page, "Renewal, per year")).toHaveText(usd(renewal));
    await expect(priceFor(page, "ICANN fee, per year")).toHaveText(usd(cents(com.icann_fee!)));
  });

  test("lists available alternatives on other extensions, each linking to its page", async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    // A browser that has run the app's JavaScript before gets the document streamed, the
    // alternatives arriving last; without JS the server sends the whole document at once.
    if (javaScriptEnabled) await context.addCookies([{ name: "js", value: "1", url: baseURL }]);
    const response = await page.goto("/google.com");
    if (!javaScriptEnabled) {
      const html = (await response?.text()) ?? "";
      expect(html).toMatch(/id="alternatives-title"[^>]*>Alternatives<\/h2><!--\$--><ul/);
    }

    const links = alternatives(page).getByRole("listitem").getByRole("link");
    await expect(links.first()).toBeVisible();
    const names = await links.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name).toMatch(/^google\.[^.]+$/);
      expect(name).not.toBe("google.com");
      await expect(alternatives(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", `/${name}`);
    }

    await links.first().click();
    await expect(page).toHaveURL((url) => url.pathname === `/${names[0]}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${names[0]} is available`);
  });
});

test.describe("an available name", () => {
  test("says it is available and offers it with a period", async ({ page }) => {
    const domain = `${freshLabel()}.com`;
    await page.goto(`/${domain}`);
    await expect(page).toHaveTitle(`${domain} — Trinity`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${domain} is available`);
    await expect(page.getByTestId("domain-status")).toHaveText(/^Nobody has registered this name yet/);
    await expect(summaryValue(page, "Registrar")).toHaveCount(0);

    const period = page.getByRole("combobox", { name: `Period for ${domain}` });
    const maxYears = Number(catalogueRow("com").max_years);
    await expect(period.getByRole("option")).toHaveText(
      Array.from({ length: maxYears }, (_, index) => (index === 0 ? "1 year" : `${index + 1} years`)),
    );
    await expect(period).toHaveValue("1");
    await expect(page.getByRole("button", { name: `Add to cart: ${domain}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Transfer to us: ${domain}` })).toHaveCount(0);
    await expect(priceFor(page, "Registration, 1 year")).toHaveText(
      usd(cents(catalogueRow("com").registration_price!)),
    );
  });

  test(
    "with JavaScript, adding it shows a toast and the cart count without leaving the page",
    { tag: "@js-only" },
    async ({ page }) => {
      // Runs only in the js-on project: adding in place is the JavaScript path; the no-JS test covers the form post.
      const domain = `${freshLabel()}.com`;
      await page.goto(`/${domain}`);
      await waitUntilCartFormHydrated(page);
      await expect(page.getByTestId("cart-count")).toHaveCount(0);

      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest()) documents.push(request.url());
      });
      // A marker on the document: it survives only if the page is not loaded again.
      await page.evaluate(() => document.documentElement.setAttribute("data-test-marker", "still-here"));

      await page.getByRole("combobox", { name: `Period for ${domain}` }).selectOption("2");
      const posted = page.waitForResponse((response) => isCartPost(response.url(), response.request().method()));
      await page.getByRole("button", { name: `Add to cart: ${domain}` }).click();
      expect((await posted).status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: `${domain} was added to your cart.` })).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();

      await expect(page.locator("html")).toHaveAttribute("data-test-marker", "still-here");
      expect(documents).toEqual([]);
      await expect(page).toHaveURL((url) => url.pathname === `/${domain}`);
    },
  );

  test(
    "without JavaScript, adding it redirects back with a toast and the cart count",
    { tag: "@no-js-only" },
    async ({ page }) => {
      // Runs only in the js-off project: the plain form post is the no-JavaScript path; the JS test covers the fetcher.
      const domain = `${freshLabel()}.com`;
      await page.goto(`/${domain}`);
      await expect(page.getByTestId("cart-count")).toHaveCount(0);

      await page.getByRole("combobox", { name: `Period for ${domain}` }).selectOption("2");
      const posted = page.waitForResponse((response) => isCartPost(response.url(), response.request().method()));
      await page.getByRole("button", { name: `Add to cart: ${domain}` }).click();
      const post = await posted;
      expect([302, 303]).toContain(post.status());
      expect(new URL(post.headers()["location"] ?? "", "http://localhost").pathname).toBe(`/${domain}`);
      await expect(page).toHaveURL((url) => url.pathname === `/${domain}`);
      await expect(page.getByRole("status").filter({ hasText: `${domain} was added to your cart.` })).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
    },
  );
});

test("a taken name that may be transferred offers the transfer", { tag: "@markup" }, async ({ page }) => {
  const seed = seededRegistration(TRANSFERABLE);
  expect(seed).toMatchObject({ transferable: true, heldHere: false });
  await page.goto(`/${TRANSFERABLE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${TRANSFERABLE} is registered`);
  await expect(summaryValue(page, "Registrar")).toHaveText(seed.registrar);
  await expect(summaryValue(page, "Transfer lock")).toHaveText(seed.locked ? "On" : "Off");
  const transfer = page.getByRole("link", { name: `Transfer to us: ${TRANSFERABLE}` });
  await expect(transfer).toBeVisible();
  await expect(transfer).toHaveText("Transfer to us");
  await expect(transfer).toHaveAttribute("href", `/domain/transfer?domain=${TRANSFERABLE}`);
  await expect(page.getByRole("button", { name: `Add to cart: ${TRANSFERABLE}` })).toHaveCount(0);
});

test(
  "an internationalised name shows its Unicode and punycode forms and a warning",
  { tag: "@markup" },
  async ({ page }) => {
    catalogueRow("de");
    const unicode = `bücher-${freshLabel("x")}.de`;
    const ascii = domainToASCII(unicode);
    expect(ascii).toMatch(/^xn--/);
    await page.goto(`/${unicode}`);
    await expect(page).toHaveTitle(`${unicode} — Trinity`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${unicode} is available`);
    await expect(page.getByRole("main").locator("header").getByText(ascii, { exact: true })).toBeVisible();
    const warnings = page.getByRole("region", { name: "Security warnings" });
    await expect(warnings).toContainText(
      `This name uses international characters. Its registry (punycode) form is ${ascii}.`,
    );
    await expect(page.getByRole("button", { name: `Add to cart: ${unicode}` })).toBeVisible();
  },
);

test.describe("names that cannot exist", () => {
  for (const path of ["/nodot", "/.com", "/example.", "/foo.notatld"]) {
    test(`${path} answers 404 with the Page Not Found page`, { tag: "@markup" }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Page Not Found");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    });
  }
});

test.describe("domain detail accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    test.describe(`${theme} theme`, () => {
      test.beforeEach(async ({ context, baseURL }) => {
        if (theme === "dark") await setRemixCookie(context, baseURL, "theme", "dark");
      });

      for (const target of [
        { name: "google.com", path: () => "/google.com", heading: () => "google.com is registered" },
        {
          name: "a fresh available name",
          path: (domain: string) => `/${domain}`,
          heading: (domain: string) => `${domain} is available`,
        },
      ]) {
        test(`${target.name} has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
          const domain = `${freshLabel()}.com`;
          await page.goto(target.path(domain));
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading(domain));
          if (theme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
          else await expect(page.locator("html")).not.toHaveAttribute("data-theme");
          // The whole page, the streamed alternatives included.
          await expect(
            alternatives(page).getByRole("list").or(alternatives(page).getByText("No available alternatives found.")),
          ).toBeVisible();
          await expectNoAxeViolations(page, javaScriptEnabled);
        });
      }
    });
  }
});
