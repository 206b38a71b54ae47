import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACTIVITY_DEBOUNCE_MS,
  createSessionMonitor,
  EXPIRY_CHECK_MS,
  EXTEND_WARNING_MS,
  MONITOR_MS,
  REDIRECT_AFTER_EXPIRY_MS,
  REDIRECT_AFTER_UNAUTHORIZED_MS,
  REFRESH_CHECK_MS,
  REFRESH_WINDOW_MS,
  REMEMBER_ME_DURATION_MS,
  REMEMBER_ME_THRESHOLD_MS,
  REMEMBER_ME_TOAST_MS,
  SESSION_TICK_INTERVALS,
  type SessionEffect,
  type SessionMonitor,
  type SessionTick,
  TOAST_DEFAULT_MS,
  WARNING_BEFORE_EXPIRY_MS,
} from "./session-timers";

const SEC = 1_000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);

const refresh: SessionEffect = { type: "refresh" };
const warn = (minutesLeft: number): SessionEffect => ({ type: "warn", minutesLeft, durationMs: TOAST_DEFAULT_MS });
const extendPrompt: SessionEffect = { type: "extendPrompt", durationMs: EXTEND_WARNING_MS };
const rememberMeToast: SessionEffect = { type: "rememberMeToast", durationMs: REMEMBER_ME_TOAST_MS };
const loggedOut = (reason: "expired" | "unauthorized" | "refresh_failed" | "invalid_token"): SessionEffect => ({
  type: "logout",
  reason,
  redirectAfterMs: reason === "unauthorized" ? 1_500 : 2_000,
});

/** A monitor whose access token has `left` ms to live at T0. */
const monitorWith = (
  left: number | null,
  extra: { rememberMe?: boolean; sessionEndsAt?: number | null; rememberMeToastShown?: boolean } = {},
) => createSessionMonitor({ now: T0, expiresAt: left === null ? null : T0 + left, rememberMe: false, ...extra });

describe("constants (SPEC §9)", () => {
  it("match the specification", () => {
    expect(REFRESH_WINDOW_MS).toBe(5 * MIN);
    expect(REFRESH_CHECK_MS).toBe(30 * SEC);
    expect(EXPIRY_CHECK_MS).toBe(60 * SEC);
    expect(MONITOR_MS).toBe(5 * MIN);
    expect(ACTIVITY_DEBOUNCE_MS).toBe(1 * SEC);
    expect(WARNING_BEFORE_EXPIRY_MS).toBe(5 * MIN);
    expect(EXTEND_WARNING_MS).toBe(10 * SEC);
    expect(REMEMBER_ME_TOAST_MS).toBe(3 * SEC);
    expect(REDIRECT_AFTER_UNAUTHORIZED_MS).toBe(1_500);
    expect(REDIRECT_AFTER_EXPIRY_MS).toBe(2_000);
    expect(REMEMBER_ME_THRESHOLD_MS).toBe(48 * HOUR);
    expect(REMEMBER_ME_DURATION_MS).toBe(7 * 24 * HOUR);
    expect(TOAST_DEFAULT_MS).toBe(3_500);
    expect(SESSION_TICK_INTERVALS).toEqual({ refreshCheck: 30 * SEC, expiryCheck: 60 * SEC, monitor: 5 * MIN });
  });
});

