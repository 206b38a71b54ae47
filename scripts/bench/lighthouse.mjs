// Lighthouse (node API) against the bench server, mobile defaults (simulated throttling), with
// Debian's Chromium started by chrome-launcher. Loopback only: nothing on the page or in the
// flags below reaches beyond 127.0.0.1.
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_CHROME_FLAGS } from "./config.mjs";

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];
const SKIP_MODES = new Set(["notApplicable", "manual", "informative"]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const score100 = (category) => (category?.score == null ? null : Math.round(category.score * 100));

async function runOnce(url, track, extraHeaders) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
  });
  const untrack = track(() => chrome.kill());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: LIGHTHOUSE_CATEGORIES,
      // The signed-in pages' session cookie (scripts/bench/signed-in.mjs); none for public pages.
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
    untrack();
  }
}

/** Where one audit item is: the element (selector, label), else the URL or source location. */
function itemPlace(item) {
  const node = item.node ?? item.element ?? (item.type === "node" ? item : null);
  if (node?.selector)
    return `${node.selector}${node.nodeLabel ? ` "${String(node.nodeLabel).slice(0, 60)}"` : ""}${node.explanation ? ` — ${String(node.explanation).split("\n").slice(0, 2).join(" ").slice(0, 200)}` : ""}`;
  if (typeof item.url === "string") return item.url;
  if (item.source?.url) return `${item.source.url}:${item.source.line ?? "?"}`;
  return null;
}

/** Audits that keep a category under 100 (performance: the metrics, plus audits scored < 0.9). */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const failing = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || SKIP_MODES.has(audit.scoreDisplayMode)) continue;
    if (categoryId === "performance" && METRICS.includes(ref.id)) continue; // reported as metrics
    const threshold = categoryId === "performance" ? 0.9 : 1;
    if (audit.scoreDisplayMode === "error" || (audit.score !== null && audit.score < threshold)) {
      failing.push({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        items: (audit.details?.items ?? []).length,
        where: (audit.details?.items ?? []).slice(0, 5).map(itemPlace).filter(Boolean),
        error: audit.scoreDisplayMode === "error" ? audit.errorMessage : undefined,
      });
    }
  }
  return failing.sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

/** `runs` Lighthouse runs of `url`; scores are the per-category median, details from the median-performance run. */
export async function runLighthouse({ url, runs, track, saveAs, extraHeaders }) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await runOnce(url, track, extraHeaders));
  const perf = lhrs.map((lhr) => score100(lhr.categories.performance));
  const medianPerf = median(perf);
  const representative = lhrs.find((lhr) => score100(lhr.categories.performance) === medianPerf);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(representative));

  const scores = {};
  const allRuns = {};
  for (const id of LIGHTHOUSE_CATEGORIES) {
    allRuns[id] = lhrs.map((lhr) => score100(lhr.categories[id]));
    scores[id] = median(allRuns[id]);
  }
  const failing = {};
  for (const id of LIGHTHOUSE_CATEGORIES)
    if (scores[id] !== 100 || allRuns[id].some((s) => s !== 100)) failing[id] = failingAudits(representative, id);
  const metrics = Object.fromEntries(
    METRICS.map((id) => [
      id,
      {
        title: representative.audits[id].title,
        displayValue: representative.audits[id].displayValue,
        numericValue: representative.audits[id].numericValue,
        score: representative.audits[id].score,
      },
    ]),
  );
  return {
    url,
    // Where the page ended up (a signed-in page that lost its session ends on /signin).
    finalUrl: representative.finalDisplayedUrl ?? representative.finalUrl ?? null,
    mainDocumentUrl: representative.mainDocumentUrl ?? null,
    formFactor: representative.configSettings.formFactor,
    throttlingMethod: representative.configSettings.throttlingMethod,
    lighthouseVersion: representative.lighthouseVersion,
    benchmarkIndex: representative.environment?.benchmarkIndex,
    runs,
    scores,
    allRuns,
    metrics,
    failing,
    runWarnings: representative.runWarnings ?? [],
    report: saveAs ? path.relative(process.cwd(), saveAs) : undefined,
  };
}
