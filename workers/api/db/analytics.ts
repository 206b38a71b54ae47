// Queries of the URL performance analysis history (migration 0014). Every query filters by user_id
// (DESIGN §4).
import type { PageSpeedResult, Strategy, Vital, VitalValue } from "../../../core/pagespeed";

/** How many runs a user's history shows (the newest). */
export const HISTORY_LIMIT = 100;

interface AnalyticsRunRow {
  id: string;
  url: string;
  strategy: Strategy;
  final_url: string;
  performance: number | null;
  accessibility: number | null;
  best_practices: number | null;
  seo: number | null;
  vitals: string;
  lighthouse_version: string | null;
  analysed_at: string;
  created_at: string;
}

/** One kept run, as the API answers it. */
export interface AnalyticsRun extends PageSpeedResult {
  id: string;
  createdAt: string;
}

function parseVitals(text: string): Partial<Record<Vital, VitalValue>> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Partial<Record<Vital, VitalValue>>) : {};
  } catch {
    return {};
  }
}

function toRun(row: AnalyticsRunRow): AnalyticsRun {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.final_url,
    strategy: row.strategy,
    scores: {
      performance: row.performance,
      accessibility: row.accessibility,
      bestPractices: row.best_practices,
      seo: row.seo,
    },
    vitals: parseVitals(row.vitals),
    lighthouseVersion: row.lighthouse_version,
    analysedAt: row.analysed_at,
    createdAt: row.created_at,
  };
}

export async function insertAnalyticsRun(
  db: D1Database,
  userId: string,
  result: PageSpeedResult,
  now: Date,
): Promise<AnalyticsRun> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO analytics_runs (id, user_id, url, strategy, final_url, performance, accessibility, best_practices, seo, vitals, lighthouse_version, analysed_at, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    )
    .bind(
      id,
      userId,
      result.url,
      result.strategy,
      result.finalUrl,
      result.scores.performance,
      result.scores.accessibility,
      result.scores.bestPractices,
      result.scores.seo,
      JSON.stringify(result.vitals),
      result.lighthouseVersion,
      result.analysedAt,
      now.toISOString(),
    )
    .run();
  return { ...result, id, createdAt: now.toISOString() };
}

/** The user's runs, newest first. */
export async function listAnalyticsRuns(
  db: D1Database,
  userId: string,
  limit = HISTORY_LIMIT,
): Promise<AnalyticsRun[]> {
  const { results } = await db
    .prepare("SELECT * FROM analytics_runs WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2")
    .bind(userId, limit)
    .all<AnalyticsRunRow>();
  return results.map(toRun);
}