describe("refreshCheck (every 30 s)", () => {
  it("does nothing while more than 5 minutes remain", () => {
    const monitor = monitorWith(10 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toEqual([]);
    expect(monitor.tick("refreshCheck", T0 + 5 * MIN - 1)).toEqual([]);
  });
  it("exactly 5 minutes left: the warning shows, the refresh waits (it needs under 5 minutes)", () => {
    const monitor = monitorWith(5 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toEqual([warn(5)]);
    expect(monitor.state().refreshInFlight).toBe(false);
  });
  it("under 5 minutes: refresh, and the warning once", () => {
    const monitor = monitorWith(5 * MIN - 1);
    expect(monitor.tick("refreshCheck", T0)).toEqual([refresh, warn(5)]);
    expect(monitor.state()).toMatchObject({ refreshInFlight: true, warned: true });
  });
  it("minutesLeft rounds up", () => {
    expect(monitorWith(4 * MIN + 1).tick("refreshCheck", T0)).toEqual([refresh, warn(5)]);
    expect(monitorWith(4 * MIN).tick("refreshCheck", T0)).toEqual([refresh, warn(4)]);
    expect(monitorWith(20 * SEC).tick("refreshCheck", T0)).toEqual([refresh, warn(1)]);
  });
  it("a refresh in flight is not doubled", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toContainEqual(refresh);
    expect(monitor.tick("refreshCheck", T0 + 30 * SEC)).toEqual([]);
    expect(monitor.tick("refreshCheck", T0 + 60 * SEC)).toEqual([]);
    expect(monitor.activity(T0 + 61 * SEC)).toEqual([]);
    expect(monitor.state().refreshInFlight).toBe(true);
  });
  it("the warning is not repeated while the token stays the same", () => {
    const monitor = monitorWith(5 * MIN);
    const warnings = [0, 30, 60, 90, 120]
      .flatMap((s) => monitor.tick("refreshCheck", T0 + s * SEC))
      .filter((e) => e.type === "warn");
    expect(warnings).toEqual([warn(5)]);
  });
  it("after a successful refresh the cycle starts again: new refresh and warning when the new token is due", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toEqual([refresh, warn(4)]);
    expect(monitor.refreshed(T0 + 15 * MIN)).toEqual([]);
    expect(monitor.state()).toMatchObject({ refreshInFlight: false, warned: false, expiresAt: T0 + 15 * MIN });
    expect(monitor.tick("refreshCheck", T0 + 9 * MIN)).toEqual([]);
    expect(monitor.tick("refreshCheck", T0 + 10 * MIN + 30 * SEC)).toEqual([refresh, warn(5)]);
  });
  it("leaves an expired or unreadable token to the expiry checks", () => {
    expect(monitorWith(0).tick("refreshCheck", T0)).toEqual([]);
    expect(monitorWith(-MIN).tick("refreshCheck", T0)).toEqual([]);
    expect(monitorWith(null).tick("refreshCheck", T0)).toEqual([]);
  });
});

describe("activity (debounced 1 s)", () => {
  it("resets the warning so it can show again", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toEqual([refresh, warn(4)]);
    monitor.activity(T0 + 10 * SEC);
    expect(monitor.state().warned).toBe(false);
    expect(monitor.tick("refreshCheck", T0 + 30 * SEC)).toEqual([warn(4)]);
  });
  it("triggers a refresh when under 5 minutes remain", () => {
    expect(monitorWith(4 * MIN).activity(T0)).toEqual([refresh]);
    expect(monitorWith(5 * MIN - 1).activity(T0)).toEqual([refresh]);
  });
  it("does not refresh when it is not due, or when the token is expired or unreadable", () => {
    expect(monitorWith(5 * MIN).activity(T0)).toEqual([]);
    expect(monitorWith(HOUR).activity(T0)).toEqual([]);
    expect(monitorWith(0).activity(T0)).toEqual([]);
    expect(monitorWith(null).activity(T0)).toEqual([]);
  });
  it("an event counts only after 1 s of quiet: a burst is one activity", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.activity(T0)).toEqual([refresh]);
    monitor.refreshed(T0 + 4 * MIN); // the server answered with a token still under 5 minutes
    expect(monitor.activity(T0 + 500)).toEqual([]);
    expect(monitor.activity(T0 + 1_400)).toEqual([]); // 900 ms after the previous event
    expect(monitor.activity(T0 + 2_399)).toEqual([]); // 999 ms
    expect(monitor.activity(T0 + 3_399)).toEqual([refresh]); // exactly 1 s of quiet
  });
  it("a debounced event inside a burst does not reset the warning", () => {
    const monitor = monitorWith(4 * MIN);
    monitor.activity(T0);
    monitor.tick("refreshCheck", T0 + 100);
    expect(monitor.state().warned).toBe(true);
    monitor.activity(T0 + 600);
    expect(monitor.state().warned).toBe(true);
    monitor.activity(T0 + 2_000);
    expect(monitor.state().warned).toBe(false);
  });
  it("does not double a refresh in flight", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.tick("refreshCheck", T0)).toContainEqual(refresh);
    expect(monitor.activity(T0 + 5 * SEC)).toEqual([]);
  });
});

