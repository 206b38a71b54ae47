/**
 * URL performance analysis (SPEC §2 "analytics": performance, accessibility, best practices, SEO,
 * core web vitals) through PageSpeed Insights v5 (reference/external-services.md §5). Pure: the
 * form's rules, shared by Conform, the API and the lookup worker, and the mapping of a PSI answer
 * to the result the dashboard shows and keeps.
 */
import { z } from "zod";
import { typedNameField } from "./typed-name";

export const STRATEGIES = ["mobile", "desktop"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Longest URL we accept (PSI itself takes long URLs, but nobody types one longer). */
export const MAX_URL_LENGTH = 2048;

export type AnalyticsUrlError = "required" | "too_long" | "invalid_url" | "invalid_scheme" | "not_public";

export const strategyField = z.enum(STRATEGIES, { error: "invalid_strategy" }).default("mobile");

/** The analysis form as the browser checks it (the server: `analyticsFormSchema`, core/lookup-forms.ts). */
export const analyticsBrowserSchema = z.object({
  url: typedNameField(MAX_URL_LENGTH * 2, false),
  strategy: strategyField,
});

export const CATEGORIES = ["performance", "accessibility", "bestPractices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** PSI's names of the four categories, as sent in `category=` and found in `lighthouseResult.categories`. */
export const PSI_CATEGORY = {
  performance: { param: "PERFORMANCE", key: "performance" },
  accessibility: { param: "ACCESSIBILITY", key: "accessibility" },
  bestPractices: { param: "BEST_PRACTICES", key: "best-practices" },
  seo: { param: "SEO", key: "seo" },
} as const satisfies Record<Category, { param: string; key: string }>;

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

export interface VitalValue {
  value: number;
  rating: Rating;
  /** field: real users (CrUX, 75th percentile); lab: this Lighthouse run. */
  source: "field" | "lab";
}

export interface PageSpeedResult {
  /** The URL as asked, and where Lighthouse ended after redirects. */
  url: string;
  finalUrl: string;
  strategy: Strategy;
  /** 0–100, null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  vitals: Partial<Record<Vital, VitalValue>>;
  lighthouseVersion: string | null;
  /** When PSI ran the analysis (ISO 8601). */
  analysedAt: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Field metric keys of `loadingExperience.metrics` per vital (CLS's percentile is ×100). */
const FIELD_METRICS: Partial<Record<Vital, { key: string; scale: number }>> = {
  lcp: { key: "LARGEST_CONTENTFUL_PAINT_MS", scale: 1 },
  cls: { key: "CUMULATIVE_LAYOUT_SHIFT_SCORE", scale: 100 },
  inp: { key: "INTERACTION_TO_NEXT_PAINT", scale: 1 },
  fcp: { key: "FIRST_CONTENTFUL_PAINT_MS", scale: 1 },
};

/** Lighthouse audit ids per vital (lab data). */
const LAB_AUDITS: Partial<Record<Vital, string>> = {
  lcp: "largest-contentful-paint",
  cls: "cumulative-layout-shift",
  tbt: "total-blocking-time",
  fcp: "first-contentful-paint",
};

export class PageSpeedShapeError extends Error {}

/**
 * A PSI v5 answer → the result. Field data (CrUX, the page's own, not the origin's) wins where
 * it exists; otherwise the Lighthouse lab values. Throws PageSpeedShapeError without a
 * `lighthouseResult`.
 */
export function mapPageSpeed(body: unknown, asked: { url: string; strategy: Strategy }, now: Date): PageSpeedResult {
  if (!isObject(body) || !isObject(body.lighthouseResult))
    throw new PageSpeedShapeError("no lighthouseResult in the answer");
  const lighthouse = body.lighthouseResult;
  const categories = isObject(lighthouse.categories) ? lighthouse.categories : {};
  const audits = isObject(lighthouse.audits) ? lighthouse.audits : {};
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const entry = categories[PSI_CATEGORY[category].key];
      const score = isObject(entry) ? num(entry.score) : null;
      return [category, score === null ? null : Math.round(score * 100)];
    }),
  ) as Record<Category, number | null>;

  const field =
    isObject(body.loadingExperience) && isObject(body.loadingExperience.metrics) ? body.loadingExperience.metrics : {};
  const vitals: Partial<Record<Vital, VitalValue>> = {};
  for (const vital of VITALS) {
    const fieldMetric = FIELD_METRICS[vital];
    const metric = fieldMetric ? field[fieldMetric.key] : undefined;
    const measured = isObject(metric) ? num(metric.percentile) : null;
    if (fieldMetric && measured !== null) {
      const value = measured / fieldMetric.scale;
      vitals[vital] = { value, rating: rateVital(vital, value), source: "field" };
      continue;
    }
    const auditId = LAB_AUDITS[vital];
    const audit = auditId ? audits[auditId] : undefined;
    const lab = isObject(audit) ? num(audit.numericValue) : null;
    if (lab !== null) vitals[vital] = { value: lab, rating: rateVital(vital, lab), source: "lab" };
  }

  const analysedAt =
    typeof body.analysisUTCTimestamp === "string" && !Number.isNaN(Date.parse(body.analysisUTCTimestamp))
      ? new Date(body.analysisUTCTimestamp).toISOString()
      : now.toISOString();
  return {
    url: asked.url,
    finalUrl:
      typeof lighthouse.finalDisplayedUrl === "string"
        ? lighthouse.finalDisplayedUrl
        : typeof lighthouse.finalUrl === "string"
          ? lighthouse.finalUrl
          : asked.url,
    strategy: asked.strategy,
    scores,
    vitals,
    lighthouseVersion: typeof lighthouse.lighthouseVersion === "string" ? lighthouse.lighthouseVersion : null,
    analysedAt,
  };
}
