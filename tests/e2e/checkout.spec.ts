import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerUser, resend, signIn, signedInUser, useClientIp, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { addAddress } from "./support/dashboard";
import { freshDomain, setRemixCookie } from "./support/domain";

// Buying through the pages (issue 13): cart summary and discount, checkout with the registrant
// contact and a card of the embedded test provider, declines shown on the form, 3-D Secure, the
// order's status page and its invoice link, a card saved for renewals — with JavaScript on and off. Every test makes its
// own user, address and cart.

const PHONE = { width: 390, height: 844 };
const ADA = { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "London", country: "GB" };

/** Puts `domain` in this browser's cart through the one /cart action (the add-to-cart form's post). */
async function addToCart(page: Page, domain: string) {
  const response = await resend(() =>
    page.request.post("/cart", { form: { intent: "add", domain, years: "1", redirectTo: "/cart" }, maxRedirects: 0 }),
  );
  expect(response.status()).toBe(303);
}

/** A verified, signed-in buyer with one address and `domain` in the cart. */
async function buyerWith(page: Page, domain: string) {
  const user = await signedInUser(page);
  await page.goto("/dashboard/settings/addresses");
  await addAddress(page, ADA);
  await addToCart(page, domain);
  return user;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("A new card").check();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
}

test.describe("checkout", () => {
  test("cart summary, discount code, pay with a card: the order completes and the domain is ours", async ({
    page,
  }, testInfo) => {
    // A whole purchase with a decline on the way: more than the default 30 s on a busy runner.
    test.slow();
    const js = testInfo.project.use.javaScriptEnabled !== false;
    const domain = freshDomain();
    await buyerWith(page, domain);

    await page.goto("/cart");
    await waitForHydration(page, js);
    const summary = page.getByRole("heading", { name: "Order summary" }).locator("..");
    await expect(summary.getByText("$10.44").first()).toBeVisible();
    await expect(summary.getByText("$10.62")).toBeVisible(); // 10.44 + 0.18 ICANN fee

    // A wrong code is refused beside the field and stays in it.
    await page.getByLabel("Discount code").fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid discount code" })).toBeVisible();
    await expect(page.getByLabel("Discount code")).toHaveValue("NOPE");

    await page.getByLabel("Discount code").fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Discount code WELCOME10 applied: 10% off." }),
    ).toBeVisible();
    await expect(summary.getByText("Discount (WELCOME10, 10%)")).toBeVisible();
    await expect(summary.getByText("$9.58")).toBeVisible(); // 10.62 − 1.04

    await page.getByRole("link", { name: "Check out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await waitForHydration(page, js);
    await expect(page.getByLabel(/Ada Lovelace/u)).toBeChecked();

    // Declined: the reason on the form, the card number and CVC not sent back, nothing else lost.
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $9.58" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("Security code (CVC)")).toHaveValue("");
    await expect(page.getByLabel("Expiry date (MM / YY)")).toHaveValue("12 / 34");
    await expect(page.getByLabel(/Ada Lovelace/u)).toBeChecked();

    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $9.58" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/u);
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("list", { name: "Payment progress" }).getByText("Completed")).toBeVisible();
    await expect(page.getByText("Paid with Visa ending in 4242")).toBeVisible();
    await expect(page.getByRole("link", { name: "View invoice" })).toHaveAttribute(
      "href",
      /\/dashboard\/billing\/invoices\/\d+$/u,
    );
    await expectNoAxeViolations(page, js);

    // The cart is empty now, and the header says so.
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("3-D Secure: the check page, then the order completes; a failed check fails the order", async ({
    page,
  }, testInfo) => {
    test.slow(); // two purchases through the 3-D Secure page: ~29 s on a loaded 2-core runner
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await buyerWith(page, freshDomain());
    await page.goto("/checkout");
    await waitForHydration(page, js);
    await fillCard(page, "4000 0027 6000 3184");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("heading", { level: 1, name: "3-D Secure check" })).toBeVisible();
    await expectNoAxeViolations(page, js);
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}\?payment_intent=pi_/u);
    await expect(page.getByText("3-D Secure authentication failed.")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("link", { name: "Try again" }).click();

    await waitForHydration(page, js);
    await fillCard(page, "4000 0027 6000 3184");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({
      timeout: 20_000,
    });
  });

  test("'Save this card for renewals': the card is listed under Payment methods as the default and offered first at the next checkout", async ({
    page,
  }, testInfo) => {
    test.slow(); // two carts and a purchase on a loaded 2-core runner
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await buyerWith(page, freshDomain());
    await page.goto("/checkout");
    await waitForHydration(page, js);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByLabel("Save this card for renewals").check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment completed. Thank you!" })).toBeVisible({
      timeout: 20_000,
    });

    await page.goto("/dashboard/billing/methods");
    const saved = page.getByRole("list", { name: "Saved cards" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText("4242");
    await expect(saved.first()).toContainText("Default");
    await expect(page.getByText("No saved cards")).toHaveCount(0);

    await addToCart(page, freshDomain());
    await page.goto("/checkout");
    await expect(page.getByLabel(/Visa ending in 4242, expires 12\/2034/u)).toBeChecked();
  });

  test("checkout needs sign-in, then a verified email, and comes back to the checkout", async ({ page }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/u);

    const user = await registerUser(page.request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/verify-email\?redirect=%2Fcheckout$/u);
    await waitForHydration(page, js);
    const messages = await resend(() => page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(user.email)}`));
    const code = /\b(\d{6})\b/u.exec(JSON.stringify(await messages.json()))?.[1] ?? "";
    await page.getByLabel(/code/iu).first().fill(code);
    await page.getByRole("button", { name: /verify/iu }).click();
    await expect(page).toHaveURL(/\/checkout$/u);
    await expect(page.getByText("Your cart is empty: there is nothing to pay for.")).toBeVisible();
  });

  test("another user's order and a garbage order id are not found", { tag: "@markup" }, async ({ page }) => {
    await signedInUser(page);
    for (const path of [
      "/checkout/00000000-0000-4000-8000-000000000000",
      "/checkout/not-an-order",
      "/payment/3ds/pi_nothing",
      "/payment/3ds/%00",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${scheme}, phone`, () => {
      test.use({ colorScheme: scheme, viewport: PHONE });
      test(
        "cart with a summary and the checkout page have no axe violations",
        { tag: "@axe" },
        async ({ page }, testInfo) => {
          test.slow(); // a purchase set up, then axe on two pages: ~30 s on a loaded 2-core runner
          const js = testInfo.project.use.javaScriptEnabled !== false;
          await buyerWith(page, freshDomain());
          await page.goto("/cart");
          await waitForHydration(page, js);
          await expectNoAxeViolations(page, js);
          await page.goto("/checkout");
          await waitForHydration(page, js);
          await expectNoAxeViolations(page, js);
        },
      );
    });
  }

  // Hydration needs JavaScript: the js-off project leaves @js-only tests out (playwright.config.ts).
  test("a full load of the checkout hydrates without errors and the summary says 'ICANN fees' (en, tr) @js-only", async ({
    page,
    context,
    baseURL,
  }) => {
    // React's hydration errors (#418, #423, #425) and a missing favicon fail it in support/test.ts.
    await buyerWith(page, freshDomain());
    await page.goto("/checkout");
    await waitForHydration(page, true);
    await expect(page.getByText("ICANN fees", { exact: true })).toBeVisible();
    await expect(page.getByText("cart.icannFees")).toHaveCount(0);

    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/checkout");
    await waitForHydration(page, true);
    await expect(page.getByText("ICANN ücretleri", { exact: true })).toBeVisible();
    await expect(page.getByText("cart.icannFees")).toHaveCount(0);
  });

  test("the registrant contact is added on the checkout page, then chosen for the order", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false;
    await signedInUser(page);
    await addToCart(page, freshDomain());
    await page.goto("/checkout");
    await waitForHydration(page, js);
    await expect(page.getByRole("button", { name: /^Pay / })).toBeDisabled();
    const form = page.getByRole("region", { name: "Registrant contact" });

    // Nothing filled in: refused beside the fields, nothing saved.
    await form.getByRole("button", { name: "Add address" }).click();
    await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("First name").fill(ADA.firstName);
    await form.getByLabel("Last name").fill(ADA.lastName);
    await form.getByLabel("Address", { exact: true }).fill(ADA.address);
    await form.getByLabel("City").fill(ADA.city);
    await form.getByLabel("Country").selectOption(ADA.country);
    await form.getByRole("button", { name: "Add address" }).click();

    await expect(page).toHaveURL(/\/checkout\?contact=\d+#checkout-contacts$/u);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "The address of Ada Lovelace was added and chosen as the registrant contact." }),
    ).toBeVisible();
    await expect(page.getByLabel(/Ada Lovelace/u)).toBeChecked();
    await expect(page.getByRole("button", { name: /^Pay / })).toBeEnabled();
    if (js) await expect(page.getByRole("list", { name: "Registrant contact" })).toBeFocused();
  });

  test("Turkish: the checkout speaks Turkish", async ({ page, context, baseURL }) => {
    await buyerWith(page, freshDomain());
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Ödeme" })).toBeVisible();
    await expect(page.getByText("Kayıt sahibi iletişim bilgisi")).toBeVisible();
    await expect(page.getByRole("button", { name: /öde$/u })).toBeVisible();
  });
});