describe("expiryCheck (every 60 s)", () => {
  it("does nothing while the token is valid", () => {
    expect(monitorWith(1).tick("expiryCheck", T0)).toEqual([]);
  });
  it("logs out an expired token (at zero too), redirecting after 2 s", () => {
    expect(monitorWith(0).tick("expiryCheck", T0)).toEqual([loggedOut("expired")]);
    expect(monitorWith(-10 * MIN).tick("expiryCheck", T0)).toEqual([loggedOut("expired")]);
    const monitor = monitorWith(MIN);
    expect(monitor.tick("expiryCheck", T0 + MIN)).toEqual([loggedOut("expired")]);
  });
  it("logs out an unreadable token", () => {
    expect(monitorWith(null).tick("expiryCheck", T0)).toEqual([loggedOut("invalid_token")]);
  });
});

describe("monitor (every 5 minutes)", () => {
  it("does nothing while more than 5 minutes remain", () => {
    expect(monitorWith(5 * MIN + 1).tick("monitor", T0)).toEqual([]);
  });
  it("5 minutes or less: a 10 s warning with the extend-session action", () => {
    expect(monitorWith(5 * MIN).tick("monitor", T0)).toEqual([extendPrompt]);
    expect(monitorWith(1).tick("monitor", T0)).toEqual([extendPrompt]);
  });
  it("at zero: logout with the expired message, redirect after 2 s", () => {
    expect(monitorWith(0).tick("monitor", T0)).toEqual([loggedOut("expired")]);
  });
  it("an unreadable token: logout, redirect after 2 s", () => {
    expect(monitorWith(null).tick("monitor", T0)).toEqual([loggedOut("invalid_token")]);
  });
  it("remember-me with more than 48 h left counts as active: a 3 s toast, once, and no extend prompt", () => {
    const monitor = monitorWith(7 * 24 * HOUR, { rememberMe: true });
    expect(monitor.tick("monitor", T0)).toEqual([rememberMeToast]);
    expect(monitor.tick("monitor", T0 + 5 * MIN)).toEqual([]);
    expect(monitor.state().rememberMeToastShown).toBe(true);
  });
  it("remember-me at exactly 48 h is no longer 'active'", () => {
    expect(monitorWith(48 * HOUR, { rememberMe: true }).tick("monitor", T0)).toEqual([]);
    expect(monitorWith(48 * HOUR + 1, { rememberMe: true }).tick("monitor", T0)).toEqual([rememberMeToast]);
  });
  it("no toast without remember-me, or when it was already shown before a reload", () => {
    expect(monitorWith(7 * 24 * HOUR).tick("monitor", T0)).toEqual([]);
    expect(monitorWith(7 * 24 * HOUR, { rememberMe: true, rememberMeToastShown: true }).tick("monitor", T0)).toEqual(
      [],
    );
  });
});

