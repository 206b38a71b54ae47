// Sign-in attempt limits, counted in D1 (exact, durable): failures per username and per client
// address within a sliding window. Reaching a limit answers 429 with Retry-After.
import { ApiError } from "../errors";

export const ATTEMPT_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

const userKey = (username: string) => `user:${username}`;
const ipKey = (ip: string) => `ip:${ip}`;

async function check(db: D1Database, key: string, limit: number, nowMs: number): Promise<number | null> {
  const since = nowMs - ATTEMPT_WINDOW_MS;
  const row = await db
    .prepare("SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM (SELECT at_ms FROM login_attempts WHERE key = ?1 AND at_ms > ?2 ORDER BY at_ms DESC LIMIT ?3)")
    .bind(key, since, limit)
    .first<{ n: number; oldest: number | null }>();
  if (!row || row.n < limit || row.oldest === null) return null;
  return Math.max(1, Math.ceil((row.oldest + ATTEMPT_WINDOW_MS - nowMs) / 1000));
}

/** Throws 429 when the username or the address has too many recent failures. */
export async function assertLoginAllowed(db: D1Database, username: string, ip: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const waits = [await check(db, userKey(username), MAX_FAILURES_PER_USERNAME, nowMs), await check(db, ipKey(ip), MAX_FAILURES_PER_IP, nowMs)];
  const wait = Math.max(...waits.map((value) => value ?? 0));
  if (wait > 0) {
    throw new ApiError(429, "too_many_attempts", "Too many sign-in attempts. Please try again later.", undefined, {
      "Retry-After": String(wait),
    });
  }
}

export async function recordLoginFailure(db: D1Database, username: string, ip: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  await db.batch([
    db.prepare("INSERT INTO login_attempts (key, at_ms) VALUES (?1, ?2)").bind(userKey(username), nowMs),
    db.prepare("INSERT INTO login_attempts (key, at_ms) VALUES (?1, ?2)").bind(ipKey(ip), nowMs),
    db.prepare("DELETE FROM login_attempts WHERE at_ms <= ?1").bind(nowMs - ATTEMPT_WINDOW_MS),
  ]);
}

/** A successful sign-in clears the username's failures (the address keeps its count). */
export async function clearLoginFailures(db: D1Database, username: string): Promise<void> {
  await db.prepare("DELETE FROM login_attempts WHERE key = ?1").bind(userKey(username)).run();
}
