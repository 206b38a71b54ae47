import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from "@playwright/test";
import en from "../../../app/i18n/en";
import { LAZY_NAMESPACES } from "../../../app/i18n/namespaces";

/**
 * The suite's `test` and `expect`: every spec imports them from here, never from
 * "@playwright/test". An automatic fixture watches every page of the test — the `page` fixture,
 * popups and further pages of its context, and pages of any context the test opens with
 * `browser.newContext()` — and, once the test body is done, fails the test if:
 *
 * 1. A page threw an uncaught error (`pageerror`: a React hydration error #418/#423/#425, a bug
 *    in an event handler…).
 * 2. A page logged a console error (React's warnings, a CSP violation, a resource that failed to
 *    load…). One kind is allowed, narrowly: Chromium logs "Failed to load resource: the server
 *    responded with a status of 4xx" for every 4xx response, including those a test asks for on
 *    purpose. That message is allowed only when the response it names is
 *    - the main frame's document (a navigation: the test opened a 404 page, or a JavaScript-off
 *      form post answered 400 with its validation errors, or 429), or
 *    - the answer to a non-GET request (a form submission made by JavaScript — a Remix fetcher or
 *      `<Form>` action answering 400 with field errors, 401, 409, 429…: the app sends those
 *      statuses on purpose and shows them).
 *    - with JavaScript, the data of a client-side navigation to a page the main frame then shows
 *      (Remix's single fetch loads `/path.data?query&_routes=…` for the page `/path?query`, `/_root.data`
 *      for `/`): the same answer as that page's document, e.g. a `<Form method="get">` whose
 *      result page answers 400 for a name that cannot be transferred.
 *   A GET of anything else that answers 4xx (a stylesheet, an image, `/favicon.ico`, a fetcher's
 *   or a resource route's data, a JSON fetch) and every 5xx still fail the test.
 * 3. The rendered text shows a raw translation key: the page's visible text (`innerText`), its
 *    title, and the `aria-label`, `placeholder`, `title` and `alt` attributes are checked after
 *    each page load and at the end of the test, for every dotted key path of the English
 *    resources (app/i18n/en.ts and every namespace; tr.ts has the same keys, resources.test.ts
 *    checks that), e.g. "cart.icannFees": i18next shows the key when a text or a whole namespace
 *    is missing. Left out are keys shaped like a domain name (lowercase labels ending in an
 *    extension of the catalogue, e.g. "blog.by", "dns.ms"), which a page may show as a name.
 *
 * One kind of error is not counted under 1 and 2: a load cancelled by its AbortSignal.
 * - Any AbortError raised while the main frame is being left: a document request of the main
 *   frame (a reload, `goto`, a JavaScript-off form post) has started and the next document has
 *   not yet replaced the page; the browser cancels the leaving page's fetches.
 * - "AbortError: signal is aborted without reason" at any time: React Router aborts the loads of
 *   a navigation or submission that a newer one interrupts (`controller.abort()`, no reason; our
 *   own code aborts only the sign-up name check, whose rejection it catches), and under single
 *   fetch that rejection can reach an error boundary, which React logs
 *   (remix-run/react-router#14203, remix-run/react-router#14761 open). The newer load then
 *   replaces the page; the test's own assertions check the page the visitor ends on.
 */

type Check = { problems: string[]; finish: () => Promise<void> };

