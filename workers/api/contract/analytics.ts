// Contract of the URL performance analysis (SPEC §2 "analytics", issue 9): a signed-in user's
// runs through PageSpeed Insights, kept in their history.
import { z } from "zod";
import { analyticsFormSchema } from "../../../core/lookup-forms";
import { STRATEGIES, VITALS } from "../../../core/pagespeed";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

const score = z.number().nullable().meta({ description: "0–100, null when Lighthouse could not score the category." });

export const vitalValueSchema = z
  .object({
    value: z.number(),
    rating: z.enum(["good", "needs-improvement", "poor"]),
    source: z
      .enum(["field", "lab"])
      .meta({ description: "field: real users (CrUX, 75th percentile); lab: this Lighthouse run." }),
  })
  .meta({ id: "VitalValue" });

/** One kept run (workers/api/db/analytics.ts AnalyticsRun). */
export const analyticsRunSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "The URL as asked." }),
    finalUrl: z.string().meta({ description: "Where Lighthouse ended after redirects." }),
    strategy: z.enum(STRATEGIES),
    scores: z.object({ performance: score, accessibility: score, bestPractices: score, seo: score }),
    vitals: z.partialRecord(z.enum(VITALS), vitalValueSchema),
    lighthouseVersion: z.string().nullable(),
    analysedAt: z.string().meta({ description: "When PageSpeed Insights ran the analysis (ISO 8601)." }),
    createdAt: z.string().meta({ description: "When the run was kept (ISO 8601)." }),
  })
  .meta({ id: "AnalyticsRun" });
export type AnalyticsRun = z.infer<typeof analyticsRunSchema>;

const tags = ["Analytics"];

export const listAnalyticsRunsRoute = apiRoute({
  method: "get",
  path: "/analytics/runs",
  tags,
  summary: "The signed-in user's runs, newest first",
  security: BEARER,
  responses: { 200: ok(z.object({ runs: z.array(analyticsRunSchema) }), "The kept runs (the newest 100).") },
});

export const createAnalyticsRunRoute = apiRoute(
  {
    method: "post",
    path: "/analytics/runs",
    tags,
    summary: "Analyse a URL now and keep the run",
    security: BEARER,
    request: { body: jsonBody(analyticsFormSchema) },
    responses: { 201: ok(analyticsRunSchema, "The run, kept in the history.") },
  },
  [
    "pagespeed_unreachable",
    "pagespeed_rate_limited",
    "pagespeed_failed",
    "rate_limited",
    "lookup_unavailable",
    "lookup_bad_response",
  ],
);
