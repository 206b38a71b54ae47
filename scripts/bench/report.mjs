// The printed report (the JSON in bench-results/home.json holds the same figures and more).
import { LIGHTHOUSE_CATEGORIES, PRICE_MARKER, PRICING_LIMIT, TARGETS } from "./config.mjs";

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

export function formatReport(r) {
  const out = [];
  const line = (text = "") => out.push(text);
  const c = r.context;
  line("Trinity storefront bench — home page (/)");
  line("=".repeat(72));
  line(`Date:      ${c.date}`);
  line(`Machine:   ${c.cores} cores (${c.cpuModel}), ${c.memoryGB} GB RAM, ${c.os}; load average at start ${c.loadAverageAtStart.join(" ")}`);
  line(`Node:      ${c.node}`);
  line(`Chromium:  ${c.chromium ?? "unknown"} (${c.chromiumPath})`);
  line(`Tools:     ${Object.entries(c.tools).map(([k, v]) => `${k} ${v}`).join(", ")}`);
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
    if (r.server.preflight) line(`Preflight: GET / → ${r.server.preflight.status}, price ${PRICE_MARKER} ${r.server.preflight.hasPrice ? "present" : "MISSING (pricing call failed)"}`);
  }

  // 1. Bytes
  line();
  line(`1. Client JS and CSS loaded by / (same-origin script/stylesheet responses in headless Chromium, each gzip -9)${section(r, "assets")}`);
  const a = r.assets;
  if (a?.error) line(`   ERROR: ${a.error}`);
  else if (a) {
    const jsOk = a.js.gzip <= TARGETS.jsGzipBytes;
    const files = (n) => `${pad(n, 2)} ${n === 1 ? "file " : "files"}`;
    line(`   JS   ${files(a.js.files)}  ${pad(kb(a.js.raw), 10)} raw  ${pad(kb(a.js.gzip), 9)} gzip   target ≤ ${kb(TARGETS.jsGzipBytes)} gzip   ${verdict(jsOk)}`);
    line(`   CSS  ${files(a.css.files)}  ${pad(kb(a.css.raw), 10)} raw  ${pad(kb(a.css.gzip), 9)} gzip   (no target)`);
    line(`   (exact bytes: JS ${a.js.raw} raw / ${a.js.gzip} gzip; CSS ${a.css.raw} raw / ${a.css.gzip} gzip)`);
    line("   Files (largest gzip first):");
    for (const f of a.files) {
      const note = [f.via, f.phase === "scroll" ? "loaded after scrolling" : null, f.status !== 200 ? `HTTP ${f.status}` : null].filter(Boolean).join(", ");
      line(`     ${padEnd(f.type === "script" ? "js" : "css", 4)}${padEnd(f.path, 44)} ${pad(kb(f.raw), 9)} raw ${pad(kb(f.gzip), 9)} gzip  ${note}`);
    }
    line(`   HTML document: ${kb(a.html.raw)} raw, ${kb(a.html.gzip)} gzip, incl. ${a.html.inlineScripts.count} inline <script> (${kb(a.html.inlineScripts.raw)} raw; not in the JS total)`);
    const x = a.crossCheck;
    line(
      `   Cross-check with the HTML: ${x.declaredInHtml} declared (script[src], modulepreload, stylesheet); ${x.importedAtRunTime.length ? `import()ed at run time: ${x.importedAtRunTime.join(", ")}` : "nothing import()ed beyond them"}${x.declaredButNotLoaded.length ? `; declared but not fetched by the browser (counted anyway): ${x.declaredButNotLoaded.join(", ")}` : ""}`,
    );
    if (a.consoleErrors.length) line(`   Console errors while loading: ${a.consoleErrors.slice(0, 5).join(" | ")}`);
    if (a.blockedRequests.length) line(`   Blocked non-loopback requests: ${a.blockedRequests.slice(0, 5).join(", ")}`);
  }

  // 2. Lighthouse
  line();
  const lhList = r.lighthouse ?? [];
  const first = lhList.find((l) => !l.error);
  line(`2. Lighthouse${first ? ` ${first.lighthouseVersion}, ${first.formFactor} (default), throttling "${first.throttlingMethod}", median of ${first.runs} run(s)` : ""}${section(r, "lighthouse")}`);
  for (const lh of lhList) {
    line(`   ${lh.path}`);
    if (lh.error) {
      line(`     ERROR: ${lh.error}`);
      continue;
    }
    for (const id of LIGHTHOUSE_CATEGORIES) {
      const score = lh.scores[id];
      const target = TARGETS.lighthouse[id];
      line(`     ${padEnd(id, 15)} ${pad(score ?? "–", 3)}   (runs: ${lh.allRuns[id].join(" ")})   target ≥ ${target}   ${verdict(score == null ? null : score >= target)}`);
    }
    line(
      `     metrics: ${Object.values(lh.metrics)
        .map((m) => `${m.title} ${m.displayValue?.replace(/\u00a0/g, " ")}`)
        .join(", ")}${lh.benchmarkIndex ? `; benchmarkIndex ${lh.benchmarkIndex}` : ""}`,
    );
    for (const [category, audits] of Object.entries(lh.failing)) {
      line(`     ${category} ${lh.scores[category]} — ${category === "performance" ? "audits scored < 0.9" : "failing audits"}:${audits.length ? "" : " none listed (score held down by the metrics above)"}`);
      for (const audit of audits)
        line(
          `       - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue.replace(/\u00a0/g, " ")})` : ""} [score ${audit.score ?? "error"}, weight ${audit.weight}${audit.items ? `, ${audit.items} item(s)` : ""}]${audit.error ? ` error: ${audit.error}` : ""}`,
        );
    }
    for (const warning of lh.runWarnings) line(`     warning: ${warning}`);
    if (lh.report) line(`     full report (median run): ${lh.report}`);
  }

  // 3. Load
  line();
  const l = r.load;
  line(`3. Load (autocannon, loopback${l?.options ? `, ${l.options.connections} connections, ${l.options.duration} s per run, after ${l.options.warmupRequests} warm-up requests each` : ""})${section(r, "load")}`);
  if (l?.error) line(`   ERROR: ${l.error}`);
  if (l?.ssr || l?.static) {
    line(`   ${padEnd("", 22)}${pad("req/s", 8)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("non-2xx", 9)}${pad("errors", 8)}${pad("requests", 10)}`);
    for (const run of [l.ssr, l.static].filter(Boolean))
      line(`   ${padEnd(`${run.label} ${new URL(run.url).pathname}`, 22)}${pad(run.requestsPerSecond, 8)}${pad(ms(run.latencyMs.p50), 9)}${pad(ms(run.latencyMs.p99), 9)}${pad(run.non2xx, 9)}${pad(run.errors, 8)}${pad(run.requests, 10)}`);
    const q = l.sequential;
    if (q)
      line(
        `   One connection, ${q.requests} requests each, p50: SSR ${ms(q.ssr.latencyMs.p50)} ms, static ${ms(q.static.latencyMs.p50)} ms (ratio ${(q.ssr.latencyMs.p50 / q.static.latencyMs.p50).toFixed(1)}×), pricing API alone (POST ${new URL(q.pricingApi.url).pathname}, the home page's call) ${ms(q.pricingApi.latencyMs.p50)} ms${q.pricingApi.non2xx ? ` [${q.pricingApi.non2xx} non-2xx]` : ""}`,
      );
    if (l.ratio != null) line(`   SSR p50 / static p50 = ${l.ratio.toFixed(1)}×   target ≤ ${TARGETS.ssrToStaticP50}×   ${verdict(l.ratio <= TARGETS.ssrToStaticP50)}`);
    if (l.ssr) {
      const b = l.ssr.bodyCheck;
      line(
        `   SSR bodies with ${PRICE_MARKER}: ${b.checked - b.withoutMarker}/${b.checked}${b.withoutMarker ? ` — ${b.withoutMarker} without it (${b.withNaN} showing NaN: pricing call failed or rate limited)` : ""}; sample after the run: ${l.sampleAfter?.hasPrice ? "price present" : `NO PRICE (${l.sampleAfter?.status}${l.sampleAfter?.hasNaN ? ", shows NaN" : ""})`}`,
      );
      line(
        `   PRICING_LIMITER (${PRICING_LIMIT.limit}/${PRICING_LIMIT.periodSeconds} s per client): SSR run capped at ${l.ssr.requestCap} requests${l.ssr.cappedEarly ? ` — the cap was reached after ${l.ssr.durationSeconds} s, so the run is shorter than asked` : ", not reached"}; ${l.limiterHit ? "the limit WAS hit: SSR figures include rate-limited (NaN) pages" : "the limit was not hit"}`,
      );
      if (Object.keys(l.ssr.statusCodes).some((code) => !code.startsWith("2")) || Object.keys(l.static?.statusCodes ?? {}).some((code) => !code.startsWith("2")))
        line(`   status codes: SSR ${JSON.stringify(l.ssr.statusCodes)}, static ${JSON.stringify(l.static?.statusCodes ?? {})}`);
    }
  }

  // Summary
  line();
  line("Targets");
  for (const t of r.targets) line(`   ${padEnd(t.name, 36)} ${padEnd(t.value, 12)} ${padEnd(t.target, 10)} ${verdict(t.pass)}`);
  if (r.errors.length) {
    line();
    line("The bench could not measure everything:");
    for (const e of r.errors) line(`   - ${e}`);
  }
  line();
  line(`JSON: ${r.jsonPath}`);
  return out.join("\n");
}

