// Client JS/CSS bytes the home page loads: what headless Chromium fetches (scripts and
// stylesheets from the page's origin, import()ed chunks included), cross-checked against the
// <script src>, <link rel=modulepreload>, the module script's imports and <link rel=stylesheet>
// of the served HTML.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROME_ARGS, PLAYWRIGHT_SIGNALS } from "./config.mjs";
import { newVisitorContext } from "./browser.mjs";

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

export function isLoopback(url) {
  try {
    const { hostname, protocol } = new URL(url);
    if (protocol === "data:" || protocol === "blob:") return true;
    return ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
  } catch {
    return false;
  }
}

function attr(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The JS/CSS the HTML itself asks for, and the bytes of its inline <script>s. */
export function declaredAssets(html, pageUrl) {
  const declared = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) declared.push({ url: new URL(src, pageUrl).href, type: "script", via: "script[src]" });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload"))
      declared.push({ url: new URL(href, pageUrl).href, type: "script", via: "link[rel=modulepreload]" });
    else if (rel.includes("stylesheet"))
      declared.push({ url: new URL(href, pageUrl).href, type: "stylesheet", via: "link[rel=stylesheet]" });
  }
  // The page's module script (Remix's <Scripts>): the route modules it imports and the entry it
  // import()s. Documents carry their modulepreload hints inert and this script held until the
  // first paint, under another type (app/components/scripts-after-paint.tsx); what these modules import in turn
  // is listed by the cross-check as loaded through the modules.
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\stype\s*=\s*"?(?:module|text\/x-module-after-paint)"/i.test(attrs) || /\ssrc\s*=/i.test(attrs)) continue;
    for (const [, spec] of body.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+\.js)"/g))
      declared.push({ url: new URL(spec, pageUrl).href, type: "script", via: "the module script's imports" });
  }
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\ssrc\s*=/i.test(attrs))
    .map(([, , body]) => body);
  const inlineScripts = {
    count: inline.length,
    raw: Buffer.byteLength(inline.join("")),
    gzip: gzipSize(Buffer.from(inline.join(""))),
  };
  return { declared, inlineScripts };
}

function summarise(files) {
  const total = (type, key) => files.filter((f) => f.type === type).reduce((sum, f) => sum + f[key], 0);
  return {
    js: {
      files: files.filter((f) => f.type === "script").length,
      raw: total("script", "raw"),
      gzip: total("script", "gzip"),
    },
    css: {
      files: files.filter((f) => f.type === "stylesheet").length,
      raw: total("stylesheet", "raw"),
      gzip: total("stylesheet", "gzip"),
    },
  };
}

/**
 * Loads `origin + path` in headless Chromium (loopback only) until the network is idle, then
 * scrolls to the bottom and waits again (chunks imported on scroll are counted too, and marked).
 */
export async function measureAssets({ origin, path, track, cookie }) {
  const pageUrl = new URL(path, origin).href;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: PLAYWRIGHT_CHROME_ARGS,
    ...PLAYWRIGHT_SIGNALS,
  });
  const untrack = track(() => browser.close().catch(() => {}));
  try {
    const context = await newVisitorContext(browser);
    // A signed-in page (issue 25): the session cookie, "name=value", as the browser would hold it.
    if (cookie) {
      const at = cookie.indexOf("=");
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: origin }]);
    }
    const page = await context.newPage();
    const blocked = [];
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (isLoopback(url)) return route.continue();
      blocked.push(url);
      return route.abort("blockedbyclient");
    });
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));

    let phase = "load";
    const pending = [];
    const seen = new Set();
    page.on("response", (response) => {
      const request = response.request();
      const type = request.resourceType();
      const url = response.url();
      if (!["script", "stylesheet"].includes(type) || new URL(url).origin !== new URL(origin).origin || seen.has(url))
        return;
      seen.add(url);
      const at = phase;
      pending.push(
        response.body().then(
          (body) => ({ url, type, status: response.status(), raw: body.length, gzip: gzipSize(body), phase: at }),
          (error) => ({ url, type, status: response.status(), raw: 0, gzip: 0, phase: at, error: String(error) }),
        ),
      );
    });

    const documentResponse = await page.goto(pageUrl, { waitUntil: "networkidle", timeout: 60_000 });
    if (!documentResponse || !documentResponse.ok())
      throw new Error(`${pageUrl} answered ${documentResponse?.status()}`);
    const html = await documentResponse.text();
    if (cookie && new URL(page.url()).pathname !== new URL(pageUrl).pathname)
      throw new Error(`${pageUrl} ended on ${page.url()}: the session was not accepted`);
    phase = "scroll";
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const files = await Promise.all(pending);

    // Cross-check with the HTML: anything it declares that the browser did not fetch is fetched
    // and counted too; anything fetched but not declared was import()ed at run time.
    const { declared, inlineScripts } = declaredAssets(html, pageUrl);
    const loaded = new Set(files.map((f) => f.url));
    const declaredUrls = new Set(declared.map((d) => d.url));
    const notLoaded = [];
    for (const d of declared) {
      if (loaded.has(d.url) || new URL(d.url).origin !== new URL(origin).origin) continue;
      const response = await fetch(d.url);
      const body = Buffer.from(await response.arrayBuffer());
      notLoaded.push(d.url);
      files.push({
        url: d.url,
        type: d.type,
        status: response.status,
        raw: body.length,
        gzip: gzipSize(body),
        phase: "declared-only",
      });
    }
    for (const f of files) {
      f.path = new URL(f.url).pathname;
      f.via = declared.find((d) => d.url === f.url)?.via ?? (f.phase === "declared-only" ? "declared" : "import()");
    }
    files.sort((a, b) => a.type.localeCompare(b.type) || b.gzip - a.gzip);

    const htmlBuffer = Buffer.from(html);
    return {
      url: pageUrl,
      ...summarise(files),
      files,
      html: { raw: htmlBuffer.length, gzip: gzipSize(htmlBuffer), inlineScripts },
      crossCheck: {
        declaredInHtml: declared.length,
        importedAtRunTime: files.filter((f) => !declaredUrls.has(f.url)).map((f) => f.path),
        declaredButNotLoaded: notLoaded.map((u) => new URL(u).pathname),
      },
      blockedRequests: blocked,
      consoleErrors,
    };
  } finally {
    await browser.close().catch(() => {});
    untrack();
  }
}
