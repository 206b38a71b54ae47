import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { resend, signedInUser, waitForHydration, type TestUser } from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";
import { openUserMenu } from "./support/dashboard";
import { freshDomain, setRemixCookie } from "./support/domain";

// The billing pages (issue 13): payments history, invoices, the printable invoice and the
// payment methods. Purchases are made through the API as any client would (cart → address →
// POST /payment/unified with Stripe's test cards on the embedded test provider).

const PHONE = { width: 390, height: 844 };
const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123" };
const DECLINED = "4000 0000 0000 0002";

type Order = { id: string; number: number; status: string };

/** The user's bearer token, from `POST /api/v1/auth/login`. */
async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await resend(() =>
    request.post("/api/v1/auth/login", {
      data: { username: user.username, password: user.password, seed_key: user.seedKey },
      headers: { "cf-connecting-ip": user.ip },
    }),
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A buyer who can pay: their token and the numeric contact id of a saved address. */
async function buyerOf(request: APIRequestContext, user: TestUser) {
  const token = await tokenOf(request, user);
  const headers = { authorization: `Bearer ${token}`, "cf-connecting-ip": user.ip };
  const address = await resend(() =>
    request.post("/api/v1/account/addresses", {
      data: {
        firstName: "Ada",
        lastName: "Lovelace",
        address: "12 Analytical St",
        city: "London",
        postalCode: "EC1A 1AA",
        country: "GB",
        email: user.email,
      },
      headers,
    }),
  );
  expect(address.status(), await address.text()).toBe(201);
  const contactId = ((await address.json()) as { data: { contactId: number } }).data.contactId;
  return { headers, contactId };
}

/** Puts a fresh .com in the cart and pays with `number`; answers the order as the API does. */
async function buy(
  request: APIRequestContext,
  buyer: Awaited<ReturnType<typeof buyerOf>>,
  options: { domain?: string; number?: string } = {},
): Promise<{ domain: string; order: Order }> {
  const domain = options.domain ?? freshDomain();
  if (!options.domain) {
    const added = await resend(() => request.post("/api/v1/cart/items", { data: { domain }, headers: buyer.headers }));
    expect(added.status(), await added.text()).toBe(201);
  }
  const paid = await resend(() =>
    request.post("/api/v1/payment/unified", {
      data: {
        idempotency_key: `e2e-${crypto.randomUUID()}`,
        contact_id: buyer.contactId,
        card: { ...VISA, number: options.number ?? VISA.number },
      },
      headers: buyer.headers,
    }),
  );
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  return { domain, order: ((await paid.json()) as { data: { order: Order } }).data.order };
}

/** Waits until the user's invoices list holds `count` invoices (fulfilment may finish after the answer). */
async function invoicesOf(
  request: APIRequestContext,
  buyer: Awaited<ReturnType<typeof buyerOf>>,
  count: number,
): Promise<{ number: number }[]> {
  let invoices: { number: number }[] = [];
  await expect(async () => {
    const response = await resend(() => request.get("/api/v1/invoices/", { headers: buyer.headers }));
    invoices = ((await response.json()) as { data: { invoices: { number: number }[] } }).data.invoices;
    expect(invoices).toHaveLength(count);
  }).toPass();
  return invoices;
}

/** A user with one declined attempt and then one successful purchase of the same domain. */
async function customerWithPurchase(page: Page) {
  const user = await signedInUser(page);
  const buyer = await buyerOf(page.request, user);
  const declined = await buy(page.request, buyer, { number: DECLINED });
  expect(declined.order.status).toBe("failed");
  const { order } = await buy(page.request, buyer, { domain: declined.domain });
  const [invoice] = await invoicesOf(page.request, buyer, 1);
  return { user, buyer, domain: declined.domain, order, invoiceNumber: invoice!.number };
}

const invoiceLabel = (number: number) => `INV-${String(number).padStart(6, "0")}`;
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const addCardForm = (page: Page, name = "Add a card") => page.getByRole("region", { name });

async function open(page: Page, path: string, javaScriptEnabled: boolean, heading = "Billing") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await waitForHydration(page, javaScriptEnabled);
}

