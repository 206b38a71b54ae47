// `npm run bench`: builds and seeds (unless --no-setup), starts the built storefront on a free
// loopback port, measures the home page (client JS/CSS bytes, Lighthouse mobile scores, SSR vs
// static latency under load), the domain-search and pricing pages (Lighthouse), the whole-catalogue
// availability check API, /domain-search in a browser (TTFB, exact match, JS bytes), the sign-in
// API and the password hash time (PBKDF2 in Node), and since issue 25 the signed-in pages
// (Lighthouse, with a customer made through the API), every route's JS from the built manifest,
// and each latency target beside its floor measured in the same run; prints a
// report, writes bench-results/bench.json and stops the server. Exit 0 whenever the figures were
// measured, PASS or FAIL; non-zero when the bench itself could not run. How to read the figures:
// docs/bench.md.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { measureAssets } from "./bench/assets.mjs";
import { catalogueCheckRun, freshLabel } from "./bench/catalogue.mjs";
import {
  CATALOGUE_CHECK,
  CHECKOUT,
  DEFAULTS,
  FIRST_PURCHASE,
  HASH_TIME,
  HOME_PATH,
  LIGHTHOUSE_PATHS,
  PAGE_CACHE_REQUESTS,
  PRICE_MARKER,
  PRICING_API,
  RESULTS_DIR,
  ROUTE_BYTES,
  SIGNED_IN,
  SEARCH_PAGE,
  SIGNIN,
  SSR_REQUEST_CAP,
  STATIC_PATH,
} from "./bench/config.mjs";
import { machineContext } from "./bench/context.mjs";
import { runLighthouse } from "./bench/lighthouse.mjs";
import { cacheComparison, loadRun, sequentialRun, warmUp } from "./bench/load.mjs";
import { formatFirstPurchase, formatReport, targetRows } from "./bench/report.mjs";
import { firstPurchaseRun } from "./bench/first-purchase.mjs";
import { measureSearchPage } from "./bench/search-page.mjs";
import { findFreePort, runNpm, snapshotProject, startServer } from "./bench/server.mjs";
import { checkoutRun } from "./bench/checkout.mjs";
import { hashTimeRun, signinRun } from "./bench/signin.mjs";
import { formatWhois } from "./bench/report.mjs";
import { startFakes, whoisRun } from "./bench/whois.mjs";
import { benchAccount, domainsRun, DOMAINS } from "./bench/domains.mjs";
import { dnsRun, formatDns } from "./bench/dns.mjs";
import { eppRun, formatEpp } from "./bench/epp.mjs";
import { pbkdf2FloorRun } from "./bench/pbkdf2-floor.mjs";
import { lazyRouteDiscovery, pageRunTimeImports, routeBytes, routeForPath } from "./bench/route-bytes.mjs";
import { seedCustomer, signedInPaths, stayedSignedIn, webSessionCookie } from "./bench/signed-in.mjs";
import { readFileSync } from "node:fs";

const USAGE = `Usage: npm run bench -- [--no-setup] [--in-place] [--duration <s>] [--connections <n>] [--lighthouse-runs <n>]
                      [--check-requests <n>] [--search-loads <n>] [--signin-requests <n>] [--port <n>] [--only whois|domains|first-purchase|…]

  --no-setup             skip \`npm run setup\` (build, local migrations, seed); use the existing build
  --in-place             serve from the working tree itself, not a private snapshot of it (see docs/bench.md)
  --duration <s>         seconds per load run (default ${DEFAULTS.duration}; 1 to 60)
  --connections <n>      autocannon connections (default ${DEFAULTS.connections}; 1 to 100)
  --lighthouse-runs <n>  Lighthouse runs per URL, the median is reported (default ${DEFAULTS.lighthouseRuns}; 1 to 9)
  --check-requests <n>   catalogue-check requests with fresh keywords (default ${DEFAULTS.checkRequests}; 20 to 1000);
                         each seeded keyword (${CATALOGUE_CHECK.seeded.join(", ")}) gets half as many
  --search-loads <n>     /domain-search loads per mode in Chromium, the median is reported (default ${DEFAULTS.searchLoads}; 1 to 30)
  --signin-requests <n>  successful sign-in API logins timed (default ${DEFAULTS.signinRequests}; 20 to 1000), beside
                         ${SIGNIN.wrongPassword} with a wrong password and ${SIGNIN.unknownUser} with an unknown username
  --port <n>             first port tried for the server (default ${DEFAULTS.port}); the lookup worker takes port + 1,
                         the lookup upstream fakes the first free pair from port + 10
  --only whois           run only the WHOIS section (cache-hit latency, upstream calls saved)
  --only domains         only the my-domains section (10,000 domains, 100,000 DNS records seeded into the snapshot)
  --only dns             only the DNS hosting section (save → answered over /dns-query; PowerDNS on loopback)
  --only epp             only the EPP gateway section (issue 23): whole-catalogue checks through the gateway to a
                         loopback EPP test server, logins per 1,000 commands, order → completed vs the simulated registry
  --only ssr             only the SSR/static load section (6), with the page cache's cached vs rendered times
  --only lighthouse      only the Lighthouse section (2), public pages
  --only signed-in       only Lighthouse on the signed-in pages (2b): a customer with a domain, a VPS, invoices
                         and a cart line is made through the API, its session cookie sent by Lighthouse
  --only assets          only the home page's JS/CSS bytes (1)
  --only route-bytes     only the JS of every route from the built manifest (1b), cross-checked in Chromium
  --only search          only /domain-search in Chromium (4): exact match on screen, with and without the JS cookie
  --only signin          only the sign-in API (5) beside its floor (two PBKDF2 verifications in workerd),
                         and the hash time in Node
  --only first-purchase  only the newcomer's first purchase walked in Chromium, JS on and off (seconds, page loads)`;

