import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * axe-core is itself a script, and it cannot run in a page whose scripts are disabled. For the
 * JavaScript-off project the document exactly as that visitor has it (server markup plus their
 * clicks: open menus, the theme chosen with a form post…) is copied, without any <script>, into
 * a JavaScript-enabled page with the same viewport and colour scheme, and axe analyses that copy.
 */
async function scriptFreeCopy(page: Page): Promise<{ copy: Page; close: () => Promise<void> }> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const dark = await page.locator("html").evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser behind this page");
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    colorScheme: dark ? "dark" : "light",
  });
  const copy = await context.newPage();
  const url = page.url();
  // The document comes from the snapshot; its stylesheet and images from the real server.
  await copy.route(
    (candidate) => candidate.href === url,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(url);
  return { copy, close: () => context.close() };
}

/** Runs axe on the page as it is now; the failure message names each rule and its elements. */
export async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean, view?: string) {
  const target = javaScriptEnabled ? { copy: page, close: async () => {} } : await scriptFreeCopy(page);
  try {
    // A toast fading out (or any finite animation half-way) would be measured at part opacity:
    // let running animations end, then hold every animation still while axe looks.
    await target.copy.evaluate(async () => {
      const midway = document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return (
          timing !== undefined &&
          timing.endTime !== Infinity &&
          typeof timing.progress === "number" &&
          timing.progress > 0 &&
          timing.progress < 1
        );
      });
      await Promise.all(midway.map((animation) => animation.finished.catch(() => undefined)));
      for (const animation of document.getAnimations()) {
        if (animation.playState === "running") {
          animation.pause();
          animation.id = "paused-for-axe";
        }
      }
    });
    // label-content-name-mismatch (WCAG 2.2 2.5.3 "Label in Name") is experimental in axe and off
    // by default: a speech-input user says the words they see, so the name must contain them.
    const { violations } = await new AxeBuilder({ page: target.copy })
      .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
      .analyze();
    await target.copy.evaluate(() => {
      for (const animation of document.getAnimations()) if (animation.id === "paused-for-axe") animation.play();
    });
    const report = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(" ")} — ${node.failureSummary ?? ""}`).join("\n"),
    );
    expect(report, `${view ? `${view}: ` : ""}${report.join("\n")}`).toEqual([]);
  } finally {
    await target.close();
  }
}

/** The phone viewport of the axe sweeps (the desktop one is the projects' own, playwright.config.ts). */
export const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The four views every swept state is checked in: both OS themes, on a desktop and on a phone. */
const AXE_VIEWS = [
  { scheme: "light", size: "desktop", viewport: DESKTOP },
  { scheme: "dark", size: "desktop", viewport: DESKTOP },
  { scheme: "light", size: "phone", viewport: PHONE },
  { scheme: "dark", size: "phone", viewport: PHONE },
] as const;

/**
 * Runs axe on the page as it is now in each of the four views (light and dark OS theme, desktop
 * and phone): the same markup restyled, so one test reaches the state once (signs up, fills the
 * forms) and sweeps it four times, where four tests each reached it for one sweep
 * (docs/decisions/2026-11-28-suite-time.md). The steps before run at the phone size (the
 * tighter layout; every other test clicks at the desktop one), and the page is left so.
 */
export async function expectNoAxeViolationsInEveryView(page: Page, javaScriptEnabled: boolean) {
  try {
    for (const view of AXE_VIEWS) {
      await page.setViewportSize(view.viewport);
      await page.emulateMedia({ colorScheme: view.scheme });
      const name = `${view.scheme} OS theme, ${view.size}`;
      await test.step(`axe, ${name}`, () => expectNoAxeViolations(page, javaScriptEnabled, name));
    }
  } finally {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: null });
  }
}
