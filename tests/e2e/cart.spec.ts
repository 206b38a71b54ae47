import { simulatedAuthCode } from "../../workers/api/adapters/registry";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  cataloguePriceCents,
  freshDomain,
  seededRegistration,
  setRemixCookie,
  usd,
  waitUntilCartFormsHydrated,
} from "./support/domain";

/**
 * A taken name held at another registrar that may be transferred to us: in the seeded ledger,
 * transferable, unlocked and not held here (data/registry/seed.sql).
 */
const TRANSFERABLE = "wordpress.org";

// Each test gets Playwright's own fresh browser context, so its own cart cookie: no test sees
// another's cart.

function searchPath(query: string) {
  return `/domain-search?q=${encodeURIComponent(query)}`;
}

function cartLink(page: Page, name: string) {
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

function cartLine(page: Page, domain: string) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(domain, { exact: true }) });
}

/** Opens the search for `domain` and, with JS, waits until its add buttons are hydrated. */
async function openSearch(page: Page, domain: string, javaScriptEnabled: boolean) {
  await page.goto(searchPath(domain));
  await expect(page.getByTestId("exact-match").getByRole("heading", { level: 2 })).toBeVisible();
  if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);
}

/** Adds an available name from the exact match; resolves once the success toast shows. */
async function addFromExactMatch(page: Page, domain: string) {
  await page
    .getByTestId("exact-match")
    .getByRole("button", { name: `Add to cart: ${domain}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `${domain} was added to your cart.` })).toBeVisible();
}

test.describe("adding to the cart", () => {
  test(
    "with JavaScript the name is added in place, with a toast and the header count",
    { tag: "@js-only" },
    async ({ page }) => {
      // Runs only in the js-on project: adding without a page load is the JavaScript path; the no-JS test covers the form post.
      const domain = freshDomain();
      await openSearch(page, domain, true);
      await expect(cartLink(page, "Cart")).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveCount(0);

      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest()) documents.push(request.url());
      });
      // A marker on the window: it survives only if the document is not reloaded.
      await page.evaluate(() => document.documentElement.setAttribute("data-test-marker", "still-here"));

      // The fetcher posts to the action's data URL (single fetch), not as a document.
      const posted = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/cart.data" && response.request().method() === "POST",
      );
      await page
        .getByTestId("exact-match")
        .getByRole("button", { name: `Add to cart: ${domain}` })
        .click();
      expect((await posted).ok()).toBe(true);
      await expect(page.getByRole("status").filter({ hasText: `${domain} was added to your cart.` })).toBeVisible();
      await expect(cartLink(page, "Cart, 1 item")).toBeVisible();
      await expect(page.getByTestId("cart-count")).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveText("1");

      await expect(page.locator("html")).toHaveAttribute("data-test-marker", "still-here");
      expect(documents).toEqual([]);
      await expect(page).toHaveURL((url) => url.pathname === "/domain-search" && url.searchParams.get("q") === domain);
    },
  );

  test(
    "without JavaScript the form post redirects back with a toast and the header count",
    { tag: "@no-js-only" },
    async ({ page }) => {
      // Runs only in the js-off project: the plain form post is the no-JavaScript path; the JS test covers the fetcher.
      const domain = freshDomain();
      await openSearch(page, domain, false);
      await expect(page.getByTestId("cart-count")).toHaveCount(0);

      const redirect = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/cart" && response.request().method() === "POST",
      );
      await page
        .getByTestId("exact-match")
        .getByRole("button", { name: `Add to cart: ${domain}` })
        .click();
      const response = await redirect;
      expect(response.status()).toBe(303);
      expect(new URL(response.headers()["location"] ?? "", response.url()).search).toBe(
        new URL(searchPath(domain), response.url()).search,
      );

      await expect(page).toHaveURL((url) => url.pathname === "/domain-search" && url.searchParams.get("q") === domain);
      await expect(page.getByRole("status").filter({ hasText: `${domain} was added to your cart.` })).toBeVisible();
      await expect(cartLink(page, "Cart, 1 item")).toBeVisible();
      await expect(page.getByTestId("cart-count")).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveText("1");
    },
  );

  test("adding the same name again says it is already in the cart", async ({ page, javaScriptEnabled }) => {
    const domain = freshDomain();
    await openSearch(page, domain, javaScriptEnabled);
    await addFromExactMatch(page, domain);
    if (javaScriptEnabled) {
      // With JavaScript the button became the "In cart" link (focused, as the button was); the page
      // loaded again offers the button, as a second tab would.
      const inCart = page.getByTestId("exact-match").getByRole("link", { name: `In cart: ${domain}, view the cart` });
      await expect(inCart).toBeFocused();
      await expect(inCart).toHaveAttribute("href", "/cart");
      await page.reload();
      await waitUntilCartFormsHydrated(page);
    }

    await page
      .getByTestId("exact-match")
      .getByRole("button", { name: `Add to cart: ${domain}` })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: "This domain is already in your cart." })).toBeVisible();
    // Still one item.
    await expect(cartLink(page, "Cart, 1 item")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });
});

test.describe("the cart page", () => {
  test("lists the name, changes its period and removes it", async ({ page, javaScriptEnabled }) => {
    const domain = freshDomain();
    const com = cataloguePriceCents("com");
    await openSearch(page, domain, javaScriptEnabled);
    await addFromExactMatch(page, domain);

    await cartLink(page, "Cart, 1 item").click();
    await expect(page).toHaveURL((url) => url.pathname === "/cart");
    await expect(page).toHaveTitle("Cart — Trinity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
    const line = cartLine(page, domain);
    await expect(line).toHaveCount(1);
    await expect(line.getByText("Registration", { exact: true })).toBeVisible();
    await expect(line.getByText("$10.44", { exact: true })).toBeVisible();
    const period = line.getByLabel(`Period for ${domain}`);
    await expect(period).toHaveValue("1");
    const summaryRow = (label: string) =>
      page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(summaryRow("Subtotal (1 item)")).toContainText("$10.44");
    await expect(summaryRow("ICANN fees")).toContainText("$0.18");
    await expect(summaryRow("Total")).toContainText("$10.62");

    // Three years: the first-year price, then two renewals.
    const threeYears = usd(com.registration + 2 * com.renewal);
    expect(usd(com.registration)).toBe("$10.44");
    await period.selectOption({ label: "3 years" });
    await line.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The period was updated." })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/cart");
    await expect(cartLine(page, domain).getByText(threeYears, { exact: true })).toBeVisible();
    await expect(cartLine(page, domain).getByLabel(`Period for ${domain}`)).toHaveValue("3");
    await expect(summaryRow("Subtotal (1 item)")).toContainText(threeYears);
    await expect(summaryRow("ICANN fees")).toContainText("$0.54");

    await cartLine(page, domain)
      .getByRole("button", { name: `Remove ${domain}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The item was removed from your cart." })).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(cartLine(page, domain)).toHaveCount(0);
    await expect(cartLink(page, "Cart")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
  });

  test("an empty cart says so and links to the search", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Search for a domain" })).toHaveAttribute(
      "href",
      "/domain-search",
    );
  });
});

