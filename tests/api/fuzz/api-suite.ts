// Runs the API fuzz over one shard of the route list (the shards are separate test files, so
// vitest runs them side by side).
import { beforeAll, describe, it } from "vitest";
import api from "../../../workers/api/app";
import { seedSampleCatalogue } from "../helpers";
import { checkContract } from "../contract";
import { fuzzedApiRoutes } from "./api-routes";
import { makeFixture, type FuzzFixture } from "./fixture";
import { fuzzRoute, inProcess } from "./harness";
import { apiRequests } from "./requests";

export const API_SHARDS = 3;

export function apiFuzzSuite(shard: number): void {
  // Every endpoint of the app (its contract and plain routes), with the samples of tests/api/fuzz/api-routes.ts.
  const routes = fuzzedApiRoutes().filter((_, index) => index % API_SHARDS === shard);
  let shared: FuzzFixture;

  beforeAll(async () => {
    await seedSampleCatalogue();
    shared = await makeFixture();
  }, 60_000);

  // One route after the other: a failing case replays alone, with the same seed.
  describe("never 5xx, errors in the one shape, nothing written on a refusal, no redirect off-site", () => {
    it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      "fuzz %s",
      async (_name, route) => {
        const fixture = route.fresh ? await makeFixture() : shared;
        await fuzzRoute(`${route.method} ${route.path}`, apiRequests(route, fixture), contractChecked(inProcess(api)), {
          api: true,
          writesOn4xx: route.writesOn4xx,
          errorExtraKeys: route.errorExtraKeys,
          ownErrorShape: route.ownErrorShape,
          upstreamErrors: route.upstreamErrors,
        });
      },
      600_000,
    );
  });
}

/** Sends, then checks the answer against the route's contract (tests/api/contract.ts). */
function contractChecked(send: ReturnType<typeof inProcess>): ReturnType<typeof inProcess> {
  const checked = async (request: Request) => {
    const response = await send(request);
    await checkContract(request.method, request.url, response);
    return response;
  };
  return Object.assign(checked, { writes: send.writes });
}
