import { expect, type Page } from "@playwright/test";

/**
 * Opens the home page and, with JavaScript on, waits until the page is interactive: the
 * enhanced search disables its button while the box is empty, which happens once React has
 * hydrated the whole page (header menus, theme selector and toasts included). A click before
 * that would take the no-JS path (a plain form post), which is not what a JS test means to check.
 */
export async function openHome(page: Page, javaScriptEnabled: boolean, path = "/") {
  await page.goto(path);
  if (javaScriptEnabled) await waitUntilInteractive(page);
}

/** With JavaScript on: resolves once the home page is hydrated (see openHome). */
export async function waitUntilInteractive(page: Page) {
  // Both search buttons (Trinity mode and plain) are disabled once hydrated with an empty box.
  await expect(page.getByRole("search").getByRole("button").first()).toBeDisabled();
  await expect(page.getByRole("search").getByRole("button").last()).toBeDisabled();
}
