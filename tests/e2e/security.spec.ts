import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { totpCode } from "../../core/auth/totp";
import { signIn, signedInUser, useClientIp, type TestUser } from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";
import { setRemixCookie } from "./support/domain";

// Account security (SPEC §2): change password, two-factor authentication (TOTP), login history and
// account deletion, each a plain form post that also works without JavaScript.

const PAGE = "/dashboard/settings/security";
const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = "Another-Pass-77";

/** Posts the sign-in form like the page does (without following the redirect). */
async function postSignIn(page: Page, user: TestUser, password: string = user.password) {
  return page.request.post("/signin", {
    form: { intent: "credentials", username: user.username, password, seed_key: user.seedKey },
    headers: { "cf-connecting-ip": user.ip },
    maxRedirects: 0,
  });
}

async function openPage(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { level: 2, name: "Account security" })).toBeVisible();
}

/** The page without the sign-in's welcome toast (shown once, by the first page after signing in). */
async function openQuietPage(page: Page) {
  await openPage(page);
  await openPage(page);
  await expect(page.getByRole("status").filter({ hasText: /./u })).toHaveCount(0);
}

/** Turns two-factor authentication on through the page; the secret the page showed. */
async function enableTwoFactor(page: Page): Promise<string> {
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(section.getByRole("img", { name: "QR code with the key for your authenticator app" })).toBeVisible();
  const shown = (await section.getByTestId("totp-secret").textContent()) ?? "";
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/u);
  const secret = shown.replace(/\s/gu, "");
  await section.getByLabel("6-digit code from the app").fill(await totpCode(secret, Date.now()));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
  return secret;
}

