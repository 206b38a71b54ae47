// The newcomer's first purchase (issue 19 "Figure") walked by the bench's Chromium with no think
// time, JavaScript on and off: search a fresh name on the home page, add it to the cart, open the
// cart, check out, "Sign up" on the sign-in page, create the account, confirm the seed key, type the
// mailed code (read from the development outbox), add the registrant contact on the checkout, pay
// with a declined card, then with 4242… saved for renewals, until the order page says "Payment
// completed". Timed from the search to that page; every document the tab loads is counted (a
// redirect chain is one load; the no-JS order page reloads itself every 2 s while the payment moves).
import { randomInt } from "node:crypto";
import { freshLabel } from "./catalogue.mjs";
import { isLoopback } from "./assets.mjs";
import { launchLoopbackBrowser } from "./browser.mjs";
import { FIRST_PURCHASE } from "./config.mjs";

const round1 = (n) => Math.round(n * 10) / 10;

async function mailedCode(origin, email) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(new URL(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`, origin));
    const body = await response.json();
    const code = body.data?.messages?.map((message) => /\b(\d{6})\b/u.exec(message.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification code mailed to ${email} (is the development outbox on?)`);
}

/** The walk, step by step; returns each step's page loads and time. */
async function walk({ browser, origin, js, blocked }) {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 1280, height: 800 },
    // Its own client address: the API allows 5 sign-ups per address and hour.
    extraHTTPHeaders: { "cf-connecting-ip": `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  let loads = 0;
  page.on("request", (request) => {
    if (!isLoopback(request.url())) blocked.add(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && !request.redirectedFrom()) loads++;
  });
  const hydrated = async () => {
    if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  };
  const steps = [];
  let stepStart = 0;
  let loadsAtStart = 0;
  const step = async (name, action) => {
    stepStart = performance.now();
    loadsAtStart = loads;
    await action();
    steps.push({ step: name, loads: loads - loadsAtStart, ms: round1(performance.now() - stepStart) });
  };
  try {
    const domain = `${freshLabel("walk", 12)}.com`;
    const username = freshLabel("walk_", 10);
    const email = `${username}@example.com`;
    const password = `Walk-${freshLabel("", 10)}-7Q`;
    await page.goto(new URL("/", origin).href);
    await hydrated();
    const started = performance.now();
    loads = 0;

    await step("search", async () => {
      await page.getByRole("searchbox", { name: "Search for a domain name" }).fill(domain);
      await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("region", { name: `${domain} is available` }).waitFor();
      await hydrated();
    });
    await step("add to cart", async () => {
      await page
        .getByRole("region", { name: `${domain} is available` })
        .getByRole("button", { name: `Add to cart: ${domain}` })
        .click();
      await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item", exact: true }).waitFor();
    });
    await step("open the cart", async () => {
      await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item", exact: true }).click();
      await page.getByRole("link", { name: "Check out", exact: true }).waitFor();
      await hydrated();
    });
    await step("check out (to sign-in)", async () => {
      await page.getByRole("link", { name: "Check out", exact: true }).click();
      await page.waitForURL(/\/signin\?redirect=%2Fcheckout$/u);
      await hydrated();
    });
    await step("'Sign up' link", async () => {
      await page.getByRole("main").getByRole("link", { name: "Sign up", exact: true }).click();
      await page.waitForURL(/\/signup\?redirect=%2Fcheckout$/u);
      await hydrated();
    });
    await step("create the account", async () => {
      await page.getByLabel("Username", { exact: true }).fill(username);
      await page.getByLabel("Email address", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Create account", exact: true }).click();
      await page.waitForURL(/\/createkey\?redirect=%2Fcheckout$/u);
      await hydrated();
    });
    await step("confirm the seed key", async () => {
      const items = page.getByRole("region", { name: "Your seed key" }).getByRole("listitem");
      const words = (await items.allInnerTexts()).map((text) => text.replace(/^\s*\d+\.\s*/u, "").trim());
      for (let position = 1; position <= 12; position++) {
        const field = page.getByLabel(`Word #${position}`, { exact: true });
        if (await field.count()) await field.fill(words[position - 1]);
      }
      await page.getByLabel("I saved my seed key somewhere safe").check();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.waitForURL(/\/verify-email\?redirect=%2Fcheckout$/u);
      await hydrated();
    });
    await step("verify the email", async () => {
      await page.getByLabel("Verification code", { exact: true }).fill(await mailedCode(origin, email));
      await page.getByRole("button", { name: "Verify email", exact: true }).click();
      await page.waitForURL(/\/checkout$/u);
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await hydrated();
    });
    await step("add the contact", async () => {
      const form = page.getByRole("region", { name: "Registrant contact" });
      await form.getByLabel("First name", { exact: true }).fill("Walk");
      await form.getByLabel("Last name", { exact: true }).fill("Bench");
      await form.getByLabel("Address", { exact: true }).fill("1 Edge Street");
      await form.getByLabel("City", { exact: true }).fill("Istanbul");
      await form.getByLabel("Country", { exact: true }).selectOption("TR");
      await form.getByRole("button", { name: "Add address", exact: true }).click();
      await page.getByLabel(/Walk Bench/u).waitFor();
      await hydrated();
    });
    const fillCard = async (number) => {
      await page.getByLabel("Card number", { exact: true }).fill(number);
      await page.getByLabel("Expiry date (MM / YY)", { exact: true }).fill("12 / 34");
      await page.getByLabel("Security code (CVC)", { exact: true }).fill("123");
    };
    await step("pay, declined", async () => {
      await fillCard("4000 0000 0000 0002");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
      await hydrated();
    });
    await step("pay with 4242, saved", async () => {
      await fillCard("4242 4242 4242 4242");
      await page.getByLabel("Save this card for renewals").check();
      await page.getByRole("button", { name: /^Pay / }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "Payment completed. Thank you!" })
        .waitFor({ timeout: FIRST_PURCHASE.orderTimeoutMs });
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    return { js, seconds, pageLoads: loads, steps: steps.length, perStep: steps, errors };
  } finally {
    await context.close().catch(() => {});
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summarise(runs) {
  const last = runs.at(-1);
  return {
    runs: runs.length,
    seconds: {
      median: round1(median(runs.map((run) => run.seconds))),
      min: Math.min(...runs.map((run) => run.seconds)),
      max: Math.max(...runs.map((run) => run.seconds)),
    },
    pageLoads: { median: median(runs.map((run) => run.pageLoads)), max: Math.max(...runs.map((run) => run.pageLoads)) },
    steps: last.steps,
    // The steps that took more than one page load (in the last walk).
    overOneLoad: last.perStep.filter((step) => step.loads > 1).map((step) => `${step.step}: ${step.loads}`),
    perStep: last.perStep,
    errors: [...new Set(runs.flatMap((run) => run.errors))].slice(0, 5),
  };
}

/**
 * `walks` walks per mode (JS on, JS off, interleaved), after one uncounted walk each that warms the
 * server. Every walk has a context of its own, so a cold browser cache, as a newcomer has.
 */
export async function firstPurchaseRun({ origin, walks, track }) {
  const browser = await launchLoopbackBrowser();
  const untrack = track(() => browser.close().catch(() => {}));
  const blocked = new Set();
  try {
    const runs = { on: [], off: [] };
    await walk({ browser, origin, js: true, blocked });
    await walk({ browser, origin, js: false, blocked });
    for (let i = 0; i < walks; i++) {
      runs.on.push(await walk({ browser, origin, js: true, blocked }));
      runs.off.push(await walk({ browser, origin, js: false, blocked }));
    }
    return { walks, jsOn: summarise(runs.on), jsOff: summarise(runs.off), blockedRequests: [...blocked] };
  } finally {
    await browser.close().catch(() => {});
    untrack();
  }
}
