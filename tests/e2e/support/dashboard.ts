import { expect, type Page } from "@playwright/test";

// Helpers of the dashboard and settings specs.

/** The address form's fields as a user fills them in (labels as shown in English). */
export type AddressEntry = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  country: string;
  organization?: string;
  postalCode?: string;
  phone?: string;
};

/** Adds an address through the page's "Add an address" form and waits for the confirmation toast. */
export async function addAddress(page: Page, entry: AddressEntry): Promise<void> {
  const form = page.getByRole("region", { name: "Add an address" });
  await form.getByLabel("First name").fill(entry.firstName);
  await form.getByLabel("Last name").fill(entry.lastName);
  if (entry.organization) await form.getByLabel("Organization (optional)").fill(entry.organization);
  await form.getByLabel("Address", { exact: true }).fill(entry.address);
  await form.getByLabel("City").fill(entry.city);
  if (entry.postalCode) await form.getByLabel("Postal code (optional)").fill(entry.postalCode);
  await form.getByLabel("Country").selectOption(entry.country);
  if (entry.phone) await form.getByLabel("Phone (optional)").fill(entry.phone);
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `The address of ${entry.firstName} ${entry.lastName} was added.` }),
  ).toBeVisible();
}

/** The list item of the address book that belongs to `name`. */
export function addressItem(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Your addresses" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: false }) });
}

/**
 * Opens the header's user menu (a <details>, JS or not) and returns it. With JS the dropdowns close
 * on page scroll, and the scroll back to the top after a form post may land just after the click:
 * open it again until it stays open.
 */
export async function openUserMenu(page: Page, username: string) {
  const menu = page.locator("details[data-menu=user]");
  await expect(async () => {
    if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open)))
      await page.getByLabel(`Account menu for ${username}`).click();
    await expect(menu).toHaveAttribute("open", "", { timeout: 1000 });
  }).toPass();
  return menu;
}
