import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import shellEn from "../../app/i18n/en";
import shellTr from "../../app/i18n/tr";
import accountEn from "../../app/i18n/namespaces/account.en";
import accountTr from "../../app/i18n/namespaces/account.tr";
import billingEn from "../../app/i18n/namespaces/billing.en";
import billingTr from "../../app/i18n/namespaces/billing.tr";
import checkoutEn from "../../app/i18n/namespaces/checkout.en";
import checkoutTr from "../../app/i18n/namespaces/checkout.tr";
import dashboardEn from "../../app/i18n/namespaces/dashboard.en";
import dashboardTr from "../../app/i18n/namespaces/dashboard.tr";
import domainsEn from "../../app/i18n/namespaces/domains.en";
import domainsTr from "../../app/i18n/namespaces/domains.tr";
import homeEn from "../../app/i18n/namespaces/home.en";
import homeTr from "../../app/i18n/namespaces/home.tr";
import paymentEn from "../../app/i18n/namespaces/payment.en";
import paymentTr from "../../app/i18n/namespaces/payment.tr";
import shopEn from "../../app/i18n/namespaces/shop.en";
import shopTr from "../../app/i18n/namespaces/shop.tr";
import signinEn from "../../app/i18n/namespaces/signin.en";
import signinTr from "../../app/i18n/namespaces/signin.tr";
import signupEn from "../../app/i18n/namespaces/signup.en";
import signupTr from "../../app/i18n/namespaces/signup.tr";
import { freshIdentity, latestCode, TEST_PASSWORD, useClientIp, waitForHydration } from "./support/account";
import { freshDomain, setRemixCookie } from "./support/domain";

// The newcomer's first purchase end to end (issue 19 "Tests"): search a fresh name on the home page,
// add it to the cart, check out, sign up from the sign-in page, save the seed key, verify the email,
// come back to the checkout with the cart, add the registrant contact there, pay with a declined
// card and then with 4242… saving it for renewals, see the completed order, and turn auto-renewal on
// in the dashboard (it needs the saved card). By role and label only, in English and Turkish, with
// JavaScript on and off (both Playwright projects), and once by keyboard alone with the focused
// element checked after every key press: visible, inside the viewport, not under the sticky header
// or a toast (WCAG 2.2 2.4.11, issue 19 point 8).
//
// The labels come from the translation files themselves, so a change of wording (the Turkish
// glossary) does not break the walk; a missing or raw key would.

type Locale = "en" | "tr";

const RESOURCES = {
  en: {
    shell: shellEn,
    account: accountEn,
    billing: billingEn,
    checkout: checkoutEn,
    dashboard: dashboardEn,
    domains: domainsEn,
    home: homeEn,
    payment: paymentEn,
    shop: shopEn,
    signin: signinEn,
    signup: signupEn,
  },
  tr: {
    shell: shellTr,
    account: accountTr,
    billing: billingTr,
    checkout: checkoutTr,
    dashboard: dashboardTr,
    domains: domainsTr,
    home: homeTr,
    payment: paymentTr,
    shop: shopTr,
    signin: signinTr,
    signup: signupTr,
  },
};

