import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signedInUser, waitForHydration } from "./support/account";
import { randomLetters } from "./support/domain";
import { buyDomains } from "./support/purchase";

// The pages whose routes load single groups of a namespace ("tools/whois", "domains/dns":
// app/i18n/namespaces.ts, scripts/vite-i18n-groups.ts). The server renders every text; the
// browser has only the groups the route lists, so a group a page uses but does not list shows as
// its raw key once hydrated, and React reports the hydration mismatch. Each page is loaded in both
// languages and must hydrate without raw keys; the suite's fixture fails on any console error.

/** A raw key of a grouped namespace's groups ("dns.title", "transferIn.steps.domain"), not a host name's part ("ns1.trinity-dns.net"). */
const RAW_KEY =
  /(?<![\w.-])(?:nav|inputErrors|errors|whois|ssl|dns|speedtest|analytics|list|status|explain|action|detail|transferOut|transferIn|banner|overview|settings|profile|addresses|notFound|heading|tabs|common|payments|paymentStatus|methodLabels|invoices|invoiceStatus|orders|orderStatus|itemStatus|invoice|methods|page|download|support|illuminate|title|intro|sectionNav|sections|specs|cycles|order|datacenters)\.[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)*\b/u;

/** Opens the page; the suite's fixture (support/test.ts) fails the test on any console error. */
async function expectHydratedWithTexts(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, true);
  // The group modules are fetched before hydration; give React's recoverable errors a moment.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("main")).not.toHaveText(RAW_KEY);
}

const PUBLIC_PAGES = [
  "/tools/whois",
  "/tools/ssl",
  "/tools/dns",
  "/tools/speedtest",
  "/domain/transfer",
  "/download",
  "/vps",
];

for (const lang of ["en", "tr"] as const) {
  test.describe(`message groups (${lang})`, { tag: "@js-only" }, () => {
    for (const path of PUBLIC_PAGES)
      test(`${path} hydrates with its texts`, async ({ page }) => {
        await expectHydratedWithTexts(page, `${path}?lang=${lang}`);
      });

    test("the dashboard's pages hydrate with their texts", async ({ page }) => {
      test.setTimeout(90_000);
      const user = await signedInUser(page);
      const name = `e2e${randomLetters(12)}.com`;
      await buyDomains(page, user, [name]);
      for (const path of [
        "/dashboard/domains",
        `/dashboard/domains/${name}`,
        `/dashboard/domains/${name}/dns`,
        `/dashboard/domains/${name}/transfer-out`,
        "/dashboard/analytics",
        "/dashboard",
        "/dashboard/settings",
        "/dashboard/settings/addresses",
        "/dashboard/billing",
        "/dashboard/billing/invoices",
        "/dashboard/billing/orders",
        "/dashboard/billing/methods",
        "/dashboard/vps",
        "/dashboard/support",
        "/dashboard/illuminate",
        "/dashboard/no-such-page",
      ])
        await expectHydratedWithTexts(page, `${path}?lang=${lang}`);
    });
  });
}

test("a client-side navigation between tools loads the next tool's group", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/tools/whois");
  await waitForHydration(page, true);
  await page.getByRole("navigation", { name: "Free tools" }).getByRole("link", { name: "SSL checker" }).click();
  await expect(page).toHaveURL(/\/tools\/ssl$/u);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(RAW_KEY);
  await expect(page.getByRole("main")).not.toHaveText(RAW_KEY);
});
