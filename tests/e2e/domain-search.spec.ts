import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  freshDomain,
  randomLetters,
  seededRegistration,
  setRemixCookie,
  setReturningJsVisitor,
  waitForStreamedResults,
  waitUntilCartFormsHydrated,
} from "./support/domain";

const PHONE = { width: 390, height: 844 };
/** Taken by MarkMonitor in the seeded ledger: locked, not transferable (data/registry/README.md). */
const CORPORATE = "google.com";

function searchPath(query: string, more?: number) {
  return `/domain-search?q=${encodeURIComponent(query)}${more ? `&more=${more}` : ""}`;
}

function exactMatch(page: Page) {
  return page.getByTestId("exact-match");
}

test.describe("domain search page", () => {
  test("without a query shows the heading, the intro and the search box", async ({ page }) => {
    const response = await page.goto("/domain-search");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Domain search — Trinity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search domains");
    await expect(
      page.getByText("Enter a name or describe your idea to search more than 500 extensions."),
    ).toBeVisible();
    const box = page.getByRole("searchbox", { name: "Domain name or idea" });
    await expect(box).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(page.getByTestId("exact-match")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Trinity suggestions" })).toHaveCount(0);
  });

  test("searching from the box opens the results for that name", async ({ page }) => {
    const name = freshDomain();
    await page.goto("/domain-search");
    await page.getByRole("searchbox", { name: "Domain name or idea" }).fill(name);
    await page.getByRole("searchbox", { name: "Domain name or idea" }).press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/domain-search" && url.searchParams.get("q") === name);
    await expect(exactMatch(page).getByRole("heading", { name: `${name} is available` })).toBeVisible();
  });
});

test.describe("an available name", () => {
  test("shows the exact match, Trinity suggestions and all extensions", async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    // With JS a returning visitor gets the document streamed; without JS it comes whole.
    if (javaScriptEnabled) await setReturningJsVisitor(context, baseURL);
    const name = freshDomain();
    const response = await page.goto(searchPath(name));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${name} — Domain search — Trinity`);
    await expect(page.getByRole("searchbox", { name: "Domain name or idea" })).toHaveValue(name);

    const exact = exactMatch(page);
    await expect(exact.getByRole("heading", { level: 2 })).toHaveText(`${name} is available`);
    await expect(exact.getByText("$10.44 first year")).toBeVisible();
    await expect(exact.getByRole("button", { name: `Add to cart: ${name}` })).toBeVisible();
    // An available name has no registration details, no transfer and no offer form.
    await expect(exact.getByText("Registrar")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Make an offer" })).toHaveCount(0);
    // Nothing to warn about for a plain ASCII name.
    await expect(page.getByRole("region", { name: "Security warnings" })).toHaveCount(0);

    await waitForStreamedResults(page);
    const suggestions = page
      .getByRole("region", { name: "Trinity suggestions" })
      .getByTestId("suggestions")
      .getByRole("listitem");
    const names = await suggestions.getByRole("link").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // Trinity works from the label: no repeat of the exact match, no "<label>com.<tld>" ideas.
    expect(names).not.toContain(name);
    const label = name.slice(0, -".com".length);
    expect(names.filter((suggestion) => suggestion.startsWith(`${label}com.`))).toEqual([]);
    for (const suggestion of names)
      await expect(suggestions.getByRole("button", { name: `Add to cart: ${suggestion}` })).toBeVisible();

    const all = page.getByRole("region", { name: "All extensions" });
    const count = all.getByText(/^\d+ of \d+ extensions available$/);
    await expect(count).toBeVisible();
    const [, available, total] = /^(\d+) of (\d+) extensions available$/.exec((await count.textContent()) ?? "") ?? [];
    expect(Number(total)).toBeGreaterThanOrEqual(500);
    expect(Number(available)).toBeGreaterThan(0);
    expect(Number(available)).toBeLessThanOrEqual(Number(total));
    const rows = all.getByTestId("all-results").getByRole("listitem");
    await expect(rows).toHaveCount(20);
    // The label on .com heads the list, with its price and its own add button.
    await expect(rows.first().getByRole("link", { name, exact: true })).toBeVisible();
    await expect(rows.first().getByRole("button", { name: `Add to cart: ${name}` })).toBeVisible();
  });

  test("Show more loads the next 20 extensions", async ({ page, context, baseURL, javaScriptEnabled }) => {
    if (javaScriptEnabled) await setReturningJsVisitor(context, baseURL);
    const name = freshDomain();
    await page.goto(searchPath(name));
    await waitForStreamedResults(page);
    if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);
    const all = page.getByRole("region", { name: "All extensions" });
    const rows = all.getByTestId("all-results").getByRole("listitem");
    await expect(rows).toHaveCount(20);
    const first20 = await rows.getByRole("link").allTextContents();

    const more = all.getByRole("link", { name: "Show more" });
    // A plain link, so it works without JavaScript.
    await expect(more).toHaveAttribute("href", searchPath(name, 2));
    await more.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === name && url.searchParams.get("more") === "2");
    await expect(rows).toHaveCount(40);
    // The first page is still there, in the same order, with 20 more after it.
    expect((await rows.getByRole("link").allTextContents()).slice(0, 20)).toEqual(first20);
    await expect(all.getByRole("link", { name: "Show more" })).toHaveAttribute("href", searchPath(name, 3));
    await expect(exactMatch(page).getByRole("heading", { level: 2 })).toHaveText(`${name} is available`);
  });

  test("a phrase is checked as one label on .com and Trinity does not repeat it", async ({ page }) => {
    const word = randomLetters(8);
    const phrase = `fresh coffee shop ${word}`;
    const joined = `freshcoffeeshop${word}.com`;
    await page.goto(searchPath(phrase));
    await expect(page).toHaveTitle(`${phrase} — Domain search — Trinity`);
    await expect(exactMatch(page).getByRole("heading", { level: 2 })).toHaveText(`${joined} is available`);
    await expect(exactMatch(page).getByRole("button", { name: `Add to cart: ${joined}` })).toBeVisible();

    await waitForStreamedResults(page);
    const suggestions = page.getByRole("region", { name: "Trinity suggestions" }).getByTestId("suggestions");
    const names = await suggestions.getByRole("listitem").getByRole("link").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain(joined);
    expect(new Set(names).size).toBe(names.length);
    // The whole-catalogue check is for the joined label.
    await expect(
      page
        .getByRole("region", { name: "All extensions" })
        .getByTestId("all-results")
        .getByRole("link", { name: joined, exact: true }),
    ).toBeVisible();
  });
});

test.describe("a taken corporate name", () => {
  test("shows the registrar and the offer form, and no transfer", async ({ page }) => {
    const seeded = seededRegistration(CORPORATE);
    expect(seeded).toMatchObject({ registrar: "MarkMonitor Inc.", transferable: false });
    await page.goto(searchPath(CORPORATE));
    const exact = exactMatch(page);
    await expect(exact.getByRole("heading", { level: 2 })).toHaveText(`${CORPORATE} is taken`);
    // The registry's summary comes first; the streamed WHOIS view below repeats the registrar.
    await expect(exact.getByText("Registrar", { exact: true }).first()).toBeVisible();
    await expect(exact.getByText("MarkMonitor Inc.", { exact: true }).first()).toBeVisible();
    await expect(exact.getByRole("button", { name: `Add to cart: ${CORPORATE}` })).toHaveCount(0);
    await expect(exact.getByRole("link", { name: `Transfer to us: ${CORPORATE}` })).toHaveCount(0);

    const offer = page.getByRole("region", { name: "Make an offer" });
    await expect(offer).toBeVisible();
    await expect(offer.getByLabel("Your offer")).toBeVisible();
    await expect(offer.getByLabel("Currency")).toHaveValue("USD");
    await expect(offer.getByLabel("Your email")).toBeVisible();
    await expect(offer.getByLabel("Message to the owner (optional)")).toBeVisible();
    await expect(offer.getByRole("button", { name: "Send offer" })).toBeVisible();
  });

  test("an invalid email is caught in the browser, without a round trip", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: validation in the browser (Conform) needs JavaScript; the no-JS test covers the server.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto(searchPath(CORPORATE));
    await waitForStreamedResults(page);
    await waitUntilCartFormsHydrated(page);

    const offer = page.getByRole("region", { name: "Make an offer" });
    const email = offer.getByLabel("Your email");
    await offer.getByLabel("Your offer").fill("2500");
    await email.fill("not-an-email");
    await email.blur();
    await expect(offer.getByText("Enter a valid email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address.");

    // Submitting the form as it is does not post it either.
    await offer.getByRole("button", { name: "Send offer" }).click();
    await expect(offer.getByText("Enter a valid email address.")).toBeVisible();
    await expect(offer.getByLabel("Your offer")).toHaveValue("2500");
    expect(posts).toEqual([]);

    // Fixing it clears the error as the visitor types.
    await email.fill("fixed@example.com");
    await expect(offer.getByText("Enter a valid email address.")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test(
    "an invalid email is answered by the server with 400 and the form kept",
    { tag: "@no-js-only" },
    async ({ page }) => {
      // Runs only in the js-off project: with JavaScript the browser catches it before any request (test above).
      await page.goto(searchPath(CORPORATE));
      const offer = page.getByRole("region", { name: "Make an offer" });
      await offer.getByLabel("Your offer").fill("2500");
      await offer.getByLabel("Your email").fill("not-an-email");
      const answer = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/domain-search" && response.request().method() === "POST",
      );
      await offer.getByRole("button", { name: "Send offer" }).click();
      expect((await answer).status()).toBe(400);

      const again = page.getByRole("region", { name: "Make an offer" });
      await expect(again.getByText("Enter a valid email address.")).toBeVisible();
      await expect(again.getByLabel("Your email")).toHaveAttribute("aria-invalid", "true");
      await expect(again.getByLabel("Your email")).toHaveValue("not-an-email");
      await expect(again.getByLabel("Your offer")).toHaveValue("2500");
      // The amount was fine: no error for it.
      await expect(again.getByText("Enter an amount from 1 to 10,000,000.")).toHaveCount(0);
      // The rest of the page is still the search result.
      await expect(exactMatch(page).getByRole("heading", { level: 2 })).toHaveText(`${CORPORATE} is taken`);
    },
  );

  test("a valid offer is sent with a confirmation toast", async ({ page, javaScriptEnabled }) => {
    const email = `offer-${randomLetters(10)}@example.com`;
    await page.goto(searchPath(CORPORATE));
    if (javaScriptEnabled) {
      await waitForStreamedResults(page);
      await waitUntilCartFormsHydrated(page);
    }
    const offer = page.getByRole("region", { name: "Make an offer" });
    await offer.getByLabel("Your offer").fill("2500");
    await offer.getByLabel("Currency").selectOption("EUR");
    await offer.getByLabel("Your email").fill(email);
    await offer.getByLabel("Message to the owner (optional)").fill("Would you consider selling?");
    // Without JS the document is posted and redirected back (303); with JS the form posts to the
    // action's data URL (single fetch), which answers the redirect as data.
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === (javaScriptEnabled ? "/domain-search.data" : "/domain-search") &&
        response.request().method() === "POST",
    );
    await offer.getByRole("button", { name: "Send offer" }).click();
    if (javaScriptEnabled) expect((await answer).ok()).toBe(true);
    else expect((await answer).status()).toBe(303);

    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `Your offer for ${CORPORATE} has been sent. We will reply to ${email}.` }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/domain-search" && url.searchParams.get("q") === CORPORATE);
    await expect(page.getByText("Enter a valid email address.")).toHaveCount(0);
  });
});

test.describe("invalid input", () => {
  test("a malformed name says so", async ({ page }) => {
    await page.goto(searchPath("-bad-.com"));
    await expect(page.getByRole("alert").filter({ hasText: "Invalid domain format." })).toBeVisible();
    await expect(page.getByTestId("exact-match")).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Domain name or idea" })).toHaveValue("-bad-.com");
  });

  test("an extension we do not sell says so", async ({ page }) => {
    await page.goto(searchPath("foo.notatld"));
    await expect(page.getByRole("alert").filter({ hasText: "This extension is not supported." })).toBeVisible();
    await expect(page.getByTestId("exact-match")).toHaveCount(0);
  });

  test("the message is translated in Turkish", async ({ page, context, baseURL }) => {
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto(searchPath("-bad-.com"));
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("alert").filter({ hasText: "Geçersiz alan adı biçimi." })).toBeVisible();
    await expect(page.getByText("Invalid domain format.")).toHaveCount(0);
  });
});

test.describe("a look-alike name", () => {
  test("pаypal.com with a Cyrillic а shows security warnings", async ({ page }) => {
    const lookalike = "p\u0430ypal.com";
    await page.goto(searchPath(lookalike));
    const warnings = page.getByRole("region", { name: "Security warnings" });
    await expect(warnings).toBeVisible();
    const items = warnings.getByRole("listitem");
    await expect(items.filter({ hasText: "It looks like the brand “paypal”." })).toHaveCount(1);
    await expect(items.filter({ hasText: "mixes writing systems (Latin, Cyrillic)" })).toHaveCount(1);
    await expect(items.filter({ hasText: "“\u0430” (Cyrillic) ≈ “a”" })).toHaveCount(1);
    await expect(items.filter({ hasText: "Its registry (punycode) form is xn--pypal-4ve.com." })).toHaveCount(1);
    // The name itself is still checked and shown in its Unicode form.
    await expect(exactMatch(page).getByRole("heading", { level: 2 })).toHaveText(
      new RegExp(`^${lookalike.replace(".", "\\.")} is `),
    );
  });
});

test.describe("accessibility", () => {
  // axe walks every node of a results page (dozens of forms); without JS it also loads a
  // script-free copy in a second context. Give these the longer timeout of a slow test.
  test.beforeEach(() => test.slow());

  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${scheme} theme`, () => {
      test.beforeEach(async ({ context, baseURL }) => {
        if (scheme === "dark") await setRemixCookie(context, baseURL, "theme", "dark");
      });

      test(
        "the results for an available name have no axe violations",
        { tag: "@axe" },
        async ({ page, javaScriptEnabled }) => {
          await page.goto(searchPath(freshDomain()));
          if (scheme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
          await waitForStreamedResults(page);
          if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);
          await expectNoAxeViolations(page, javaScriptEnabled);
        },
      );

      test(
        "a taken name with the offer form has no axe violations",
        { tag: "@axe" },
        async ({ page, javaScriptEnabled }) => {
          await page.goto(searchPath(CORPORATE));
          if (scheme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
          await expect(page.getByRole("region", { name: "Make an offer" })).toBeVisible();
          await waitForStreamedResults(page);
          if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);
          await expectNoAxeViolations(page, javaScriptEnabled);
        },
      );
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test(
      "the results for an available name have no axe violations",
      { tag: "@axe" },
      async ({ page, javaScriptEnabled }) => {
        await page.goto(searchPath(freshDomain()));
        await waitForStreamedResults(page);
        if (javaScriptEnabled) await waitUntilCartFormsHydrated(page);
        await expectNoAxeViolations(page, javaScriptEnabled);
      },
    );
  });
});
