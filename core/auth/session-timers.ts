// The browser session rules of SPEC §4 "Session" as a pure state machine. The browser shell owns
// the real timers and DOM listeners; it calls `tick(kind, Date.now())` from one interval per
// kind (SESSION_TICK_INTERVALS), `activity(Date.now())` on every mouse/key/scroll/touch/click
// event, and reports refresh outcomes and 401s. The machine answers with effects to carry out
// (call the refresh action, show a toast, sign out and redirect). Tests drive it on a fake clock.
//
// Rules (timers from SPEC §9):
// - refreshCheck (every 30 s): under 5 minutes left → refresh (never two at once); at 5 minutes
//   or less → the "session ends in N minutes, any action continues it" toast, once.
// - activity (debounced 1 s, leading edge: an event counts when 1 s of quiet preceded it) →
//   clears the once-only warning and refreshes if under 5 minutes are left.
// - expiryCheck (every 60 s; also call it on navigation): an expired token signs out; an
//   unreadable token (`expiresAt: null`) too.
// - monitor (every 5 min): unreadable or expired → sign out (redirect after 2 s); 5 minutes or
//   less → a 10 s warning with an extend-session action; remember-me with more than 48 h left
//   counts as active → a 3 s toast (once per monitor) and no extend prompt.
// - a 401 → sign out, redirect after 1.5 s; a failed refresh → sign out, redirect after 2 s.
// - A remember-me session (more than 48 h left) whose access token expired while the tab slept
//   is refreshed instead of signed out; only if that refresh fails does it end.
// After any sign-out the machine is finished and answers nothing more.

export const REFRESH_WINDOW_MS = 5 * 60_000;
export const REFRESH_CHECK_MS = 30_000;
export const EXPIRY_CHECK_MS = 60_000;
export const MONITOR_MS = 5 * 60_000;
export const ACTIVITY_DEBOUNCE_MS = 1_000;
/** The warning toast: "session ends in N minutes" at 5 minutes before expiry. */
export const WARNING_BEFORE_EXPIRY_MS = 5 * 60_000;
export const EXTEND_WARNING_MS = 10_000;
export const REMEMBER_ME_TOAST_MS = 3_000;
export const REDIRECT_AFTER_UNAUTHORIZED_MS = 1_500;
export const REDIRECT_AFTER_EXPIRY_MS = 2_000;
export const REMEMBER_ME_THRESHOLD_MS = 48 * 60 * 60_000;
export const REMEMBER_ME_DURATION_MS = 7 * 24 * 60 * 60_000;
export const TOAST_DEFAULT_MS = 3_500;

export type SessionTick = "refreshCheck" | "expiryCheck" | "monitor";

/** How often the shell calls each tick. */
export const SESSION_TICK_INTERVALS: Readonly<Record<SessionTick, number>> = {
  refreshCheck: REFRESH_CHECK_MS,
  expiryCheck: EXPIRY_CHECK_MS,
  monitor: MONITOR_MS,
};

export type LogoutReason = "expired" | "unauthorized" | "refresh_failed" | "invalid_token";

export type SessionEffect =
  | { type: "refresh" }
  | { type: "warn"; minutesLeft: number; durationMs: number }
  | { type: "extendPrompt"; durationMs: number }
  | { type: "logout"; reason: LogoutReason; redirectAfterMs: number }
  | { type: "rememberMeToast"; durationMs: number };

export type SessionMonitorOptions = {
  /** The clock reading when the monitor starts (epoch ms). */
  now: number;
  /** Access-token expiry in epoch ms (`tokenExpiresAt(token)`); null when the token is unreadable. */
  expiresAt: number | null;
  rememberMe: boolean;
  /**
   * When the remember-me session itself ends (the refresh token's expiry), if the access token
   * is shorter-lived than the session. Defaults to `expiresAt`.
   */
  sessionEndsAt?: number | null;
  /** True when the remember-me toast was already shown this session (e.g. before a reload). */
  rememberMeToastShown?: boolean;
};

export type SessionMonitorState = {
  expiresAt: number | null;
  sessionEndsAt: number | null;
  rememberMe: boolean;
  warned: boolean;
  refreshInFlight: boolean;
  rememberMeToastShown: boolean;
  ended: LogoutReason | null;
};

export type SessionMonitor = {
  tick(kind: SessionTick, nowMs: number): SessionEffect[];
  activity(nowMs: number): SessionEffect[];
  /** A refresh (or extend-session, or a server-side refresh seen on navigation) gave a new token. */
  refreshed(newExpiresAt: number | null, sessionEndsAt?: number | null): SessionEffect[];
  refreshFailed(): SessionEffect[];
  /** A call answered 401 (the shell skips the login call itself and the /signin page). */
  unauthorized(): SessionEffect[];
  state(): SessionMonitorState;
};

