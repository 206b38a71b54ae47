import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { setRemixCookie } from "./support/domain";

// /dashboard/analytics (SPEC §2 "analytics", issue 9): URL performance analysis through the lookup
// worker, whose PageSpeed Insights calls reach the loopback fake (tests/fakes/serve-upstreams.ts,
// started by playwright.config.ts): scores, Core Web Vitals, history and its chart, errors.

const fresh = (label = "t") => `https://${label}${crypto.randomUUID().slice(0, 8)}.example.com/`;

async function analyse(page: Page, url: string, strategy: "Mobile" | "Desktop") {
  await page.getByLabel("Page URL").fill(url);
  await page.getByLabel("Device").selectOption({ label: strategy });
  await page.getByRole("button", { name: "Analyse" }).click();
}

test.describe("analytics", () => {
  test("the dashboard links to it; a run shows the four scores and Core Web Vitals, kept in the history and charted", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await signedInUser(page);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Analytics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "URL performance analysis" })).toBeVisible();
    await expect(page.getByText("No analyses yet. Your runs will appear here.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);

    const url = fresh();
    await analyse(page, url, "Mobile");
    await expect(page).toHaveURL(/\/dashboard\/analytics\?run=[0-9a-f-]+$/u);
    const result = page.getByRole("region", { name: `Results for ${url}` });
    await expect(result).toBeVisible();
    const scores = result.getByRole("listitem");
    await expect(scores.filter({ hasText: "Performance" })).toContainText("42");
    await expect(scores.filter({ hasText: "Performance" })).toContainText("Poor");
    await expect(scores.filter({ hasText: "Accessibility" })).toContainText("88");
    await expect(scores.filter({ hasText: "Accessibility" })).toContainText("Needs improvement");
    await expect(scores.filter({ hasText: "Best practices" })).toContainText("96");
    await expect(scores.filter({ hasText: "SEO" })).toContainText("91");
    await expect(scores.filter({ hasText: "SEO" })).toContainText("Good");
    const lcp = result.getByRole("row", { name: /Largest Contentful Paint/u });
    await expect(lcp).toContainText("4.6 s");
    await expect(lcp).toContainText("Poor");
    await expect(lcp).toContainText("lab measurement");
    await expect(result.getByRole("row", { name: /Cumulative Layout Shift/u })).toContainText("0.14");
    await expect(result.getByRole("row", { name: /Total Blocking Time/u })).toContainText("730 ms");
    await expect(result.getByRole("row", { name: /Interaction to Next Paint/u })).toContainText("Not measured");
    await expect(result.getByText("Run this address again to see its scores over time.")).toBeVisible();

    // Desktop is another analysis; a second mobile run of the same URL charts the two mobile runs.
    await analyse(page, url, "Desktop");
    await expect(
      page
        .getByRole("region", { name: `Results for ${url}` })
        .getByRole("listitem")
        .filter({ hasText: "Performance" }),
    ).toContainText("97");
    await analyse(page, url, "Mobile");
    await expect(page.getByRole("img", { name: `Scores over time for ${url} (Mobile)` })).toBeVisible();
    const chartTable = page.getByRole("table", { name: `Scores over time for ${url} (Mobile)` });
    await expect(chartTable.getByRole("row")).toHaveCount(3);

    const history = page.getByRole("region", { name: "History" }).last();
    await expect(history.getByRole("row")).toHaveCount(4);
    await expect(history.getByRole("row").nth(2)).toContainText("Desktop");
    // Any run can be opened again.
    await history.getByRole("row").nth(2).getByRole("link", { name: /^View/u }).click();
    await expect(
      page
        .getByRole("region", { name: `Results for ${url}` })
        .getByRole("listitem")
        .filter({ hasText: "Performance" }),
    ).toContainText("97");
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("bad addresses are refused with clear messages, and the typed text stays", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/dashboard/analytics");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByText("Enter the address of the page to analyse.")).toBeVisible();
    await page.getByLabel("Page URL").fill("http://localhost:8080/admin");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(
      page.getByText("Only public web sites can be analysed (no local, internal or IP addresses)."),
    ).toBeVisible();
    await expect(page.getByLabel("Page URL")).toHaveValue("http://localhost:8080/admin");
    await page.getByLabel("Page URL").fill("ftp://example.com/file");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByText("Only http and https addresses can be analysed.")).toBeVisible();
  });

  test("a page PageSpeed cannot load, and a used-up quota, say so instead of failing", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/dashboard/analytics");
    const broken = fresh("broken.t");
    await analyse(page, broken, "Mobile");
    await expect(page.getByRole("alert")).toContainText(
      "The page could not be analysed: PageSpeed Insights could not load it.",
    );
    await expect(page.getByRole("alert")).toContainText("FAILED_DOCUMENT_REQUEST");
    await expect(page.getByLabel("Page URL")).toHaveValue(broken);
    await analyse(page, fresh("quota.t"), "Desktop");
    await expect(page.getByRole("alert")).toContainText("The analysis service's quota is used up right now.");
    await expect(page.getByText("No analyses yet. Your runs will appear here.")).toBeVisible();
  });

  test("the page speaks Turkish", async ({ page, context, baseURL }) => {
    await signedInUser(page);
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/dashboard/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "URL performans analizi" })).toBeVisible();
    const url = fresh();
    await page.getByLabel("Sayfa adresi").fill(url);
    await page.getByLabel("Cihaz").selectOption({ label: "Masaüstü" });
    await page.getByRole("button", { name: "Analiz et" }).click();
    const result = page.getByRole("region", { name: `${url} için sonuçlar` });
    await expect(result.getByRole("listitem").filter({ hasText: "Performans" })).toContainText("İyi");
    await expect(result.getByRole("row", { name: /En Büyük İçerikli Boyama/u })).toContainText("1,2 sn");
  });
});
