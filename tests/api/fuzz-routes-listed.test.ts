// The fuzz suites cover every route because this test fails while one is missing from their
// lists: every endpoint of the Hono /api/v1 app (its `.routes`) must be in API_ROUTES, every
// route of the Remix build (app/routes) in PAGE_ROUTES or ROUTES_COVERED_ELSEWHERE — and nothing
// listed may be gone.
import { describe, expect, it } from "vitest";
import * as build from "../../build/server";
import api from "../../workers/api/app";
import { API_ROUTES } from "./fuzz/api-routes";
import { PAGE_ROUTES, ROUTES_COVERED_ELSEWHERE } from "./fuzz/page-routes";

describe("the fuzz route lists", () => {
  it("hold every /api/v1 endpoint of the Hono app, and only those", () => {
    const endpoints = new Set(api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`));
    const listed = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));
    expect([...endpoints].filter((endpoint) => !listed.has(endpoint)), "endpoints missing from tests/api/fuzz/api-routes.ts").toEqual([]);
    expect([...listed].filter((endpoint) => !endpoints.has(endpoint)), "listed endpoints that no longer exist").toEqual([]);
    expect(listed.size, "an endpoint is listed twice").toBe(API_ROUTES.length);
  });

  it("hold every page route of the Remix app, and only those", () => {
    const routeIds = new Set(Object.keys(build.routes));
    const listed = new Set([...PAGE_ROUTES.map((route) => route.id), ...Object.keys(ROUTES_COVERED_ELSEWHERE)]);
    expect([...routeIds].filter((id) => !listed.has(id)), "routes missing from tests/api/fuzz/page-routes.ts").toEqual([]);
    expect([...listed].filter((id) => !routeIds.has(id)), "listed routes that no longer exist").toEqual([]);
  });
});
