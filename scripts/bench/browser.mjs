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
