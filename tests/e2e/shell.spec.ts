import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import en from "../../app/i18n/en";
import { EXTERNAL_LINKS, FOOTER_COLUMNS, HEADER_MENUS } from "../../app/config/navigation";
import { bodyBackground, lightness } from "./support/colors";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { openUserMenu } from "./support/dashboard";
import { openHome, waitUntilInteractive } from "./support/interactive";

const PHONE = { width: 390, height: 844 };

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/** The summary a user clicks to open a desktop dropdown. */
function menuToggle(page: Page, label: string) {
  return mainNav(page).getByText(label, { exact: true });
}

function menuLink(page: Page, label: string) {
  return mainNav(page).getByRole("link", { name: label, exact: true });
}

test.describe("document", () => {
  test("the page is served with the security headers", { tag: "@markup" }, async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, "script-src carries a per-request nonce").toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
    // The inline scripts of the document carry that same nonce.
    const html = await response!.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const again = await page.goto("/");
    const secondNonce = /'nonce-([^']+)'/.exec(again!.headers()["content-security-policy"] ?? "")?.[1];
    expect(secondNonce, "a fresh nonce on every request").not.toBe(nonce);
  });
});

test.describe("header", () => {
  test("links to sign-in, sign-up, the cart and home", async ({ page }) => {
    await page.goto("/definitely-not-here");
    const header = page.getByRole("banner");
    // The top banner's link and the header's own button both lead to sign-in.
    const signIn = header.getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn).toHaveCount(2);
    for (const link of await signIn.all()) await expect(link).toHaveAttribute("href", "/signin");
    await expect(header.getByText("New here? Sign in to manage your domains")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/signup");

    const cart = header.getByRole("link", { name: "Cart", exact: true });
    await expect(cart).toHaveAttribute("href", "/cart");
    // Nothing can be in the cart yet: no count badge.
    await expect(cart).toHaveText("");
    await expect(page.getByTestId("cart-count")).toHaveCount(0);

    await header.getByRole("link", { name: "Trinity home" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find the domain that fits your idea");
  });

  test("the account menu's toggle is a named disclosure button", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await page.goto("/dashboard");
    await waitForHydration(page, javaScriptEnabled);
    const toggle = page.getByRole("banner").locator("details[data-menu=user] > summary");
    await expect(toggle).toHaveAccessibleName(`Account menu for ${user.username}`);
    // A <summary> keeps its native role (axe refuses any other role on it): browsers announce it as
    // a button with its expanded state, with JS on or off.
    await expect(toggle).not.toHaveAttribute("role", /./u);
    const menu = await openUserMenu(page, user.username);
    await expect(menu.getByRole("link", { name: "My billing" })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("each desktop dropdown opens to show its links", async ({ page, javaScriptEnabled }) => {
    await openHome(page, javaScriptEnabled);
    for (const menu of HEADER_MENUS) {
      const label = en.header.menus[menu.key];
      const first = menuLink(page, en.header.links[menu.links[0]!.key as keyof typeof en.header.links]);
      await expect(first).toBeHidden();
      await menuToggle(page, label).click();
      for (const link of menu.links) {
        const item = menuLink(page, en.header.links[link.key as keyof typeof en.header.links]);
        await expect(item).toBeVisible();
        await expect(item).toHaveAttribute("href", link.to);
      }
      await menuToggle(page, label).click();
      await expect(first).toBeHidden();
    }
  });

  test("a dropdown link navigates", async ({ page, javaScriptEnabled }) => {
    await openHome(page, javaScriptEnabled);
    await menuToggle(page, "Hosting").click();
    await menuLink(page, "GPU root servers").click();
    await expect(page).toHaveURL((url) => url.pathname === "/vps" && url.hash === "#gpu-servers");
  });

  test("only one dropdown is open at a time", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: closing the other dropdowns is a JavaScript enhancement.
    await openHome(page, true);
    await menuToggle(page, "Domains").click();
    await expect(menuLink(page, "Transfer a domain")).toBeVisible();
    await menuToggle(page, "Tools").click();
    await expect(menuLink(page, "Speed test")).toBeVisible();
    await expect(menuLink(page, "Transfer a domain")).toBeHidden();
    await menuToggle(page, "More").click();
    await expect(menuLink(page, "Donate")).toBeVisible();
    await expect(menuLink(page, "Speed test")).toBeHidden();
  });

  test("a dropdown closes on an outside click", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: closing on an outside click is a JavaScript enhancement.
    await openHome(page, true);
    await menuToggle(page, "More").click();
    await expect(menuLink(page, "Blog")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menuLink(page, "Blog")).toBeHidden();
  });

  test("a dropdown closes with Escape", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: closing with Escape is a JavaScript enhancement.
    await openHome(page, true);
    await menuToggle(page, "Domains").click();
    await expect(menuLink(page, "WHOIS lookup")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuLink(page, "WHOIS lookup")).toBeHidden();
  });

  test("a dropdown closes when the page scrolls", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: closing on scroll is a JavaScript enhancement.
    await openHome(page, true);
    await menuToggle(page, "Hosting").click();
    await expect(menuLink(page, "x86 VPS")).toBeVisible();
    await page.mouse.move(900, 600);
    await page.mouse.wheel(0, 800);
    await expect(menuLink(page, "x86 VPS")).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test("the full-screen menu opens with every section and closes again", async ({ page, javaScriptEnabled }) => {
      await openHome(page, javaScriptEnabled);
      const open = page.getByRole("banner").getByText("Menu", { exact: true });
      await expect(open).toBeVisible();
      // The desktop dropdowns are not shown at this width.
      await expect(mainNav(page)).toBeHidden();

      await open.click();
      const menu = mainNav(page);
      await expect(menu).toBeVisible();
      for (const section of HEADER_MENUS) {
        await expect(menu.getByRole("heading", { name: en.header.menus[section.key] })).toBeVisible();
      }
      await expect(menu.getByRole("link", { name: "Speed test" })).toHaveAttribute("href", "/tools/speedtest");
      await expect(menu.getByRole("link", { name: "Donate" })).toHaveAttribute("href", "/donate");
      await expect(menu.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");

      const close = page.getByRole("banner").getByText("Close menu", { exact: true });
      await expect(close).toBeVisible();
      await close.click();
      await expect(mainNav(page)).toBeHidden();
      await expect(open).toBeVisible();
    });

    test("a link in the menu navigates", async ({ page, javaScriptEnabled }) => {
      await openHome(page, javaScriptEnabled);
      await page.getByRole("banner").getByText("Menu", { exact: true }).click();
      await mainNav(page).getByRole("link", { name: "SSL checker" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/tools/ssl");
    });
  });
});

test.describe("language", () => {
  test("TR and EN switch the language with a confirmation toast", async ({ page, context, javaScriptEnabled }) => {
    await openHome(page, javaScriptEnabled);
    const turkish = page.getByRole("button", { name: "Türkçe" });
    const english = page.getByRole("button", { name: "English" });
    await expect(turkish).toHaveText(/^tr$/i);
    await expect(english).toHaveText(/^en$/i);
    await expect(english).toHaveAttribute("aria-pressed", "true");
    await expect(turkish).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const redirect = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/locale" && response.request().method() === "POST",
    );
    await turkish.click();
    expect((await redirect).status()).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("status").filter({ hasText: "Dil Türkçe olarak ayarlandı." })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page).toHaveTitle("Trinity — Alan adları, VPS ve sunucular");
    await expect(page.getByRole("button", { name: "Türkçe" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "false");
    expect((await context.cookies()).some((cookie) => cookie.name === "locale")).toBe(true);

    // The choice sticks on the next visit, without a second toast.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("link", { name: "Sepet" })).toBeVisible();
    await expect(page.getByText("Dil Türkçe olarak ayarlandı.")).toHaveCount(0);

    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Language set to English." })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Trinity — Domain names, VPS and servers");
  });

  test("switching language keeps the visitor on the same page", async ({ page }) => {
    await page.goto("/definitely-not-here?from=test");
    await page.getByRole("button", { name: "Türkçe" }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/definitely-not-here" && url.searchParams.get("from") === "test",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sayfa Bulunamadı");
  });

  test("the toast closes with its button", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: the close button is a JavaScript enhancement.
    await openHome(page, true);
    await page.getByRole("button", { name: "Türkçe" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Dil Türkçe olarak ayarlandı." });
    await expect(toast).toBeVisible();
    await waitUntilInteractive(page);
    await toast.getByRole("button", { name: "Bildirimi kapat" }).click();
    await expect(toast).toHaveCount(0);
  });
});

test.describe("pages without a JavaScript bundle (blog, info pages)", () => {
  test("menus, toasts and the theme behave as on React pages", { tag: "@js-only" }, async ({ page }) => {
    // Runs only in the js-on project: with JS off every page is already like this.
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // No React: no module script, the page is never hydrated.
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    await menuToggle(page, "Domains").click();
    await expect(menuLink(page, "Transfer a domain")).toBeVisible();
    await menuToggle(page, "More").click();
    await expect(menuLink(page, "Donate")).toBeVisible();
    await expect(menuLink(page, "Transfer a domain")).toBeHidden();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menuLink(page, "Donate")).toBeHidden();

    await page.getByRole("button", { name: "Türkçe" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Dil Türkçe olarak ayarlandı." });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Bildirimi kapat" }).click();
    await expect(toast).toHaveCount(0);

    // A theme chosen on a React page (localStorage and cookie), then changed here by a form post
    // (cookie only): the newer choice stands after a reload.
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    const theme = page.getByRole("contentinfo").getByRole("group", { name: "Tema" });
    await theme.getByRole("button", { name: "Açık" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

test.describe("footer", () => {
  test("lists every site link and the copyright", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const column of FOOTER_COLUMNS) {
      await expect(footer.getByRole("heading", { name: en.footer[column.key], exact: true })).toBeVisible();
      for (const link of column.links) {
        const name = en.footer.links[link.key as keyof typeof en.footer.links];
        await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", link.to);
      }
    }
    for (const link of EXTERNAL_LINKS) {
      const name = `${en.footer.links[link.key as keyof typeof en.footer.links]} (opens in a new tab)`;
      const anchor = footer.getByRole("link", { name, exact: true });
      await expect(anchor).toHaveAttribute("href", link.href);
      await expect(anchor).toHaveAttribute("target", "_blank");
      await expect(anchor).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer.getByText(`© 2019–${new Date().getUTCFullYear()} Trinity. All rights reserved.`)).toBeVisible();
  });

  test("the footer covers the pages the spec lists", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/");
    const hrefs = await page
      .getByRole("contentinfo")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const path of [
      "/domain",
      "/domain-search",
      "/domain/transfer",
      "/vps",
      "/tools/whois",
      "/tools/speedtest",
      "/tools/ssl",
      "/signin",
      "/donate",
      "/about",
      "/blog",
      "/dashboard/support",
      "/roadmap",
      "/license",
      "/epsl",
      "/terms",
      "/privacy",
      "/security",
      "/brand",
      "/softwear",
      "/download",
    ]) {
      expect(hrefs).toContain(path);
    }
  });
});

test.describe("theme", () => {
  const group = (page: Page) => page.getByRole("contentinfo").getByRole("group", { name: "Theme" });
  const html = (page: Page) => page.locator("html");
  const isDark = async (page: Page) => lightness(await bodyBackground(page)) < 0.5;
  const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

  test("System, Light and Dark apply and survive a reload", async ({ page, context, javaScriptEnabled }) => {
    await openHome(page, javaScriptEnabled);
    const buttons = group(page).getByRole("button");
    await expect(buttons).toHaveText(["System", "Light", "Dark"]);
    await expect(group(page).getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    await expect(html(page)).not.toHaveAttribute("data-theme");
    expect(await isDark(page)).toBe(false);

    await group(page).getByRole("button", { name: "Dark" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
    await expect.poll(() => isDark(page)).toBe(true);
    await expect(group(page).getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    await expect(group(page).getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "false");
    if (javaScriptEnabled) expect(await storedTheme(page)).toBe("dark");
    else expect((await context.cookies()).some((cookie) => cookie.name === "theme")).toBe(true);

    // With JS the cookie is synced in the background: let that finish before reloading.
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
    await expect(group(page).getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    expect(await isDark(page)).toBe(true);

    await group(page).getByRole("button", { name: "Light" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "light");
    await expect.poll(() => isDark(page)).toBe(false);
    if (javaScriptEnabled) expect(await storedTheme(page)).toBe("light");

    await group(page).getByRole("button", { name: "System" }).click();
    await expect(html(page)).not.toHaveAttribute("data-theme");
    await expect(group(page).getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    if (javaScriptEnabled) expect(await storedTheme(page)).toBeNull();
    else expect((await context.cookies()).some((cookie) => cookie.name === "theme")).toBe(false);
  });

  test("a Light choice wins over a dark OS", async ({ page, javaScriptEnabled }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openHome(page, javaScriptEnabled);
    expect(await isDark(page)).toBe(true);
    await group(page).getByRole("button", { name: "Light" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "light");
    await expect.poll(() => isDark(page)).toBe(false);
    await page.waitForLoadState("networkidle");
    await page.reload();
    expect(await isDark(page)).toBe(false);
  });

  test("System follows the OS preference live", async ({ page }) => {
    await page.goto("/");
    await expect(group(page).getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
  });

  test("a saved theme is applied before the page is shown", { tag: "@js-only" }, async ({ page, context }) => {
    // Runs only in the js-on project: the saved choice lives in localStorage, read by the inline head script.
    await openHome(page, true);
    const synced = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/theme"));
    await group(page).getByRole("button", { name: "Dark" }).click();
    await synced;
    await page.waitForLoadState("networkidle");
    // Drop the server's copy so only localStorage and the head script can apply the theme.
    await context.clearCookies();

    // A later visit in a new tab: the theme is on <html> as soon as the document is parsed.
    const later = await context.newPage();
    await later.goto("/", { waitUntil: "domcontentloaded" });
    expect(await later.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
    await expect(group(later).getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    expect(await isDark(later)).toBe(true);
  });
});
