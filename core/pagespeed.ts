/**
 * URL performance analysis (SPEC §2 "analytics": performance, accessibility, best practices, SEO,
 * core web vitals) through PageSpeed Insights v5 (reference/external-services.md §5). Pure: the
 * form's rules, shared by Conform, the API and the lookup worker, and the mapping of a PSI answer
 * to the result the dashboard shows and keeps.
 */
import { z } from "./zod";
import { typedNameField } from "./typed-name";
import {
  STRATEGIES,
  type Strategy,
  MAX_URL_LENGTH,
  CATEGORIES,
  type Category,
  VITALS,
  type Vital,
  type Rating,
  rateVital,
} from "./pagespeed-ratings";

export {
  CATEGORIES,
  MAX_URL_LENGTH,
  STRATEGIES,
  VITALS,
  VITAL_THRESHOLDS,
  rateScore,
  rateVital,
} from "./pagespeed-ratings";
export type { AnalyticsUrlError, Category, Rating, Strategy, Vital } from "./pagespeed-ratings";

export const strategyField = z.enum(STRATEGIES, { error: "invalid_strategy" }).default("mobile");

/** The analysis form as the browser checks it (the server: `analyticsFormSchema`, core/lookup-forms.ts). */
export const analyticsBrowserSchema = z.object({
  url: typedNameField(MAX_URL_LENGTH * 2, false),
  strategy: strategyField,
});

/** PSI's names of the four categories, as sent in `category=` and found in `lighthouseResult.categories`. */
export const PSI_CATEGORY = {
  performance: { param: "PERFORMANCE", key: "performance" },
  accessibility: { param: "ACCESSIBILITY", key: "accessibility" },
  bestPractices: { param: "BEST_PRACTICES", key: "best-practices" },
  seo: { param: "SEO", key: "seo" },
} as const satisfies Record<Category, { param: string; key: string }>;

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
