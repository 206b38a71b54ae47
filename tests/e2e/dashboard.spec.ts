import { expect, test } from "./support/test";
import { registerUser, signIn, signedInUser, useClientIp, verifyEmail, waitForHydration } from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";
import { setRemixCookie } from "./support/domain";

const PHONE = { width: 390, height: 844 };

/** What the page says about today's date, the way the dashboard formats "member since". */
const today = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date());

test.describe("the dashboard guard", () => {
  test("a signed-out visitor is sent to sign-in with the full path and query", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/dashboard/settings?tab=x");
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe("/signin?redirect=%2Fdashboard%2Fsettings%3Ftab%3Dx");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });

  for (const path of [
    "/dashboard",
    "/dashboard/settings/addresses",
    "/dashboard/domains/example.com/dns",
    "/dashboard/illuminate?x=1&y=2",
  ]) {
    test(`${path} needs sign-in too`, { tag: "@markup" }, async ({ page }) => {
      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/signin");
      expect(url.searchParams.get("redirect")).toBe(path);
    });
  }

  test("signing in from the redirect lands on the page that was asked for", async ({ page, javaScriptEnabled }) => {
    const user = await registerUser(page.request);
    await verifyEmail(page.request, user);
    await useClientIp(page, user.ip);
    await page.goto("/dashboard/settings/addresses?edit=none");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Seed key").fill(user.seedKey);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Address book" })).toBeVisible();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe("/dashboard/settings/addresses?edit=none");
  });
});

test.describe("the account overview", () => {
  test("shows the user's name, email, membership and the empty domain state", { tag: "@markup" }, async ({ page }) => {
    const user = await signedInUser(page);
    await page.goto("/dashboard");
    await expect(page).toHaveTitle("Dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.username}`);
    const account = page.getByRole("region", { name: "Your account" });
    await expect(account).toContainText(user.username);
    await expect(account).toContainText(user.email);
    await expect(account).toContainText("Verified");
    await expect(account).toContainText(`Member since${today("en-GB")}`);
    await expect(account).toContainText(/Last sign-in\d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} UTC/u);
    // No domains yet: the empty state, not a row of zeros.
    const domains = page.getByRole("region", { name: "Your domains" });
    await expect(domains.getByText("You have no domains yet")).toBeVisible();
    await expect(domains.getByTestId("total-domains")).toHaveCount(0);
    await expect(domains.getByRole("link", { name: "Search for a domain" })).toHaveAttribute("href", "/domain-search");
    const links = page.getByRole("region", { name: "Quick links" });
    await expect(links.getByRole("link", { name: "Search domains" })).toHaveAttribute("href", "/domain-search");
    await expect(links.getByRole("link", { name: "Transfer a domain" })).toHaveAttribute("href", "/domain/transfer");
    await expect(links.getByRole("link", { name: "Account settings" })).toHaveAttribute("href", "/dashboard/settings");
    // A verified address: no banner.
    await expect(page.getByText("is not verified yet")).toHaveCount(0);
  });

  test("the navigation reaches every section and marks the current one", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    const expected = [
      ["Overview", "/dashboard"],
      ["Domains", "/dashboard/domains"],
      ["VPS", "/dashboard/vps"],
      ["Billing", "/dashboard/billing"],
      ["Settings", "/dashboard/settings"],
      ["Support", "/dashboard/support"],
    ] as const;
    for (const [name, href] of expected)
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
  });

  test(
    "paths that are no dashboard section show Page Not Found inside the dashboard",
    { tag: "@markup" },
    async ({ page }) => {
      await signedInUser(page);
      for (const section of ["vps/nope/more", "billing/nope", "analytics/nope", "settings/nope"]) {
        const response = await page.goto(`/dashboard/${section}`);
        expect(response?.status(), section).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
        await expect(page).toHaveTitle("Page Not Found");
        await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
      }
    },
  );

  test("an unverified email shows the banner until the address is verified", async ({ page }) => {
    const user = await registerUser(page.request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.goto("/dashboard");
    const banner = page.getByRole("complementary", { name: "Verify your email" });
    await expect(banner).toContainText(`Your email address ${user.email} is not verified yet.`);
    await expect(banner.getByRole("link", { name: "Verify your email" })).toHaveAttribute("href", "/verify-email");
    await expect(page.getByRole("region", { name: "Your account" })).toContainText("Not verified");
    // Verified elsewhere (here: through the API): the next dashboard page knows it.
    await verifyEmail(page.request, user);
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Your account" })).toContainText("Verified");
    await expect(page.getByRole("complementary", { name: "Verify your email" })).toHaveCount(0);
  });

  test("in Turkish", { tag: "@markup" }, async ({ page, context, baseURL }) => {
    const user = await signedInUser(page);
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hoş geldiniz, ${user.username}`);
    await expect(page.getByRole("region", { name: "Hesabınız" })).toContainText(`Üyelik tarihi${today("tr-TR")}`);
    await expect(page.getByText("Henüz alan adınız yok")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Kontrol paneli" }).getByRole("link", { name: "Genel bakış" }),
    ).toHaveAttribute("aria-current", "page");
  });
});

test.describe("every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Each signs a user up, fills forms and runs axe (twice the page without JS): more than the default time.
  test.slow();

  test("the overview has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    const user = await registerUser(page.request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.goto("/dashboard");
    // Unverified on purpose: the banner is part of what is checked.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${user.username}`);
    await expect(page.getByRole("complementary", { name: "Verify your email" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Support" }),
    ).toBeVisible();
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });
});