test.describe("transfer", () => {
  test("a taken transferable name can be put in the cart as a transfer", async ({ page, javaScriptEnabled }) => {
    const seeded = seededRegistration(TRANSFERABLE);
    expect(seeded).toMatchObject({ transferable: true, locked: false, heldHere: false });
    await page.goto(searchPath(TRANSFERABLE));
    const exact = page.getByTestId("exact-match");
    await expect(exact.getByRole("heading", { level: 2 })).toHaveText(`${TRANSFERABLE} is taken`);
    await expect(exact.getByText(seeded.registrar, { exact: true })).toBeVisible();
    const transfer = exact.getByRole("link", { name: `Transfer to us: ${TRANSFERABLE}` });
    await expect(transfer).toBeVisible();
    await expect(transfer).toHaveText("Transfer to us");
    if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);

    // The wizard asks for the auth code, then puts the transfer in the cart on its way to checkout.
    await transfer.click();
    await expect(page).toHaveURL(`/domain/transfer?domain=${TRANSFERABLE}`);
    await page.getByLabel("Auth code (EPP code)").fill(await simulatedAuthCode(TRANSFERABLE));
    await page.getByRole("button", { name: "Continue to review" }).click();
    await page.getByRole("button", { name: "Add to cart and pay" }).click();
    await expect(page).toHaveURL(/\/signin\?/u);
    await expect(cartLink(page, "Cart, 1 item")).toBeVisible();

    await page.goto("/cart");
    const line = cartLine(page, TRANSFERABLE);
    await expect(line).toHaveCount(1);
    await expect(line.getByText("Transfer", { exact: true })).toBeVisible();
    await expect(line.getByText(usd(cataloguePriceCents("org").transfer), { exact: true })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  // axe walks every node of a results page (dozens of forms); without JS it also loads a
  // script-free copy in a second context. Give these the longer timeout of a slow test.
  test.beforeEach(() => test.slow());

  test(
    "the empty cart has no axe violations (dark)",
    { tag: "@axe" },
    async ({ page, context, baseURL, javaScriptEnabled }) => {
      await setRemixCookie(context, baseURL, "theme", "dark");
      await page.goto("/cart");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(page.getByText("Your cart is empty.")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    },
  );

  for (const scheme of ["light", "dark"] as const) {
    test(
      `the cart with one item has no axe violations (${scheme})`,
      { tag: "@axe" },
      async ({ page, context, baseURL, javaScriptEnabled }) => {
        if (scheme === "dark") await setRemixCookie(context, baseURL, "theme", "dark");
        const domain = freshDomain();
        await openSearch(page, domain, javaScriptEnabled);
        await addFromExactMatch(page, domain);
        await page.goto("/cart");
        await expect(cartLine(page, domain)).toHaveCount(1);
        if (scheme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        else await expect(page.locator("html")).not.toHaveAttribute("data-theme");
        await expectNoAxeViolations(page, javaScriptEnabled);
      },
    );
  }
});
