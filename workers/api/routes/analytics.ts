// URL performance analysis (SPEC §2 "analytics", issue 9) for signed-in users: a run goes through
// the lookup worker (PageSpeed Insights behind its KV cache and per-client limit) and is kept in the
// user's history (D1 `analytics_runs`), which the dashboard charts.
import { Hono } from "hono";
import { analyticsFormSchema } from "../../../core/pagespeed";
import { authOf, requireAuth } from "../auth/middleware";
import { insertAnalyticsRun, listAnalyticsRuns } from "../db/analytics";
import type { ApiBindings } from "../env";
import { createLookupClient } from "../lookup-client";
import { zValidate } from "../validate";

export const analyticsRoutes = new Hono<ApiBindings>()
  .use("/analytics/runs", requireAuth)
  /** GET /analytics/runs — the user's runs, newest first. */
  .get("/analytics/runs", async (c) => {
    const runs = await listAnalyticsRuns(c.env.DB, authOf(c).userId);
    return c.json({ success: true as const, data: { runs } });
  })
  /** POST /analytics/runs {url, strategy} — analyse a URL now and keep the run (201). */
  .post("/analytics/runs", zValidate("json", analyticsFormSchema), async (c) => {
    const asked = c.req.valid("json");
    const result = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).pagespeed(asked);
    const run = await insertAnalyticsRun(c.env.DB, authOf(c).userId, result, c.var.services.now());
    return c.json({ success: true as const, data: run }, 201);
  });
