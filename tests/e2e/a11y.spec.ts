import { expect, test } from "./support/test";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations, expectNoAxeViolationsInEveryView } from "./support/axe";

const PHONE = { width: 390, height: 844 };

const PAGES = [
  { name: "home", path: "/", heading: "Find the domain that fits your idea" },
  { name: "404", path: "/definitely-not-here", heading: "Page Not Found" },
  { name: "transfer wizard", path: "/domain/transfer", heading: "Transfer a domain" },
  { name: "VPS and servers", path: "/vps", heading: "VPS and servers" },
] as const;

test.describe("every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Four axe sweeps a state (expectNoAxeViolationsInEveryView): more than the default time.
  test.slow();

  for (const target of PAGES) {
    test(`the ${target.name} page has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
      // Without JS axe also walks a script-free copy: on a busy 2-core machine that passes 30 s.
      test.slow();
      await page.goto(target.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    });
  }
});

test.describe("in Turkish", () => {
  test.use({ locale: "tr-TR" });

  for (const scheme of ["light", "dark"] as const) {
    test(`the home page has no axe violations (${scheme})`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      await expectNoAxeViolations(page, javaScriptEnabled);
    });
  }
});

test("a Dark choice on a light OS has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page, javaScriptEnabled);
});

test(
  "an open desktop dropdown and the language toast have no axe violations",
  { tag: "@axe" },
  async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Türkçe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dil Türkçe olarak ayarlandı." })).toBeVisible();
    await page.getByRole("navigation", { name: "Ana menü" }).getByText("Alan adları", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Ana menü" }).getByRole("link").first()).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  },
);

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  for (const scheme of ["light", "dark"] as const) {
    test(
      `the open mobile menu has no axe violations (${scheme})`,
      { tag: "@axe" },
      async ({ page, javaScriptEnabled }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/");
        await page.getByRole("banner").getByText("Menu", { exact: true }).click();
        await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
        await expectNoAxeViolations(page, javaScriptEnabled);
      },
    );
  }
});

test.describe("the analytics page with a result and its chart", () => {
  test.use({ viewport: PHONE });
  test("has no axe violations (every OS theme and size)", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    test.slow();
    await signedInUser(page);
    await page.goto("/dashboard/analytics");
    await waitForHydration(page, javaScriptEnabled);
    const url = `https://field${crypto.randomUUID().slice(0, 8)}.example.com/`;
    for (let run = 0; run < 2; run++) {
      await page.getByLabel("Page URL").fill(url);
      await page.getByRole("button", { name: "Analyse" }).click();
      await expect(page.getByRole("table", { name: "Core Web Vitals" })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /Scores over time/u })).toBeVisible();
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });
});
