import { expect, test } from "./support/test";
import { useClientIp } from "./support/account";

// The WHOIS lookup beside a taken name (issue 9): the domain results page's exact match and the
// domain's own page stream the public WHOIS/RDAP view (registrar, dates, statuses in plain words)
// without holding up the page; without JavaScript the streamed part still arrives in the HTML. The
// lookup worker reaches the loopback RDAP fake (tests/fakes/serve-upstreams.ts).

test.describe("WHOIS beside a taken name", () => {
  test.beforeEach(async ({ page }) => {
    await useClientIp(page);
  });

  test("the search results' taken summary shows registrar, dates and status in plain words", async ({ page }) => {
    await page.goto("/domain-search?q=google.com");
    const exact = page.getByTestId("exact-match");
    await expect(exact.getByRole("heading", { level: 2 })).toHaveText("google.com is taken");
    const whois = exact.getByRole("region", { name: "WHOIS" });
    await expect(whois.getByText("MarkMonitor Inc.")).toBeVisible();
    await expect(whois.getByText("15 September 1997")).toBeVisible();
    await expect(whois.getByText("14 September 2028")).toBeVisible();
    await expect(
      whois.getByText("Transfer locked by the registrar: it cannot move to another registrar until unlocked."),
    ).toBeVisible();
    await expect(whois.getByRole("link", { name: "Full WHOIS record of google.com" })).toHaveAttribute(
      "href",
      "/tools/whois?domain=google.com",
    );
  });

  test("the domain's page shows it too", async ({ page }) => {
    await page.goto("/google.com");
    const whois = page.getByRole("region", { name: "WHOIS" });
    await expect(whois.getByText("MarkMonitor Inc.")).toBeVisible();
    await expect(whois.getByText("15 September 1997")).toBeVisible();
  });

  test("a failed lookup says so in its place, and the rest of the page is there", async ({ page }) => {
    await page.goto("/wordpress.org");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("wordpress.org is registered");
    const whois = page.getByRole("region", { name: "WHOIS" });
    await expect(whois.getByText(/^WHOIS lookup failed/u)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Prices" })).toBeVisible();
  });
});