describe("remember-me with a short access token (sessionEndsAt = the refresh token's expiry)", () => {
  const week = { rememberMe: true, sessionEndsAt: T0 + REMEMBER_ME_DURATION_MS };
  it("the toast follows the session, not the 15-minute token", () => {
    expect(monitorWith(15 * MIN, week).tick("monitor", T0)).toEqual([rememberMeToast]);
  });
  it("no extend prompt near the token's expiry while the session is active: the refresh check renews it", () => {
    const monitor = monitorWith(4 * MIN, { ...week, rememberMeToastShown: true });
    expect(monitor.tick("monitor", T0)).toEqual([]);
    expect(monitor.tick("refreshCheck", T0)).toEqual([refresh, warn(4)]);
  });
  it("a token that expired while the tab slept is refreshed instead of logging out", () => {
    const monitor = monitorWith(15 * MIN, week);
    const woke = T0 + 3 * HOUR;
    expect(monitor.tick("expiryCheck", woke)).toEqual([refresh]);
    expect(monitor.tick("monitor", woke)).toEqual([]); // refresh in flight, not doubled
    expect(monitor.refreshed(woke + 15 * MIN)).toEqual([]);
    expect(monitor.tick("expiryCheck", woke + MIN)).toEqual([]);
    expect(monitor.state().sessionEndsAt).toBe(T0 + REMEMBER_ME_DURATION_MS);
  });
  it("…and if that refresh fails, the session ends", () => {
    const monitor = monitorWith(15 * MIN, week);
    expect(monitor.tick("monitor", T0 + HOUR)).toEqual([refresh]);
    expect(monitor.refreshFailed()).toEqual([loggedOut("refresh_failed")]);
  });
  it("within the last 48 h the session is not 'active' any more: an expired token logs out", () => {
    const monitor = monitorWith(15 * MIN, week);
    const late = T0 + REMEMBER_ME_DURATION_MS - 47 * HOUR;
    expect(monitor.tick("expiryCheck", late)).toEqual([loggedOut("expired")]);
  });
  it("refreshed() can move the session end (a new refresh token)", () => {
    const monitor = monitorWith(15 * MIN, week);
    monitor.refreshed(T0 + 30 * MIN, T0 + 2 * REMEMBER_ME_DURATION_MS);
    expect(monitor.state().sessionEndsAt).toBe(T0 + 2 * REMEMBER_ME_DURATION_MS);
    monitor.refreshed(T0 + 45 * MIN);
    expect(monitor.state().sessionEndsAt).toBe(T0 + 2 * REMEMBER_ME_DURATION_MS);
  });
  it("without sessionEndsAt the session end follows the token (a 7-day remember-me token)", () => {
    const monitor = monitorWith(7 * 24 * HOUR, { rememberMe: true });
    expect(monitor.state().sessionEndsAt).toBe(T0 + 7 * 24 * HOUR);
    monitor.refreshed(T0 + 8 * 24 * HOUR);
    expect(monitor.state().sessionEndsAt).toBe(T0 + 8 * 24 * HOUR);
    const plain = monitorWith(15 * MIN);
    expect(plain.tick("expiryCheck", T0 + HOUR)).toEqual([loggedOut("expired")]);
  });
});

describe("401, failed refresh, and the end of the session", () => {
  it("a 401 logs out and redirects after 1.5 s", () => {
    expect(monitorWith(HOUR).unauthorized()).toEqual([loggedOut("unauthorized")]);
  });
  it("a failed refresh logs out, redirecting after 2 s", () => {
    const monitor = monitorWith(4 * MIN);
    monitor.tick("refreshCheck", T0);
    expect(monitor.refreshFailed()).toEqual([loggedOut("refresh_failed")]);
    expect(monitor.state()).toMatchObject({ ended: "refresh_failed", refreshInFlight: false });
  });
  it("a refresh that returns an unreadable token logs out", () => {
    const monitor = monitorWith(4 * MIN);
    monitor.tick("refreshCheck", T0);
    expect(monitor.refreshed(null)).toEqual([loggedOut("invalid_token")]);
  });
  it("after a logout the monitor is silent: one logout only, whatever happens next", () => {
    const monitor = monitorWith(4 * MIN);
    expect(monitor.unauthorized()).toEqual([loggedOut("unauthorized")]);
    const later: SessionEffect[] = [
      ...monitor.unauthorized(),
      ...monitor.refreshFailed(),
      ...monitor.refreshed(T0 + HOUR),
      ...monitor.activity(T0 + 10 * SEC),
      ...monitor.tick("refreshCheck", T0 + 30 * SEC),
      ...monitor.tick("expiryCheck", T0 + 10 * MIN),
      ...monitor.tick("monitor", T0 + 10 * MIN),
    ];
    expect(later).toEqual([]);
    expect(monitor.state().ended).toBe("unauthorized");
  });
});