/** "header.cartWithCount_one" is shown as "header.cartWithCount" when missing. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/u;
const DOMAIN_SHAPED = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/u;
/** Runs of word characters joined by dots: the candidates looked up among the keys. */
const DOTTED = /[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+/gu;

function keyPaths(resources: Record<string, unknown>, prefix: string, into: Set<string>) {
  for (const [name, value] of Object.entries(resources)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") into.add(path.replace(PLURAL_SUFFIX, ""));
    else if (value && typeof value === "object") keyPaths(Object.fromEntries(Object.entries(value)), path, into);
  }
}

async function translationKeys(): Promise<Set<string>> {
  const all = new Set<string>();
  keyPaths(en, "", all);
  for (const ns of LAZY_NAMESPACES) {
    const module: { default: Record<string, unknown> } = await import(`../../../app/i18n/namespaces/${ns}.en.ts`);
    keyPaths(module.default, "", all);
  }
  const extensions = new Set(
    readFileSync(resolve("data/tld-prices.csv"), "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.split(",")[0])
      .filter(Boolean),
  );
  const keys = new Set<string>();
  for (const key of all) {
    if (!key.includes(".")) continue;
    if (DOMAIN_SHAPED.test(key) && extensions.has(key.slice(key.lastIndexOf(".") + 1))) continue;
    keys.add(key);
  }
  return keys;
}

/** The URL without its fragment, its query encoded one way (as URLSearchParams writes it). */
function withoutFragment(href: string): string {
  const url = new URL(href);
  url.hash = "";
  url.search = new URLSearchParams(url.search).toString();
  return url.href;
}

/** How Chromium words a fetch cancelled through its AbortSignal. */
const ABORTED = /\bAbortError\b|signal is aborted without reason/u;
/** React Router's interruption of an older navigation's loads (see the rule above). */
const INTERRUPTED = /^(AbortError: )?signal is aborted without reason/u;
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/u;

function watch(keys: Set<string>): Check & { context: (context: BrowserContext) => void } {
  const problems: string[] = [];
  const contexts = new WeakSet<BrowserContext>();
  const pages: Page[] = [];
  const pending = new Set<Promise<void>>();
  /** "status url" of 4xx answers the test may have asked for on purpose (see rule 2 above). */
  const deliberate = new Set<string>();
  const failedLoads: { status: string; url: string; text: string }[] = [];
  const reported = new Set<string>();

  const report = (problem: string) => {
    if (reported.has(problem)) return;
    reported.add(problem);
    problems.push(problem);
  };

  /** Every URL the main frames showed, client-side navigations included (no fragment). */
  const shown = new Set<string>();
  /** 4xx GETs of single-fetch data (`….data`): deliberate if their page was then shown. */
  const pageData = new Map<string, string>();

  const isDeliberate = (request: Request, page: Page) =>
    (request.isNavigationRequest() && request.frame() === page.mainFrame()) || request.method() !== "GET";

  /** `/domain/transfer.data?domain=x&_routes=…` → `/domain/transfer?domain=x`; null if not page data. */
  const pageOfData = (href: string): string | null => {
    const url = new URL(href);
    if (!url.pathname.endsWith(".data")) return null;
    const path = url.pathname.slice(0, -".data".length);
    url.pathname = path === "/_root" ? "/" : path;
    url.searchParams.delete("_routes");
    return withoutFragment(url.href);
  };

  const scan = async (page: Page, when: string) => {
    if (page.isClosed()) return;
    // A page that navigated or closed meanwhile answers nothing (the next load or the end of the
    // test looks again); one stuck behind a dialog is given up on rather than hang the teardown.
    const giveUp = new AbortController();
    const texts = await Promise.race([
      page
        .evaluate(() => {
          const shown = [document.title, document.body?.innerText ?? ""];
          for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")) {
            for (const name of ["aria-label", "placeholder", "title", "alt"]) {
              const value = element.getAttribute(name);
              if (value) shown.push(value);
            }
          }
          return shown;
        })
        .catch(() => undefined),
      delay(5_000, undefined, { signal: giveUp.signal }).catch(() => undefined),
    ]);
    giveUp.abort();
    for (const text of texts ?? []) {
      for (const [candidate] of text.matchAll(DOTTED)) {
        if (keys.has(candidate)) report(`raw translation key "${candidate}" on ${page.url()} (${when})`);
      }
      if (text.includes("returned an object instead of string"))
        report(`i18next object key on ${page.url()} (${when}): ${text.slice(0, 200)}`);
    }
  };

  const onPage = (page: Page) => {
    if (pages.includes(page)) return;
    pages.push(page);
    /** A main-frame document request is on the way: the page shown now is being left. */
    let leaving = false;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) leaving = true;
    });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) leaving = false;
    });
    page.on("pageerror", (error) => {
      const text = `${error.name}: ${error.message}`;
      if ((leaving && ABORTED.test(text)) || INTERRUPTED.test(text)) return;
      report(`pageerror on ${page.url()}: ${error.message}`);
    });
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if ((leaving && ABORTED.test(text)) || INTERRUPTED.test(text)) return;
      const failed = FAILED_RESOURCE.exec(text);
      if (failed?.[1]?.startsWith("4")) failedLoads.push({ status: failed[1], url: message.location().url, text });
      else
        report(
          `console error on ${page.url()}: ${text}${message.location().url ? ` (${message.location().url})` : ""}`,
        );
    });
    page.on("response", (response) => {
      if (response.status() < 400 || response.status() >= 500) return;
      const request = response.request();
      if (isDeliberate(request, page)) deliberate.add(`${response.status()} ${response.url()}`);
      else if (request.frame() === page.mainFrame()) {
        const target = pageOfData(response.url());
        if (target) pageData.set(`${response.status()} ${response.url()}`, target);
      }
    });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) shown.add(withoutFragment(frame.url()));
    });
    page.on("load", () => {
      const done = scan(page, "after a page load");
      pending.add(done);
      void done.finally(() => pending.delete(done));
    });
  };

  const context = (target: BrowserContext) => {
    if (contexts.has(target)) return;
    contexts.add(target);
    for (const page of target.pages()) onPage(page);
    target.on("page", onPage);
  };

  const finish = async () => {
    await Promise.all(pending);
    await Promise.all(pages.map((page) => scan(page, "at the end of the test")));
    for (const [answer, target] of pageData) if (shown.has(target)) deliberate.add(answer);
    for (const { status, url, text } of failedLoads) {
      if (!deliberate.has(`${status} ${url}`)) report(`console error: ${text} (${url})`);
    }
  };

  return { problems, finish, context };
}

export const test = base.extend<{ pageGuard: void }, { translationKeys: Set<string> }>({
  translationKeys: [
    async ({}, use) => {
      await use(await translationKeys());
    },
    { scope: "worker" },
  ],
  pageGuard: [
    async ({ browser, context, translationKeys: keys }, use) => {
      const guard = watch(keys);
      guard.context(context);
      browser.on("context", guard.context);
      try {
        await use();
      } finally {
        browser.off("context", guard.context);
      }
      await guard.finish();
      if (guard.problems.length > 0) {
        throw new Error(
          `The pages of this test logged errors or showed raw translation keys:\n  - ${guard.problems.join("\n  - ")}`,
        );
      }
    },
    { auto: true },
  ],
});

export { expect };