/** One row per target, for the summary and the JSON. */
export function targetRows(r) {
  const rows = [];
  if (r.assets && !r.assets.error) rows.push({ name: "JS loaded by / (gzip)", value: kb(r.assets.js.gzip), target: `≤ ${kb(TARGETS.jsGzipBytes)}`, pass: r.assets.js.gzip <= TARGETS.jsGzipBytes });
  else rows.push({ name: "JS loaded by / (gzip)", value: "–", target: `≤ ${kb(TARGETS.jsGzipBytes)}`, pass: null });
  for (const lh of r.lighthouse ?? [])
    for (const id of LIGHTHOUSE_CATEGORIES) {
      const score = lh.error ? null : lh.scores[id];
      rows.push({ name: `Lighthouse ${id} ${lh.path} (mobile)`, value: String(score ?? "–"), target: `≥ ${TARGETS.lighthouse[id]}`, pass: score == null ? null : score >= TARGETS.lighthouse[id] });
    }
  const ratio = r.load?.ratio;
  rows.push({ name: "SSR p50 / static p50", value: ratio == null ? "–" : `${ratio.toFixed(1)}×`, target: `≤ ${TARGETS.ssrToStaticP50}×`, pass: ratio == null ? null : ratio <= TARGETS.ssrToStaticP50 });
  return rows;
}
