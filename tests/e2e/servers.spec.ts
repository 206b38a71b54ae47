import { expect, test } from "./support/test";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { addAddress } from "./support/dashboard";

// Servers (issue 11) through the pages, JavaScript on and off: the /vps catalogue with its
// anchors, an order form per plan (bad hostname → the error beside the field, values kept), add
// to cart → /cart with a toast, checkout with the test card 4242 4242 4242 4242, then the server
// in /dashboard/vps: its status badge, a reboot after the confirmation, the root password behind
// the account password, auto-renewal refused without a saved card, and another user's view of
// it (404).

const ADA = { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "London", country: "GB" };

test.describe("/vps", () => {
  test(
    "has the Hosting menu's anchors, plans with cycle prices and savings, and no axe violations",
    { tag: "@axe" },
    async ({ page }, testInfo) => {
      // axe over every plan's form takes ~20 s alone and ran out of 30 s on a loaded machine.
      test.slow();
      const js = testInfo.project.use.javaScriptEnabled !== false;
      await page.goto("/vps#gpu-servers");
      await expect(page.getByRole("heading", { level: 1, name: "VPS and servers" })).toBeVisible();
      for (const id of ["x86", "arm", "root-servers-cpu", "gpu-servers", "hosting"])
        await expect(page.locator(`section#${id}`)).toHaveCount(1);
      const gpu = page.locator("section#gpu-servers");
      await expect(gpu.getByRole("heading", { name: "GPU servers" })).toBeVisible();
      await expect(gpu.getByText(/NVIDIA H100 PCIe, 80 GB/u)).toBeVisible();
      await expect(
        page
          .locator("section#x86")
          .getByText(/Annually: \$\d+\.\d{2} save \d+% \(\$\d+\.\d{2}\)/u)
          .first(),
      ).toBeVisible();
      await expectNoAxeViolations(page, js);
    },
  );

  test("a bad hostname is refused beside the field with the values kept", async ({ page }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await page.goto("/vps");
    await waitForHydration(page, js);
    const card = page.locator("section#arm li").filter({ has: page.getByRole("heading", { name: "VA1" }) });
    await card.getByText("Order VA1").click();
    await card.getByLabel("Billing cycle").selectOption("annually");
    await card.getByLabel("Hostname").fill("-bad-host-");
    await card.getByRole("button", { name: "Add VA1 to cart" }).click();
    const again = page.locator("section#arm li").filter({ has: page.getByRole("heading", { name: "VA1" }) });
    await expect(again.getByText("Enter a valid hostname")).toBeVisible();
    await expect(again.getByLabel("Hostname")).toHaveValue("-bad-host-");
    await expect(again.getByLabel("Billing cycle")).toHaveValue("annually");
  });

  test("order a VPS, pay with 4242 4242 4242 4242, then see it, reboot it and reveal its root password in the dashboard", async ({
    page,
    browser,
  }, testInfo) => {
    // A whole purchase (address, order form, cart, checkout, payment) and the server's life in
    // the dashboard in one test: buying takes most of the time, so it is done once. About 50 s
    // on an idle runner (two waits on the simulated provider's clock: 10 s to running, 5 s reboot).
    test.setTimeout(150_000);
    const js = testInfo.project.use.javaScriptEnabled !== false;
    const user = await signedInUser(page);
    await page.goto("/dashboard/settings/addresses");
    await addAddress(page, ADA);
    const hostname = `web-${Date.now().toString(36)}.example.com`;

    await page.goto("/vps#x86");
    await waitForHydration(page, js);
    const card = page.locator("section#x86 li").filter({ has: page.getByRole("heading", { name: "VX1" }) });
    await card.getByText("Order VX1").click();
    await card.getByLabel("Operating system").selectOption("debian-12");
    await card.getByLabel("Hostname").fill(hostname);
    await card
      .getByLabel("SSH public key (optional)")
      .fill("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf e2e@test");
    await card.getByRole("button", { name: "Add VX1 to cart" }).click();

    // /vps renders 18 order forms: the post and redirect get more time on a busy runner.
    await expect(page).toHaveURL(/\/cart$/u, { timeout: 20_000 });
    await expect(
      page.getByRole("status").filter({ hasText: `VX1 (${hostname}) was added to your cart.` }),
    ).toBeVisible();
    await expect(page.getByText(hostname, { exact: true })).toBeVisible();
    await expect(page.getByText("VX1 server · monthly · Debian 12")).toBeVisible();

    await page.getByRole("link", { name: "Check out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await waitForHydration(page, js);
    await page.getByLabel("A new card").check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/u);
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({
      timeout: 20_000,
    });
    // A server line's period is its billing cycle.
    await expect(page.getByText(/ · 1 month \(monthly\)$/u)).toBeVisible();

    // The dashboard: the server in the list with its status badge, then its page.
    await page.goto("/dashboard/vps");
    const row = page.getByRole("row").filter({ hasText: hostname });
    await expect(row.getByText(/^(Pending|Provisioning|Installing|Running)$/u)).toBeVisible();
    await row.getByRole("link", { name: hostname }).click();
    await expect(page.getByRole("heading", { level: 1, name: hostname })).toBeVisible();
    const serverUrl = page.url();
    const badge = (status: string) =>
      page
        .locator("header")
        .filter({ has: page.getByRole("heading", { level: 1 }) })
        .getByText(status, { exact: true });
    // The simulated provider walks pending → provisioning → installing → running on the clock.
    const untilRunning = () =>
      expect(async () => {
        await page.reload();
        await expect(badge("Running")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
    await untilRunning();
    // The badge is labelled for screen readers ("Status: Running", the label visually hidden).
    await expect(
      page
        .locator("header")
        .filter({ has: page.getByRole("heading", { level: 1 }) })
        .getByText("Status: Running", { exact: true }),
    ).toBeVisible();
    // The power menu's toggle (a <summary>: a button with its expanded state) is named by its action.
    await expect(page.locator("summary").filter({ hasText: "Reboot" })).toHaveAccessibleName("Reboot");

    // Reboot, after the confirmation; rebooting, then running again.
    await waitForHydration(page, js);
    await page.getByText("Reboot", { exact: true }).click();
    await expect(page.getByText(`Reboot ${hostname}? Running programs are restarted.`)).toBeVisible();
    await page.getByRole("button", { name: "Yes, reboot" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${hostname} is rebooting.` })).toBeVisible();
    await expect(badge("Rebooting")).toBeVisible();
    await untilRunning();

    // The root password, behind the account password.
    await waitForHydration(page, js);
    await page.getByLabel("Account password").fill(user.password);
    await page.getByRole("button", { name: "Show root password" }).click();
    await expect(page.locator("code").filter({ hasText: /^\S{12,}$/u })).toBeVisible();

    // Auto-renewal needs a saved card (this purchase did not save one): refused with a way to add one.
    await waitForHydration(page, js);
    await page.getByRole("button", { name: "Turn auto-renewal on" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Auto-renewal needs a saved payment method." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a card" })).toHaveAttribute("href", "/dashboard/billing/methods");
    await expectNoAxeViolations(page, js);

    // Another user asking for this server's page gets the 404 page.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await signedInUser(stranger);
    const response = await stranger.goto(serverUrl);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await other.close();
  });
});

test.describe("/vps in Turkish", () => {
  test.use({ locale: "tr-TR" });
  test("shows the Turkish texts and has no axe violations", { tag: "@axe" }, async ({ page }, testInfo) => {
    test.slow(); // axe over every plan's form (see above)
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await page.goto("/vps");
    await expect(page.getByRole("heading", { level: 1, name: "VPS ve sunucular" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "GPU sunucular" })).toBeVisible();
    await expectNoAxeViolations(page, js);
  });
});
