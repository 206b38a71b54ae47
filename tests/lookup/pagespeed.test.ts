// The URL performance analysis of the lookup worker against the loopback PageSpeed Insights fake
// (tests/fakes/lookup-upstreams.ts, built from the documented v5 shape): the four category scores,
// Core Web Vitals (field data first, lab otherwise), PSI's errors, the cache and the rate limit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PageSpeedResult } from "../../core/pagespeed";
import { cacheKey } from "../../workers/lookup/cache";
import {
  freshClientIp,
  lookup,
  waitForCacheKey,
  type ErrorBody,
  inOneLimiterWindow,
  LIMIT_TEST_TIMEOUT,
} from "./helpers";

const fresh = (label = "site") => `https://${label}.t${crypto.randomUUID().slice(0, 8)}.com/`;

async function analyse(url: string, strategy: string, clientIp?: string) {
  const response = await lookup(`/pagespeed?url=${encodeURIComponent(url)}&strategy=${strategy}`, clientIp);
  return { response, body: await response.json<{ success: true; data: PageSpeedResult } | ErrorBody>() };
}

async function upstreamCalls(): Promise<number> {
  const response = await fetch(`${env.FAKE_UPSTREAMS}/__fake/count?path=${encodeURIComponent("/pagespeed/")}`);
  const { count } = await response.json<{ count: number }>();
  return count;
}

describe("URL performance analysis through PageSpeed Insights", () => {
  it("scores the four categories and reads lab Core Web Vitals with their ratings (mobile)", async () => {
    const url = fresh();
    const { response, body } = await analyse(url, "mobile");
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      data: {
        url,
        finalUrl: url,
        strategy: "mobile",
        scores: { performance: 42, accessibility: 88, bestPractices: 96, seo: 91 },
        vitals: {
          lcp: { value: 4630.2, rating: "poor", source: "lab" },
          cls: { value: 0.14, rating: "needs-improvement", source: "lab" },
          tbt: { value: 730, rating: "poor", source: "lab" },
          fcp: { value: 2350.8, rating: "needs-improvement", source: "lab" },
        },
        lighthouseVersion: "12.8.2",
      },
    });
    if (body.success) expect(body.data.vitals.inp).toBeUndefined();
  });

  it("desktop runs as desktop", async () => {
    const { body } = await analyse(fresh(), "desktop");
    expect(body).toMatchObject({
      success: true,
      data: {
        strategy: "desktop",
        scores: { performance: 97, bestPractices: 100 },
        vitals: { lcp: { rating: "good" }, tbt: { rating: "good" } },
      },
    });
  });

  it("prefers the page's field data (CrUX) and reads CLS's percentile as ×100", async () => {
    const { body } = await analyse(fresh("field"), "mobile");
    expect(body).toMatchObject({
      success: true,
      data: {
        vitals: {
          lcp: { value: 2100, rating: "good", source: "field" },
          inp: { value: 310, rating: "needs-improvement", source: "field" },
          cls: { value: 0.3, rating: "poor", source: "field" },
          fcp: { value: 1500, rating: "good", source: "field" },
          tbt: { value: 730, source: "lab" },
        },
      },
    });
  });

  it("answers a repeated analysis from the cache without reaching PageSpeed", async () => {
    const url = fresh();
    const first = await analyse(url, "mobile");
    expect(first.response.headers.get("x-cache")).toBe("miss");
    await waitForCacheKey(cacheKey("pagespeed", `mobile:${url}`));
    const before = await upstreamCalls();
    const second = await analyse(url, "mobile");
    expect(second.response.headers.get("x-cache")).toBe("hit");
    expect(second.body).toMatchObject({ success: true, data: { url, scores: { performance: 42 } } });
    expect(await upstreamCalls()).toBe(before);
    // The other strategy is another analysis.
    expect((await analyse(url, "desktop")).response.headers.get("x-cache")).toBe("miss");
  });

  it("maps PSI's errors to clear codes", async () => {
    const quota = await analyse(fresh("quota"), "mobile");
    expect(quota.response.status).toBe(429);
    expect(quota.response.headers.get("retry-after")).toBe("300");
    expect(quota.body).toMatchObject({ success: false, code: "pagespeed_rate_limited" });
    const broken = await analyse(fresh("broken"), "mobile");
    expect(broken.response.status).toBe(400);
    expect(broken.body).toMatchObject({ success: false, code: "pagespeed_unreachable" });
    if (!broken.body.success) expect(broken.body.message).toContain("FAILED_DOCUMENT_REQUEST");
    const garbled = await analyse(fresh("garbled"), "mobile");
    expect(garbled.response.status).toBe(502);
    expect(garbled.body).toMatchObject({ success: false, code: "pagespeed_failed" });
  });

  it("refuses URLs that are not public http(s) pages, and unknown strategies", async () => {
    for (const [url, strategy, code] of [
      ["", "mobile", "required"],
      ["ftp://example.com/", "mobile", "invalid_scheme"],
      ["http://localhost:8080/", "mobile", "not_public"],
      ["http://192.168.1.1/", "mobile", "not_public"],
      ["http://[::1]/", "mobile", "not_public"],
      ["https://user:pw@example.com/", "mobile", "invalid_url"],
      [`https://example.com/${"a".repeat(2100)}`, "mobile", "too_long"],
      ["https://example.com/", "tablet", "invalid_strategy"],
    ]) {
      const { response, body } = await analyse(url!, strategy!);
      expect(response.status, url).toBe(400);
      expect(body, url).toMatchObject({ success: false, code });
    }
  });

  it("limits analyses per client with 429 and Retry-After", { timeout: LIMIT_TEST_TIMEOUT }, async () => {
    await inOneLimiterWindow();
    const ip = freshClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await analyse(fresh(), "desktop", ip)).response.status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await analyse(fresh(), "desktop", ip);
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get("retry-after")).toBe("60");
    expect(limited.body).toMatchObject({ success: false, code: "rate_limited" });
  });
});
