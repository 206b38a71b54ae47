// /domain-search?q=<fresh name>.com in headless Chromium: time to first byte and the time until the
// exact match ([data-testid="exact-match"]) is on screen, for a browser that has the `js=1` cookie
// (app/entry.server.tsx streams the document to it) and for one without (the whole document is
// held until every part, the whole-catalogue check included, is ready: the no-JS path). Both
// present a visitor's Chrome (newVisitorContext): a "HeadlessChrome" user agent is a bot to the
// storefront, which never streams to bots, so with it both modes would measure the no-JS path.
import http from "node:http";
import { freshLabel } from "./catalogue.mjs";
import { isLoopback } from "./assets.mjs";
import { launchLoopbackBrowser, newVisitorContext } from "./browser.mjs";
import { SEARCH_PAGE } from "./config.mjs";

// Runs in the page before any of its own scripts: notes (performance.now(), ms since navigation
// start, like the navigation entry) when the exact match is first in the DOM, and the first
// animation frame in which it has a box and is visible. Chromium runs no frame while the
// render-blocking stylesheet is pending, so that frame is also after the CSS; it is only shown
// once the first contentful paint happened (see exactOnScreen below).
const OBSERVER = `(() => {
  const bench = (window.__bench = { exactAttached: null, exactVisible: null, allResultsAttached: null });
  const watchVisible = (el) => {
    const frame = () => {
      const box = el.getBoundingClientRect();
      if (el.isConnected && box.height > 0 && (el.checkVisibility ? el.checkVisibility() : true)) bench.exactVisible = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const look = () => {
    if (bench.exactAttached === null) {
      const el = document.querySelector(${JSON.stringify(SEARCH_PAGE.exactSelector)});
      if (el) {
        bench.exactAttached = performance.now();
        watchVisible(el);
      }
    }
    if (bench.allResultsAttached === null && document.querySelector(${JSON.stringify(SEARCH_PAGE.allResultsSelector)})) bench.allResultsAttached = performance.now();
    return bench.exactAttached !== null && bench.allResultsAttached !== null;
  };
  const observer = new MutationObserver(() => {
    if (look()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const median = (values) => {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (n) => (n == null ? null : Math.round(n * 10) / 10);

async function loadOnce(context, url, blocked) {
  const page = await context.newPage();
  const consoleErrors = [];
  page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    if (!isLoopback(request.url())) blocked.add(request.url());
  });
  try {
    const response = await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    // Playwright's own check that the exact match is visible, then the observer's precise times,
    // once the document is parsed and painted (not waiting for hydration or the load event).
    await page.waitForSelector(SEARCH_PAGE.exactSelector, { state: "visible", timeout: 30_000 });
    await page.waitForFunction(
      () =>
        window.__bench?.exactVisible != null &&
        document.readyState !== "loading" &&
        performance.getEntriesByName("first-contentful-paint").length > 0 &&
        performance.getEntriesByType("navigation")[0]?.responseEnd > 0,
      null,
      { timeout: 30_000 },
    );
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      return {
        requestStart: nav.requestStart,
        responseStart: nav.responseStart,
        responseEnd: nav.responseEnd,
        domInteractive: nav.domInteractive,
        transferSize: nav.transferSize,
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        ...window.__bench,
        exactHeading: document.querySelector("#exact-title")?.textContent?.trim() ?? null,
      };
    });
    // On screen: the first painted frame that holds it. Chromium defers showing frames until the
    // first contentful paint, so when it was in the DOM before FCP, that is FCP (or later).
    const { exactAttached: attached, exactVisible: frame, firstContentfulPaint: fcp } = timing;
    const exactOnScreen = fcp != null && attached <= fcp ? Math.max(fcp, frame) : frame;
    return {
      ...timing,
      exactOnScreen,
      bodyMs: timing.responseEnd - timing.responseStart,
      status: response.status(),
      consoleErrors,
    };
  } finally {
    await page.close().catch(() => {});
  }
}

function summarise(mode, loads) {
  const pick = (key) => loads.map((l) => l[key]);
  return {
    mode,
    loads: loads.length,
    median: {
      ttfb: round1(median(pick("responseStart"))),
      exactAttached: round1(median(pick("exactAttached"))),
      exactVisible: round1(median(pick("exactVisible"))),
      exactOnScreen: round1(median(pick("exactOnScreen"))),
      allResultsAttached: round1(median(pick("allResultsAttached"))),
      documentEnd: round1(median(pick("responseEnd"))),
      bodyMs: round1(median(pick("bodyMs"))), // first to last byte of the document: long when parts are streamed in later
      firstContentfulPaint: round1(median(pick("firstContentfulPaint"))),
      domInteractive: round1(median(pick("domInteractive"))),
    },
    range: Object.fromEntries(
      ["responseStart", "exactOnScreen"].map((key) => {
        const values = pick(key).filter((v) => v != null);
        return [
          key === "responseStart" ? "ttfb" : key,
          values.length ? [round1(Math.min(...values)), round1(Math.max(...values))] : null,
        ];
      }),
    ),
    // The exact match was in the DOM before the last byte of the document arrived (a long body
    // that is streamed; a whole document larger than one network read can also do it, by a few ms).
    exactBeforeDocumentEnd: loads.filter(
      (l) => l.exactAttached != null && l.responseEnd != null && l.exactAttached < l.responseEnd,
    ).length,
    exactHeading: loads[0]?.exactHeading ?? null,
    consoleErrors: [...new Set(loads.flatMap((l) => l.consoleErrors))].slice(0, 5),
    runs: loads.map(({ consoleErrors, exactHeading, ...rest }) =>
      Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === "number" ? round1(v) : v])),
    ),
  };
}

/**
 * The floor of "on screen" (issue 25: each figure beside its floor, in the same run): the same
 * browser, method and new tab showing a minimal document, the exact match's heading alone under
 * the storefront's own stylesheet, answered at once by a loopback server of the bench. What it
 * takes is what Chromium on this machine needs to show anything; the pages' figures less it is
 * what the storefront's bytes, markup and scripts add.
 */
async function startFloorServer(origin) {
  const page = await (await fetch(new URL(`${SEARCH_PAGE.path}floor-bench.com`, origin))).text();
  const stylesheet = page.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
  const css = stylesheet ? Buffer.from(await (await fetch(new URL(stylesheet, origin))).arrayBuffer()) : null;
  const document = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/><title>floor-bench.com</title>',
    css ? '<link rel="stylesheet" href="/floor.css"/>' : "",
    `</head><body><main><h1 data-testid="exact-match">floor-bench.com is available</h1>`,
    '<div data-testid="all-results"></div></main></body></html>',
  ].join("");
  const server = http.createServer((request, response) => {
    if (request.url === "/floor.css" && css) {
      response.writeHead(200, { "Content-Type": "text/css", "Cache-Control": "public, max-age=31536000, immutable" });
      response.end(css);
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(document);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    url: () => `http://127.0.0.1:${server.address().port}/?${freshLabel()}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * `loads` loads per mode, interleaved (with cookie, without, with, …), each with its own fresh
 * random name so the server has nothing cached for it. One context per mode, warmed by one
 * uncounted load, so the stylesheet and scripts come from the browser cache as on a second visit;
 * cookies are reset before every load (the page's own script sets `js=1` once it runs).
 */
export async function measureSearchPage({ origin, loads, track }) {
  const browser = await launchLoopbackBrowser();
  const untrack = track(() => browser.close().catch(() => {}));
  const blocked = new Set();
  const floor = await startFloorServer(origin);
  try {
    const pageUrl = () => new URL(`${SEARCH_PAGE.path}${freshLabel()}.com`, origin).href;
    const modes = [
      { mode: "with js=1 cookie", cookie: true, url: pageUrl },
      { mode: "without cookie (no-JS path)", cookie: false, url: pageUrl },
      { mode: "floor: a minimal document", cookie: false, url: floor.url },
    ];
    for (const m of modes) {
      m.context = await newVisitorContext(browser);
      await m.context.addInitScript(OBSERVER);
      m.loads = [];
    }
    const prepare = async (m) => {
      await m.context.clearCookies();
      if (m.cookie) await m.context.addCookies([{ name: "js", value: "1", url: origin }]);
    };
    for (const m of modes) {
      await prepare(m);
      await loadOnce(m.context, m.url(), blocked); // warm-up, not counted
    }
    for (let i = 0; i < loads; i++) {
      for (const m of modes) {
        await prepare(m);
        m.loads.push(await loadOnce(m.context, m.url(), blocked));
      }
    }
    return {
      path: `${SEARCH_PAGE.path}<fresh name>.com`,
      loadsPerMode: loads,
      withCookie: summarise(modes[0].mode, modes[0].loads),
      withoutCookie: summarise(modes[1].mode, modes[1].loads),
      floor: summarise(modes[2].mode, modes[2].loads),
      blockedRequests: [...blocked],
    };
  } finally {
    await browser.close().catch(() => {});
    await floor.close();
    untrack();
  }
}