/** `{{name}}` placeholders filled in, as i18next does. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/gu, (_, name: string) => String(values[name]));
}

/** A template as a whole-string pattern whose placeholders match anything (amounts in any locale format). */
function pattern(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/u).map((part) => part.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`, "u");
}

function texts(locale: Locale) {
  const r = RESOURCES[locale];
  return {
    searchBox: r.home.home.hero.searchLabel,
    searchButton: r.home.home.hero.plainSearchButton,
    available: (domain: string) => fill(r.shop.search.available, { domain }),
    addToCart: (domain: string) => fill(r.shop.cart.addDomainToCart, { domain }),
    inCart: (domain: string) => fill(r.shop.cart.inCartLink, { domain }),
    added: (domain: string) => fill(r.shop.cart.added, { domain }),
    cartWithOne: fill(r.shell.header.cartWithCount_one, { count: 1 }),
    checkOut: r.shop.cart.checkout,
    signUp: r.signin.signUp,
    username: r.account.fields.username,
    email: r.account.fields.email,
    password: r.account.fields.password,
    confirmPassword: r.account.fields.confirmPassword,
    createAccount: r.signup.form.submit,
    seedKey: r.signup.createkey.wordsLabel,
    word: (position: number) => fill(r.signup.createkey.wordLabel, { position }),
    saved: r.signup.createkey.savedLabel,
    continue: r.signup.createkey.submit,
    code: r.account.fields.code,
    verify: r.signup.verify.submit,
    verified: r.signup.verify.verified,
    checkoutTitle: r.checkout.title,
    contact: r.checkout.contact.legend,
    contactAdded: (name: string) => fill(r.checkout.contact.added, { name }),
    firstName: r.dashboard.addresses.fields.firstName,
    lastName: r.dashboard.addresses.fields.lastName,
    address: r.dashboard.addresses.fields.address,
    city: r.dashboard.addresses.fields.city,
    country: r.dashboard.addresses.fields.country,
    addAddress: r.dashboard.addresses.add,
    newCard: r.checkout.method.newCard,
    cardNumber: r.payment.card.number,
    expiry: r.payment.card.expiry,
    cvc: r.payment.card.cvc,
    saveCard: r.checkout.method.saveCard,
    pay: pattern(r.checkout.pay),
    declined: r.payment.errors.card_declined,
    completed: r.checkout.status.completed,
    myDomains: r.checkout.status.myDomains,
    autoRenew: r.domains.detail.autoRenewHeading,
    turnOn: r.domains.detail.turnOn,
    turnOff: r.domains.detail.turnOff,
    autoRenewEnabled: r.domains.detail.autoRenewEnabled,
    autoRenewOn: r.domains.detail.autoRenewOn,
    savedCards: r.billing.methods.listLabel,
    defaultCard: r.billing.methods.defaultBadge,
  };
}
type Texts = ReturnType<typeof texts>;

const ADA = { firstName: "Ada", lastName: "Lovelace", address: "12 Analytical St", city: "Berlin", country: "DE" };

/** Fails the test on an uncaught page error or a console error (a failed resource load aside: a refused form post answers 4xx on purpose). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  return errors;
}

/** No raw translation key ("cart.icannFees", "checkout:…") on the page. */
async function expectNoRawKeys(page: Page) {
  const text = await page.getByRole("main").innerText();
  expect(text).not.toMatch(
    /\b[a-z]+:[a-z]+\.[a-zA-Z.]+\b|\b(?:cart|checkout|status|method|contact|detail|createkey|verify)\.[a-z][a-zA-Z]+\b/u,
  );
}

/** The twelve words the seed-key step shows, in order (its "Your seed key" list). */
async function seedWords(page: Page, T: Texts): Promise<string[]> {
  const items = page.getByRole("region", { name: T.seedKey }).getByRole("listitem");
  await expect(items).toHaveCount(12);
  return (await items.allInnerTexts()).map((text) => text.replace(/^\s*\d+\.\s*/u, "").trim());
}

/** The two positions the step asks back: the "Word #N" fields present. */
async function askedPositions(page: Page, T: Texts): Promise<number[]> {
  const asked: number[] = [];
  for (let position = 1; position <= 12; position += 1) {
    if ((await page.getByLabel(T.word(position), { exact: true }).count()) > 0) asked.push(position);
  }
  expect(asked).toHaveLength(2);
  return asked;
}

// ---------------------------------------------------------------------------------------------
// The focus checks of the keyboard walk.

type FocusReport = { onBody: true } | { onBody: false; what: string; problems: string[] };

/**
 * Where the focused element is: visible, inside the viewport, its centre not covered (elementFromPoint
 * gives it or something inside it), its top not under the sticky header (unless it is in the header
 * or drawn over it) and not overlapping a toast on screen.
 */
async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return { onBody: true as const };
    const box = focused.getBoundingClientRect();
    const what = `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.innerText ?? "").trim().slice(0, 50)}"`;
    const problems: string[] = [];
    // The element itself, something inside it, its label, or an ancestor (an inline link's box centre
    // may fall between its lines, on its cell): nothing drawn over it.
    const owns = (hit: Element | null) =>
      hit !== null &&
      (hit === focused ||
        focused.contains(hit) ||
        hit.contains(focused) ||
        (focused instanceof HTMLInputElement && [...(focused.labels ?? [])].some((label) => label.contains(hit))));
    const describe = (hit: Element | null) =>
      hit
        ? `${hit.tagName.toLowerCase()}${hit.closest("header") ? " in the header" : ""}${hit.closest("[data-toast-type]") ? " in a toast" : ""}`
        : "nothing";
    if (
      !focused.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
      box.width === 0 ||
      box.height === 0
    )
      problems.push("not visible");
    if (
      box.top < -0.5 ||
      box.left < -0.5 ||
      box.bottom > window.innerHeight + 0.5 ||
      box.right > window.innerWidth + 0.5
    ) {
      problems.push(
        `outside the viewport (${Math.round(box.left)},${Math.round(box.top)} – ${Math.round(box.right)},${Math.round(box.bottom)} in ${window.innerWidth}×${window.innerHeight})`,
      );
    }
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const centre = document.elementFromPoint(x, y);
    if (!owns(centre)) problems.push(`its centre is covered by ${describe(centre)}`);
    const header = document.querySelector("body > header");
    if (header && !header.contains(focused)) {
      const headerBottom = header.getBoundingClientRect().bottom;
      if (box.top < headerBottom - 0.5) {
        const top = document.elementFromPoint(x, Math.max(box.top + 1, 0));
        if (top && header.contains(top))
          problems.push(
            `its top (y = ${Math.round(box.top)}) is under the sticky header (bottom ${Math.round(headerBottom)})`,
          );
      }
    }
    for (const toast of document.querySelectorAll("[data-toast-type]")) {
      const style = getComputedStyle(toast);
      if (style.visibility === "hidden" || Number(style.opacity) === 0 || toast.contains(focused)) continue;
      const t = toast.getBoundingClientRect();
      if (t.left < box.right && t.right > box.left && t.top < box.bottom && t.bottom > box.top)
        problems.push("a toast covers it");
    }
    return { onBody: false as const, what, problems };
  });
}

