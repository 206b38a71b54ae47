// The printed report (the JSON in bench-results/bench.json holds the same figures and more).
import {
  CATALOGUE_CHECK,
  FIRST_PURCHASE,
  HOME_PATH,
  LIGHTHOUSE_CATEGORIES,
  lighthouseTarget,
  PRICE_MARKER,
  PRICING_LIMIT,
  SEARCH_PAGE,
  SIGNIN,
  TARGETS,
} from "./config.mjs";

export const KB = 1024; // "KB" in this report = 1024 bytes
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (value, width) => String(value).padStart(width);
const padEnd = (value, width) => String(value).padEnd(width);
const verdict = (ok) => (ok === null || ok === undefined ? "n/a" : ok ? "PASS" : "FAIL");
const ms = (n) => (n == null ? "–" : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** " [Ns, load average a b c]" for a section: the machine may be busy with other work. */
function section(r, name) {
  const s = r.sections?.[name];
  if (!s) return "";
  return ` [${s.seconds ?? "?"} s; load average ${s.loadAverageAtStart.join(" ")}${s.loadAverageAtEnd ? ` → ${s.loadAverageAtEnd.join(" ")}` : ""}]`;
}

/** The file list, HTML and cross-check lines of a client-bytes measurement (sections 1 and 4). */
function assetDetails(a, line) {
  line(`   (exact bytes: JS ${a.js.raw} raw / ${a.js.gzip} gzip; CSS ${a.css.raw} raw / ${a.css.gzip} gzip)`);
  line("   Files (largest gzip first):");
  for (const f of a.files) {
    const note = [
      f.via,
      f.phase === "scroll" ? "loaded after scrolling" : null,
      f.status !== 200 ? `HTTP ${f.status}` : null,
    ]
      .filter(Boolean)
      .join(", ");
    line(
      `     ${padEnd(f.type === "script" ? "js" : "css", 4)}${padEnd(f.path, 44)} ${pad(kb(f.raw), 9)} raw ${pad(kb(f.gzip), 9)} gzip  ${note}`,
    );
  }
  line(
    `   HTML document: ${kb(a.html.raw)} raw, ${kb(a.html.gzip)} gzip, incl. ${a.html.inlineScripts.count} inline <script> (${kb(a.html.inlineScripts.raw)} raw; not in the JS total)`,
  );
  const x = a.crossCheck;
  line(
    `   Cross-check with the HTML: ${x.declaredInHtml} declared (script[src], modulepreload, the module script's imports, stylesheet); ${x.importedAtRunTime.length ? `loaded through the modules' own imports and import(): ${x.importedAtRunTime.join(", ")}` : "nothing loaded beyond them"}${x.declaredButNotLoaded.length ? `; declared but not fetched by the browser (counted anyway): ${x.declaredButNotLoaded.join(", ")}` : ""}`,
  );
  if (a.consoleErrors.length) line(`   Console errors while loading: ${a.consoleErrors.slice(0, 5).join(" | ")}`);
  if (a.blockedRequests.length) line(`   Blocked non-loopback requests: ${a.blockedRequests.slice(0, 5).join(", ")}`);
}

/** One audited page of sections 2 and 2b: scores against `target(category)`, metrics, failing audits and where. */
function lighthousePage(lh, line, target) {
  line(`   ${lh.path}`);
  if (lh.httpStatus) {
    line(
      `     not audited: GET ${lh.path} answered HTTP ${lh.httpStatus}${lh.location ? ` → ${lh.location}` : ""}${lh.httpStatus === 404 ? " (the page is not in this build)" : ""}   ${verdict(false)}`,
    );
    return;
  }
  if (lh.error) {
    line(`     ERROR: ${lh.error}`);
    return;
  }
  if (lh.signedIn !== undefined)
    line(
      `     final URL ${lh.finalUrl ? new URL(lh.finalUrl).pathname : "–"}: ${lh.signedIn ? "signed in (not sent to /signin)" : "NOT the page asked for: the session was not accepted"}`,
    );
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const score = lh.scores[id];
    line(
      `     ${padEnd(id, 15)} ${pad(score ?? "–", 3)}   (runs: ${lh.allRuns[id].join(" ")})   target ≥ ${target(id)}   ${verdict(score == null ? null : score >= target(id))}`,
    );
  }
  line(
    `     metrics: ${Object.values(lh.metrics)
      .map((m) => `${m.title} ${m.displayValue?.replace(/\u00a0/g, " ")}`)
      .join(", ")}${lh.benchmarkIndex ? `; benchmarkIndex ${lh.benchmarkIndex}` : ""}`,
  );
  for (const [category, audits] of Object.entries(lh.failing)) {
    line(
      `     ${category} ${lh.scores[category]} — ${category === "performance" ? "audits scored < 0.9" : "failing audits"}:${audits.length ? "" : " none listed (score held down by the metrics above)"}`,
    );
    for (const audit of audits) {
      line(
        `       - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue.replace(/\u00a0/g, " ")})` : ""} [score ${audit.score ?? "error"}, weight ${audit.weight}${audit.items ? `, ${audit.items} item(s)` : ""}]${audit.error ? ` error: ${audit.error}` : ""}`,
      );
      for (const where of audit.where ?? []) line(`           at ${where}`);
    }
  }
  for (const warning of lh.runWarnings) line(`     warning: ${warning}`);
  if (lh.report) line(`     full report (median run): ${lh.report}`);
}

/** Section 1b: every route's JS from the manifest, and the browser's figure beside it. */
function routeBytesLines(rb, line) {
  if (rb.error) line(`   ERROR: ${rb.error}`);
  if (!rb.routes) return;
  const pages = rb.routes.filter((route) => route.page);
  const over = pages.filter((route) => route.gzip > TARGETS.routeJsGzipBytes);
  const largest = pages[0];
  line(
    `   ${pages.length} page routes (${rb.routes.length - pages.length} resource routes without a page, listed last, no target); manifest ${rb.manifest} in ${rb.clientDir}`,
  );
  line(
    `   Largest: ${largest.id} (${largest.pattern}) ${kb(largest.gzip)} gzip; ${over.length} of ${pages.length} over ${kb(TARGETS.routeJsGzipBytes)}`,
  );
  line(
    `   ${padEnd("route", 46)}${padEnd("URL", 36)}${pad("files", 6)}${pad("raw", 11)}${pad("gzip", 10)}   target ≤ ${kb(TARGETS.routeJsGzipBytes)}`,
  );
  for (const route of [...pages, ...rb.routes.filter((r) => !r.page)])
    line(
      `   ${padEnd(route.id.replace(/^routes\//u, ""), 46)}${padEnd(route.pattern, 36)}${pad(route.files, 6)}${pad(kb(route.raw), 11)}${pad(kb(route.gzip), 10)}   ${route.page ? verdict(route.gzip <= TARGETS.routeJsGzipBytes) : "resource route"}${
        route.page && route.gzip > TARGETS.routeJsGzipBytes
          ? `  (largest: ${route.largest
              .slice(0, 3)
              .map((file) => `${file.url.replace("/assets/", "")} ${kb(file.gzip)}`)
              .join(", ")})`
          : ""
      }`,
    );
  line(
    `   (a route = entry.client + its imports + ${rb.manifestInline ? "" : "the manifest file + "}each route module from the root down, with their imports,`,
  );
  line(
    "    each file's static imports followed, + what the page import()s before it hydrates in the language that adds more: the shell's",
  );
  line(
    `    and the routes' message files, and the session monitor of a signed-in customer; every file once, gzip -9${rb.manifestInline ? "; manifest-*.js not counted: with lazy route discovery each page's part of it is inline in its HTML" : ""})`,
  );
  if (rb.crossCheck?.length)
    line(
      "   The browser figure (section 1's method) beside the route figure: they differ by what each counts, file by file below (the route figure takes the larger language and counts the session monitor on every page; the HTML's inline scripts are in neither).",
    );
  for (const x of rb.crossCheck ?? []) {
    const diff = x.browserGzip - (x.manifestGzip ?? 0);
    line(
      `   Cross-check ${x.path}: manifest (${x.route ?? "no route"}) ${x.manifestGzip == null ? "–" : kb(x.manifestGzip)}, browser ${kb(x.browserGzip)} (${x.browserFiles} files; section 1's method); difference ${diff >= 0 ? "+" : "−"}${kb(Math.abs(diff))}`,
    );
    if (x.onlyInBrowser.length)
      line(
        `     only in the browser: ${x.onlyInBrowser.map((file) => `${file.path.replace("/assets/", "")} ${kb(file.gzip)} (${file.via})`).join(", ")}`,
      );
    if (x.onlyInManifest.length)
      line(
        `     only in the manifest count: ${x.onlyInManifest.map((file) => file.path.replace("/assets/", "")).join(", ")}`,
      );
  }
}

export function formatReport(r) {
  const out = [];
  const line = (text = "") => out.push(text);
  const c = r.context;
  line("Trinity storefront bench — home page (/), domain search, pricing page, catalogue check, sign-in");
  line("=".repeat(72));
  line(`Date:      ${c.date}`);
  line(
    `Machine:   ${c.cores} cores (${c.cpuModel}), ${c.memoryGB} GB RAM, ${c.os}; load average at start ${c.loadAverageAtStart.join(" ")}`,
  );
  line(`Node:      ${c.node}`);
  line(`Chromium:  ${c.chromium ?? "unknown"} (${c.chromiumPath})`);
  line(
    `Tools:     ${Object.entries(c.tools)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  line(`Commit:    ${c.commit ?? "unknown"}`);
  if (r.server) {
    line(
      `Server:    ${r.server.origin} (lookup worker on :${r.server.lookupPort}), node scripts/serve.mjs; ${r.setup.skipped ? "setup skipped (--no-setup)" : `npm run setup ${r.setup.seconds}s`}; ready in ${r.server.readySeconds}s`,
    );
    line(
      r.snapshot
        ? `Served:    from a private snapshot of the working tree (${r.snapshot.dir}, own local D1/KV state, ${r.snapshot.seconds}s; removed afterwards)`
        : "Served:    from the working tree itself (--in-place)",
    );
    if (r.server.preflight)
      line(
        `Preflight: GET / → ${r.server.preflight.status}, price ${PRICE_MARKER} ${r.server.preflight.hasPrice ? "present" : "MISSING (pricing call failed)"}`,
      );
  }

  // 1. Bytes
  if (r.assets) {
    line();
    line(
      `1. Client JS and CSS loaded by / (same-origin script/stylesheet responses in headless Chromium, each gzip -9)${section(r, "assets")}`,
    );
    const a = r.assets;
    if (a?.error) line(`   ERROR: ${a.error}`);
    else if (a) {
      const jsOk = a.js.gzip <= TARGETS.jsGzipBytes;
      const files = (n) => `${pad(n, 2)} ${n === 1 ? "file " : "files"}`;
      line(
        `   JS   ${files(a.js.files)}  ${pad(kb(a.js.raw), 10)} raw  ${pad(kb(a.js.gzip), 9)} gzip   target ≤ ${kb(TARGETS.jsGzipBytes)} gzip   ${verdict(jsOk)}`,
      );
      line(
        `   CSS  ${files(a.css.files)}  ${pad(kb(a.css.raw), 10)} raw  ${pad(kb(a.css.gzip), 9)} gzip   (no target)`,
      );
      assetDetails(a, line);
    }
  }

  // 1b. Every route's JS (issue 25)
  if (r.routeBytes) {
    line();
    line(
      `1b. JS of every route, from the built client's Remix manifest (each gzip -9; KB = 1024 B)${section(r, "routeBytes")}`,
    );
    routeBytesLines(r.routeBytes, line);
  }

  // 2. Lighthouse
  if (r.lighthouse) {
    line();
    const lhList = r.lighthouse ?? [];
    const first = lhList.find((l) => !l.error && !l.httpStatus);
    line(
      `2. Lighthouse${first ? ` ${first.lighthouseVersion}, ${first.formFactor} (default), throttling "${first.throttlingMethod}", median of ${first.runs} run(s)` : ""}${section(r, "lighthouse")}`,
    );
    for (const lh of lhList) lighthousePage(lh, line, (id) => lighthouseTarget(lh.path, id));
  }

  // 2b. Lighthouse on the signed-in pages (issue 25)
  if (r.signedInLighthouse) {
    line();
    const firstSigned = r.signedInLighthouse.find((l) => l.scores);
    line(
      `2b. Lighthouse on the signed-in pages${firstSigned ? ` ${firstSigned.lighthouseVersion}, ${firstSigned.formFactor} (default), throttling "${firstSigned.throttlingMethod}", median of ${firstSigned.runs} run(s)` : ""}; the session cookie sent as an extra header${section(r, "signedInLighthouse")}`,
    );
    const cu = r.customer;
    if (cu)
      line(
        `   Customer ${cu.username} (made through the API in ${cu.seconds} s): domain ${cu.domain}, VPS ${cu.hostname} (${cu.vpsId}), invoice ${cu.invoiceNumber}, cart line ${cu.cartDomain}`,
      );
    if (r.signedInLighthouse.error) line(`   ERROR: ${r.signedInLighthouse.error}`);
    for (const lh of r.signedInLighthouse) lighthousePage(lh, line, () => TARGETS.signedInLighthouse);
  }

  // 3. Catalogue check
  if (r.catalogueCheck) {
    line();
    const cc = r.catalogueCheck;
    line(
      `3. Whole-catalogue availability check, GET ${CATALOGUE_CHECK.pathPrefix}{keyword}?${cc?.options?.query ?? CATALOGUE_CHECK.query} (simulated registry; one connection, requests one after another, full request to the last byte)${section(r, "catalogueCheck")}`,
    );
    if (cc?.error) line(`   ERROR: ${cc.error}`);
    const ccRuns = [cc?.fresh, ...(cc?.seeded ?? [])].filter(Boolean);
    if (ccRuns.length) {
      const size = cc.fresh?.catalogueSize ?? ccRuns[0].catalogueSize;
      line(
        `   Catalogue: ${Array.isArray(size) ? `changed during the run (${size.join(", ")})` : `${size} extensions`} (data.pagination.total; at least ${CATALOGUE_CHECK.minCatalogue} required); first page ${cc.fresh?.sample?.resultsOnPage ?? "–"} results, ${kb(cc.fresh?.sample?.bytes ?? 0)} JSON`,
      );
      line(
        `   ${padEnd("keyword", 38)}${pad("requests", 9)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("p99 ms", 9)}${pad("max ms", 9)}${pad("not free", 10)}   target p95 ≤ ${TARGETS.catalogueCheckP95Ms} ms`,
      );
      for (const run of ccRuns) {
        const name = run.fresh ? `fresh random (bench + 10 letters)` : `${run.keyword} (registered names in the seed)`;
        const p95 = run.latencyMs.p95;
        line(
          `   ${padEnd(name, 38)}${pad(run.ok, 9)}${pad(ms(run.latencyMs.p50), 9)}${pad(ms(p95), 9)}${pad(ms(run.latencyMs.p99), 9)}${pad(ms(run.latencyMs.max), 9)}${pad(run.unavailablePerKeyword.join("/"), 10)}   ${verdict(p95 == null ? null : p95 <= TARGETS.catalogueCheckP95Ms)}${run.failures ? `   ${run.failures} bad answer(s): ${run.failureSamples[0]?.problem}` : ""}`,
        );
      }
      line(
        `   ("not free" = total − available_count: extensions where the name is taken, reserved or not offered. ${cc.options.warmup} uncounted warm-up requests first; sockets used per row: ${ccRuns.map((run) => run.connections).join("/")})`,
      );
    }
  }

  // 4. /domain-search in a browser
  if (r.searchPage) {
    line();
    const sp = r.searchPage;
    line(
      `4. ${SEARCH_PAGE.path}<fresh name>.com in headless Chromium (Playwright, warm browser cache, a new random name per load)${section(r, "searchPage")}`,
    );
    if (sp?.error) line(`   ERROR: ${sp.error}`);
    else if (sp) {
      line(
        `   Median of ${sp.loadsPerMode} load(s) each, ms since navigation start (performance.now / navigation timing):`,
      );
      line(
        `   ${padEnd("", 28)}${pad("TTFB", 7)}${pad("document end", 14)}${pad("exact match in DOM", 20)}${pad("exact match on screen", 23)}${pad("FCP", 7)}${pad("all results in DOM", 20)}${pad("first→last byte", 17)}`,
      );
      for (const m of [sp.withCookie, sp.withoutCookie])
        line(
          `   ${padEnd(m.mode, 28)}${pad(ms(m.median.ttfb), 7)}${pad(ms(m.median.documentEnd), 14)}${pad(ms(m.median.exactAttached), 20)}${pad(ms(m.median.exactOnScreen), 23)}${pad(ms(m.median.firstContentfulPaint), 7)}${pad(ms(m.median.allResultsAttached), 20)}${pad(ms(m.median.bodyMs), 17)}   on screen ≤ ${TARGETS.exactOnScreenMs} ms ${verdict(m.median.exactOnScreen == null ? null : m.median.exactOnScreen <= TARGETS.exactOnScreenMs)}`,
        );
      if (sp.floor)
        line(
          `   ${padEnd(sp.floor.mode, 28)}${pad(ms(sp.floor.median.ttfb), 7)}${pad(ms(sp.floor.median.documentEnd), 14)}${pad(ms(sp.floor.median.exactAttached), 20)}${pad(ms(sp.floor.median.exactOnScreen), 23)}${pad(ms(sp.floor.median.firstContentfulPaint), 7)}   (the heading alone under the same stylesheet, from a loopback server: what Chromium here needs to show anything)`,
        );
      line(
        `   (TTFB = navigation responseStart; "on screen" = first painted frame with the exact match laid out: FCP if it was in the DOM by then;`,
      );
      line(
        `    "first→last byte" = responseEnd − responseStart of the document, long when later parts are streamed after the first bytes)`,
      );
      line(
        `   Spread (min–max): ${[sp.withCookie, sp.withoutCookie].map((m) => `${m.mode}: TTFB ${m.range.ttfb?.map(ms).join("–")}, on screen ${m.range.exactOnScreen?.map(ms).join("–")}`).join("; ")}`,
      );
      if (sp.withCookie.exactHeading) line(`   Exact match shown: "${sp.withCookie.exactHeading}"`);
      const errors = [...sp.withCookie.consoleErrors, ...sp.withoutCookie.consoleErrors];
      if (errors.length) line(`   Page errors: ${errors.slice(0, 5).join(" | ")}`);
      if (sp.blockedRequests.length)
        line(`   Blocked non-loopback requests: ${sp.blockedRequests.slice(0, 5).join(", ")}`);
    }
    const sa = r.searchAssets;
    if (sa?.error) line(`   JS/CSS bytes: ERROR: ${sa.error}`);
    else if (sa) {
      line(
        `   JS/CSS loaded by ${new URL(sa.url).pathname}${new URL(sa.url).search} (same method as section 1, no target):`,
      );
      const files = (n) => `${pad(n, 2)} ${n === 1 ? "file " : "files"}`;
      line(
        `   JS   ${files(sa.js.files)}  ${pad(kb(sa.js.raw), 10)} raw  ${pad(kb(sa.js.gzip), 9)} gzip   (no target)`,
      );
      line(
        `   CSS  ${files(sa.css.files)}  ${pad(kb(sa.css.raw), 10)} raw  ${pad(kb(sa.css.gzip), 9)} gzip   (no target)`,
      );
      assetDetails(sa, line);
    }
  }

  // 5. Sign-in API and hash time
  if (r.signin) {
    line();
    const si = r.signin;
    line(
      `5. Sign-in API, POST ${SIGNIN.loginPath} (one connection, logins one after another, full request to the last byte; a fresh 10.x.x.x cf-connecting-ip per request)${section(r, "signin")}`,
    );
    if (si?.error) line(`   ERROR: ${si.error}`);
    else if (si?.success) {
      line(
        `   ${si.users} new accounts (POST ${SIGNIN.registerPath}, 201 each, each from its own address): median ${ms(si.register.p50)} ms; then ${si.warmupLogins} uncounted warm-up logins`,
      );
      line(
        `   ${padEnd("login", 44)}${pad("count", 6)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("min ms", 9)}${pad("max ms", 9)}`,
      );
      const rows = [
        [
          `successful (200; ${si.users} users in turn)`,
          si.success,
          `target p50 ≤ ${TARGETS.signinP50Ms} ms   ${verdict(si.success.p50 == null ? null : si.success.p50 <= TARGETS.signinP50Ms)}`,
        ],
        [
          "wrong password, registered user (401)",
          si.wrongPassword,
          `p50 ${(si.wrongPassword.p50 / si.success.p50).toFixed(2)}× the successful one`,
        ],
        [
          "unknown username (401; dummy hashes)",
          si.unknownUser,
          `p50 ${(si.unknownUser.p50 / si.wrongPassword.p50).toFixed(2)}× the wrong-password one`,
        ],
      ];
      for (const [name, run, note] of rows)
        line(
          `   ${padEnd(name, 44)}${pad(run.count, 6)}${pad(ms(run.p50), 9)}${pad(ms(run.p95), 9)}${pad(ms(run.min), 9)}${pad(ms(run.max), 9)}   ${note}`,
        );
      line(
        `   (every login verifies two PBKDF2 hashes, the password and the seed key, also for an unknown name; a success then writes the session, so it costs more`,
      );
      line(`    than a failure. No timing hint = the two failure rows alike. Sockets used: ${si.connections})`);
    }
    const fl = r.pbkdf2Floor;
    if (fl?.error) line(`   Floor: ERROR: ${fl.error}`);
    else if (fl) {
      const ratio = signinToFloor(r);
      line(
        `   ${padEnd("floor: two PBKDF2 verifications in workerd", 44)}${pad(fl.count, 6)}${pad(ms(fl.p50), 9)}${pad(ms(fl.p95), 9)}${pad(ms(fl.min), 9)}${pad(ms(fl.max), 9)}   successful p50 = ${ratio == null ? "–" : `${ratio.toFixed(2)}×`} the floor   target ≤ ${TARGETS.signinToFloor}×   ${verdict(ratio == null ? null : ratio <= TARGETS.signinToFloor)}`,
      );
      line(
        `   (floor: scripts/bench/pbkdf2-floor.mjs, a worker bundled from core/auth/password.ts run by Miniflare (workerd, compatibility date ${fl.compatibilityDate}),`,
      );
      line(
        `    verifying a password and a seed key at once per POST as the login does, timed like the logins: one connection (${fl.connections} socket), after ${fl.warmup} warm-up requests)`,
      );
    }
    const ht = r.hashTime;
    line(
      `   Password hash in Node: core/auth/password.ts through tsx, Node's WebCrypto on this machine, not workerd${section(r, "hashTime")}`,
    );
    if (ht?.error) line(`   ERROR: ${ht.error}`);
    else if (ht) {
      for (const [name, run] of [
        ["hashSecret", ht.hash],
        ["verifySecret", ht.verify],
      ])
        line(
          `   ${padEnd(name, 13)} median ${pad(ms(run.medianMs), 5)} ms (min–max ${ms(run.minMs)}–${ms(run.maxMs)}, ${run.runs} runs)   ${ht.algorithm}, ${ht.iterations.toLocaleString("en-US")} iterations (read from the hash)   target ≤ ${TARGETS.hashMs} ms   ${verdict(run.medianMs <= TARGETS.hashMs)}`,
        );
      line("   (in workerd: the floor row above, two PBKDF2 verifications per request as in a login)");
    }
  }

  // 5b. Checkout
  const co = r.checkout;
  if (co)
    line(
      `   Checkout API, test provider: POST /api/v1/payment/unified → order completed, buyers one after another, each with a fresh .com${section(r, "checkout")}`,
    );
  if (co?.error) line(`   ERROR: ${co.error}`);
  else if (co?.completedMs) {
    line(
      `   pay → completed   count ${co.completedMs.count}   p50 ${ms(co.completedMs.p50)} ms   p95 ${ms(co.completedMs.p95)} ms   min–max ${ms(co.completedMs.min)}–${ms(co.completedMs.max)} ms   outcomes ${JSON.stringify(co.statuses)}   (no target; issue 13 asks for the figure)`,
    );
    const race = co.race;
    const clean =
      race.completed === 1 &&
      race.succeededCharges === 1 &&
      race.refusedAlreadyBeingRegistered + race.refusedNotAvailable === race.buyers - 1 &&
      race.refundedCharges === 0;
    line(
      `   race: ${race.buyers} buyers pay for ${race.name} at once: ${race.completed} registered, ${race.refusedAlreadyBeingRegistered} refused "already being registered", ${race.refusedNotAvailable} refused "not available", ${race.failedOrders} failed orders, ${race.otherAnswers} other answers; charges ${race.succeededCharges} succeeded, ${race.refundedCharges} refunded   target exactly 1 registration and 1 charge   ${verdict(clean)}`,
    );
  }

  // 6. Load
  if (r.load) {
    line();
    const l = r.load;
    line(
      `6. Load (autocannon, loopback${l?.options ? `, ${l.options.connections} connections, ${l.options.duration} s per run, after ${l.options.warmupRequests} warm-up requests each` : ""})${section(r, "load")}`,
    );
    if (l?.error) line(`   ERROR: ${l.error}`);
    if (l?.ssr || l?.static) {
      line(
        `   ${padEnd("", 22)}${pad("req/s", 8)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("non-2xx", 9)}${pad("errors", 8)}${pad("requests", 10)}`,
      );
      for (const run of [l.ssr, l.static].filter(Boolean))
        line(
          `   ${padEnd(`${run.label} ${new URL(run.url).pathname}`, 22)}${pad(run.requestsPerSecond, 8)}${pad(ms(run.latencyMs.p50), 9)}${pad(ms(run.latencyMs.p99), 9)}${pad(run.non2xx, 9)}${pad(run.errors, 8)}${pad(run.requests, 10)}`,
        );
      const q = l.sequential;
      if (q)
        line(
          `   One connection, ${q.requests} requests each, p50: SSR ${ms(q.ssr.latencyMs.p50)} ms, static ${ms(q.static.latencyMs.p50)} ms (ratio ${(q.ssr.latencyMs.p50 / q.static.latencyMs.p50).toFixed(1)}×), pricing API alone (POST ${new URL(q.pricingApi.url).pathname}, the home page's call) ${ms(q.pricingApi.latencyMs.p50)} ms${q.pricingApi.non2xx ? ` [${q.pricingApi.non2xx} non-2xx]` : ""}`,
        );
      const pc = l.pageCache;
      if (pc) {
        line(
          `   Page cache (workers/page-cache.ts), one keep-alive connection (node:http, ${pc.sockets ?? "?"} socket), ${pc.cached.requests} GETs each, taking turns: ${HOME_PATH} p50 ${ms(pc.cached.p50)} ms (${pc.cached.cacheHits} answered from the cache); rendered every time (a new query string each) p50 ${ms(pc.rendered.p50)} ms, p90 ${ms(pc.rendered.p90)} ms (${pc.rendered.cacheHits} from the cache)${pc.static ? `; static ${new URL(pc.static.url).pathname} p50 ${ms(pc.static.p50)} ms, p90 ${ms(pc.static.p90)} ms` : ""}`,
        );
        if (pc.renderedToStatic != null)
          line(
            `   Render that misses the page cache p50 / static p50 = ${pc.renderedToStatic.toFixed(2)}×   target ≤ ${TARGETS.renderMissToStatic}×   ${verdict(pc.renderedToStatic <= TARGETS.renderMissToStatic)}`,
          );
      }
      if (l.ratio != null)
        line(
          `   SSR p50 / static p50 = ${l.ratio.toFixed(1)}×   target ≤ ${TARGETS.ssrToStaticP50}×   ${verdict(l.ratio <= TARGETS.ssrToStaticP50)}`,
        );
      if (l.ssr) {
        const b = l.ssr.bodyCheck;
        line(
          `   SSR bodies with ${PRICE_MARKER}: ${b.checked - b.withoutMarker}/${b.checked}${b.withoutMarker ? ` — ${b.withoutMarker} without it (${b.withNaN} showing NaN: pricing call failed or rate limited)` : ""}; sample after the run: ${l.sampleAfter?.hasPrice ? "price present" : `NO PRICE (${l.sampleAfter?.status}${l.sampleAfter?.hasNaN ? ", shows NaN" : ""})`}`,
        );
        line(
          `   PRICING_LIMITER (${PRICING_LIMIT.limit}/${PRICING_LIMIT.periodSeconds} s per client): SSR run capped at ${l.ssr.requestCap} requests${l.ssr.cappedEarly ? ` — the cap was reached after ${l.ssr.durationSeconds} s, so the run is shorter than asked` : ", not reached"}; ${l.limiterHit ? "the limit WAS hit: SSR figures include rate-limited (NaN) pages" : "the limit was not hit"}`,
        );
        if (
          Object.keys(l.ssr.statusCodes).some((code) => !code.startsWith("2")) ||
          Object.keys(l.static?.statusCodes ?? {}).some((code) => !code.startsWith("2"))
        )
          line(
            `   status codes: SSR ${JSON.stringify(l.ssr.statusCodes)}, static ${JSON.stringify(l.static?.statusCodes ?? {})}`,
          );
      }
    }
  }

  // Summary
  line();
  line("Targets");
  const nameWidth = Math.max(36, ...r.targets.map((t) => t.name.length));
  // Wide enough for the usual values; a longer one (the checkout race) just pushes its own row.
  const valueWidth = Math.min(24, Math.max(12, ...r.targets.map((t) => String(t.value).length)));
  const targetWidth = Math.min(12, Math.max(10, ...r.targets.map((t) => String(t.target).length)));
  for (const t of r.targets)
    line(
      `   ${padEnd(t.name, nameWidth)} ${padEnd(t.value, valueWidth)} ${padEnd(t.target, targetWidth)} ${verdict(t.pass)}`,
    );
  if (r.errors.length) {
    line();
    line("The bench could not measure everything:");
    for (const e of r.errors) line(`   - ${e}`);
  }
  line();
  line(`JSON: ${r.jsonPath}`);
  return out.join("\n");
}

/** Successful sign-in p50 over its floor's p50 (two PBKDF2 verifications in workerd), or null. */
function signinToFloor(r) {
  const login = r.signin?.success?.p50;
  const floor = r.pbkdf2Floor?.p50;
  return login == null || !floor ? null : Math.round((login / floor) * 100) / 100;
}

/** One row per target, for the summary and the JSON (only for the sections that ran). */
export function targetRows(r) {
  const rows = [];
  if (r.assets === undefined) {
    // --only without section 1: no row for it.
  } else if (r.assets && !r.assets.error)
    rows.push({
      name: "JS loaded by / (gzip)",
      value: kb(r.assets.js.gzip),
      target: `≤ ${kb(TARGETS.jsGzipBytes)}`,
      pass: r.assets.js.gzip <= TARGETS.jsGzipBytes,
    });
  else rows.push({ name: "JS loaded by / (gzip)", value: "–", target: `≤ ${kb(TARGETS.jsGzipBytes)}`, pass: null });
  const rb = r.routeBytes;
  if (rb) {
    const pages = rb.routes?.filter((route) => route.page) ?? [];
    const target = `≤ ${kb(TARGETS.routeJsGzipBytes)}`;
    if (!pages.length) rows.push({ name: "JS of the largest route (gzip)", value: "–", target, pass: null });
    else {
      const over = pages.filter((route) => route.gzip > TARGETS.routeJsGzipBytes);
      rows.push({
        name: `JS of the largest route, ${pages[0].id.replace(/^routes\//u, "")} (gzip)`,
        value: kb(pages[0].gzip),
        target,
        pass: pages[0].gzip <= TARGETS.routeJsGzipBytes,
      });
      rows.push({
        name: "Routes over the JS target",
        value: `${over.length} of ${pages.length}`,
        target: "0",
        pass: over.length === 0,
      });
    }
  }
  const lighthouseRows = [
    ...(r.lighthouse ?? []).map((lh) => ({ lh, name: lh.path, target: (id) => lighthouseTarget(lh.path, id) })),
    ...(r.signedInLighthouse ?? []).map((lh) => ({
      lh,
      name: `${lh.page} (signed in)`,
      target: () => TARGETS.signedInLighthouse,
    })),
  ];
  if (r.signedInLighthouse?.error && !r.signedInLighthouse.length)
    rows.push({
      name: "Lighthouse signed-in pages (mobile)",
      value: "–",
      target: `≥ ${TARGETS.signedInLighthouse}`,
      pass: null,
    });
  for (const { lh, name: pageName, target: targetOf } of lighthouseRows)
    for (const id of LIGHTHOUSE_CATEGORIES) {
      if (lh.httpStatus) {
        rows.push({
          name: `Lighthouse ${id} ${pageName} (mobile)`,
          value: `HTTP ${lh.httpStatus}`,
          target: `≥ ${targetOf(id)}`,
          pass: false,
        });
        continue;
      }
      // A signed-in page that ended on /signin was not the page: no score counts for it.
      const score = lh.error || lh.signedIn === false ? null : lh.scores[id];
      rows.push({
        name: `Lighthouse ${id} ${pageName} (mobile)`,
        value: lh.signedIn === false ? "not signed in" : String(score ?? "–"),
        target: `≥ ${targetOf(id)}`,
        pass: lh.signedIn === false ? false : score == null ? null : score >= targetOf(id),
      });
    }
  const cc = r.catalogueCheck;
  const checkTarget = `≤ ${TARGETS.catalogueCheckP95Ms} ms`;
  if (cc !== undefined && (!cc || cc.error || !cc.fresh))
    rows.push({ name: "Catalogue check p95 (fresh keywords)", value: "–", target: checkTarget, pass: null });
  for (const run of [cc?.fresh, ...(cc?.seeded ?? [])].filter(Boolean)) {
    const p95 = run.latencyMs.p95;
    rows.push({
      name: `Catalogue check p95 (${run.fresh ? "fresh keywords" : run.keyword})`,
      value: p95 == null ? "–" : `${ms(p95)} ms`,
      target: checkTarget,
      pass: p95 == null ? null : p95 <= TARGETS.catalogueCheckP95Ms,
    });
  }
  const sp = r.searchPage;
  if (sp !== undefined)
    for (const [label, m] of [
      ["with the JS cookie", sp?.withCookie],
      ["without it", sp?.withoutCookie],
    ]) {
      const onScreen = m?.median?.exactOnScreen;
      const floorOnScreen = sp?.floor?.median?.exactOnScreen;
      rows.push({
        name: `Exact match on screen, /domain-search (${label})`,
        value:
          onScreen == null
            ? "–"
            : `${ms(onScreen)} ms${floorOnScreen == null ? "" : ` (floor, a minimal document: ${ms(floorOnScreen)} ms)`}`,
        target: `≤ ${TARGETS.exactOnScreenMs} ms`,
        pass: onScreen == null ? null : onScreen <= TARGETS.exactOnScreenMs,
      });
    }
  const si = r.signin;
  const p50 = si?.success?.p50;
  if (si !== undefined) {
    rows.push({
      name: "Sign-in API p50 (successful login)",
      value: p50 == null ? "–" : `${ms(p50)} ms`,
      target: `≤ ${TARGETS.signinP50Ms} ms`,
      pass: p50 == null ? null : p50 <= TARGETS.signinP50Ms,
    });
    for (const [name, key] of [
      ["hashSecret", "hash"],
      ["verifySecret", "verify"],
    ]) {
      const median = r.hashTime?.[key]?.medianMs;
      rows.push({
        name: `${name} median (Node, PBKDF2)`,
        value: median == null ? "–" : `${ms(median)} ms`,
        target: `≤ ${TARGETS.hashMs} ms`,
        pass: median == null ? null : median <= TARGETS.hashMs,
      });
    }
    const floorRatio = signinToFloor(r);
    rows.push({
      name: "Sign-in p50 / two PBKDF2 verifications in workerd (p50)",
      value:
        floorRatio == null ? "–" : `${floorRatio.toFixed(2)}× (${ms(si?.success?.p50)} / ${ms(r.pbkdf2Floor.p50)} ms)`,
      target: `≤ ${TARGETS.signinToFloor}×`,
      pass: floorRatio == null ? null : floorRatio <= TARGETS.signinToFloor,
    });
  }
  const co = r.checkout;
  if (co !== undefined) {
    rows.push({
      name: "Checkout p50 (pay → completed, test provider)",
      value: co?.completedMs ? `${ms(co.completedMs.p50)} ms` : "–",
      target: "reported",
      pass: co?.completedMs ? true : null,
    });
    const race = co?.race;
    const raceClean = race
      ? race.completed === 1 &&
        race.succeededCharges === 1 &&
        race.refusedAlreadyBeingRegistered + race.refusedNotAvailable === race.buyers - 1 &&
        race.refundedCharges === 0
      : null;
    rows.push({
      name: `Checkout race (${race?.buyers ?? "–"} buyers, one name)`,
      value: race
        ? `${race.completed} registered, ${race.succeededCharges} charged, ${race.refusedAlreadyBeingRegistered + race.refusedNotAvailable} refused`
        : "–",
      target: "1 registered, 1 charged",
      pass: raceClean,
    });
  }
  for (const [label, walk] of [
    ["JS on", r.firstPurchase?.jsOn],
    ["JS off", r.firstPurchase?.jsOff],
  ]) {
    const target = `≤ ${FIRST_PURCHASE.maxLoadsPerStep} per step`;
    if (r.firstPurchase === undefined) continue;
    if (!walk) rows.push({ name: `First purchase page loads (${label})`, value: "–", target, pass: null });
    else
      rows.push({
        name: `First purchase page loads (${label})`,
        value: `${walk.pageLoads.max} for ${walk.steps} steps`,
        target,
        pass: walk.pageLoads.max <= walk.steps * FIRST_PURCHASE.maxLoadsPerStep,
      });
  }
  if (r.load !== undefined) {
    const ratio = r.load?.ratio;
    rows.push({
      name: "SSR p50 / static p50",
      value: ratio == null ? "–" : `${ratio.toFixed(1)}×`,
      target: `≤ ${TARGETS.ssrToStaticP50}×`,
      pass: ratio == null ? null : ratio <= TARGETS.ssrToStaticP50,
    });
    const pc = r.load?.pageCache;
    const miss = pc?.renderedToStatic;
    rows.push({
      name: "Render missing the page cache p50 / static p50 (one connection)",
      value: miss == null ? "–" : `${miss.toFixed(2)}× (${ms(pc.rendered.p50)} / ${ms(pc.static.p50)} ms)`,
      target: `≤ ${TARGETS.renderMissToStatic}×`,
      pass: miss == null ? null : miss <= TARGETS.renderMissToStatic,
    });
  }
  const w = r.whois;
  if (w !== undefined) {
    const hit = w?.hits?.p50Ms;
    rows.push({
      name: "WHOIS cache hit p50 (one connection)",
      value: hit == null ? "–" : `${ms(hit)} ms (static ${ms(w.static?.p50Ms)} ms)`,
      target: `≤ ${TARGETS.whoisHitP50Ms} ms`,
      pass: hit == null ? null : hit <= TARGETS.whoisHitP50Ms,
    });
  }
  return rows;
}

/** The WHOIS section (scripts/bench/whois.mjs): cache-hit latency and upstream calls saved. */
export function formatWhois(r) {
  const out = [];
  const line = (text = "") => out.push(text);
  line(
    "WHOIS lookups: GET /api/v1/domains/whois/{domain}, lookup worker on the loopback upstream fakes (LOOKUP_UPSTREAMS)",
  );
  const w = r.whois;
  if (!w) line("   not run");
  else if (w.error) line(`   ERROR: ${w.error}`);
  else {
    line(
      `   Cold pass: ${w.cold.lookups} uncached lookups (${w.names} names), one after another: ${w.cold.upstreamRequests} upstream requests (${w.cold.upstreamPerLookup} per lookup), p50 ${w.cold.p50Ms} ms`,
    );
    line(
      `   Load run:  ${w.load.requests} requests, ${w.load.connections} connections, ${w.load.seconds} s: ${w.load.upstreamRequests} reached the upstream fakes; uncached they would have cost ${w.load.upstreamWithoutCache} → ${w.load.saved} upstream calls saved by the cache; p50 ${w.load.p50Ms} ms, p90 ${w.load.p90Ms} ms`,
    );
    line(
      `   Cache hits: ${w.hits.requests} lookups, one connection, one after another: p50 ${w.hits.p50Ms} ms, p90 ${w.hits.p90Ms} ms, max ${w.hits.maxMs} ms; upstream requests during them: ${w.hits.upstreamRequests}   target p50 ≤ ${TARGETS.whoisHitP50Ms} ms   ${verdict(w.hits.p50Ms == null ? null : w.hits.p50Ms <= TARGETS.whoisHitP50Ms)}`,
    );
    if (w.static)
      line(
        `   Floor: ${w.static.path} (static, same worker) after each hit on the same connection (${w.hits.sockets ?? "?"} socket): p50 ${w.static.p50Ms} ms, p90 ${w.static.p90Ms} ms; hit p50 = ${w.static.p50Ms ? (w.hits.p50Ms / w.static.p50Ms).toFixed(1) : "–"}× the static file`,
      );
    if (w.failures) line(`   FAILURES: ${w.failures} (${JSON.stringify(w.failureSamples)})`);
  }
  return out.join("\n");
}

/** The first-purchase walk (scripts/bench/first-purchase.mjs, issue 19): seconds and page loads, JS on and off. */
export function formatFirstPurchase(r) {
  const out = [];
  const line = (text = "") => out.push(text);
  const f = r.firstPurchase;
  line(
    `First purchase in Chromium, no think time: search → cart → sign up from the checkout → seed key → verify → contact → declined card → 4242 saved → "Payment completed"${section(r, "firstPurchase")}`,
  );
  if (!f) line("   not run");
  else if (f.error) line(`   ERROR: ${f.error}`);
  else {
    for (const [label, walk] of [
      ["JS on ", f.jsOn],
      ["JS off", f.jsOff],
    ]) {
      line(
        `   ${label}: ${walk.seconds.median} s median (${walk.seconds.min}–${walk.seconds.max} s, ${walk.runs} walks) from the search to the completed order; ${walk.pageLoads.median} page loads for ${walk.steps} steps (max ${walk.pageLoads.max})${walk.overOneLoad.length ? `; more than one load: ${walk.overOneLoad.join(", ")}` : ""}`,
      );
      line(
        `          per step (last walk): ${walk.perStep.map((step) => `${step.step} ${step.loads}/${Math.round(step.ms)} ms`).join(", ")}`,
      );
      if (walk.errors.length) line(`          page errors: ${walk.errors.join(" | ")}`);
    }
    if (f.blockedRequests.length) line(`   Blocked non-loopback requests: ${f.blockedRequests.slice(0, 5).join(", ")}`);
  }
  return out.join("\n");
}
