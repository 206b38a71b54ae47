// Constants shared by the bench modules (scripts/bench.mjs). See docs/bench.md.

/** Pages Lighthouse audits (paths on the bench server). Later issues add e.g. "/domain-search?q=example" and "/domain". */
export const LIGHTHOUSE_PATHS = ["/"];

/** The page whose client JS/CSS is counted and that the SSR load run hits. */
export const HOME_PATH = "/";

/** A static file served by the same worker (assets binding), the load run's baseline. */
export const STATIC_PATH = "/favicon.svg";

/** The home page's own pricing call (HOME_TRACKED_TLDS in core/pricing.ts), timed alone through the public API. */
export const PRICING_API = { path: "/api/v1/tld/pricing", body: { tlds: ["com", "net", "org"] } };

/** A home page body only renders this when the pricing call through the lookup worker succeeded (.com price in the seed). */
export const PRICE_MARKER = "$10.44";

/** Targets (PASS/FAIL lines of the report). */
export const TARGETS = {
  jsGzipBytes: 120 * 1024, // client JS loaded by the home page, gzip -9, at most
  lighthouse: { performance: 90, accessibility: 100, "best-practices": 100, seo: 100 }, // at least
  ssrToStaticP50: 4, // SSR home p50 / static asset p50, at most
};

export const LIGHTHOUSE_CATEGORIES = Object.keys(TARGETS.lighthouse);

/** Debian's Chromium (browsers cannot be downloaded here). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for the Chromium that Lighthouse drives (chrome-launcher). */
export const LIGHTHOUSE_CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Flags for the Chromium that Playwright drives to count the loaded assets (Playwright adds --headless). */
export const PLAYWRIGHT_CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The lookup worker's PRICING_LIMITER allows 6000 pricing calls per 60 s per client
 * (workers/lookup/wrangler.toml), and every SSR home page makes one. All bench traffic shares one
 * client key, so the SSR load run is capped well under the limit (warm-up and Lighthouse included).
 */
export const PRICING_LIMIT = { limit: 6000, periodSeconds: 60 };
export const SSR_REQUEST_CAP = 4500;

export const DEFAULTS = {
  port: 8797, // first port tried; the lookup worker takes port + 1
  duration: 10, // seconds per load run
  connections: 10,
  warmupRequests: 50,
  sequentialRequests: 20, // per URL, one connection, before the load runs
  lighthouseRuns: 3, // per URL; the median (by performance score) is reported
};

export const RESULTS_DIR = "bench-results";
