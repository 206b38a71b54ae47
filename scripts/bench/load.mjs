// Closed-loop load runs with autocannon (programmatic API), loopback only, bounded in requests
// and time: SSR home page first, then a static asset from the same worker.
import http from "node:http";
import autocannon from "autocannon";

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
export const round2 = (n) => (n == null ? null : Math.round(n * 100) / 100);

/** Count, median, p95, min, max and mean (two decimals) of a set of timings. */
export function durationStats(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    min: round2(sorted[0]),
    max: round2(sorted.at(-1)),
    mean: round2(sorted.reduce((s, d) => s + d, 0) / (sorted.length || 1)),
  };
}

/** One autocannon run; resolves with its summary. Latency percentiles are computed from every response's own timing (sub-ms). */
function run(options, track) {
  return new Promise((resolve, reject) => {
    const durations = [];
    let untrack = () => {};
    const instance = autocannon({ ...options, excludeErrorStats: false }, (error, result) => {
      untrack();
      if (error) reject(error);
      else resolve({ result, durations });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => durations.push(responseTime));
    untrack = track(() => instance.stop());
  });
}

function summarise(label, url, { result, durations }, extra = {}) {
  const sorted = durations.sort((a, b) => a - b);
  return {
    label,
    url,
    connections: result.connections,
    durationSeconds: result.duration,
    requests: result.requests.total, // completed responses
    requestsPerSecond: round2(result.requests.total / result.duration),
    latencyMs: {
      p50: round2(percentile(sorted, 50)),
      p90: round2(percentile(sorted, 90)),
      p99: round2(percentile(sorted, 99)),
      max: round2(sorted.at(-1)),
      mean: round2(sorted.reduce((s, d) => s + d, 0) / (sorted.length || 1)),
    },
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 }, // autocannon's own histogram (whole ms)
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
    ...extra,
  };
}

export async function warmUp(url, requests, track) {
  await run({ url, connections: Math.min(5, requests), amount: requests, timeout: 10 }, track);
}

/**
 * The SSR run: `connections` for `duration` s, at most `cap` requests (rate-limit guard). Every
 * body is checked for `marker` (the price the pricing call yields): a home page whose pricing call
 * failed or was rate limited still answers 200, with "NaN" prices.
 */
export async function loadRun({ label, url, connections, duration, cap, marker, track }) {
  const options = { url, connections, duration, timeout: 10 };
  if (cap) options.maxOverallRequests = cap;
  let withoutMarker = 0;
  let withNaN = 0;
  if (marker) {
    options.verifyBody = (body) => {
      if (body.includes(marker)) return true;
      withoutMarker += 1;
      if (body.includes("NaN")) withNaN += 1;
      return false;
    };
  }
  const outcome = await run(options, track);
  const summary = summarise(label, url, outcome);
  if (cap) {
    summary.requestCap = cap;
    summary.cappedEarly = summary.requests >= cap && outcome.result.duration < duration - 0.5;
  }
  if (marker) summary.bodyCheck = { marker, withoutMarker, withNaN, checked: summary.requests };
  return summary;
}

/** `requests` requests one after another on one connection: latency without queueing. */
export async function sequentialRun({ label, url, requests, method = "GET", body, headers, track }) {
  const outcome = await run({ url, connections: 1, amount: requests, method, body, headers, timeout: 10 }, track);
  return summarise(label, url, outcome, { method });
}

/**
 * The page's render cost without the page cache (workers/page-cache.ts): one connection, each
 * request a new query string (a new cache key, so always rendered), beside the same loop on the
 * plain URL (answered from the cache after the first); with `staticUrl`, a static file in the same
 * loop (the floor of issue 25's "a render that misses the page cache ≤ 2.5× a static file at one
 * connection"). All on one keep-alive connection of node:http (as the sign-in and WHOIS timings:
 * little client overhead, so the ratio is the server's), sent → last byte.
 */
export async function cacheComparison({ url, requests, staticUrl }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set();
  const timed = (href) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const request = http.get(href, { agent }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          sockets.add(request.socket);
          resolve({
            ms: performance.now() - start,
            status: response.statusCode,
            hit: String(response.headers["server-timing"] ?? "").includes("page-cache"),
          });
        });
        response.on("error", reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error(`no answer within 30 s: GET ${href}`)));
      request.on("error", reject);
    });
  const summary = (samples) => {
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    return {
      requests: samples.length,
      non200: samples.filter((s) => s.status !== 200).length,
      cacheHits: samples.filter((s) => s.hit).length,
      p50: round2(percentile(sorted, 50)),
      p90: round2(percentile(sorted, 90)),
    };
  };
  const cached = [];
  const rendered = [];
  const statics = [];
  try {
    for (let i = 0; i < requests; i++) {
      cached.push(await timed(url));
      const fresh = new URL(url);
      fresh.searchParams.set("bench-render", `${Date.now()}-${i}`);
      rendered.push(await timed(fresh.href));
      if (staticUrl) statics.push(await timed(staticUrl));
    }
  } finally {
    agent.destroy();
  }
  const result = { cached: summary(cached), rendered: summary(rendered), sockets: sockets.size };
  if (staticUrl) {
    result.static = { url: staticUrl, ...summary(statics) };
    result.renderedToStatic = result.static.p50 > 0 ? round2(result.rendered.p50 / result.static.p50) : null;
  }
  return result;
}
