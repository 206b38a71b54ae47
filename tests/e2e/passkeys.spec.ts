import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { openUserMenu } from "./support/dashboard";
import { outbox, resend, signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";
import { randomLetters } from "./support/domain";
import { buyDomains } from "./support/purchase";
import { totpCode } from "../../core/auth/totp";

// Passkeys (issue 24) with Chromium's virtual authenticator (CDP WebAuthn domain: CTAP2, internal
// transport, resident keys, user verification that succeeds): add one in Settings → Security, sign
// out, sign in with it (no username, password or seed key), confirm a domain lock with it, remove
// it. WebAuthn needs JavaScript: without it the passkey buttons are not there and the password
// path is the page (the last test, both projects).

const SECURITY = "/dashboard/settings/security";

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ credentials: () => Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length,
  };
}

test.describe("passkeys", () => {
  test(
    "add a passkey, sign out, sign in with it, lock a domain with it, remove it",
    { tag: "@js-only" },
    async ({ page }) => {
      test.setTimeout(120_000);
      const authenticator = await virtualAuthenticator(page);
      const user = await signedInUser(page);
      const domain = `e2e${randomLetters(12)}.com`;
      await buyDomains(page, user, [domain]);

      // Add, in Settings → Security.
      await page.goto(SECURITY);
      await waitForHydration(page, true);
      const section = page.getByRole("region", { name: "Passkeys" });
      await expect(section.getByText("No passkeys yet.")).toBeVisible();
      await section.getByLabel("Passkey name").fill("Test laptop");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(section.getByRole("heading", { name: "Test laptop" })).toBeVisible();
      await expect(section.getByText("Never used")).toBeVisible();
      expect(await authenticator.credentials()).toBe(1);
      const added = await outbox(page.request, user.email);
      expect(added[0]?.subject).toBe("A passkey was added to your account");

      // Sign out (from the top of a fresh page: the header's menus close on scroll), then in with the passkey alone.
      await page.goto("/dashboard");
      await waitForHydration(page, true);
      const menu = await openUserMenu(page, user.username);
      await menu.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByLabel(`Account menu for ${user.username}`)).toHaveCount(0);
      // The virtual authenticator answers an autofill (conditional) request at once, which would
      // sign in before the button is pressed: this page view says the browser has no autofill.
      await page.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      await page.goto("/signin");
      await waitForHydration(page, true);
      await expect(page).toHaveURL(/\/signin/u);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(/\/dashboard/u);
      await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();

      // Lock the domain, confirmed with the passkey instead of the password.
      await page.goto(`/dashboard/domains/${domain}`);
      await waitForHydration(page, true);
      const lock = page.getByRole("region", { name: "Domain lock" });
      const unlock = lock.getByRole("button", { name: "Unlock domain" });
      const lockButton = lock.getByRole("button", { name: "Lock domain" });
      const wasLocked = await unlock.isVisible();
      await lock.getByRole("button", { name: "Use a passkey instead" }).click();
      await expect(
        page.getByText(wasLocked ? "Domain lock disabled successfully" : "Domain lock enabled successfully"),
      ).toBeVisible();
      await expect(wasLocked ? lockButton : unlock).toBeVisible();

      // Remove it, confirmed with the account password; the list says it was used.
      await page.goto(SECURITY);
      await waitForHydration(page, true);
      await expect(section.getByText(/Last used/u)).toBeVisible();
      await section.locator("summary").filter({ hasText: "Remove" }).click();
      const removal = section.getByRole("form", { name: "Remove the passkey Test laptop" });
      await removal.getByLabel("Password").fill(user.password);
      await removal.getByRole("button", { name: "Remove passkey" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Passkey removed." })).toBeVisible();
      await expect(section.getByText("No passkeys yet.")).toBeVisible();
      expect((await outbox(page.request, user.email))[0]?.subject).toBe("A passkey was removed from your account");
    },
  );

  test(
    "where the browser offers passkeys in the username's autofill, picking one signs in",
    { tag: "@js-only" },
    async ({ page }) => {
      await virtualAuthenticator(page);
      const user = await signedInUser(page);
      await page.goto(SECURITY);
      await waitForHydration(page, true);
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByLabel("Passkey name").fill("Phone");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(section.getByRole("heading", { name: "Phone" })).toBeVisible();
      await page.context().clearCookies();
      await page.goto("/signin");
      await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username webauthn");
      // The virtual authenticator picks its passkey for the pending autofill request by itself.
      await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard/u);
    },
  );

  test("a passkey passes the two-factor step after the password step", { tag: "@js-only" }, async ({ page }) => {
    await virtualAuthenticator(page);
    const user = await signedInUser(page);
    const headers = { "cf-connecting-ip": user.ip };
    const login = await resend(() =>
      page.request.post("/api/v1/auth/login", {
        data: { username: user.username, password: user.password, seed_key: user.seedKey },
        headers,
      }),
    );
    const auth = {
      ...headers,
      authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
    };
    const setup = await page.request.post("/api/v1/account/2fa/setup", { headers: auth });
    const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
    const enabled = await page.request.post("/api/v1/account/2fa/enable", {
      headers: auth,
      data: { code: await totpCode(secret, Date.now()) },
    });
    expect(enabled.status()).toBe(200);
    await page.goto(SECURITY);
    await waitForHydration(page, true);
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Passkey name").fill("Phone");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByRole("heading", { name: "Phone" })).toBeVisible();

    await page.context().clearCookies();
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto("/signin");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Seed key").fill(user.seedKey);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-factor authentication");
    await waitForHydration(page, true);
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/u);
  });

  test("without JavaScript no passkey button shows, and the password path is whole", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = await signedInUser(page);
    await page.goto(SECURITY);
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(javaScriptEnabled ? 1 : 0);
    const menu = await openUserMenu(page, user.username);
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByLabel(`Account menu for ${user.username}`)).toHaveCount(0);
    await page.goto("/signin");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Seed key").fill(user.seedKey);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();
  });
});

test.describe("passkeys, every theme and size", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.slow();

  test(
    "the section with a passkey and its open forms has no axe violations",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      test.setTimeout(180_000);
      await virtualAuthenticator(page);
      await signedInUser(page);
      await page.goto(SECURITY);
      await waitForHydration(page, javaScriptEnabled);
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByLabel("Passkey name").fill("Phone");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(section.getByRole("heading", { name: "Phone" })).toBeVisible();
      await section.locator("summary").filter({ hasText: "Rename" }).click();
      await section.locator("summary").filter({ hasText: "Remove" }).click();
      await expect(section.getByRole("button", { name: "Use a passkey instead" })).toBeVisible();
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );
});
