import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  freshIdentity,
  latestCode,
  outbox,
  registerUser,
  signedInUser,
  TEST_PASSWORD,
  waitForHydration,
} from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";
import { addAddress, addressItem, openUserMenu } from "./support/dashboard";
import { setRemixCookie } from "./support/domain";

const PHONE = { width: 390, height: 844 };

async function openSettings(page: Page, javaScriptEnabled: boolean, path = "/dashboard/settings") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await waitForHydration(page, javaScriptEnabled);
}

const usernameForm = (page: Page) => page.getByRole("region", { name: "Username" });
const emailForm = (page: Page) => page.getByRole("region", { name: "Email address", exact: true });
const verifyForm = (page: Page) => page.getByRole("region", { name: "Verify your email address" });
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function changeEmail(page: Page, newEmail: string, password = TEST_PASSWORD) {
  await emailForm(page).getByLabel("New email address").fill(newEmail);
  await emailForm(page).getByLabel("Current password").fill(password);
  await emailForm(page).getByRole("button", { name: "Change email" }).click();
}

test.describe("settings tabs", () => {
  test("link the profile, addresses and security sections", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await expect(page).toHaveTitle("Profile settings");
    const tabs = page.getByRole("navigation", { name: "Settings sections" });
    await expect(tabs.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Security" })).toHaveAttribute("href", "/dashboard/settings/security");
    await tabs.getByRole("link", { name: "Addresses" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Address book" })).toBeVisible();
    await expect(page).toHaveTitle("Address book");
    await expect(tabs.getByRole("link", { name: "Addresses" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current", "page");
  });

  test("an unknown intent is refused with 400", async ({ page }) => {
    await signedInUser(page);
    for (const path of ["/dashboard/settings?index", "/dashboard/settings/addresses"]) {
      const response = await page.request.post(path, { form: { intent: "rename-everything" } });
      expect(response.status(), path).toBe(400);
    }
  });
});

test.describe("username", () => {
  test("a change shows in the settings and in the header menu", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    const next = freshIdentity().username;
    await expect(usernameForm(page)).toContainText(`Your username is ${user.username}.`);
    await usernameForm(page).getByLabel("New username").fill(next);
    await usernameForm(page).getByLabel("Current password").fill(user.password);
    await usernameForm(page).getByRole("button", { name: "Change username" }).click();
    await expect(toast(page, `Your username is now ${next}.`)).toBeVisible();
    await expect(usernameForm(page)).toContainText(`Your username is ${next}.`);
    await expect(usernameForm(page).getByLabel("New username")).toHaveValue("");
    const menu = await openUserMenu(page, next);
    await expect(menu.getByTestId("user-menu-username")).toHaveText(next);
  });

  test("a taken username is refused", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    const other = await registerUser(page.request);
    await openSettings(page, javaScriptEnabled);
    await usernameForm(page).getByLabel("New username").fill(other.username);
    await usernameForm(page).getByLabel("Current password").fill(user.password);
    await usernameForm(page).getByRole("button", { name: "Change username" }).click();
    await expect(usernameForm(page).getByText("This username is already taken")).toBeVisible();
    await expect(usernameForm(page).getByLabel("New username")).toHaveAttribute("aria-invalid", "true");
    // The server never sends the password back (with JS the typed value simply stays in the browser).
    if (!javaScriptEnabled) await expect(usernameForm(page).getByLabel("Current password")).toHaveValue("");
    await expect(usernameForm(page)).toContainText(`Your username is ${user.username}.`);
  });

  test("a wrong password is refused", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await usernameForm(page).getByLabel("New username").fill(freshIdentity().username);
    await usernameForm(page).getByLabel("Current password").fill("Wrong-Password-1");
    await usernameForm(page).getByRole("button", { name: "Change username" }).click();
    await expect(usernameForm(page).getByText("The password is incorrect.")).toBeVisible();
    await expect(usernameForm(page)).toContainText(`Your username is ${user.username}.`);
  });

  test("the username rules and required fields are checked", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await usernameForm(page).getByLabel("New username").fill(".Bad__name");
    // Enter submits (a click would first blur the field, and with JS its errors appearing would move the button).
    await usernameForm(page).getByLabel("New username").press("Enter");
    const form = usernameForm(page);
    await expect(form.getByText("Use only lowercase letters, digits, dots and underscores.")).toBeVisible();
    await expect(form.getByText("The username cannot start with a dot.")).toBeVisible();
    await expect(form.getByText("No two dots or underscores in a row.")).toBeVisible();
    await expect(form.getByText("This field is required.")).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  test("errors show as you type", { tag: "@js-only" }, async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    const field = usernameForm(page).getByLabel("New username");
    await field.fill("ab");
    await field.blur();
    await expect(usernameForm(page).getByText("Use at least 3 characters.")).toBeVisible();
    await field.fill("abc");
    await expect(usernameForm(page).getByText("Use at least 3 characters.")).toHaveCount(0);
  });
});

test.describe("email", () => {
  test("a change mails a code to the new address, which the page then verifies", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await expect(verifyForm(page)).toHaveCount(0);
    const next = freshIdentity().email;
    await changeEmail(page, next, user.password);
    await expect(toast(page, `Your email address is now ${next}. We sent a verification code to it.`)).toBeVisible();
    await expect(emailForm(page)).toContainText(`Your email address is ${next}.`);
    await expect(verifyForm(page)).toContainText(`Enter the 6-digit code we sent to ${next}.`);
    await expect(page.getByRole("complementary", { name: "Verify your email" })).toContainText(
      `Your email address ${next} is not verified yet.`,
    );
    // The header menu already shows the new address.
    await expect((await openUserMenu(page, user.username)).getByText(next)).toBeVisible();

    await verifyForm(page)
      .getByLabel("Verification code")
      .fill(await latestCode(page.request, next));
    await verifyForm(page).getByRole("button", { name: "Verify email" }).click();
    await expect(toast(page, `Your email address ${next} is verified.`)).toBeVisible();
    await expect(verifyForm(page)).toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Verify your email" })).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Your account" })).toContainText(`${next} Verified`);
  });

  test("a wrong code is refused and a new code can be sent", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    const next = freshIdentity().email;
    await changeEmail(page, next, user.password);
    await expect(verifyForm(page)).toBeVisible();
    const first = await latestCode(page.request, next);
    await verifyForm(page)
      .getByLabel("Verification code")
      .fill(first === "000000" ? "111111" : "000000");
    await verifyForm(page).getByRole("button", { name: "Verify email" }).click();
    await expect(verifyForm(page).getByText("Verification code is invalid or expired")).toBeVisible();

    await verifyForm(page).getByRole("button", { name: "Send a new code" }).click();
    await expect(toast(page, `We sent a new code to ${next}.`)).toBeVisible();
    expect(await outbox(page.request, next)).toHaveLength(2);
    await verifyForm(page)
      .getByLabel("Verification code")
      .fill(await latestCode(page.request, next));
    await verifyForm(page).getByRole("button", { name: "Verify email" }).click();
    await expect(toast(page, `Your email address ${next} is verified.`)).toBeVisible();
  });

  test("the new address must differ from the current one", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await changeEmail(page, user.email.toUpperCase(), user.password);
    await expect(emailForm(page).getByText("The new email address must differ from the current one.")).toBeVisible();
    await expect(verifyForm(page)).toHaveCount(0);
  });

  test("an address in use is refused", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    const other = await registerUser(page.request);
    await openSettings(page, javaScriptEnabled);
    await changeEmail(page, other.email, user.password);
    await expect(emailForm(page).getByText("This email is already in use")).toBeVisible();
    await expect(emailForm(page)).toContainText(`Your email address is ${user.email}.`);
    if (!javaScriptEnabled) await expect(emailForm(page).getByLabel("Current password")).toHaveValue("");
  });

  test("a wrong password is refused", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await openSettings(page, javaScriptEnabled);
    await changeEmail(page, freshIdentity().email, "Wrong-Password-1");
    await expect(emailForm(page).getByText("The password is incorrect.")).toBeVisible();
    await expect(emailForm(page)).toContainText(`Your email address is ${user.email}.`);
  });
});