export function createSessionMonitor(options: SessionMonitorOptions): SessionMonitor {
  let expiresAt = options.expiresAt;
  // Without a separate session end, the session ends with its access token and follows it.
  let sessionEndsTracksToken = options.sessionEndsAt === undefined;
  let sessionEndsAt = options.sessionEndsAt === undefined ? options.expiresAt : options.sessionEndsAt;
  const rememberMe = options.rememberMe;
  let warned = false;
  let refreshInFlight = false;
  let rememberMeToastShown = options.rememberMeToastShown ?? false;
  let ended: LogoutReason | null = null;
  let lastActivityAt = Number.NEGATIVE_INFINITY;

  const logout = (reason: LogoutReason): SessionEffect[] => {
    ended = reason;
    refreshInFlight = false;
    const redirectAfterMs = reason === "unauthorized" ? REDIRECT_AFTER_UNAUTHORIZED_MS : REDIRECT_AFTER_EXPIRY_MS;
    return [{ type: "logout", reason, redirectAfterMs }];
  };

  const startRefresh = (): SessionEffect[] => {
    if (refreshInFlight) return [];
    refreshInFlight = true;
    return [{ type: "refresh" }];
  };

  /** Remember-me counts as active while more than 48 hours of the session remain. */
  const rememberMeActive = (nowMs: number): boolean =>
    rememberMe && sessionEndsAt !== null && sessionEndsAt - nowMs > REMEMBER_ME_THRESHOLD_MS;

  /** The access token ran out: a live remember-me session refreshes, anything else ends. */
  const onExpired = (nowMs: number): SessionEffect[] => (rememberMeActive(nowMs) ? startRefresh() : logout("expired"));

  const refreshCheck = (nowMs: number): SessionEffect[] => {
    if (expiresAt === null) return [];
    const left = expiresAt - nowMs;
    if (left <= 0) return [];
    const effects: SessionEffect[] = [];
    if (left < REFRESH_WINDOW_MS) effects.push(...startRefresh());
    if (left <= WARNING_BEFORE_EXPIRY_MS && !warned) {
      warned = true;
      effects.push({ type: "warn", minutesLeft: Math.ceil(left / 60_000), durationMs: TOAST_DEFAULT_MS });
    }
    return effects;
  };

  const expiryCheck = (nowMs: number): SessionEffect[] => {
    if (expiresAt === null) return logout("invalid_token");
    return expiresAt - nowMs <= 0 ? onExpired(nowMs) : [];
  };

  const monitor = (nowMs: number): SessionEffect[] => {
    if (expiresAt === null) return logout("invalid_token");
    const left = expiresAt - nowMs;
    if (left <= 0) return onExpired(nowMs);
    if (rememberMeActive(nowMs)) {
      if (rememberMeToastShown) return [];
      rememberMeToastShown = true;
      return [{ type: "rememberMeToast", durationMs: REMEMBER_ME_TOAST_MS }];
    }
    return left <= WARNING_BEFORE_EXPIRY_MS ? [{ type: "extendPrompt", durationMs: EXTEND_WARNING_MS }] : [];
  };

  return {
    tick(kind, nowMs) {
      if (ended) return [];
      if (kind === "refreshCheck") return refreshCheck(nowMs);
      if (kind === "expiryCheck") return expiryCheck(nowMs);
      return monitor(nowMs);
    },
    activity(nowMs) {
      if (ended) return [];
      const quiet = nowMs - lastActivityAt >= ACTIVITY_DEBOUNCE_MS;
      lastActivityAt = nowMs;
      if (!quiet) return [];
      warned = false;
      if (expiresAt === null) return [];
      const left = expiresAt - nowMs;
      return left > 0 && left < REFRESH_WINDOW_MS ? startRefresh() : [];
    },
    refreshed(newExpiresAt, newSessionEndsAt) {
      if (ended) return [];
      refreshInFlight = false;
      warned = false;
      expiresAt = newExpiresAt;
      if (newSessionEndsAt !== undefined) {
        sessionEndsAt = newSessionEndsAt;
        sessionEndsTracksToken = false;
      } else if (sessionEndsTracksToken) {
        sessionEndsAt = newExpiresAt;
      }
      return newExpiresAt === null ? logout("invalid_token") : [];
    },
    refreshFailed() {
      if (ended) return [];
      return logout("refresh_failed");
    },
    unauthorized() {
      if (ended) return [];
      return logout("unauthorized");
    },
    state() {
      return { expiresAt, sessionEndsAt, rememberMe, warned, refreshInFlight, rememberMeToastShown, ended };
    },
  };
}