async function fillCard(
  page: Page,
  card: { number: string; expiry: string; cvc: string; name?: string },
  labels = {
    form: "Add a card",
    number: "Card number",
    expiry: "Expiry date (MM / YY)",
    cvc: "Security code (CVC)",
    name: "Name on the card (optional)",
  },
) {
  const form = addCardForm(page, labels.form);
  await form.getByLabel(labels.number).fill(card.number);
  await form.getByLabel(labels.expiry).fill(card.expiry);
  await form.getByLabel(labels.cvc).fill(card.cvc);
  if (card.name !== undefined) await form.getByLabel(labels.name).fill(card.name);
}

test.describe("payments history and invoices", () => {
  test("list a declined and a successful payment, the invoice, and filter by status", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { domain, order, invoiceNumber } = await customerWithPurchase(page);
    await open(page, "/dashboard/billing", javaScriptEnabled);
    await expect(page).toHaveTitle("Payments history");
    const tabs = page.getByRole("navigation", { name: "Billing sections" });
    await expect(tabs.getByRole("link", { name: "Payments" })).toHaveAttribute("aria-current", "page");

    const rows = page.getByRole("region", { name: "Payments" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    const succeeded = rows.filter({ hasText: "Succeeded" });
    await expect(succeeded).toContainText(`Order #${order.number}`);
    await expect(succeeded).toContainText("Visa •••• 4242");
    const failed = rows.filter({ hasText: "Failed" });
    await expect(failed).toContainText("Your card was declined.");
    // The paid order's invoice is a link from its payment; the failed order has none.
    await expect(succeeded.getByRole("link", { name: invoiceLabel(invoiceNumber) })).toHaveAttribute(
      "href",
      `/dashboard/billing/invoices/${invoiceNumber}`,
    );
    await expect(failed).toContainText("None");

    // The filter is a GET form: the choice lands in the URL and the list follows it.
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing\?status=failed$/u);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Failed");
    await page.getByLabel("Status").selectOption("refunded");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No payments with the status “Refunded”.")).toBeVisible();

    await tabs.getByRole("link", { name: "Invoices" }).click();
    await expect(page).toHaveTitle("Invoices");
    const invoiceRows = page.getByRole("region", { name: "Invoices" }).getByRole("row");
    await expect(invoiceRows).toHaveCount(2);
    await expect(invoiceRows.nth(1)).toContainText(domain);
    await expect(invoiceRows.nth(1)).toContainText("Completed");
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing\/invoices\?status=cancelled$/u);
    await expect(page.getByText("No invoices with the status “Cancelled”.")).toBeVisible();
    await page.getByRole("link", { name: "Show all" }).click();
    await page.getByRole("link", { name: invoiceLabel(invoiceNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/billing/invoices/${invoiceNumber}$`, "u"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoiceLabel(invoiceNumber)}`);
  });

  test("a printable invoice: seller, buyer, lines, ICANN fee, tax, total and payment", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { domain, order, invoiceNumber } = await customerWithPurchase(page);
    await open(
      page,
      `/dashboard/billing/invoices/${invoiceNumber}`,
      javaScriptEnabled,
      `Invoice ${invoiceLabel(invoiceNumber)}`,
    );
    await expect(page).toHaveTitle(`Invoice ${invoiceLabel(invoiceNumber)}`);
    const invoice = page.getByRole("article", { name: `Invoice ${invoiceLabel(invoiceNumber)}` });
    await expect(invoice).toContainText(`Order#${order.number}`);
    await expect(invoice).toContainText("StatusCompleted");
    await expect(page.getByRole("region", { name: "From" })).toContainText("Trinity Registrar Ltd.");
    await expect(page.getByRole("region", { name: "Billed to" })).toContainText(
      "Ada Lovelace12 Analytical StEC1A 1AA LondonUnited Kingdom",
    );
    const lines = page.getByRole("region", { name: "Invoice lines" });
    await expect(lines.getByRole("row").filter({ hasText: domain })).toContainText("Registration1 year1");
    // Subtotal (the line), ICANN fee, no discount, tax 0, and a total that adds up.
    const lineAmount = (
      await lines.getByRole("row").filter({ hasText: domain }).getByRole("cell").last().innerText()
    ).trim();
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/gu, "")) * 100);
    await expect(lines.getByRole("row", { name: /^Subtotal/u })).toContainText(lineAmount);
    await expect(lines.getByRole("row", { name: /ICANN fees/u })).toContainText("$0.18");
    await expect(lines.getByRole("row", { name: /^Discount/u })).toHaveCount(0);
    await expect(lines.getByRole("row", { name: /^Tax/u })).toContainText("$0.00");
    const total = (
      await lines
        .getByRole("row", { name: /^Total/u })
        .getByRole("cell")
        .innerText()
    ).trim();
    expect(cents(total)).toBe(cents(lineAmount) + 18);
    await expect(invoice).toContainText("Visa •••• 4242");
    // Print: a button with JavaScript, the browser's own command explained without it.
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    } else {
      await expect(
        page.getByText("To print or save as PDF, use your browser's Print command (Ctrl+P or ⌘P)."),
      ).toBeVisible();
    }
    // On paper: no site header, footer or navigation, black on white.
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    await expect(page.locator("body > header")).toBeHidden();
    await expect(page.locator("body > footer")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to invoices" })).toBeHidden();
    await expect(invoice).toBeVisible();
    expect(
      await invoice.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]),
    ).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
  });

  test("orders list each order's items, status, total and invoice", async ({ page, javaScriptEnabled }) => {
    const { domain, order, invoiceNumber } = await customerWithPurchase(page);
    await open(page, "/dashboard/billing", javaScriptEnabled);
    await page.getByRole("navigation", { name: "Billing sections" }).getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveTitle("Orders");
    const orders = page.getByRole("list", { name: "Your orders" }).getByRole("article");
    await expect(orders).toHaveCount(2);
    const paid = page.getByRole("article", { name: `Order #${order.number}` });
    await expect(paid).toContainText("Completed");
    await expect(paid.getByRole("list", { name: `Items of order #${order.number}` })).toContainText(
      `${domain} Registration · 1 year`,
    );
    await expect(orders.filter({ hasText: "Failed" })).toHaveCount(1);
    await paid.getByRole("link", { name: `Invoice ${invoiceLabel(invoiceNumber)}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoiceLabel(invoiceNumber)}`);
  });

  test(
    "someone else's invoice, an unknown number and a malformed one are Page Not Found",
    { tag: "@markup" },
    async ({ page, browser }) => {
      const { invoiceNumber } = await customerWithPurchase(page);
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      await signedInUser(other);
      for (const path of [
        `/dashboard/billing/invoices/${invoiceNumber}`,
        "/dashboard/billing/invoices/999999999",
        "/dashboard/billing/invoices/abc",
        "/dashboard/billing/invoices/0",
      ]) {
        const response = await other.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(other.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
      }
      await otherContext.close();
    },
  );

  test(
    "a new customer sees the empty states; unknown query values fall back",
    { tag: "@markup" },
    async ({ page, javaScriptEnabled }) => {
      await signedInUser(page);
      await open(page, "/dashboard/billing?status=bogus&page=-3", javaScriptEnabled);
      await expect(page.getByText("No payments yet")).toBeVisible();
      await expect(page.getByRole("link", { name: "Search for a domain" }).last()).toHaveAttribute(
        "href",
        "/domain-search",
      );
      await open(page, "/dashboard/billing/invoices?page=abc&status=%00", javaScriptEnabled);
      await expect(page.getByText("No invoices yet")).toBeVisible();
      await open(page, "/dashboard/billing/orders?page=zero", javaScriptEnabled);
      await expect(page.getByText("No orders yet")).toBeVisible();
      await open(page, "/dashboard/billing/methods", javaScriptEnabled);
      await expect(page.getByText("No saved cards")).toBeVisible();
    },
  );

  test("the header's user menu and the dashboard navigation lead to billing", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await open(page, "/dashboard", javaScriptEnabled, `Welcome, ${user.username}`);
    const menu = await openUserMenu(page, user.username);
    await menu.getByRole("link", { name: "My billing" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/u);
    await expect(page.getByRole("heading", { level: 2, name: "Payments history" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" }),
    ).toHaveAttribute("aria-current", "page");
  });
});

test.describe("payment methods", () => {
  test("add cards, change the default, remove one after confirming", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await open(page, "/dashboard/billing/methods", javaScriptEnabled);
    await expect(page).toHaveTitle("Payment methods");
    await expect(addCardForm(page)).toContainText("4242 4242 4242 4242");

    await fillCard(page, { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123", name: "Ada Lovelace" });
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    await expect(toast(page, "Visa •••• 4242 was saved.")).toBeVisible();
    const cards = page.getByRole("list", { name: "Saved cards" }).getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Expires 12/2034");
    // The form starts empty again after a save.
    await expect(addCardForm(page).getByLabel("Card number")).toHaveValue("");

    await fillCard(page, { number: "5555 5555 5555 4444", expiry: "03/2031", cvc: "321" });
    await addCardForm(page).getByLabel("Nickname (optional)").fill("Work card");
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    await expect(toast(page, "Mastercard •••• 4444 was saved.")).toBeVisible();
    await expect(cards).toHaveCount(2);
    const visa = cards.filter({ hasText: "Visa •••• 4242" });
    const mastercard = cards.filter({ hasText: "Mastercard •••• 4444" });
    await expect(visa).toContainText("Default");
    await expect(mastercard).toContainText("Work card");
    await expect(mastercard).not.toContainText("Default");

    await mastercard.getByRole("button", { name: "Make default Mastercard •••• 4444" }).click();
    await expect(toast(page, "Mastercard •••• 4444 is now your default card.")).toBeVisible();
    await expect(mastercard).toContainText("Default");
    await expect(visa).not.toContainText("Default");

    // A third card saved as the default takes the badge at once.
    await fillCard(page, { number: "3782 822463 10005", expiry: "08/30", cvc: "1234" });
    await addCardForm(page).getByLabel("Use as my default card").check();
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    await expect(toast(page, "American Express •••• 0005 was saved.")).toBeVisible();
    const amex = cards.filter({ hasText: "American Express •••• 0005" });
    await expect(amex).toContainText("Default");
    await expect(mastercard).not.toContainText("Default");

    // Removing asks first (a disclosure, so it works without JS).
    await visa.getByText("Remove Visa •••• 4242", { exact: true }).click();
    await expect(visa.getByText("Remove this card? Renewals will no longer be charged to it.")).toBeVisible();
    await visa.getByRole("button", { name: "Yes, remove the card Visa •••• 4242" }).click();
    await expect(toast(page, "Visa •••• 4242 was removed.")).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Visa •••• 4242" })).toHaveCount(0);
    await expect(cards.first()).toContainText("American Express •••• 0005");
  });

  test("a declined card is refused; the number and CVC are not sent back, the rest is kept", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signedInUser(page);
    await open(page, "/dashboard/billing/methods", javaScriptEnabled);
    await fillCard(page, { number: DECLINED, expiry: "11/33", cvc: "456", name: "Grace Hopper" });
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    await expect(addCardForm(page).getByText("Your card was declined.")).toBeVisible();
    await expect(addCardForm(page).getByLabel("Expiry date (MM / YY)")).toHaveValue("11/33");
    await expect(addCardForm(page).getByLabel("Name on the card (optional)")).toHaveValue("Grace Hopper");
    if (!javaScriptEnabled) {
      // The server's page: the secrets are empty and the form says why.
      await expect(addCardForm(page).getByLabel("Card number")).toHaveValue("");
      await expect(addCardForm(page).getByLabel("Security code (CVC)")).toHaveValue("");
      await expect(
        addCardForm(page).getByText("For your security, enter the card number and security code again."),
      ).toBeVisible();
    }
    await expect(page.getByText("No saved cards")).toBeVisible();
  });

  test("incomplete and expired cards get the SPEC's card errors", async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await open(page, "/dashboard/billing/methods", javaScriptEnabled);
    await fillCard(page, { number: "4242 4242", expiry: "01/20", cvc: "12" });
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    const form = addCardForm(page);
    await expect(form.getByText("Your card number is incomplete.")).toBeVisible();
    await expect(form.getByText("Your card has expired.")).toBeVisible();
    await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(form.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  });

  test("a POST with the card secrets answers 400 without echoing them", async ({ page }) => {
    await signedInUser(page);
    const response = await page.request.post("/dashboard/billing/methods", {
      form: {
        intent: "add-card",
        "card.number": "4000 0000 0000 0002",
        "card.expiry": "11/33",
        "card.cvc": "987",
        "card.name": "Grace",
      },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("4000 0000 0000 0002");
    expect(html).not.toContain("4000000000000002");
    // The security code as a value or a text of its own; "987" may occur inside the page's random
    // tokens (the script nonce, the form's tokens), which are not an echo of it.
    expect(html).not.toMatch(/(?<![A-Za-z0-9+/=_-])987(?![A-Za-z0-9+/=_-])/u);
    expect(html).toContain("Your card was declined.");
  });

  test("unknown intents are 400; another user's card is 404", async ({ page, browser }) => {
    await signedInUser(page);
    await open(page, "/dashboard/billing/methods", false);
    await fillCard(page, { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" });
    await addCardForm(page).getByRole("button", { name: "Save card" }).click();
    await expect(toast(page, "Visa •••• 4242 was saved.")).toBeVisible();
    const id = await page.locator("input[name=methodId]").first().inputValue();

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedInUser(other);
    expect((await other.request.post("/dashboard/billing/methods", { form: { intent: "steal" } })).status()).toBe(400);
    for (const intent of ["make-default", "remove"]) {
      const response = await other.request.post("/dashboard/billing/methods", { form: { intent, methodId: id } });
      expect(response.status(), intent).toBe(404);
      expect(
        (await other.request.post("/dashboard/billing/methods", { form: { intent, methodId: "not-a-uuid" } })).status(),
      ).toBe(404);
    }
    await otherContext.close();
    await page.reload();
    await expect(page.getByRole("list", { name: "Saved cards" }).getByRole("listitem")).toHaveCount(1);
  });
});

test("in Turkish: statuses, the invoice and card errors", async ({ page, context, baseURL, javaScriptEnabled }) => {
  test.slow();
  const { invoiceNumber } = await customerWithPurchase(page);
  await setRemixCookie(context, baseURL, "locale", "tr");
  await open(page, "/dashboard/billing", javaScriptEnabled, "Faturalandırma");
  await expect(page).toHaveTitle("Ödeme geçmişi");
  const rows = page.getByRole("region", { name: "Ödemeler" }).getByRole("row");
  await expect(rows.filter({ hasText: "Başarılı" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Başarısız" })).toContainText("Kartınız reddedildi.");
  await open(
    page,
    `/dashboard/billing/invoices/${invoiceNumber}`,
    javaScriptEnabled,
    `Fatura ${invoiceLabel(invoiceNumber)}`,
  );
  await expect(page.getByRole("region", { name: "Fatura kalemleri" })).toContainText("Kayıt1 yıl");
  await expect(page.getByRole("region", { name: "Alıcı" })).toContainText("Birleşik Krallık");
  await open(page, "/dashboard/billing/methods", javaScriptEnabled, "Faturalandırma");
  await fillCard(
    page,
    { number: DECLINED, expiry: "11/33", cvc: "456" },
    {
      form: "Kart ekle",
      number: "Kart numarası",
      expiry: "Son kullanma tarihi (AA / YY)",
      cvc: "Güvenlik kodu (CVC)",
      name: "Kart üzerindeki isim (isteğe bağlı)",
    },
  );
  await page.getByRole("button", { name: "Kartı kaydet" }).click();
  await expect(page.getByText("Kartınız reddedildi.")).toBeVisible();
});

test.describe("every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Buys through the API, then runs axe on several pages (twice each without JS).
  test.slow();

  test("the payments and orders pages have no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await customerWithPurchase(page);
    await open(page, "/dashboard/billing", javaScriptEnabled);
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    await open(page, "/dashboard/billing/orders", javaScriptEnabled);
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });

  test(
    "the invoices list and the invoice page have no axe violations",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      const { invoiceNumber } = await customerWithPurchase(page);
      await open(page, "/dashboard/billing/invoices", javaScriptEnabled);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
      await open(
        page,
        `/dashboard/billing/invoices/${invoiceNumber}`,
        javaScriptEnabled,
        `Invoice ${invoiceLabel(invoiceNumber)}`,
      );
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );

  test(
    "the payment methods page has no axe violations (a card, the open confirmation, card errors)",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      await signedInUser(page);
      await open(page, "/dashboard/billing/methods", javaScriptEnabled);
      await fillCard(page, { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" });
      await addCardForm(page).getByRole("button", { name: "Save card" }).click();
      await expect(toast(page, "Visa •••• 4242 was saved.")).toBeVisible();
      await page.getByText("Remove Visa •••• 4242", { exact: true }).click();
      await fillCard(page, { number: "4242", expiry: "1", cvc: "1" });
      await addCardForm(page).getByRole("button", { name: "Save card" }).click();
      await expect(addCardForm(page).getByText("Your card number is incomplete.")).toBeVisible();
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );
});
