// The analytics tool's strategies, categories, vitals and their ratings (Google's thresholds):
// plain values and functions, apart from the PageSpeed mapping and the browser's zod schema
// (pagespeed.ts, which re-exports these), so the page renders without loading zod.

export const STRATEGIES = ["mobile", "desktop"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Longest URL we accept (PSI itself takes long URLs, but nobody types one longer). */
export const MAX_URL_LENGTH = 2048;

export type AnalyticsUrlError = "required" | "too_long" | "invalid_url" | "invalid_scheme" | "not_public";

export const CATEGORIES = ["performance", "accessibility", "bestPractices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const VITALS = ["lcp", "cls", "inp", "tbt", "fcp"] as const;
export type Vital = (typeof VITALS)[number];

export type Rating = "good" | "needs-improvement" | "poor";

/**
 * web.dev's thresholds: good up to the first value, poor above the second (LCP, INP, FCP, TBT in
 * milliseconds, CLS unitless). TBT stands in for INP in lab data (Lighthouse cannot measure INP).
 */
export const VITAL_THRESHOLDS: Record<Vital, readonly [number, number]> = {
  lcp: [2500, 4000],
  cls: [0.1, 0.25],
  inp: [200, 500],
  tbt: [200, 600],
  fcp: [1800, 3000],
};

export function rateVital(vital: Vital, value: number): Rating {
  const [good, poor] = VITAL_THRESHOLDS[vital];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}

/** Lighthouse's score bands: 90–100 good, 50–89 needs improvement, 0–49 poor. */
export function rateScore(score: number): Rating {
  if (score >= 90) return "good";
  return score >= 50 ? "needs-improvement" : "poor";
}
