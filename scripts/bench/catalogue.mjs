// The whole-catalogue availability check, GET /api/v1/domains/check/{keyword}?count_per_page=200:
// many requests one after another on ONE keep-alive connection (loopback only), each timed from
// sending the request to the last byte of the JSON answer. Fresh random keywords by default, so
// nothing the server might keep per keyword can answer for it; or one fixed keyword (repeated).
import { randomInt } from "node:crypto";
import http from "node:http";
import { percentile, round2 } from "./load.mjs";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** "bench" + `length` random lowercase letters: a label nobody registered, reserved or priced. */
export function freshLabel(prefix = "bench", length = 10) {
  let label = prefix;
  for (let i = 0; i < length; i++) label += LETTERS[randomInt(LETTERS.length)];
  return label;
}

/** One GET on `agent` (one socket); resolves with status, body and the time to the last byte (ms, sub-ms precision). */
function timedGet(url, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { accept: "application/json" } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          ms: performance.now() - started,
          status: response.statusCode,
          body: Buffer.concat(chunks).toString("utf8"),
          socket: request.socket,
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`no answer within 30 s: ${url}`)));
    request.on("error", reject);
  });
}

/**
 * `requests` sequential checks. `keyword` is a fixed keyword, or null for a fresh random one per
 * request. Every answer must be 200 with `success`, `data.pagination.total` ≥ `minTotal` and a
 * full first page; the others are counted (and their times left out of the percentiles).
 */
export async function catalogueCheckRun({
  origin,
  pathPrefix,
  query,
  keyword = null,
  requests,
  warmup = 0,
  minTotal,
  track,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  const untrack = track(() => {
    stopped = true;
    agent.destroy();
  });
  const used = new Set();
  const nextKeyword = () => {
    if (keyword) return keyword;
    let label;
    do label = freshLabel();
    while (used.has(label));
    used.add(label);
    return label;
  };
  const url = (kw) => new URL(`${pathPrefix}${encodeURIComponent(kw)}?${query}`, origin).href;
  try {
    for (let i = 0; i < warmup && !stopped; i++) await timedGet(url(keyword ?? freshLabel("warm")), agent);

    const durations = [];
    const failures = [];
    const totals = new Set();
    const sockets = new Set();
    let firstAnswer = null;
    const unavailable = new Set();
    for (let i = 0; i < requests; i++) {
      if (stopped) throw new Error("interrupted");
      const kw = nextKeyword();
      const answer = await timedGet(url(kw), agent);
      sockets.add(answer.socket);
      let problem = null;
      let data = null;
      if (answer.status !== 200) problem = `HTTP ${answer.status}`;
      else {
        try {
          const json = JSON.parse(answer.body);
          data = json.data;
          if (!json.success) problem = `success: ${json.success}`;
          else if (!(data?.pagination?.total >= minTotal))
            problem = `data.pagination.total ${data?.pagination?.total} < ${minTotal}`;
          else if (data.results?.length !== Math.min(data.pagination.count_per_page, data.pagination.total))
            problem = `${data.results?.length} results on page 1`;
        } catch (error) {
          problem = `not JSON (${error.message})`;
        }
      }
      if (problem) {
        failures.push({ keyword: kw, problem, body: answer.body.slice(0, 200) });
        continue;
      }
      durations.push(answer.ms);
      totals.add(data.pagination.total);
      unavailable.add(data.pagination.total - data.available_count);
      firstAnswer ??= {
        keyword: data.keyword,
        total: data.pagination.total,
        availableCount: data.available_count,
        resultsOnPage: data.results.length,
        bytes: Buffer.byteLength(answer.body),
      };
    }
    const sorted = durations.sort((a, b) => a - b);
    return {
      keyword: keyword ?? null,
      fresh: !keyword,
      url: url(keyword ?? "<keyword>"),
      requests,
      warmupRequests: warmup,
      ok: durations.length,
      failures: failures.length,
      failureSamples: failures.slice(0, 5),
      connections: sockets.size, // distinct sockets the timed requests used: 1 unless the server closed one
      catalogueSize: totals.size === 1 ? [...totals][0] : [...totals],
      unavailablePerKeyword: [...unavailable].sort((a, b) => a - b), // total − available_count: taken, reserved or unsupported
      sample: firstAnswer,
      latencyMs: {
        p50: round2(percentile(sorted, 50)),
        p90: round2(percentile(sorted, 90)),
        p95: round2(percentile(sorted, 95)),
        p99: round2(percentile(sorted, 99)),
        min: round2(sorted[0]),
        max: round2(sorted.at(-1)),
        mean: round2(sorted.reduce((s, d) => s + d, 0) / (sorted.length || 1)),
      },
    };
  } finally {
    agent.destroy();
    untrack();
  }
}
