// The fuzz suites cover every route: the API suites take their list from the app itself
// (tests/api/fuzz/api-routes.ts `fuzzedApiRoutes`), so this test checks that the samples listed
// there name endpoints that exist; every route of the Remix build (app/routes) must be in
// PAGE_ROUTES or ROUTES_COVERED_ELSEWHERE — and nothing listed may be gone.
import { describe, expect, it } from "vitest";
import * as build from "../../build/server";
import api from "../../workers/api/app";
import { API_ROUTES, fuzzedApiRoutes } from "./fuzz/api-routes";
import { PAGE_ROUTES, ROUTES_COVERED_ELSEWHERE } from "./fuzz/page-routes";

describe("the fuzz route lists", () => {
  it("fuzz every /api/v1 endpoint of the Hono app; the samples name only endpoints that exist", () => {
    const endpoints = new Set(
      api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`),
    );
    const fuzzed = new Set(fuzzedApiRoutes().map((route) => `${route.method} ${route.path}`));
    expect(
      [...endpoints].filter((endpoint) => !fuzzed.has(endpoint)),
      "endpoints the fuzz suite misses",
    ).toEqual([]);
    const listed = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(
      listed.filter((endpoint) => !endpoints.has(endpoint)),
      "samples for endpoints that no longer exist",
    ).toEqual([]);
    expect(new Set(listed).size, "an endpoint has samples twice").toBe(listed.length);
  });

  it("hold every page route of the Remix app, and only those", () => {
    const routeIds = new Set(Object.keys(build.routes));
    const listed = new Set([...PAGE_ROUTES.map((route) => route.id), ...Object.keys(ROUTES_COVERED_ELSEWHERE)]);
    expect(
      [...routeIds].filter((id) => !listed.has(id)),
      "routes missing from tests/api/fuzz/page-routes.ts",
    ).toEqual([]);
    expect(
      [...listed].filter((id) => !routeIds.has(id)),
      "listed routes that no longer exist",
    ).toEqual([]);
  });
});
