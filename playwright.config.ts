import { defineConfig } from "@playwright/test";

// Browsers are never downloaded: the tests drive Debian's Chromium headless shell
// (`apt-get install chromium-headless-shell`), the same Blink as /usr/bin/chromium without the
// desktop browser around it: about 40% less CPU a test (docs/decisions/2026-11-28-headless-shell.md).
// E2E_CHROMIUM names another build (e.g. /usr/bin/chromium) to run the suite in.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";

// E2E_PORT lets a second checkout run its suite beside this one (the lookup worker takes PORT + 1).
const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE_URL = `http://localhost:${PORT}`;
// The lookup upstream fakes (tests/fakes/serve-upstreams.ts) take PORT + 5.
const FAKE_UPSTREAMS_PORT = PORT + 5;

const chromium = {
  executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const desktop = { width: 1280, height: 800 };

/**
 * What a visitor's Chrome sends. The headless shell's own user agent says "HeadlessChrome", which
 * the storefront (isbot) answers as a bot: the whole document at once, never streamed. With this
 * one the js-on project gets what visitors with JavaScript get, streamed documents included, once
 * its pages have set the js=1 cookie (app/server/document-streaming.server.ts).
 */
const VISITOR_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  // One more try in CI only: on a loaded 2-core machine a step can miss its timeout. (It was for
  // wrangler dev's keep-alive race, cloudflare/workers-sdk#14641, before the suite's server ran in
  // one Miniflare instance.) A test that fails twice still fails; the list reports retried ones as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: chromium,
    locale: "en-US",
    colorScheme: "light",
    trace: "off",
    screenshot: "off",
    video: "off",
  },
  projects: [
    // Tests tagged @js-only check a JavaScript enhancement and run only with JavaScript; tests
    // tagged @no-js-only check the plain-HTML path and run only without it. Tests tagged @axe
    // sweep a page's markup with axe, and tests tagged @markup only read what the server sends
    // (a document's text, head and status, a redirect, a feed, robots.txt) and click nothing: the
    // same markup with JavaScript or without (hydration must not change it, the suite's guard
    // fails on a hydration error), so they run once, with JavaScript
    // (docs/decisions/2026-11-28-suite-time.md). Every other test runs in both projects.
    {
      name: "js-on",
      use: { javaScriptEnabled: true, viewport: desktop, userAgent: VISITOR_USER_AGENT },
      grepInvert: /@no-js-only/,
    },
    { name: "js-off", use: { javaScriptEnabled: false, viewport: desktop }, grepInvert: /@js-only|@axe|@markup/ },
  ],
  webServer: [
    {
      // Loopback fakes of the lookup worker's upstreams (RDAP, SSL Labs, DoH) for the tools pages.
      command: "npx tsx tests/fakes/serve-upstreams.ts",
      env: { FAKE_UPSTREAMS_PORT: String(FAKE_UPSTREAMS_PORT) },
      url: `http://127.0.0.1:${FAKE_UPSTREAMS_PORT}/__fake/count`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // `npm test` / `npm run test:e2e` build, migrate and seed first; this only serves the build.
      command: "node scripts/serve.mjs",
      // Both workers in one Miniflare instance: the LOOKUP service binding reaches this server's
      // own lookup worker, whatever else runs on the machine (docs/decisions/2026-11-28-one-server.md).
      env: {
        PORT: String(PORT),
        LOOKUP_UPSTREAMS: `http://127.0.0.1:${FAKE_UPSTREAMS_PORT}`,
        // A copy of the seeded local state on tmpfs: no fsync on each D1 write (scripts/serve.mjs).
        SERVE_STATE: "memory",
      },
      url: `${BASE_URL}/robots.txt`,
      // SIGTERM, not Playwright's default SIGKILL: serve.mjs then stops workerd and removes its
      // tmpfs copy of the state (SERVE_STATE above).
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
