import { expect, test } from "./support/test";

test.describe("404 page", () => {
  for (const path of ["/definitely-not-here", "/no/such/page", "/nodot?q=1"]) {
    test(`${path} answers 404 with the Page Not Found page`, { tag: "@markup" }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Page Not Found");
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      // The site's header and footer are still there to find a way back.
      await expect(page.getByRole("banner").getByRole("link", { name: "Trinity home" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("offers a way home and to the domain search", async ({ page }) => {
    await page.goto("/definitely-not-here");
    await expect(page.getByRole("link", { name: "Search for a domain" })).toHaveAttribute("href", "/domain-search");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find the domain that fits your idea");
  });

  test.describe("in Turkish", () => {
    test.use({ locale: "tr-TR" });

    test("the page text is translated", { tag: "@markup" }, async ({ page }) => {
      const response = await page.goto("/definitely-not-here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sayfa Bulunamadı");
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    });
  });
});
