// URL performance analysis (SPEC §2 "analytics", issue 9) for signed-in users: a run goes through
// the lookup worker (PageSpeed Insights behind its KV cache and per-client limit) and is kept in the
// user's history (D1 `analytics_runs`), which the dashboard charts.
import { authOf, requireAuth } from "../auth/middleware";
import { createAnalyticsRunRoute, listAnalyticsRunsRoute } from "../contract/analytics";
import { insertAnalyticsRun, listAnalyticsRuns } from "../db/analytics";
import { createLookupClient } from "../lookup-client";
import { contractRouter } from "../validate";

/** Both routes need the bearer token (checked before the request is validated). */
const router = contractRouter();
router.use("/analytics/runs", requireAuth);

export const analyticsRoutes = router
  /** GET /analytics/runs — the user's runs, newest first. */
  .openapi(listAnalyticsRunsRoute, async (c) => {
    const runs = await listAnalyticsRuns(c.env.DB, authOf(c).userId);
    return c.json({ success: true as const, data: { runs } }, 200);
  })
  /** POST /analytics/runs {url, strategy} — analyse a URL now and keep the run (201). */
  .openapi(createAnalyticsRunRoute, async (c) => {
    const asked = c.req.valid("json");
    const result = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).pagespeed(asked);
    const run = await insertAnalyticsRun(c.env.DB, authOf(c).userId, result, c.var.services.now());
    return c.json({ success: true as const, data: run }, 201);
  });
