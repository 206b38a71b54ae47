import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { simulatedAuthCode } from "../../workers/api/adapters/registry/simulated";
import { resend, signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { addAddress } from "./support/dashboard";
import { cataloguePriceCents, freshDomain, setRemixCookie } from "./support/domain";

// The transfer-in wizard (issue 14): Domain → Auth Code → Review → Payment (cart → checkout with
// the test card) → My domains shows Pending Transfer; every step with JavaScript on and off.
// A transfer takes a name for good, so each run picks an unused one of the seeded names held
// elsewhere (data/registry/seed.sql: unlocked, transferable, .com) and checks it through the API
// first; its auth code is the simulated registry's derived code (see data/registry/README.md).

const ADA = { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "London", country: "GB" };
const SEED = readFileSync(new URL("../../data/registry/seed.sql", import.meta.url), "utf8");
/** (name, label, tld, registrar, created_at, expires_at, locked, transferable, …, held_here, rev) */
const ROW =
  /^\('([a-z0-9-]+\.com)', '[^']*', 'com', '(?:[^']|'')*', '[^']*', '[^']*', 0, 1, '[^']*', '[^']*', 'active', 0,/u;
const CANDIDATES = SEED.split("\n").flatMap((line) => ROW.exec(line)?.[1] ?? []);

/** US dollars as the English pages show them ("$2,999.98"). */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd = (cents: number) => USD.format(cents / 100);

/** A seeded .com name that may be transferred right now (not taken by an earlier run). */
async function transferableName(page: Page): Promise<string> {
  expect(CANDIDATES.length).toBeGreaterThan(100);
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const name = CANDIDATES[Math.floor(Math.random() * CANDIDATES.length)]!;
    const answer = await resend(() => page.request.get(`/api/v1/domains/${name}/transfer-check`));
    if (answer.status() === 200) return name;
  }
  throw new Error("no transferable seeded .com name left");
}

test.describe("transfer in", () => {
  test("domain → auth code → review → cart → checkout with 4242… → My domains shows Pending Transfer", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    const name = await transferableName(page);
    await signedInUser(page);
    await page.goto("/dashboard/settings/addresses");
    await addAddress(page, ADA);

    await page.goto("/domain/transfer");
    await expect(page).toHaveTitle("Transfer a domain to us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transfer a domain");
    const steps = page.getByRole("navigation", { name: "Transfer steps" });
    await expect(steps.locator('[aria-current="step"]')).toContainText("Domain");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Domain name").fill(name.toUpperCase());
    await page.getByRole("button", { name: "Check domain" }).click();

    await expect(page).toHaveURL(
      new RegExp(`/domain/transfer\\?domain=${name.toUpperCase().replaceAll(".", "\\.")}$`, "u"),
    );
    await expect(steps.locator('[aria-current="step"]')).toContainText("Auth Code");
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Auth code (EPP code)").fill("abc");
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The auth code must be 6 to 128 characters, without spaces." }),
    ).toBeVisible();

    const authCode = await simulatedAuthCode(name);
    await page.getByLabel("Auth code (EPP code)").fill(authCode);
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(steps.locator('[aria-current="step"]')).toContainText("Review");
    const prices = cataloguePriceCents("com");
    const icann = 18;
    await expect(page.getByRole("row", { name: /Transfer price/u })).toContainText(usd(prices.transfer));
    await expect(page.getByRole("row", { name: /ICANN fee/u })).toContainText(usd(icann));
    await expect(page.getByTestId("transfer-total")).toHaveText(usd(prices.transfer + icann));
    // The auth code never ends up in the address bar.
    expect(page.url()).not.toContain(authCode);
    await expectNoAxeViolations(page, javaScriptEnabled);

    await page.getByRole("button", { name: "Add to cart and pay" }).click();
    await expect(page).toHaveURL(/\/checkout$/u);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    expect(page.url()).not.toContain(authCode);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("A new card").check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: `Pay ${usd(prices.transfer + icann)}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({
      timeout: 20_000,
    });

    await page.goto("/dashboard/domains");
    const row = page
      .getByRole("table", { name: "Your domains" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name }) });
    await expect(row).toContainText("Pending transfer");
  });

  test("each refusal is shown on the Domain step and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    test.slow();
    const cases: [string, string][] = [
      ["-bad-.com", "Please enter a valid domain name, such as example.com."],
      ["example.notanextension", "This extension is not supported."],
      [freshDomain(), "This domain is not registered, so it cannot be transferred. You can register it instead."],
      ["google.com", "This is a major corporate domain and cannot be transferred."],
    ];
    for (const [input, message] of cases) {
      await page.goto("/domain/transfer");
      await waitForHydration(page, javaScriptEnabled);
      await page.getByLabel("Domain name").fill(input);
      await page.getByRole("button", { name: "Check domain" }).click();
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expect(page.getByLabel("Domain name")).toHaveValue(input);
    }
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test(
    "Turkish, dark, phone: the wizard passes axe",
    { tag: "@axe" },
    async ({ page, context, baseURL, javaScriptEnabled }) => {
      test.slow();
      await setRemixCookie(context, baseURL, "locale", "tr");
      await setRemixCookie(context, baseURL, "theme", "dark");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/domain/transfer?domain=google.com");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alan adı transferi");
      await expect(
        page.getByRole("alert").filter({ hasText: "Bu, büyük bir kurumsal alan adıdır ve transfer edilemez." }),
      ).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);
    },
  );

  test("the header and footer links open the wizard", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("contentinfo").locator('a[href="/domain/transfer"]');
    await expect(link).toHaveCount(1);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transfer a domain");
  });
});