test.describe("address book", () => {
  test("required fields are checked and a complete address is saved as the default", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    await expect(page.getByText("No addresses yet")).toBeVisible();
    const form = page.getByRole("region", { name: "Add an address" });
    await form.getByLabel("Organization (optional)").fill("Analytical Engines Ltd");
    await form.getByRole("button", { name: "Add address" }).click();
    for (const label of ["First name", "Last name", "City", "Country"]) {
      await expect(form.getByLabel(label), label).toHaveAttribute("aria-invalid", "true");
    }
    await expect(form.getByLabel("Address", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("This field is required.")).toHaveCount(5);
    await expect(form.getByLabel("Organization (optional)")).toHaveValue("Analytical Engines Ltd");
    await expect(form.getByLabel("Organization (optional)")).not.toHaveAttribute("aria-invalid", "true");
    // An optional field still has its format.
    await form.getByLabel("Phone (optional)").fill("call me");
    await form.getByLabel("Phone (optional)").press("Enter");
    await expect(form.getByText("Enter a valid phone number.")).toBeVisible();
    await form.getByLabel("Phone (optional)").fill("+44 20 7946 0018");

    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("Address", { exact: true }).fill("12 St James's Square");
    await form.getByLabel("City").fill("London");
    await form.getByLabel("Postal code (optional)").fill("SW1Y 4JH");
    await form.getByLabel("Country").selectOption({ label: "United Kingdom" });
    await form.getByRole("button", { name: "Add address" }).click();
    await expect(toast(page, "The address of Ada Lovelace was added.")).toBeVisible();

    const item = addressItem(page, "Ada Lovelace");
    await expect(item).toContainText("Analytical Engines Ltd");
    await expect(item).toContainText("SW1Y 4JH London");
    await expect(item).toContainText("United Kingdom");
    await expect(item).toContainText("+44 20 7946 0018");
    await expect(item.getByText("Default", { exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: /Make default/u })).toHaveCount(0);
    await expect(page.getByText("No addresses yet")).toHaveCount(0);
    // The add form is empty again.
    await expect(form.getByLabel("First name")).toHaveValue("");
  });

  test("required fields show as you type", { tag: "@js-only" }, async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    const form = page.getByRole("region", { name: "Add an address" });
    await form.getByLabel("City").fill("Paris");
    await form.getByLabel("City").blur();
    await expect(form.getByText("This field is required.")).toHaveCount(0);
    await form.getByLabel("City").fill("");
    await expect(form.getByText("This field is required.")).toHaveCount(1);
    await expect(form.getByLabel("City")).toHaveAttribute("aria-invalid", "true");
  });

  test("an address can be edited", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    await addAddress(page, {
      firstName: "Grace",
      lastName: "Hopper",
      address: "1 Navy Way",
      city: "Arlington",
      country: "US",
    });
    await addressItem(page, "Grace Hopper").getByRole("link", { name: "Edit Grace Hopper" }).click();
    const form = page.getByRole("region", { name: "Edit the address of Grace Hopper" });
    await expect(form.getByLabel("City")).toHaveValue("Arlington");
    await expect(form.getByLabel("Country")).toHaveValue("US");
    // A cleared required field is refused, the rest kept.
    await form.getByLabel("City").fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("This field is required.")).toBeVisible();
    await expect(form.getByLabel("Address", { exact: true })).toHaveValue("1 Navy Way");
    await form.getByLabel("City").fill("New York");
    await form.getByLabel("Country").selectOption("US");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "The address of Grace Hopper was saved.")).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(addressItem(page, "Grace Hopper")).toContainText("New York");
    await expect(addressItem(page, "Grace Hopper")).not.toContainText("Arlington");
  });

  test("another address can become the default", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    await addAddress(page, {
      firstName: "Alan",
      lastName: "Turing",
      address: "Bletchley Park",
      city: "Milton Keynes",
      country: "GB",
    });
    await addAddress(page, {
      firstName: "Katherine",
      lastName: "Johnson",
      address: "1 Nasa Drive",
      city: "Hampton",
      country: "US",
    });
    await expect(addressItem(page, "Alan Turing").getByText("Default", { exact: true })).toBeVisible();
    await expect(addressItem(page, "Katherine Johnson").getByText("Default", { exact: true })).toHaveCount(0);
    await addressItem(page, "Katherine Johnson")
      .getByRole("button", { name: "Make default Katherine Johnson" })
      .click();
    await expect(toast(page, "The address of Katherine Johnson is now your default.")).toBeVisible();
    await expect(addressItem(page, "Katherine Johnson").getByText("Default", { exact: true })).toBeVisible();
    await expect(addressItem(page, "Alan Turing").getByText("Default", { exact: true })).toHaveCount(0);
    await expect(
      addressItem(page, "Alan Turing").getByRole("button", { name: "Make default Alan Turing" }),
    ).toBeVisible();
  });

  test("an address is deleted after a confirmation", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    await addAddress(page, {
      firstName: "Edsger",
      lastName: "Dijkstra",
      address: "Plantage Muidergracht 24",
      city: "Amsterdam",
      country: "NL",
    });
    const item = addressItem(page, "Edsger Dijkstra");
    const confirm = item.getByRole("button", { name: "Yes, delete it Edsger Dijkstra" });
    await expect(confirm).toBeHidden();
    await item.getByText("Delete Edsger Dijkstra", { exact: true }).click();
    await expect(item.getByText("Delete this address? This cannot be undone.")).toBeVisible();
    await confirm.click();
    await expect(toast(page, "The address was deleted.")).toBeVisible();
    await expect(page.getByText("No addresses yet")).toBeVisible();
    await expect(page.getByText("Edsger Dijkstra")).toHaveCount(0);
  });

  test("one user never sees or changes another's addresses", async ({ page, context, javaScriptEnabled }) => {
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
    await addAddress(page, {
      firstName: "Barbara",
      lastName: "Liskov",
      address: "32 Vassar St",
      city: "Cambridge",
      country: "US",
    });
    const href = await addressItem(page, "Barbara Liskov")
      .getByRole("link", { name: "Edit Barbara Liskov" })
      .getAttribute("href");
    const id = new URLSearchParams((href ?? "").replace(/#.*$/u, "").replace(/^.*\?/u, "")).get("edit");
    expect(id).toMatch(/^[0-9a-f-]{36}$/u);

    await context.clearCookies();
    await signedInUser(page);
    await openSettings(page, javaScriptEnabled, `/dashboard/settings/addresses?edit=${id}`);
    await expect(page.getByText("No addresses yet")).toBeVisible();
    await expect(page.getByText("Barbara Liskov")).toHaveCount(0);
    await expect(page.getByText("The address you wanted to edit no longer exists.")).toBeVisible();
    for (const intent of ["delete-address", "make-default-address"]) {
      const response = await page.request.post("/dashboard/settings/addresses", {
        form: { intent, addressId: id ?? "" },
      });
      expect(response.status(), intent).toBe(404);
    }
    const update = await page.request.post("/dashboard/settings/addresses", {
      form: {
        intent: "update-address",
        addressId: id ?? "",
        firstName: "Mallory",
        lastName: "X",
        address: "1 Evil St",
        city: "Nowhere",
        country: "US",
      },
    });
    expect(update.status()).toBe(404);
  });
});