function options() {
  const { values } = parseArgs({
    options: {
      "no-setup": { type: "boolean", default: false },
      "in-place": { type: "boolean", default: false },
      duration: { type: "string" },
      connections: { type: "string" },
      "lighthouse-runs": { type: "string" },
      "check-requests": { type: "string" },
      "search-loads": { type: "string" },
      "signin-requests": { type: "string" },
      port: { type: "string" },
      only: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name, fallback, min, max) => {
    if (values[name] === undefined) return fallback;
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return n;
  };
  return {
    setup: !values["no-setup"],
    inPlace: values["in-place"],
    duration: int("duration", DEFAULTS.duration, 1, 60),
    connections: int("connections", DEFAULTS.connections, 1, 100),
    lighthouseRuns: int("lighthouse-runs", DEFAULTS.lighthouseRuns, 1, 9),
    checkRequests: int("check-requests", DEFAULTS.checkRequests, 20, 1000),
    searchLoads: int("search-loads", DEFAULTS.searchLoads, 1, 30),
    signinRequests: int("signin-requests", DEFAULTS.signinRequests, 20, 1000),
    port: int("port", DEFAULTS.port, 1024, 65000),
    only: onlySection(values.only),
  };
}

let interrupted = false;
// Everything that must be undone if the bench stops early (server, browsers, load runs).
const cleanups = new Set();
const track = (fn) => {
  if (interrupted) {
    // Started while the bench is being interrupted: undo it right away.
    Promise.resolve()
      .then(fn)
      .catch(() => {});
    return () => {};
  }
  const entry = { fn };
  cleanups.add(entry);
  return () => cleanups.delete(entry);
};
async function cleanUp() {
  for (const entry of [...cleanups].reverse()) {
    cleanups.delete(entry);
    try {
      await entry.fn();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and browsers…`);
    await cleanUp();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

// Killing a browser mid-run (on SIGINT) makes Lighthouse reject promises nobody awaits: ignore
// those while interrupted; otherwise an error nobody caught ends the bench, servers stopped.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, async (error) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`bench failed (${event}):`, error);
    await cleanUp();
    process.exit(1);
  });
}

const checkpoint = () => {
  if (interrupted) throw new Error("interrupted");
};
const step = (text) => {
  checkpoint();
  console.log(`› ${text}`);
};
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const errorText = (error) => (error instanceof Error ? error.message : String(error));

const ONLY = [
  "domains",
  "dns",
  "epp",
  "whois",
  "ssr",
  "lighthouse",
  "signed-in",
  "assets",
  "route-bytes",
  "search",
  "signin",
  "first-purchase",
];
// --only values whose figures print in the main report (sections 1–6 and the Targets table).
const MAIN_REPORT = ["ssr", "lighthouse", "signed-in", "assets", "route-bytes", "search", "signin"];

/** The compatibility date of the storefront worker (wrangler.toml), for the PBKDF2 floor worker. */
function compatibilityDate(cwd) {
  const toml = readFileSync(path.join(cwd, "wrangler.toml"), "utf8");
  return /^compatibility_date\s*=\s*"([^"]+)"/mu.exec(toml)?.[1] ?? "2025-09-01";
}

function onlySection(value) {
  if (value === undefined) return null;
  if (!ONLY.includes(value))
    throw new Error(
      `--only takes ${ONLY.map((name) => JSON.stringify(name)).join(", ")} (got ${JSON.stringify(value)})`,
    );
  return value;
}

/** The my-domains section (issue 14): seeds the snapshot's D1, then times the list page, a DNS save, a zone export. */
async function domainsSection(report, { origin, cwd, root }) {
  step(
    `my domains: seeding ${DOMAINS.domains.toLocaleString("en")} domains and ${DOMAINS.records.toLocaleString("en")} DNS records (wrangler d1 execute --local), then /dashboard/domains (first page, ?q=, ?sort=) ${DOMAINS.listRequests}× each, ${DOMAINS.saves} DNS record saves, ${DOMAINS.exports} exports of a ${DOMAINS.bigZone}-record zone…`,
  );
  const started = Date.now();
  try {
    checkpoint();
    if (cwd === root)
      throw new Error("the domains section writes 110,000 rows: it runs in a snapshot only (drop --in-place)");
    const account = await benchAccount(origin);
    report.domains = await domainsRun({ origin, cwd, account, track, logDir: path.resolve(RESULTS_DIR) });
  } catch (error) {
    report.domains = { error: errorText(error) };
    report.errors.push(`domains: ${errorText(error)}`);
  }
  report.domains.seconds = seconds(started);
}

function formatDomains(domains) {
  if (!domains || domains.error) return `My domains: not measured (${domains?.error ?? "skipped"})`;
  const row = (label, s) =>
    `  ${label.padEnd(44)} p50 ${String(s.p50).padStart(8)} ms   p95 ${String(s.p95).padStart(8)} ms   max ${String(s.max).padStart(8)} ms   (n=${s.count})`;
  return [
    `My domains (${domains.domains.toLocaleString("en")} domains, ${domains.records.toLocaleString("en")} DNS records in one account; seeded in ${domains.seedSeconds} s)`,
    row("GET /dashboard/domains (first page)", domains.list.first),
    row("GET /dashboard/domains?q=<one name>", domains.list.filter),
    row("GET /dashboard/domains?sort=-expires", domains.list.sort),
    row("POST /api/v1/dns/domains/{d}/records (save)", domains.save),
    row("GET …/{d}/dns/zone (export, 1,000 records)", domains.export),
  ].join("\n");
}

async function main() {
  let opts;
  try {
    opts = options();
  } catch (error) {
    console.error(`${errorText(error)}\n\n${USAGE}`);
    return 2;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const jsonPath = path.join(RESULTS_DIR, "bench.json");
  const report = { context: machineContext(), options: opts, setup: { skipped: !opts.setup }, errors: [], jsonPath };
  step(`${report.context.cores} cores, Node ${report.context.node}, Chromium ${report.context.chromium}`);

  let server;
  try {
    const root = process.cwd();
    const setupLog = path.resolve(RESULTS_DIR, "setup.log");
    writeFileSync(setupLog, "");
    if (opts.setup) {
      step(`npm run setup (log: ${path.relative(root, setupLog)})…`);
      const started = Date.now();
      await runNpm("setup", { cwd: root, logFile: setupLog, track });
      report.setup.seconds = seconds(started);
    }

    let cwd = root;
    if (!opts.inPlace) {
      step("snapshot of the built project, with its own local database (db:migrate + db:seed)…");
      const started = Date.now();
      const snapshot = await snapshotProject(root, track);
      cwd = snapshot.dir;
      await runNpm("db:migrate", { cwd, logFile: setupLog, track });
      await runNpm("db:seed", { cwd, logFile: setupLog, track });
      report.snapshot = { dir: cwd, seconds: seconds(started) };
    }

    // Loopback fakes of the lookup worker's upstreams (RDAP, SSL Labs, DoH, PageSpeed) for the WHOIS
    // section; the server's lookup worker is pointed at them (LOOKUP_UPSTREAMS, as README explains).
    const fakesPort = await findFreePort(opts.port + 10);
    const fakes = await startFakes({ cwd, port: fakesPort });
    track(() => fakes.stop());
    const port = await findFreePort(opts.port);
    const logFile = path.resolve(RESULTS_DIR, "server.log");
    step(`starting node scripts/serve.mjs on port ${port} (log: ${path.relative(root, logFile)})…`);
    const started = Date.now();
    server = await startServer({ cwd, port, logFile, env: { LOOKUP_UPSTREAMS: fakes.url } });
    const untrackServer = track(() => server.stop());
    report.server = {
      origin: server.origin,
      port,
      lookupPort: server.lookupPort,
      readySeconds: seconds(started),
      log: path.relative(root, logFile),
    };
    const home = new URL(HOME_PATH, server.origin).href;
    {
      const response = await fetch(home);
      const body = await response.text();
      report.server.preflight = { status: response.status, hasPrice: body.includes(PRICE_MARKER) };
      if (!response.ok) throw new Error(`GET ${HOME_PATH} answered ${response.status} before any measurement`);
    }

    if (opts.only === "domains") {
      await domainsSection(report, { origin: server.origin, cwd, root });
      step("stopping the server…");
      await server.stop();
      untrackServer();
      return finishOnly(report, jsonPath);
    }
    // The signed-in customer (issue 25), made once when a section needs it: sections 1b and 2b.
    let customer = null;
    const signedInCustomer = async () => {
      if (customer) return customer;
      step(
        "signed-in customer: registered and verified through the API, a domain and a VPS bought with 4242…, one more domain in the cart…",
      );
      const started = Date.now();
      customer = await seedCustomer(server.origin);
      report.customer = {
        username: customer.buyer.username,
        domain: customer.domain,
        vpsId: customer.vpsId,
        hostname: customer.hostname,
        invoiceNumber: customer.invoiceNumber,
        cartDomain: customer.cartDomain,
        seconds: seconds(started),
      };
      return customer;
    };
    let sectionStart = Date.now();
    report.sections = {};
    // --only ssr / --only lighthouse run that section alone (the rest below is every section).
    const wanted = (section) => !opts.only || opts.only === section;
    if (wanted("assets")) {
      step("1/6 client JS/CSS bytes of / (headless Chromium)…");
      sectionStart = Date.now();
      report.sections.assets = { loadAverageAtStart: loadAverage() };
      try {
        report.assets = await measureAssets({ origin: server.origin, path: HOME_PATH, track });
      } catch (error) {
        report.assets = { error: errorText(error) };
        report.errors.push(`assets: ${errorText(error)}`);
      }

      report.sections.assets.seconds = seconds(sectionStart);
    }
    if (wanted("route-bytes")) {
      sectionStart = Date.now();
      report.sections.routeBytes = { loadAverageAtStart: loadAverage() };
      step("1b JS of every route from the built client's manifest, then three pages in headless Chromium…");
      try {
        const clientDir = path.join(cwd, ROUTE_BYTES.clientDir);
        const manifestInline = lazyRouteDiscovery(path.join(cwd, ROUTE_BYTES.serverDir));
        report.routeBytes = routeBytes(clientDir, {
          manifestInline,
          runTimeImports: pageRunTimeImports({ clientDir, appDir: path.join(cwd, ROUTE_BYTES.appDir) }),
        });
        report.routeBytes.manifestInline = manifestInline;
        report.routeBytes.clientDir = cwd === root ? ROUTE_BYTES.clientDir : `the snapshot's ${ROUTE_BYTES.clientDir}`;
        report.routeBytes.crossCheck = [];
        for (const template of ROUTE_BYTES.crossCheck) {
          checkpoint();
          const signedIn = template.startsWith("/dashboard") || template.startsWith("/checkout");
          const who = signedIn ? await signedInCustomer() : null;
          const pagePath = who ? signedInPaths(who, [template])[0] : template;
          const route = routeForPath(report.routeBytes.routes, pagePath);
          const browser = await measureAssets({
            origin: server.origin,
            path: pagePath,
            track,
            cookie: who ? await webSessionCookie(server.origin, who.buyer) : undefined,
          });
          const files = browser.files.filter((file) => file.type === "script");
          const inRoute = new Set(route?.urls ?? []);
          report.routeBytes.crossCheck.push({
            page: template,
            path: pagePath,
            route: route?.id ?? null,
            manifestGzip: route?.gzip ?? null,
            browserGzip: browser.js.gzip,
            browserFiles: files.length,
            // What one counts and the other does not, by file.
            onlyInBrowser: files
              .filter((file) => !inRoute.has(file.path))
              .map((file) => ({ path: file.path, gzip: file.gzip, via: file.via })),
            onlyInManifest: [...inRoute]
              .filter((url) => !files.some((file) => file.path === url))
              .map((url) => ({ path: url })),
          });
        }
      } catch (error) {
        report.routeBytes = { ...report.routeBytes, error: errorText(error) };
        report.errors.push(`route bytes: ${errorText(error)}`);
      }
      report.sections.routeBytes.seconds = seconds(sectionStart);
    }
    if (wanted("lighthouse")) {
      sectionStart = Date.now();
      report.sections.lighthouse = { loadAverageAtStart: loadAverage() };
      report.lighthouse = [];
      for (const lhPath of LIGHTHOUSE_PATHS) {
        step(`2/6 Lighthouse ${lhPath} (mobile, ${opts.lighthouseRuns} run(s))…`);
        const slug = lhPath === "/" ? "home" : lhPath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
        try {
          // A page that is not there (yet) is reported with its status, not audited.
          const probe = await fetch(new URL(lhPath, server.origin), { redirect: "manual" });
          await probe.arrayBuffer();
          if (probe.status !== 200) {
            report.lighthouse.push({ path: lhPath, httpStatus: probe.status });
            continue;
          }
          const result = await runLighthouse({
            url: new URL(lhPath, server.origin).href,
            runs: opts.lighthouseRuns,
            track,
            saveAs: path.join(RESULTS_DIR, `lighthouse-${slug}-mobile.json`),
          });
          report.lighthouse.push({ path: lhPath, ...result });
        } catch (error) {
          report.lighthouse.push({ path: lhPath, error: errorText(error) });
          report.errors.push(`lighthouse ${lhPath}: ${errorText(error)}`);
        }
      }

      report.sections.lighthouse.seconds = seconds(sectionStart);
    }
    if (wanted("signed-in")) {
      sectionStart = Date.now();
      report.sections.signedInLighthouse = { loadAverageAtStart: loadAverage() };
      report.signedInLighthouse = [];
      try {
        const who = await signedInCustomer();
        const paths = signedInPaths(who);
        for (const [index, template] of SIGNED_IN.paths.entries()) {
          const pagePath = paths[index];
          step(`2b Lighthouse ${pagePath} signed in (mobile, ${opts.lighthouseRuns} run(s))…`);
          const slug = template
            .replace(/[{}]/g, "")
            .replace(/[^a-z0-9]+/gi, "-")
            .replace(/^-|-$/g, "");
          const url = new URL(pagePath, server.origin).href;
          try {
            // A fresh session per page: the access token lives 15 minutes and a run may take longer.
            const cookie = await webSessionCookie(server.origin, who.buyer);
            const probe = await fetch(url, { redirect: "manual", headers: { cookie } });
            await probe.arrayBuffer();
            if (probe.status !== 200) {
              report.signedInLighthouse.push({
                page: template,
                path: pagePath,
                httpStatus: probe.status,
                location: probe.headers.get("location"),
              });
              continue;
            }
            const result = await runLighthouse({
              url,
              runs: opts.lighthouseRuns,
              track,
              saveAs: path.join(RESULTS_DIR, `lighthouse-signed-in-${slug}-mobile.json`),
              extraHeaders: { Cookie: cookie },
            });
            const signedIn = stayedSignedIn(url, result.finalUrl);
            report.signedInLighthouse.push({ page: template, path: pagePath, signedIn, ...result });
            if (!signedIn)
              report.errors.push(
                `lighthouse signed in ${pagePath}: the page ended on ${result.finalUrl}, not signed in`,
              );
          } catch (error) {
            report.signedInLighthouse.push({ page: template, path: pagePath, error: errorText(error) });
            report.errors.push(`lighthouse signed in ${pagePath}: ${errorText(error)}`);
          }
        }
      } catch (error) {
        report.signedInLighthouse.error = errorText(error);
        report.errors.push(`signed-in customer: ${errorText(error)}`);
      }
      report.sections.signedInLighthouse.seconds = seconds(sectionStart);
    }
    if (!opts.only) {
      sectionStart = Date.now();
      report.sections.catalogueCheck = { loadAverageAtStart: loadAverage() };
      {
        const c = CATALOGUE_CHECK;
        const seededRequests = Math.max(10, Math.round(opts.checkRequests / 2));
        step(
          `3/6 catalogue check GET ${c.pathPrefix}{keyword}?${c.query}: ${opts.checkRequests} fresh keywords, then ${c.seeded.map((k) => `${seededRequests}× ${k}`).join(", ")}; one connection…`,
        );
        report.catalogueCheck = {
          options: { requests: opts.checkRequests, seededRequests, warmup: c.warmup, query: c.query },
        };
        try {
          const common = {
            origin: server.origin,
            pathPrefix: c.pathPrefix,
            query: c.query,
            minTotal: c.minCatalogue,
            track,
          };
          report.catalogueCheck.fresh = await catalogueCheckRun({
            ...common,
            requests: opts.checkRequests,
            warmup: c.warmup,
          });
          report.catalogueCheck.seeded = [];
          for (const keyword of c.seeded) {
            checkpoint();
            report.catalogueCheck.seeded.push(
              await catalogueCheckRun({ ...common, keyword, requests: seededRequests }),
            );
          }
          for (const run of [report.catalogueCheck.fresh, ...report.catalogueCheck.seeded])
            if (run.failures)
              report.errors.push(
                `catalogue check ${run.keyword ?? "(fresh keywords)"}: ${run.failures} of ${run.requests} answers were not a full catalogue (${run.failureSamples[0]?.problem})`,
              );
        } catch (error) {
          report.catalogueCheck.error = errorText(error);
          report.errors.push(`catalogue check: ${errorText(error)}`);
        }
      }

      report.sections.catalogueCheck.seconds = seconds(sectionStart);
    }
    if (wanted("search")) {
      sectionStart = Date.now();
      report.sections.searchPage = { loadAverageAtStart: loadAverage() };
      step(
        `4/6 ${SEARCH_PAGE.path}<fresh name>.com in headless Chromium: ${opts.searchLoads} load(s) with the js=1 cookie and ${opts.searchLoads} without, then its JS/CSS bytes…`,
      );
      try {
        report.searchPage = await measureSearchPage({ origin: server.origin, loads: opts.searchLoads, track });
      } catch (error) {
        report.searchPage = { error: errorText(error) };
        report.errors.push(`search page: ${errorText(error)}`);
      }
      try {
        checkpoint();
        report.searchAssets = await measureAssets({
          origin: server.origin,
          path: `${SEARCH_PAGE.path}${freshLabel()}.com`,
          track,
        });
      } catch (error) {
        report.searchAssets = { error: errorText(error) };
        report.errors.push(`search page assets: ${errorText(error)}`);
      }

      report.sections.searchPage.seconds = seconds(sectionStart);
    }
    if (wanted("signin")) {
      sectionStart = Date.now();
      report.sections.signin = { loadAverageAtStart: loadAverage() };
      {
        const s = SIGNIN;
        step(
          `5/6 sign-in API: ${s.users} new accounts (POST ${s.registerPath}), then POST ${s.loginPath}: ${opts.signinRequests} successful, ${s.wrongPassword} wrong password, ${s.unknownUser} unknown username, interleaved; one connection…`,
        );
        report.signin = {
          options: {
            users: s.users,
            requests: opts.signinRequests,
            warmup: s.warmup,
            wrongPassword: s.wrongPassword,
            unknownUser: s.unknownUser,
          },
        };
        try {
          Object.assign(
            report.signin,
            await signinRun({ origin: server.origin, ...s, requests: opts.signinRequests, track }),
          );
        } catch (error) {
          report.signin.error = errorText(error);
          report.errors.push(`sign-in: ${errorText(error)}`);
        }
      }
      report.sections.signin.seconds = seconds(sectionStart);
      // The sign-in's floor, right after it: two PBKDF2 verifications per request in workerd.
      sectionStart = Date.now();
      report.sections.pbkdf2Floor = { loadAverageAtStart: loadAverage() };
      step(
        `5/6 sign-in floor: two verifySecret (core/auth/password.ts) per request in workerd (Miniflare), ${opts.signinRequests} requests on one connection…`,
      );
      try {
        checkpoint();
        report.pbkdf2Floor = await pbkdf2FloorRun({
          cwd,
          requests: opts.signinRequests,
          warmup: SIGNIN.warmup,
          compatibilityDate: compatibilityDate(cwd),
          track,
        });
      } catch (error) {
        report.pbkdf2Floor = { error: errorText(error) };
        report.errors.push(`PBKDF2 floor: ${errorText(error)}`);
      }
      report.sections.pbkdf2Floor.seconds = seconds(sectionStart);
      sectionStart = Date.now();
      report.sections.hashTime = { loadAverageAtStart: loadAverage() };
      step(
        `5/6 password hash time: hashSecret and verifySecret (core/auth/password.ts) in Node, ${HASH_TIME.runs} runs each…`,
      );
      try {
        checkpoint();
        report.hashTime = await hashTimeRun({ cwd, track });
      } catch (error) {
        report.hashTime = { error: errorText(error) };
        report.errors.push(`hash time: ${errorText(error)}`);
      }

      report.sections.hashTime.seconds = seconds(sectionStart);
    }
    if (!opts.only) {
      sectionStart = Date.now();
      report.sections.checkout = { loadAverageAtStart: loadAverage() };
      step(
        `5/6 checkout API: ${CHECKOUT.buyers} buyers one after another (POST /api/v1/payment/unified → completed), then ${CHECKOUT.raceBuyers} buyers paying for one name at once…`,
      );
      try {
        checkpoint();
        report.checkout = await checkoutRun({ origin: server.origin, ...CHECKOUT, track });
      } catch (error) {
        report.checkout = { error: errorText(error) };
        report.errors.push(`checkout: ${errorText(error)}`);
      }
      report.sections.checkout.seconds = seconds(sectionStart);
    }
    if (wanted("first-purchase")) {
      sectionStart = Date.now();
      report.sections.firstPurchase = { loadAverageAtStart: loadAverage() };
      step(
        `first purchase in headless Chromium: ${FIRST_PURCHASE.walks} walk(s) with JavaScript and ${FIRST_PURCHASE.walks} without (search → sign-up from the checkout → declined card → 4242), after one warm-up walk each…`,
      );
      try {
        checkpoint();
        report.firstPurchase = await firstPurchaseRun({ origin: server.origin, walks: FIRST_PURCHASE.walks, track });
        for (const walk of [report.firstPurchase.jsOn, report.firstPurchase.jsOff])
          if (walk.errors.length) report.errors.push(`first purchase: page errors ${walk.errors.join(" | ")}`);
      } catch (error) {
        report.firstPurchase = { error: errorText(error) };
        report.errors.push(`first purchase: ${errorText(error)}`);
      }
      report.sections.firstPurchase.seconds = seconds(sectionStart);
    }
    if (wanted("ssr")) {
      sectionStart = Date.now();
      report.sections.load = { loadAverageAtStart: loadAverage() };
      step(
        `6/6 load: SSR ${HOME_PATH} then ${STATIC_PATH}, ${opts.connections} connections × ${opts.duration} s each…`,
      );
      report.load = {
        options: { connections: opts.connections, duration: opts.duration, warmupRequests: DEFAULTS.warmupRequests },
      };
      try {
        const staticUrl = new URL(STATIC_PATH, server.origin).href;
        await warmUp(home, DEFAULTS.warmupRequests, track);
        await warmUp(staticUrl, DEFAULTS.warmupRequests, track);
        // Without concurrency first: where the SSR time goes (the pricing call alone vs. the page).
        const n = DEFAULTS.sequentialRequests;
        checkpoint();
        const seqSsr = await sequentialRun({ label: "SSR", url: home, requests: n, track });
        const seqStatic = await sequentialRun({ label: "static", url: staticUrl, requests: n, track });
        const seqApi = await sequentialRun({
          label: "pricing API",
          url: new URL(PRICING_API.path, server.origin).href,
          method: "POST",
          body: JSON.stringify(PRICING_API.body),
          headers: { "content-type": "application/json" },
          requests: n,
          track,
        });
        report.load.sequential = { requests: n, ssr: seqSsr, static: seqStatic, pricingApi: seqApi };
        report.load.pageCache = await cacheComparison({
          url: home,
          requests: PAGE_CACHE_REQUESTS,
          staticUrl,
        });
        checkpoint();
        report.load.ssr = await loadRun({
          label: "SSR",
          url: home,
          connections: opts.connections,
          duration: opts.duration,
          cap: SSR_REQUEST_CAP,
          marker: PRICE_MARKER,
          track,
        });
        checkpoint();
        const sample = await fetch(home);
        const sampleBody = await sample.text();
        report.load.sampleAfter = {
          status: sample.status,
          hasPrice: sampleBody.includes(PRICE_MARKER),
          hasNaN: sampleBody.includes("NaN"),
        };
        checkpoint();
        report.load.static = await loadRun({
          label: "static",
          url: staticUrl,
          connections: opts.connections,
          duration: opts.duration,
          track,
        });
        const { ssr, static: stat } = report.load;
        report.load.ratio =
          stat.latencyMs.p50 > 0 ? Math.round((ssr.latencyMs.p50 / stat.latencyMs.p50) * 100) / 100 : null;
        report.load.limiterHit = ssr.bodyCheck.withoutMarker > 0 || !report.load.sampleAfter.hasPrice;
      } catch (error) {
        report.load.error = errorText(error);
        report.errors.push(`load: ${errorText(error)}`);
      }

      report.sections.load.seconds = seconds(sectionStart);
      report.sections.load.loadAverageAtEnd = loadAverage();
    }
    if (!opts.only) {
      sectionStart = Date.now();
      report.sections.domains = { loadAverageAtStart: loadAverage() };
      await domainsSection(report, { origin: server.origin, cwd, root });
      report.sections.domains.seconds = seconds(sectionStart);
    }
    if (wanted("dns")) {
      sectionStart = Date.now();
      report.sections.dns = { loadAverageAtStart: loadAverage() };
      step(
        "DNS hosting: record saves answered over /dns-query, then PowerDNS on loopback (scripts/bench/dns-provider.ts)…",
      );
      try {
        checkpoint();
        report.dns = await dnsRun({ origin: server.origin, account: await benchAccount(server.origin), cwd });
      } catch (error) {
        report.dns = { error: errorText(error) };
        report.errors.push(`dns: ${errorText(error)}`);
      }
      report.sections.dns.seconds = seconds(sectionStart);
    }
    if (wanted("epp")) {
      sectionStart = Date.now();
      report.sections.epp = { loadAverageAtStart: loadAverage() };
      step(
        "EPP gateway: scripts/bench/epp-gateway.ts (gateway + loopback EPP test server), catalogue checks through it, then orders with the simulated registry and through the gateway…",
      );
      try {
        checkpoint();
        report.epp = await eppRun({
          origin: server.origin,
          cwd,
          port: port + 2,
          logDir: path.resolve(RESULTS_DIR),
          env: { LOOKUP_UPSTREAMS: fakes.url },
          track,
          step,
        });
      } catch (error) {
        report.epp = { error: errorText(error) };
        report.errors.push(`epp: ${errorText(error)}`);
      }
      report.sections.epp.seconds = seconds(sectionStart);
      report.sections.epp.loadAverageAtEnd = loadAverage();
    }
    if (wanted("whois")) {
      sectionStart = Date.now();
      report.sections.whois = { loadAverageAtStart: loadAverage() };
      step(
        `WHOIS: GET /api/v1/domains/whois/{domain} against the loopback fakes (${fakes.url}): a cold pass, a bounded load run, then cache hits…`,
      );
      try {
        checkpoint();
        report.whois = await whoisRun({ origin: server.origin, fakesUrl: fakes.url, track });
        if (report.whois.failures)
          report.errors.push(
            `whois: ${report.whois.failures} answers were not the WHOIS record (${JSON.stringify(report.whois.failureSamples[0])})`,
          );
      } catch (error) {
        report.whois = { error: errorText(error) };
        report.errors.push(`whois: ${errorText(error)}`);
      }
      report.sections.whois.seconds = seconds(sectionStart);
    }
    step("stopping the server…");
    await server.stop();
    untrackServer();
  } catch (error) {
    report.errors.push(errorText(error));
  } finally {
    await cleanUp();
  }

  if (MAIN_REPORT.includes(opts.only)) {
    report.targets = targetRows(report);
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${formatReport(report)}`);
    return report.errors.length ? 1 : 0;
  }
  if (opts.only === "first-purchase") {
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${formatFirstPurchase(report)}`);
    if (report.errors.length) console.log(`\nErrors:\n${report.errors.map((error) => `  - ${error}`).join("\n")}`);
    return report.errors.length ? 1 : 0;
  }
  if (opts.only) {
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    const only = { dns: () => formatDns(report.dns), epp: () => formatEpp(report.epp, report.sections?.epp) }[
      opts.only
    ];
    console.log(`\n${only ? only() : formatWhois(report)}`);
    if (report.errors.length) console.log(`\nErrors:\n${report.errors.map((error) => `  - ${error}`).join("\n")}`);
    return report.errors.length ? 1 : 0;
  }
  report.targets = targetRows(report);
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n${formatReport(report)}\n\n${formatFirstPurchase(report)}\n\n${formatWhois(report)}\n\n${formatDomains(report.domains)}\n\n${formatDns(report.dns)}\n\n${formatEpp(report.epp, report.sections?.epp)}`,
  );
  return report.errors.length ? 1 : 0;
}
async function finishOnly(report, jsonPath) {
  await cleanUp();
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${formatDomains(report.domains)}`);
  return report.errors.length ? 1 : 0;
}

// When interrupted, the signal handler exits once its clean-up is done (main may get here first,
// while the handler is still stopping the server).
main().then(
  (code) => {
    if (!interrupted) process.exit(code);
  },
  async (error) => {
    console.error(error);
    await cleanUp();
    if (!interrupted) process.exit(1);
  },
);