test.describe("account security", () => {
  test("a visitor is sent to sign-in with the page as the redirect", async ({ page }) => {
    await page.goto(PAGE);
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard%2Fsettings%2Fsecurity$/u);
  });

  test("changing the password tells that other sessions were signed out; the new password signs in", async ({
    page,
  }) => {
    const user = await signedInUser(page);
    await openPage(page);
    const section = page.getByRole("region", { name: "Change password" });
    await section.getByLabel("Current password").fill(user.password);
    await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your password was changed. Your other sessions were signed out." }),
    ).toBeVisible();
    // This session goes on; the old password no longer signs in, the new one does.
    await expect(page.getByRole("heading", { level: 2, name: "Account security" })).toBeVisible();
    await expect(section.getByLabel("Current password")).toHaveValue("");
    await expect(section.getByLabel("New password", { exact: true })).toHaveValue("");
    expect((await postSignIn(page, user)).status()).not.toBe(303);
    await signIn(page, { ...user, password: NEW_PASSWORD });
  });

  test("a wrong current password and mismatched new passwords are refused per field", async ({ page }) => {
    const user = await signedInUser(page);
    await openPage(page);
    const section = page.getByRole("region", { name: "Change password" });
    await section.getByLabel("Current password").fill("Not-The-Password-1");
    await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByText("Passwords do not match")).toBeVisible();

    await section.getByLabel("Current password").fill("Not-The-Password-1");
    await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByText("The current password is wrong.")).toBeVisible();
    await expect(section.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    // Nothing changed: the old password still signs in.
    await signIn(page, user);
  });

  test("two-factor set-up shows a QR code and the key, then the recovery codes once; sign-in then asks for a code", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const user = await signedInUser(page);
    await openPage(page);
    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await expect(section.getByTestId("two-factor-status")).toHaveText("Off");

    // A wrong code first: refused, the set-up stays.
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await section.getByLabel("6-digit code from the app").fill("12");
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByText("Enter the 6-digit code.")).toBeVisible();
    await section.getByRole("button", { name: "Cancel setup" }).click();
    await expect(section.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();

    await enableTwoFactor(page);
    await expect(section.getByTestId("two-factor-status")).toHaveText("On");
    const codes = section.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/u);
    const download = section.getByRole("link", { name: "Download as a text file" });
    await expect(download).toHaveAttribute("download", "trinity-recovery-codes.txt");
    const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(saved.suggestedFilename()).toBe("trinity-recovery-codes.txt");
    const href = (await download.getAttribute("href")) ?? "";
    const file = decodeURIComponent(href.slice(href.indexOf(",") + 1));
    expect(file).toContain(`Trinity recovery codes for ${user.username}`);
    expect(file).toContain((await codes.first().textContent()) ?? "missing");

    // A reload still shows them until "I saved them"; then never again.
    await page.reload();
    await expect(section.getByTestId("recovery-codes")).toBeVisible();
    await section.getByRole("button", { name: "I saved them" }).click();
    await expect(section.getByRole("heading", { name: "Turn off two-factor authentication" })).toBeVisible();
    await expect(section.getByTestId("recovery-codes")).toHaveCount(0);

    // Signing in again (another browser): after username, password and seed key, a code step.
    const other = await browser.newContext({ baseURL });
    const fresh = await other.newPage();
    await useClientIp(fresh, user.ip);
    const response = await postSignIn(fresh, user);
    expect(response.status()).toBe(303);
    const location = response.headers()["location"] ?? "";
    expect(location).toMatch(/\/signin\?step=2fa/u);
    await fresh.goto(location);
    await expect(fresh.locator('input[name="code"]')).toBeVisible();
    await other.close();
  });

  test("two-factor can be turned off with the password and a current code", async ({ page }) => {
    test.setTimeout(60_000);
    const user = await signedInUser(page);
    await openPage(page);
    const secret = await enableTwoFactor(page);
    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await section.getByRole("button", { name: "I saved them" }).click();

    await section.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await section.getByLabel("6-digit code from the app").fill("000000");
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(section.getByText("The current password is wrong.")).toBeVisible();

    await section.getByLabel("Password", { exact: true }).fill(user.password);
    // The next time step's code: the one used to turn it on cannot be used again.
    await section.getByLabel("6-digit code from the app").fill(await totpCode(secret, Date.now() + 30_000));
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is off." })).toBeVisible();
    await expect(section.getByTestId("two-factor-status")).toHaveText("Off");
    // Signing in needs no code again.
    await signIn(page, user);
  });

  test("the login history lists the sign-in as a success, and a failed attempt", async ({ page }) => {
    const user = await signedInUser(page);
    expect((await postSignIn(page, user, "Wrong-Password-1")).status()).not.toBe(303);
    await openPage(page);
    const table = page.getByRole("table", { name: "Recent sign-in attempts, newest first" });
    await expect(table.getByRole("columnheader")).toHaveText(["Time", "IP address", "Device", "Result"]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(user.ip);
    await expect(rows.nth(0).getByText("Failed", { exact: true })).toBeVisible();
    await expect(rows.nth(1).getByText("Success", { exact: true })).toBeVisible();
    await expect(rows.nth(1)).toContainText(user.ip);
    await expect(rows.nth(1).locator("time")).toHaveText(/\d{4}.*\d{1,2}:\d{2}:\d{2}/u);
    // Only a short device name (browser and system) is shown, never the raw User-Agent header.
    await expect(rows.nth(1).locator("td").nth(2)).toHaveText(/^(?:Headless Chrome|Chrome) \d+ · Linux$/u);
    await expect(table).not.toContainText("Mozilla");
  });

  test("deleting the account needs the exact phrase; then the user cannot sign in", async ({ page }) => {
    test.setTimeout(60_000);
    const user = await signedInUser(page);
    await openPage(page);
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByLabel("Password", { exact: true }).fill(user.password);
    await section.getByLabel("Type DELETE MY ACCOUNT to confirm").fill("delete my account");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByText("Type DELETE MY ACCOUNT exactly.")).toBeVisible();

    await section.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await section.getByLabel("Type DELETE MY ACCOUNT to confirm").fill("DELETE MY ACCOUNT");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByText("The current password is wrong.")).toBeVisible();

    await section.getByLabel("Password", { exact: true }).fill(user.password);
    await section.getByLabel("Type DELETE MY ACCOUNT to confirm").fill("DELETE MY ACCOUNT");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/u);
    await expect(page.getByRole("status").filter({ hasText: "Your account was deleted" })).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
    expect((await postSignIn(page, user)).status()).not.toBe(303);
  });

  test("an unknown intent is refused with 400", async ({ page }) => {
    await signedInUser(page);
    const response = await page.request.post(PAGE, { form: { intent: "nope" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
  });
});

test.describe("account security in Turkish", () => {
  test("the sections are in Turkish", async ({ page, context, baseURL }) => {
    await setRemixCookie(context, baseURL, "locale", "tr");
    await signedInUser(page);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 2, name: "Hesap güvenliği" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "İki adımlı doğrulama" })).toBeVisible();
    await expect(page.getByRole("table").getByText("Başarılı", { exact: true })).toBeVisible();
    const section = page.getByRole("region", { name: "Parola değiştir" });
    await section.getByLabel("Mevcut parola").fill("Yanlis-Sifre-1");
    await section.getByLabel("Yeni parola", { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel("Yeni parolayı onaylayın").fill(NEW_PASSWORD);
    await section.getByRole("button", { name: "Parolayı değiştir" }).click();
    await expect(section.getByText("Mevcut parola yanlış.")).toBeVisible();
  });
});

test.describe("account security, every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Four axe sweeps a state (expectNoAxeViolationsInEveryView): more than the default time.
  test.slow();

  test(
    "the page, with the two-factor set-up and errors shown, has no axe violations",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      test.setTimeout(180_000);
      await signedInUser(page);
      await openQuietPage(page);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
      const section = page.getByRole("region", { name: "Two-factor authentication" });
      await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await section.getByLabel("6-digit code from the app").fill("1");
      await section.getByRole("button", { name: "Turn on" }).click();
      await expect(section.getByText("Enter the 6-digit code.")).toBeVisible();
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );
});