/**
 * Asserts the focus is on an element the user can see (waits briefly: a scroll or a toast may still
 * be moving). `bodyAllowed` after a new document (JS off) or a page change, where the browser starts
 * from the top.
 */
async function expectFocusClear(page: Page, { bodyAllowed = false } = {}) {
  await expect
    .poll(
      async () => {
        const report = await focusReport(page);
        if (report.onBody) return bodyAllowed ? [] : ["the focus fell to the page body"];
        return report.problems.map((problem) => `${report.what}: ${problem}`);
      },
      { timeout: 3_000, intervals: [50, 100, 250] },
    )
    .toEqual([]);
}

/**
 * Moves the focus to `target` with Tab (or Shift+Tab when it is before the focus), checking the
 * focused element after every press.
 */
async function tabTo(page: Page, target: Locator, max = 120) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    const forward = await target.evaluate((element) => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return true;
      return (focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    await page.keyboard.press(forward ? "Tab" : "Shift+Tab");
    await expectFocusClear(page, { bodyAllowed: true });
  }
  throw new Error(`could not reach ${String(target)} in ${max} presses of Tab`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

// ---------------------------------------------------------------------------------------------

test.describe("a newcomer's first purchase (issue 19)", () => {
  for (const locale of ["en", "tr"] as const) {
    test(`search, cart, sign up from the checkout, seed key, verify, contact, declined card, 4242 saved, order, auto-renewal (${locale})`, async ({
      page,
      context,
      baseURL,
      javaScriptEnabled: js,
    }) => {
      test.slow(); // a whole purchase with a sign-up (password and key hashing) and a declined card
      const T = texts(locale);
      const errors = watchErrors(page);
      await useClientIp(page);
      if (locale === "tr") await setRemixCookie(context, baseURL, "locale", "tr");
      const domain = freshDomain();
      const identity = freshIdentity();

      // 1. Search on the home page.
      await page.goto("/");
      await waitForHydration(page, js);
      await page.getByRole("searchbox", { name: T.searchBox, exact: true }).fill(domain);
      await page.getByRole("search").getByRole("button", { name: T.searchButton, exact: true }).click();
      const exact = page.getByRole("region", { name: T.available(domain), exact: true });
      await expect(exact).toBeVisible();
      await waitForHydration(page, js);

      // 2. Add to cart: the toast says so and does not cover the header's cart link.
      await exact.getByRole("button", { name: T.addToCart(domain), exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: T.added(domain) })).toBeVisible();
      const cartLink = page.getByRole("banner").getByRole("link", { name: T.cartWithOne, exact: true });
      await expect(cartLink).toBeVisible();
      const hit = await cartLink.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const element = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return element !== null && link.contains(element);
      });
      expect(hit, "the header's cart link is not covered by the toast").toBe(true);
      if (js) await expect(exact.getByRole("link", { name: T.inCart(domain), exact: true })).toBeVisible();

      // 3. The cart, then "Check out": sign in first.
      await cartLink.click();
      await expect(page).toHaveURL(/\/cart$/u);
      await expect(page.getByRole("main").getByText(domain, { exact: true }).first()).toBeVisible();
      await waitForHydration(page, js);
      await page.getByRole("main").getByRole("link", { name: T.checkOut, exact: true }).click();
      await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/u);
      await waitForHydration(page, js);

      // 4. "Sign up" from the sign-in page, then the seed key and the email code.
      await page.getByRole("main").getByRole("link", { name: T.signUp, exact: true }).click();
      await expect(page).toHaveURL(/\/signup\?redirect=%2Fcheckout$/u);
      await waitForHydration(page, js);
      await page.getByLabel(T.username, { exact: true }).fill(identity.username);
      await page.getByLabel(T.email, { exact: true }).fill(identity.email);
      await page.getByLabel(T.password, { exact: true }).fill(TEST_PASSWORD);
      await page.getByLabel(T.confirmPassword, { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole("button", { name: T.createAccount, exact: true }).click();

      await expect(page).toHaveURL(/\/createkey\?redirect=%2Fcheckout$/u);
      await waitForHydration(page, js);
      const words = await seedWords(page, T);
      for (const position of await askedPositions(page, T))
        await page.getByLabel(T.word(position), { exact: true }).fill(words[position - 1]!);
      await page.getByLabel(T.saved, { exact: true }).check();
      await page.getByRole("button", { name: T.continue, exact: true }).click();

      await expect(page).toHaveURL(/\/verify-email\?redirect=%2Fcheckout$/u);
      await waitForHydration(page, js);
      await page.getByLabel(T.code, { exact: true }).fill(await latestCode(page.request, identity.email));
      await page.getByRole("button", { name: T.verify, exact: true }).click();

      // 5. Back at the checkout with the cart.
      await expect(page).toHaveURL(/\/checkout$/u);
      await expect(page.getByRole("status").filter({ hasText: T.verified })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: T.checkoutTitle, exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByText(domain).first()).toBeVisible();
      await waitForHydration(page, js);

      // 6. The registrant contact, added on the checkout page.
      const contactForm = page.getByRole("region", { name: T.contact, exact: true });
      await contactForm.getByLabel(T.firstName, { exact: true }).fill(ADA.firstName);
      await contactForm.getByLabel(T.lastName, { exact: true }).fill(ADA.lastName);
      await contactForm.getByLabel(T.address, { exact: true }).fill(ADA.address);
      await contactForm.getByLabel(T.city, { exact: true }).fill(ADA.city);
      await contactForm.getByLabel(T.country, { exact: true }).selectOption(ADA.country);
      await contactForm.getByRole("button", { name: T.addAddress, exact: true }).click();
      await expect(
        page.getByRole("status").filter({ hasText: T.contactAdded(`${ADA.firstName} ${ADA.lastName}`) }),
      ).toBeVisible();
      await expect(page.getByLabel(/Ada Lovelace/u)).toBeChecked();
      if (js) await expect(page.getByRole("list", { name: T.contact, exact: true })).toBeFocused();
      await waitForHydration(page, js);

      // 7. A declined card: the reason on the form.
      await expect(page.getByLabel(T.newCard, { exact: true })).toBeChecked();
      await page.getByLabel(T.cardNumber, { exact: true }).fill("4000 0000 0000 0002");
      await page.getByLabel(T.expiry, { exact: true }).fill("12 / 34");
      await page.getByLabel(T.cvc, { exact: true }).fill("123");
      await page.getByRole("button", { name: T.pay }).click();
      await expect(page.getByRole("alert").filter({ hasText: T.declined })).toBeVisible();
      await expect(page.getByLabel(T.cardNumber, { exact: true })).toHaveValue("");

      // 8. 4242… saved for renewals: the order completes.
      await page.getByLabel(T.cardNumber, { exact: true }).fill("4242 4242 4242 4242");
      await page.getByLabel(T.cvc, { exact: true }).fill("123");
      await page.getByLabel(T.saveCard, { exact: true }).check();
      await page.getByRole("button", { name: T.pay }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/u);
      await expect(page.getByRole("status").filter({ hasText: T.completed })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("main").getByText(domain, { exact: true }).first()).toBeVisible();
      await expectNoRawKeys(page);

      // 9. The dashboard: the domain, auto-renewal on with the saved card.
      await waitForHydration(page, js);
      await page.getByRole("link", { name: T.myDomains, exact: true }).click();
      await page.getByRole("main").getByRole("link", { name: domain, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/domains/${domain.replace(/\./gu, "\\.")}$`, "u"));
      await waitForHydration(page, js);
      const autoRenew = page.getByRole("region", { name: T.autoRenew, exact: true });
      await autoRenew.getByRole("button", { name: T.turnOn, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: T.autoRenewEnabled })).toBeVisible();
      await expect(autoRenew.getByText(T.autoRenewOn, { exact: true })).toBeVisible();
      await expect(autoRenew.getByRole("button", { name: T.turnOff, exact: true })).toBeVisible();
      await expectNoRawKeys(page);

      // The card that pays for it: the one saved at checkout, the default.
      await page.goto("/dashboard/billing/methods");
      const saved = page.getByRole("list", { name: T.savedCards, exact: true }).getByRole("listitem");
      await expect(saved).toHaveCount(1);
      await expect(saved.first()).toContainText("4242");
      await expect(saved.first()).toContainText(T.defaultCard);
      expect(errors).toEqual([]);
    });
  }

  // JavaScript only: without it every step is a new document whose focus starts on the body, and a
  // flash toast (top right, below the header) may sit over a control near the top for its 3.5 s.
  test("by keyboard alone: every step reachable, the focus never lost, hidden or covered @js-only", async ({
    page,
    javaScriptEnabled: js,
  }) => {
    test.slow(); // the whole purchase, one key at a time, with a check after every key
    // Scrolling into view is instant, so the check after a key sees where the focus ends up.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const T = texts("en");
    const errors = watchErrors(page);
    await useClientIp(page);
    const domain = freshDomain();
    const identity = freshIdentity();
    const keys = page.keyboard;

    // 1. Search: typed on the home page, Enter.
    await page.goto("/");
    await waitForHydration(page, js);
    await typeInto(page, page.getByRole("searchbox", { name: T.searchBox, exact: true }), domain);
    await tabTo(page, page.getByRole("search").getByRole("button", { name: T.searchButton, exact: true }));
    await keys.press("Enter");
    const exact = page.getByRole("region", { name: T.available(domain), exact: true });
    await expect(exact).toBeVisible();
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: true });

    // 2. Add to cart. With JS the focus stays on the name's control, now "In cart", and no toast covers it.
    await tabTo(page, exact.getByRole("button", { name: T.addToCart(domain), exact: true }));
    await keys.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: T.added(domain) })).toBeVisible();
    if (js) {
      const inCart = exact.getByRole("link", { name: T.inCart(domain), exact: true });
      await expect(inCart).toBeFocused();
      await expectFocusClear(page);
      await keys.press("Enter");
    } else {
      await expectFocusClear(page, { bodyAllowed: true });
      await tabTo(page, page.getByRole("banner").getByRole("link", { name: T.cartWithOne, exact: true }));
      await keys.press("Enter");
    }

    // 3. The cart, "Check out", then "Sign up" on the sign-in page.
    await expect(page).toHaveURL(/\/cart$/u);
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: true });
    await tabTo(page, page.getByRole("main").getByRole("link", { name: T.checkOut, exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/u);
    await waitForHydration(page, js);
    await tabTo(page, page.getByRole("main").getByRole("link", { name: T.signUp, exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fcheckout$/u);
    await waitForHydration(page, js);

    // 4. The account, the seed key, the email code.
    await typeInto(page, page.getByLabel(T.username, { exact: true }), identity.username);
    await typeInto(page, page.getByLabel(T.email, { exact: true }), identity.email);
    await typeInto(page, page.getByLabel(T.password, { exact: true }), TEST_PASSWORD);
    await typeInto(page, page.getByLabel(T.confirmPassword, { exact: true }), TEST_PASSWORD);
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/createkey\?redirect=%2Fcheckout$/u);
    await waitForHydration(page, js);
    const words = await seedWords(page, T);
    for (const position of await askedPositions(page, T))
      await typeInto(page, page.getByLabel(T.word(position), { exact: true }), words[position - 1]!);
    await tabTo(page, page.getByLabel(T.saved, { exact: true }));
    await keys.press("Space");
    await expect(page.getByLabel(T.saved, { exact: true })).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: T.continue, exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/verify-email\?redirect=%2Fcheckout$/u);
    await waitForHydration(page, js);
    await typeInto(page, page.getByLabel(T.code, { exact: true }), await latestCode(page.request, identity.email));
    await keys.press("Enter");

    // 5. Back at the checkout: the contact, typed in; the country chosen by typing its name.
    await expect(page).toHaveURL(/\/checkout$/u);
    await expect(page.getByRole("main").getByText(domain).first()).toBeVisible();
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: true });
    const contactForm = page.getByRole("region", { name: T.contact, exact: true });
    await typeInto(page, contactForm.getByLabel(T.firstName, { exact: true }), ADA.firstName);
    await typeInto(page, contactForm.getByLabel(T.lastName, { exact: true }), ADA.lastName);
    await typeInto(page, contactForm.getByLabel(T.address, { exact: true }), ADA.address);
    await typeInto(page, contactForm.getByLabel(T.city, { exact: true }), ADA.city);
    await typeInto(page, contactForm.getByLabel(T.country, { exact: true }), "Germany");
    await expect(contactForm.getByLabel(T.country, { exact: true })).toHaveValue(ADA.country);
    await tabTo(page, contactForm.getByRole("button", { name: T.addAddress, exact: true }));
    await keys.press("Enter");
    await expect(page.getByLabel(/Ada Lovelace/u)).toBeChecked();
    if (js) await expect(page.getByRole("list", { name: T.contact, exact: true })).toBeFocused();
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: !js });

    // 6. The declined card: the focus is not lost (with JS the reason or the Pay button keeps it).
    await typeInto(page, page.getByLabel(T.cardNumber, { exact: true }), "4000 0000 0000 0002");
    await typeInto(page, page.getByLabel(T.expiry, { exact: true }), "12 / 34");
    await typeInto(page, page.getByLabel(T.cvc, { exact: true }), "123");
    await tabTo(page, page.getByRole("button", { name: T.pay }));
    await keys.press("Enter");
    const declined = page.getByRole("alert").filter({ hasText: T.declined });
    await expect(declined).toBeVisible();
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: !js });

    // 7. 4242…, "Save this card for renewals" with Space, Pay with Enter.
    await typeInto(page, page.getByLabel(T.cardNumber, { exact: true }), "4242 4242 4242 4242");
    await typeInto(page, page.getByLabel(T.cvc, { exact: true }), "123");
    await tabTo(page, page.getByLabel(T.saveCard, { exact: true }));
    await keys.press("Space");
    await expect(page.getByLabel(T.saveCard, { exact: true })).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: T.pay }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/u);
    await expect(page.getByRole("status").filter({ hasText: T.completed })).toBeVisible({ timeout: 20_000 });
    await waitForHydration(page, js);
    await expectFocusClear(page, { bodyAllowed: true });

    // 8. "Go to my domains", the domain, auto-renewal on: with JS the focus stays on the button.
    await tabTo(page, page.getByRole("link", { name: T.myDomains, exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/domains$/u);
    await waitForHydration(page, js);
    await tabTo(page, page.getByRole("main").getByRole("link", { name: domain, exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/dashboard/domains/${domain.replace(/\./gu, "\\.")}$`, "u"));
    await waitForHydration(page, js);
    const autoRenew = page.getByRole("region", { name: T.autoRenew, exact: true });
    await tabTo(page, autoRenew.getByRole("button", { name: T.turnOn, exact: true }));
    await keys.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: T.autoRenewEnabled })).toBeVisible();
    await expect(autoRenew.getByText(T.autoRenewOn, { exact: true })).toBeVisible();
    if (js) await expect(autoRenew.getByRole("button", { name: T.turnOff, exact: true })).toBeFocused();
    await expectFocusClear(page, { bodyAllowed: !js });
    expect(errors).toEqual([]);
  });
});