/**
 * A minimal browser shell on vitest's fake clock: one interval per tick kind, the refresh answered
 * by `answerRefresh` after `latencyMs`, and every effect recorded with the time (minutes after T0).
 */
function runShell(
  monitor: SessionMonitor,
  answerRefresh: (now: number) => number | "fail",
  latencyMs = 300,
): { log: Array<[number, SessionEffect["type"]]>; stop: () => void } {
  const log: Array<[number, SessionEffect["type"]]> = [];
  const handle = (effects: SessionEffect[]) => {
    for (const effect of effects) {
      log.push([(Date.now() - T0) / MIN, effect.type]);
      if (effect.type === "refresh") {
        setTimeout(() => {
          const answer = answerRefresh(Date.now());
          handle(answer === "fail" ? monitor.refreshFailed() : monitor.refreshed(answer));
        }, latencyMs);
      }
      if (effect.type === "logout") stop();
    }
  };
  const timers = (Object.keys(SESSION_TICK_INTERVALS) as SessionTick[]).map((kind) =>
    setInterval(() => handle(monitor.tick(kind, Date.now())), SESSION_TICK_INTERVALS[kind]),
  );
  const stop = () => timers.forEach((timer) => clearInterval(timer));
  return { log, stop };
}

describe("on a fake clock, with a shell", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a 15-minute token is warned about and refreshed every cycle; the session never ends while refreshes work", () => {
    const monitor = monitorWith(15 * MIN);
    const { log, stop } = runShell(monitor, (now) => now + 15 * MIN);
    vi.advanceTimersByTime(HOUR);
    stop();
    // 10:00, exactly 5 min left: the warning and the monitor's extend prompt, no refresh yet;
    // 10:30 refresh (the new token expires at 25:30.3; the warning is reset). From then on the
    // first check under 5 minutes (10.5 minutes after each refresh) refreshes and warns.
    expect(log).toEqual([
      [10, "warn"],
      [10, "extendPrompt"],
      [10.5, "refresh"],
      [21, "refresh"],
      [21, "warn"],
      [31.5, "refresh"],
      [31.5, "warn"],
      [42, "refresh"],
      [42, "warn"],
      [52.5, "refresh"],
      [52.5, "warn"],
    ]);
    expect(monitor.state().ended).toBeNull();
  });

  it("an idle session whose refresh fails is logged out at the first refresh attempt", () => {
    const monitor = monitorWith(15 * MIN);
    const { log } = runShell(monitor, () => "fail");
    vi.advanceTimersByTime(HOUR);
    expect(log).toEqual([
      [10, "warn"],
      [10, "extendPrompt"],
      [10.5, "refresh"],
      [10.5 + 0.3 / 60, "logout"],
    ]);
    expect(monitor.state().ended).toBe("refresh_failed");
  });

  it("a refresh that hangs is never doubled, and the token's expiry ends the session", () => {
    const monitor = monitorWith(15 * MIN);
    const { log } = runShell(monitor, (now) => now + 15 * MIN, 10 * HOUR);
    vi.advanceTimersByTime(HOUR);
    expect(log).toEqual([
      [10, "warn"],
      [10, "extendPrompt"],
      [10.5, "refresh"],
      [15, "logout"],
    ]);
    expect(monitor.state().ended).toBe("expired");
  });

  it("a remember-me week: toast once at the first monitor tick, silent renewals, no logout", () => {
    const monitor = monitorWith(15 * MIN, { rememberMe: true, sessionEndsAt: T0 + REMEMBER_ME_DURATION_MS });
    const { log, stop } = runShell(monitor, (now) => now + 15 * MIN);
    vi.advanceTimersByTime(HOUR);
    stop();
    expect(log.filter(([, type]) => type === "rememberMeToast")).toEqual([[5, "rememberMeToast"]]);
    expect(log.filter(([, type]) => type === "extendPrompt" || type === "logout")).toEqual([]);
    expect(log.filter(([, type]) => type === "refresh")).toHaveLength(5);
  });
});
