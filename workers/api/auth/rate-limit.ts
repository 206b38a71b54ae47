// Attempt limits of the accounts API, counted in D1 (exact, durable) within sliding windows:
// sign-in failures (per username-and-address and per address; per username they only slow
// sign-in down, see loginDelayMs), sign-ups per address, code mails
// (per client address, per address and recipient, per recipient unless the owner asks) and failed code checks per address. Each counted
// event is a row of `login_attempts` keyed "<scope>:<subject>". Reaching a limit answers 429
// `too_many_attempts` with Retry-After (seconds until the oldest counted event leaves the window).
import { ApiError } from "../errors";

const MINUTE_MS = 60_000;

export interface LimitRule {
  /** Key prefix; one counter per rule and subject. */
  readonly scope: string;
  readonly max: number;
  readonly windowMs: number;
}

export const LIMITS = {
  /** One address guessing one account: refused after 5 failures. */
  loginPerUsernameAndIp: { scope: "user-ip", max: 5, windowMs: 15 * MINUTE_MS },
  /** One address guessing many accounts: refused after 20 failures. */
  loginPerIp: { scope: "ip", max: 20, windowMs: 15 * MINUTE_MS },
  /**
   * Many addresses guessing one account: never refused (that would let anyone lock anyone out,
   * issue 12), only slowed down from `max` failures on (see loginDelayMs).
   */
  loginPerUsername: { scope: "user", max: 10, windowMs: 15 * MINUTE_MS },
  registerPerIp: { scope: "register-ip", max: 5, windowMs: 60 * MINUTE_MS },
  /** Code mails one address asks for one recipient: refused after 3 (issue 18). */
  codeMailPerIpAndEmail: { scope: "mail-ip-email", max: 3, windowMs: 15 * MINUTE_MS },
  /** Code mails one address asks for in all. */
  codeMailPerIp: { scope: "mail-ip", max: 20, windowMs: 60 * MINUTE_MS },
  /**
   * Code mails to one recipient from anywhere (against mail bombing): refused after 10, except for
   * the account's own remembered browser or signed-in session, which this cap does not count.
   */
  codeMailPerEmail: { scope: "mail-email", max: 10, windowMs: 60 * MINUTE_MS },
  codeCheckPerIp: { scope: "code-ip", max: 10, windowMs: 15 * MINUTE_MS },
  /**
   * Every confirmation of the account password by a signed-in user (auth code, lock, delete,
   * email/username/password change, 2FA off, a server's root password): a stolen session or
   * token cannot guess the password; after 5 failures every confirmation, right or wrong, is
   * refused until the window frees a slot (issue 18). Per user: only their sessions ask.
   */
  passwordCheckPerUser: { scope: "password-user", max: 5, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong codes on one two-factor challenge (TOTP or recovery code): the challenge dies at the
   * 5th (the user signs in again). The window outlives the challenge (5 minutes).
   */
  twoFactorPerChallenge: { scope: "2fa-challenge", max: 5, windowMs: 15 * MINUTE_MS },
  /**
   * Transfer auth codes the registry refused, per user and domain: a sixth checkout of a transfer
   * of the name that day is refused before any card is authorised (issue 18).
   */
  transferAuthCodePerUserAndDomain: { scope: "transfer-code", max: 5, windowMs: 24 * 60 * MINUTE_MS },
  /** Calls made with one personal API token (issue 20): a runaway script is slowed, not the site. */
  apiTokenCalls: { scope: "api-token", max: 120, windowMs: MINUTE_MS },
} as const satisfies Record<string, LimitRule>;

/** Rows older than the longest window count for nothing and are swept on each write. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((rule) => rule.windowMs));

export const ATTEMPT_WINDOW_MS = LIMITS.loginPerUsernameAndIp.windowMs;
export const MAX_FAILURES_PER_USERNAME_AND_IP = LIMITS.loginPerUsernameAndIp.max;
export const MAX_FAILURES_PER_IP = LIMITS.loginPerIp.max;
/** The longest a sign-in for a username under attack waits before its credentials are checked. */
export const MAX_LOGIN_DELAY_MS = 3_000;

/** A rule applied to one subject (a username, an address, an email). */
export type Counter = readonly [rule: LimitRule, subject: string];

const keyOf = ([rule, subject]: Counter) => `${rule.scope}:${subject}`;

/** A limit read's row: the counted events and the oldest of them (the delay's read has only `n`). */
export type WindowRow = { n: number; oldest?: number | null };

/** The read behind a counter's wait: its newest `max` events in the window, counted. */
function windowStatement(db: D1Database, counter: Counter, nowMs: number): D1PreparedStatement {
  const [rule] = counter;
  return db
    .prepare(
      "SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM (SELECT at_ms FROM login_attempts WHERE key = ?1 AND at_ms > ?2 ORDER BY at_ms DESC LIMIT ?3)",
    )
    .bind(keyOf(counter), nowMs - rule.windowMs, rule.max);
}

/** Seconds to wait before the counter allows another event, or null when it allows one now. */
function waitFrom([rule]: Counter, row: WindowRow | null | undefined, nowMs: number): number | null {
  if (!row || row.n < rule.max || row.oldest === null || row.oldest === undefined) return null;
  return Math.max(1, Math.ceil((row.oldest + rule.windowMs - nowMs) / 1000));
}

async function waitSeconds(db: D1Database, counter: Counter, nowMs: number): Promise<number | null> {
  return waitFrom(counter, await windowStatement(db, counter, nowMs).first<WindowRow>(), nowMs);
}

/** The 429 (with Retry-After) for the longest of the waits, if any counter is full. */
function throwIfWaiting(waits: readonly (number | null)[], message: string): void {
  const wait = Math.max(0, ...waits.map((value) => value ?? 0));
  if (wait > 0) throw new ApiError(429, "too_many_attempts", message, undefined, { "Retry-After": String(wait) });
}

/** Throws 429 with Retry-After when any of the counters is full. */
export async function assertWithinLimits(
  db: D1Database,
  counters: readonly Counter[],
  now: Date,
  message: string,
): Promise<void> {
  const nowMs = now.getTime();
  throwIfWaiting(await Promise.all(counters.map((counter) => waitSeconds(db, counter, nowMs))), message);
}

/** The statements that count one event on each counter (and sweep rows no window still needs). */
export function recordAttemptsStatements(
  db: D1Database,
  counters: readonly Counter[],
  now: Date,
): D1PreparedStatement[] {
  const nowMs = now.getTime();
  return [
    ...counters.map((counter) =>
      db.prepare("INSERT INTO login_attempts (key, at_ms) VALUES (?1, ?2)").bind(keyOf(counter), nowMs),
    ),
    db.prepare("DELETE FROM login_attempts WHERE at_ms <= ?1").bind(nowMs - LONGEST_WINDOW_MS),
  ];
}

/** Counts one event on each counter (and sweeps rows no window still needs). */
export async function recordAttempts(db: D1Database, counters: readonly Counter[], now: Date): Promise<void> {
  await db.batch(recordAttemptsStatements(db, counters, now));
}

// Sign-in (OWASP Authentication Cheat Sheet, "account lockout"): an address that guesses is
// refused (per username-and-address, per address); a username that many addresses guess is only
// slowed down, so a stranger cannot lock its owner out.

const userAtIp = (username: string, ip: string) => JSON.stringify([username, ip]);

const LOGIN_LIMITED = "Too many sign-in attempts. Please try again later.";

/** The counters a sign-in from `ip` for `username` must find room in (the name alone only slows, see loginDelayMs). */
const loginCounters = (username: string, ip: string): Counter[] => [
  [LIMITS.loginPerUsernameAndIp, userAtIp(username, ip)],
  [LIMITS.loginPerIp, ip],
];

/** Throws 429 when this address has too many recent failures, for this username or in all. */
export function assertLoginAllowed(db: D1Database, username: string, ip: string, now: Date): Promise<void> {
  return assertWithinLimits(db, loginCounters(username, ip), now, LOGIN_LIMITED);
}

const delayStatement = (db: D1Database, username: string, now: Date) =>
  db
    .prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE key = ?1 AND at_ms > ?2")
    .bind(keyOf([LIMITS.loginPerUsername, username]), now.getTime() - LIMITS.loginPerUsername.windowMs);

function delayFrom(row: { n: number } | null | undefined): number {
  const rule = LIMITS.loginPerUsername;
  const failures = row?.n ?? 0;
  return failures < rule.max ? 0 : Math.min(MAX_LOGIN_DELAY_MS, 500 * (failures - rule.max + 1));
}

/**
 * How long a sign-in for `username` waits before its credentials are checked: 0 until the name
 * has `loginPerUsername.max` recent failures from anywhere, then 500 ms more per failure, at most
 * MAX_LOGIN_DELAY_MS. Every attempt for the name waits the same, right or wrong, so the delay
 * tells nothing about the guess; the owner still signs in, only a little slower.
 */
export async function loginDelayMs(db: D1Database, username: string, now: Date): Promise<number> {
  return delayFrom(await delayStatement(db, username, now).first<{ n: number }>());
}

/**
 * assertLoginAllowed and loginDelayMs as statements, for a caller that batches them with its own
 * reads (the password sign-in: one round trip before the PBKDF2 work, issue 25). `settle` takes
 * the statements' first rows in order: it throws the 429, or answers the delay in ms.
 */
export function loginLimitReads(db: D1Database, username: string, ip: string, now: Date) {
  const nowMs = now.getTime();
  const counters = loginCounters(username, ip);
  return {
    statements: [...counters.map((counter) => windowStatement(db, counter, nowMs)), delayStatement(db, username, now)],
    settle(rows: readonly (WindowRow | undefined)[]): number {
      throwIfWaiting(
        counters.map((counter, at) => waitFrom(counter, rows[at], nowMs)),
        LOGIN_LIMITED,
      );
      return delayFrom(rows[counters.length]);
    },
  };
}

/** assertLoginAllowed and loginDelayMs in one round trip: throws the 429, or answers the delay in ms. */
export async function loginLimitsAndDelay(db: D1Database, username: string, ip: string, now: Date): Promise<number> {
  const reads = loginLimitReads(db, username, ip, now);
  const results = await db.batch<WindowRow>(reads.statements);
  return reads.settle(results.map((result) => result.results[0]));
}

/** The statements that count a failed sign-in for the name, the address and both (batched with the history line). */
export function loginFailureStatements(db: D1Database, username: string, ip: string, now: Date): D1PreparedStatement[] {
  return recordAttemptsStatements(db, [...loginCounters(username, ip), [LIMITS.loginPerUsername, username]], now);
}

/**
 * The DELETE that forgets this address's failures for the username, once it signed in there. The
 * username's own count (from every address) stays until it ages out: a stranger's failures keep
 * slowing them.
 */
export function clearLoginFailuresStatement(db: D1Database, username: string, ip: string): D1PreparedStatement {
  return db
    .prepare("DELETE FROM login_attempts WHERE key = ?1")
    .bind(keyOf([LIMITS.loginPerUsernameAndIp, userAtIp(username, ip)]));
}

// Sign-up: accounts created per address.

export function assertRegisterAllowed(db: D1Database, ip: string, now: Date): Promise<void> {
  return assertWithinLimits(
    db,
    [[LIMITS.registerPerIp, ip]],
    now,
    "Too many accounts were created from this address. Please try again later.",
  );
}

export function recordRegistration(db: D1Database, ip: string, now: Date): Promise<void> {
  return recordAttempts(db, [[LIMITS.registerPerIp, ip]], now);
}

// Code mails (issue 18): counted per requesting address (for one recipient and in all) and per
// recipient, by the email text whether or not an account has it (the answer reveals nothing).
// A request the account's owner is known to make (`owner`: its signed-in session, or a browser that
// completed a verification or reset for it) skips the per-recipient cap and is not counted there,
// so strangers filling the cap cannot keep the owner from a code.

/** Throws 429 when the address (or, for a stranger, the recipient) asked for too many codes, else counts this request. */
export async function takeCodeMail(db: D1Database, email: string, ip: string, now: Date, owner = false): Promise<void> {
  const recipient = email.trim().toLowerCase();
  const counters: Counter[] = [
    [LIMITS.codeMailPerIpAndEmail, JSON.stringify([ip, recipient])],
    [LIMITS.codeMailPerIp, ip],
  ];
  if (!owner) counters.push([LIMITS.codeMailPerEmail, recipient]);
  await assertWithinLimits(db, counters, now, "Too many codes were requested. Please try again later.");
  await recordAttempts(db, counters, now);
}

// Code checks: failed checks per address (each code still dies after its own 5 wrong tries).

export function assertCodeCheckAllowed(db: D1Database, ip: string, now: Date): Promise<void> {
  return assertWithinLimits(db, [[LIMITS.codeCheckPerIp, ip]], now, "Too many code attempts. Please try again later.");
}

export function recordCodeCheckFailure(db: D1Database, ip: string, now: Date): Promise<void> {
  return recordAttempts(db, [[LIMITS.codeCheckPerIp, ip]], now);
}

// Attempts taken before the check (password confirmations): each request first claims a slot in
// the window, so a burst of parallel guesses cannot slip past the count; a right answer gives its
// slot back.

export interface TakenAttempt {
  readonly id: number;
  /** 1 for the first attempt in the window, `rule.max` for the last one allowed. */
  readonly rank: number;
}

/**
 * Claims one attempt on the counter: 429 with Retry-After when the window is already full (also
 * when parallel requests filled it first), else the claimed attempt and its rank in the window.
 */
export async function takeAttempt(db: D1Database, counter: Counter, now: Date, message: string): Promise<TakenAttempt> {
  await assertWithinLimits(db, [counter], now, message);
  const nowMs = now.getTime();
  const [rule] = counter;
  const inserted = await db
    .prepare("INSERT INTO login_attempts (key, at_ms) VALUES (?1, ?2) RETURNING id")
    .bind(keyOf(counter), nowMs)
    .first<{ id: number }>();
  if (!inserted) throw new Error("login_attempts insert returned no row");
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE key = ?1 AND at_ms > ?2 AND id <= ?3")
    .bind(keyOf(counter), nowMs - rule.windowMs, inserted.id)
    .first<{ n: number }>();
  const rank = row?.n ?? 1;
  if (rank > rule.max) {
    await releaseAttempt(db, inserted.id);
    await assertWithinLimits(db, [counter], now, message);
    throw new ApiError(429, "too_many_attempts", message, undefined, {
      "Retry-After": String(Math.ceil(rule.windowMs / 1000)),
    });
  }
  return { id: inserted.id, rank };
}

/** Gives a claimed attempt back (the check succeeded: it does not count). */
export async function releaseAttempt(db: D1Database, id: number): Promise<void> {
  await db.prepare("DELETE FROM login_attempts WHERE id = ?1").bind(id).run();
}

// Transfer auth codes (issue 18): codes the registry refused, per user and domain.

const userAndDomain = (userId: string, domain: string) => JSON.stringify([userId, domain.toLowerCase()]);

export function assertTransferCodeAllowed(db: D1Database, userId: string, domain: string, now: Date): Promise<void> {
  return assertWithinLimits(
    db,
    [[LIMITS.transferAuthCodePerUserAndDomain, userAndDomain(userId, domain)]],
    now,
    `Too many wrong auth codes for ${domain} today. Check the code with the current registrar and try again later.`,
  );
}

export function recordTransferCodeFailure(db: D1Database, userId: string, domain: string, now: Date): Promise<void> {
  return recordAttempts(db, [[LIMITS.transferAuthCodePerUserAndDomain, userAndDomain(userId, domain)]], now);
}

// Personal API tokens (issue 20): calls per token and minute. Each call is claimed before it runs
// (a burst of parallel calls cannot slip past); the token's rows that left the window are dropped
// at once, so a busy token keeps at most `max` rows.

export const API_TOKEN_LIMIT_MESSAGE = "Too many calls with this API token. Please slow down.";

/** Counts one call made with the token: 429 with Retry-After when its minute is used up. */
export async function takeApiTokenCall(db: D1Database, tokenId: string, now: Date): Promise<void> {
  const counter: Counter = [LIMITS.apiTokenCalls, tokenId];
  await takeAttempt(db, counter, now, API_TOKEN_LIMIT_MESSAGE);
  await db
    .prepare("DELETE FROM login_attempts WHERE key = ?1 AND at_ms <= ?2")
    .bind(keyOf(counter), now.getTime() - LIMITS.apiTokenCalls.windowMs)
    .run();
}
