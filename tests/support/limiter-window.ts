// Shared by the lookup and API suites: tests that count requests up to a Workers rate limit.

/**
 * The local rate limiter (Miniflare's) counts in fixed windows of the clock, `floor(now / period)`:
 * requests that straddle the turn of a minute land in two windows, and the sixth is not refused.
 * A test that counts up to a limit calls this first: when less than `needMs` of the current minute
 * is left it waits for the next minute to begin (tests that call it allow LIMIT_TEST_TIMEOUT).
 */
export async function inOneLimiterWindow(needMs = 15_000, periodMs = 60_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Time for a test that may wait for a new limiter window (inOneLimiterWindow) and then count. */
export const LIMIT_TEST_TIMEOUT = 30_000;
