// URL performance analysis through /api/v1 (issue 9): signed-in only, validated like the form,
// kept per user. The lookup worker's upstreams sit on a closed loopback port here (offline), so a
// run fails with its clear code, never a 500 (tests/lookup/pagespeed.test.ts covers the answers).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertAnalyticsRun } from "../../workers/api/db/analytics";
import { api, signedInUser, type ErrorBody, type SignedInUser } from "./helpers";

function call(user: SignedInUser | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

interface Run {
  id: string;
  url: string;
  strategy: string;
  scores: Record<string, number | null>;
  vitals: Record<string, { value: number; rating: string; source: string }>;
}

describe("analytics API", () => {
  it("needs sign-in", async () => {
    expect((await call(null, "GET", "/analytics/runs")).status).toBe(401);
    expect(
      (await call(null, "POST", "/analytics/runs", { url: "https://example.com/", strategy: "mobile" })).status,
    ).toBe(401);
  });

  it("refuses URLs that are not public http(s) pages", async () => {
    const user = await signedInUser();
    for (const [url, code] of [
      ["", "required"],
      ["javascript:alert(1)", "invalid_scheme"],
      ["http://127.0.0.1/", "not_public"],
      ["http://intranet/", "not_public"],
    ]) {
      const response = await call(user, "POST", "/analytics/runs", { url, strategy: "desktop" });
      expect(response.status, url).toBe(400);
      expect(await response.json<ErrorBody>(), url).toMatchObject({
        success: false,
        code: "invalid_parameter",
        errors: [{ path: "url", message: code }],
      });
    }
    const strategy = await call(user, "POST", "/analytics/runs", { url: "https://example.com/", strategy: "tablet" });
    expect(strategy.status).toBe(400);
  });

  it("offline, a run fails with a clear code and nothing is kept", async () => {
    const user = await signedInUser();
    const response = await call(user, "POST", "/analytics/runs", { url: "example.com", strategy: "mobile" });
    expect(response.status).toBe(502);
    expect(await response.json<ErrorBody>()).toMatchObject({ success: false, code: "pagespeed_failed" });
    const list = await (await call(user, "GET", "/analytics/runs")).json<{ data: { runs: Run[] } }>();
    expect(list.data.runs).toEqual([]);
  });

  it("lists a user's own runs, newest first, and nobody else's", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const base = {
      finalUrl: "https://example.com/",
      scores: { performance: 40, accessibility: 90, bestPractices: 100, seo: null },
      vitals: { lcp: { value: 3000, rating: "needs-improvement" as const, source: "lab" as const } },
      lighthouseVersion: "12.8.2",
      analysedAt: "2026-11-20T10:00:00.000Z",
    };
    await insertAnalyticsRun(
      env.DB,
      owner.id,
      { ...base, url: "https://example.com/", strategy: "mobile" },
      new Date("2026-11-20T10:00:01Z"),
    );
    await insertAnalyticsRun(
      env.DB,
      owner.id,
      { ...base, url: "https://example.com/", strategy: "desktop" },
      new Date("2026-11-21T10:00:01Z"),
    );
    const list = await (await call(owner, "GET", "/analytics/runs")).json<{ data: { runs: Run[] } }>();
    expect(list.data.runs.map((run) => run.strategy)).toEqual(["desktop", "mobile"]);
    expect(list.data.runs[0]).toMatchObject({
      url: "https://example.com/",
      scores: { performance: 40, seo: null },
      vitals: { lcp: { value: 3000, rating: "needs-improvement" } },
    });
    const theirs = await (await call(other, "GET", "/analytics/runs")).json<{ data: { runs: Run[] } }>();
    expect(theirs.data.runs).toEqual([]);
  });
});
