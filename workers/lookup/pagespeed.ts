/**
 * URL performance analysis through PageSpeed Insights v5 (reference/external-services.md §5):
 * the four categories in one run for one strategy, mapped by core/pagespeed.ts. Results are kept
 * in KV (kind `pagespeed`, 10 minutes: a run takes 10–60 s and costs quota). PSI's errors map to
 * clear codes: 429 quota → pagespeed_rate_limited; Lighthouse could not load the page (400/500
 * with domain "lighthouse") → pagespeed_unreachable; anything else, or no answer → pagespeed_failed.
 */
import {
  mapPageSpeed,
  PageSpeedShapeError,
  PSI_CATEGORY,
  CATEGORIES,
  type PageSpeedResult,
  type Strategy,
} from "../../core/pagespeed";
import { cached, remember } from "./cache";
import { LookupFailure, type LookupEnv } from "./env";

export const DEFAULT_PAGESPEED_URL = "https://www.googleapis.com/pagespeedonline/v5/runPagespeed";

/** Milliseconds before a PSI run is given up (runs take 10–60 s; default 90 s). */
export function pageSpeedTimeout(env: Pick<LookupEnv, "PAGESPEED_TIMEOUT_MS">): number {
  const value = Number(env.PAGESPEED_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 90_000;
}

function googleError(body: unknown): { message: string; domain: string | null } {
  const error = (body as { error?: { message?: unknown; errors?: { domain?: unknown }[] } } | null)?.error;
  const message = typeof error?.message === "string" ? error.message : "";
  const domain = typeof error?.errors?.[0]?.domain === "string" ? (error.errors[0].domain as string) : null;
  return { message, domain };
}

function failure(status: number, body: unknown): LookupFailure {
  const { message, domain } = googleError(body);
  if (status === 429) {
    return new LookupFailure(
      429,
      "pagespeed_rate_limited",
      "The analysis service's quota is used up. Please try again in a few minutes.",
      300,
    );
  }
  if (domain === "lighthouse" || /lighthouse/i.test(message)) {
    return new LookupFailure(
      400,
      "pagespeed_unreachable",
      `The page could not be analysed: ${message.slice(0, 300) || "Lighthouse could not load it"}.`,
    );
  }
  if (status === 400)
    return new LookupFailure(
      400,
      "pagespeed_unreachable",
      `The analysis service refused this URL: ${message.slice(0, 300) || "bad request"}.`,
    );
  return new LookupFailure(502, "pagespeed_failed", `The analysis failed: the analysis service answered ${status}.`);
}

/** One analysis of `url` (already validated and normalised) for `strategy`. */
export async function analysePage(
  env: LookupEnv,
  asked: { url: string; strategy: Strategy },
  options: { now?: () => Date; waitUntil?: (work: Promise<unknown>) => void } = {},
): Promise<{ result: PageSpeedResult; cache: "hit" | "miss" }> {
  const key = `${asked.strategy}:${asked.url}`;
  const hit = await cached<PageSpeedResult>(env.CACHE, "pagespeed", key);
  if (hit) return { result: hit, cache: "hit" };

  const endpoint = new URL(env.PAGESPEED_API_URL || DEFAULT_PAGESPEED_URL);
  const params = new URLSearchParams({ url: asked.url, strategy: asked.strategy.toUpperCase() });
  for (const category of CATEGORIES) params.append("category", PSI_CATEGORY[category].param);
  if (env.PAGESPEED_API_KEY) params.set("key", env.PAGESPEED_API_KEY);
  endpoint.search = params.toString();
  let response: Response;
  try {
    response = await fetch(endpoint, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(pageSpeedTimeout(env)),
    });
  } catch (cause) {
    console.error("PageSpeed Insights unreachable", cause);
    throw new LookupFailure(502, "pagespeed_failed", "The analysis failed: the analysis service could not be reached.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, body);
  const runtimeError = (body as { lighthouseResult?: { runtimeError?: { code?: unknown; message?: unknown } } } | null)
    ?.lighthouseResult?.runtimeError;
  if (runtimeError && typeof runtimeError.code === "string" && runtimeError.code !== "NO_ERROR") {
    throw new LookupFailure(
      400,
      "pagespeed_unreachable",
      `The page could not be analysed: ${typeof runtimeError.message === "string" ? runtimeError.message.slice(0, 300) : runtimeError.code}.`,
    );
  }
  let result: PageSpeedResult;
  try {
    result = mapPageSpeed(body, asked, (options.now ?? (() => new Date()))());
  } catch (error) {
    if (!(error instanceof PageSpeedShapeError)) throw error;
    throw new LookupFailure(
      502,
      "pagespeed_failed",
      "The analysis failed: the analysis service gave an unreadable answer.",
    );
  }
  await remember(env.CACHE, "pagespeed", key, result, { waitUntil: options.waitUntil });
  return { result, cache: "miss" };
}
