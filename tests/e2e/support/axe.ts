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

/**
 * Runs axe on the page as it is now; the failure message names each rule and its elements (and
 * `view`, when given). `rules` limits the sweep to those rules (all of them when absent).
 */
export async function expectNoAxeViolations(
  page: Page,
  javaScriptEnabled: boolean,
  view?: string,
  rules?: readonly string[],
) {
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
    // Legacy mode runs axe.run in the page itself: the default mode opens a blank page, injects
    // axe there again and ships every node's result to it (our pages have no cross-origin frames,
    // which is all that mode adds). Only violations are collected in full (`resultTypes`): passes
    // and incomplete results, which nothing reads, are cut to one node a rule. Together 43 % less
    // time a sweep (docs/bench.md, "npm test run time").
    const builder = new AxeBuilder({ page: target.copy }).setLegacyMode(true);
    const { violations } = await (
      rules
        ? builder.options({ resultTypes: ["violations"] }).withRules([...rules])
        : builder.options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] })
    ).analyze();
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

/**
 * The rules whose answer depends on the colours. The dark theme changes nothing else: the
 * stylesheet's `dark:` variants set only colours (text, background, border, fill, stroke,
 * placeholder), `color-scheme` only the browser's own colours, and no script reads
 * `prefers-color-scheme`; the markup, the layout and what is hidden are those of the light theme
 * at the same size, which the full sweep has checked. A `dark:` variant that shows, hides or
 * resizes something would need the full sweep in the dark views too.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/** The four views every swept state is checked in: both OS themes, on a desktop and on a phone. */
const AXE_VIEWS = [
  { scheme: "light", size: "desktop", viewport: DESKTOP, rules: undefined },
  { scheme: "dark", size: "desktop", viewport: DESKTOP, rules: COLOUR_RULES },
  { scheme: "light", size: "phone", viewport: PHONE, rules: undefined },
  { scheme: "dark", size: "phone", viewport: PHONE, rules: COLOUR_RULES },
] as const;

/**
 * Runs axe on the page as it is now in each of the four views (light and dark OS theme, desktop
 * and phone): the same markup restyled, so one test reaches the state once (signs up, fills the
 * forms) and sweeps it in each view, where four tests each reached it for one sweep
 * (docs/decisions/2026-11-28-suite-time.md). Each size gets the full sweep, its dark theme the
 * colour rules (COLOUR_RULES). The steps before run at the phone size (the tighter layout; every
 * other test clicks at the desktop one), and the page is left so.
 */
export async function expectNoAxeViolationsInEveryView(page: Page, javaScriptEnabled: boolean) {
  try {
    for (const view of AXE_VIEWS) {
      await page.setViewportSize(view.viewport);
      await page.emulateMedia({ colorScheme: view.scheme });
      // The switch starts colour transitions (e.g. `transition` on a card): axe must see their
      // end, not their first frame (a JavaScript-off sweep loads a fresh copy in this view).
      if (javaScriptEnabled) await transitionsDone(page);
      const name = `${view.scheme} OS theme, ${view.size}`;
      await test.step(`axe, ${name}`, () => expectNoAxeViolations(page, javaScriptEnabled, name, view.rules));
    }
  } finally {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: null });
  }
}

/** Waits two frames (the new styles applied), then for every finite animation to end (at most 5 s). */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
}
