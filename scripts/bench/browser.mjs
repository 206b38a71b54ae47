// The Chromium that the browser sections (4 and 5d) drive: Debian's, headless, and reaching
// loopback only, without intercepting requests (interception would delay the document): every
// other host fails to resolve.
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROME_ARGS, PLAYWRIGHT_SIGNALS } from "./config.mjs";

export function launchLoopbackBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...PLAYWRIGHT_SIGNALS,
    args: [...PLAYWRIGHT_CHROME_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
  });
}

const userAgents = new WeakMap();

/**
 * A context that presents itself as a visitor's Chrome: the browser's own user agent with
 * "HeadlessChrome" made "Chrome". The storefront, like every site using `isbot`, takes a headless
 * browser for a bot and answers it as one: the whole document at once, never streamed, cookie or
 * not (app/server/document-streaming.server.ts). The bench measures what visitors get.
 */
export async function newVisitorContext(browser, options = {}) {
  if (!userAgents.has(browser)) {
    const probe = await browser.newContext();
    const page = await probe.newPage();
    userAgents.set(browser, (await page.evaluate(() => navigator.userAgent)).replace("HeadlessChrome", "Chrome"));
    await probe.close();
  }
  return browser.newContext({ ...options, userAgent: userAgents.get(browser) });
}
