import { expect, test } from "@playwright/test";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { addAddress } from "./support/dashboard";

// Servers (issue 11) through the pages, JavaScript on and off: the /vps catalogue with its
// anchors, an order form per plan (bad hostname → the error beside the field, values kept), add
// to cart → /cart with a toast, and checkout with the test card 4242 4242 4242 4242.

const ADA = { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "London", country: "GB" };

test.describe("/vps", () => {
  test("has the Hosting menu's anchors, plans with cycle prices and savings, and no axe violations", async ({ page }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await page.goto("/vps#gpu-servers");
    await expect(page.getByRole("heading", { level: 1, name: "VPS and servers" })).toBeVisible();
    for (const id of ["x86", "arm", "root-servers-cpu", "gpu-servers", "hosting"]) await expect(page.locator(`section#${id}`)).toHaveCount(1);
    const gpu = page.locator("section#gpu-servers");
    await expect(gpu.getByRole("heading", { name: "GPU servers" })).toBeVisible();
    await expect(gpu.getByText(/NVIDIA H100 PCIe, 80 GB/u)).toBeVisible();
    await expect(page.locator("section#x86").getByText(/Annually: \$\d+\.\d{2} save \d+% \(\$\d+\.\d{2}\)/u).first()).toBeVisible();
    await expectNoAxeViolations(page, js);
  });

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

  test("order a VPS: add to cart, pay with 4242 4242 4242 4242, the order completes", async ({ page }, testInfo) => {
    // A whole purchase (address, order form, cart, checkout, payment) in one test.
    test.slow();
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await signedInUser(page);
    await page.goto("/dashboard/settings/addresses");
    await addAddress(page, ADA);
    const hostname = `web-${Date.now().toString(36)}.example.com`;

    await page.goto("/vps#x86");
    await waitForHydration(page, js);
    const card = page.locator("section#x86 li").filter({ has: page.getByRole("heading", { name: "VX1" }) });
    await card.getByText("Order VX1").click();
    await card.getByLabel("Operating system").selectOption("debian-12");
    await card.getByLabel("Hostname").fill(hostname);
    await card.getByLabel("SSH public key (optional)").fill("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf e2e@test");
    await card.getByRole("button", { name: "Add VX1 to cart" }).click();

    // /vps renders 18 order forms: the post and redirect get more time on a busy runner.
    await expect(page).toHaveURL(/\/cart$/u, { timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: `VX1 (${hostname}) was added to your cart.` })).toBeVisible();
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
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({ timeout: 20_000 });
  });
});

test.describe("/vps in Turkish", () => {
  test.use({ locale: "tr-TR" });
  test("shows the Turkish texts and has no axe violations", async ({ page }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await page.goto("/vps");
    await expect(page.getByRole("heading", { level: 1, name: "VPS ve sunucular" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "GPU sunucular" })).toBeVisible();
    await expectNoAxeViolations(page, js);
  });
});