test("in Turkish: the address form's errors and country names", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await signedInUser(page);
  await setRemixCookie(context, baseURL, "locale", "tr");
  await page.goto("/dashboard/settings/addresses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ayarlar");
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByText("Henüz adres yok")).toBeVisible();
  const form = page.getByRole("region", { name: "Adres ekleyin" });
  await form.getByRole("button", { name: "Adres ekle" }).click();
  await expect(form.getByText("Bu alan zorunludur.")).toHaveCount(5);
  await expect(form.getByLabel("Ülke").locator("option[value=DE]")).toHaveText("Almanya");
});

test.describe("every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Each signs a user up, fills forms and runs axe (twice the page without JS): more than the default time.
  test.slow();

  test(
    "the profile settings have no axe violations (with errors and the verify form)",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      const user = await signedInUser(page);
      await openSettings(page, javaScriptEnabled);
      await changeEmail(page, freshIdentity().email, user.password);
      await expect(verifyForm(page)).toBeVisible();
      await usernameForm(page).getByRole("button", { name: "Change username" }).click();
      await expect(usernameForm(page).getByText("This field is required.")).toHaveCount(2);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );

  test(
    "the address book has no axe violations (list, edit form, open delete confirmation)",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      test.slow(); // axe three times: ~25 s on a loaded 2-core runner
      await signedInUser(page);
      await openSettings(page, javaScriptEnabled, "/dashboard/settings/addresses");
      await addAddress(page, {
        firstName: "Ada",
        lastName: "Lovelace",
        address: "12 St James's Square",
        city: "London",
        country: "GB",
      });
      await addAddress(page, {
        firstName: "Grace",
        lastName: "Hopper",
        address: "1 Navy Way",
        city: "Arlington",
        country: "US",
        organization: "US Navy",
        phone: "+1 703 555 0100",
      });
      await addressItem(page, "Ada Lovelace").getByText("Delete Ada Lovelace", { exact: true }).click();
      await addressItem(page, "Grace Hopper").getByRole("link", { name: "Edit Grace Hopper" }).click();
      await expect(page.getByRole("region", { name: "Edit the address of Grace Hopper" })).toBeVisible();
      await page.getByRole("region", { name: "Add an address" }).getByRole("button", { name: "Add address" }).click();
      await expect(
        page.getByRole("region", { name: "Add an address" }).getByText("This field is required."),
      ).toHaveCount(5);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );
});
