import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ACTIVITY_DEBOUNCE_MS,
  createSessionMonitor,
  SESSION_TICK_INTERVALS,
  type SessionEffect,
  type SessionMonitor as Monitor,
  type SessionTick,
} from "../../core/auth/session-timers";
import { SESSION_INTENTS, type SessionIntent } from "../config/session";
import type { SessionActionData, SessionView } from "../server/session.server";
import { showToast } from "./toaster";

const ACTIVITY_EVENTS = ["mousemove", "keydown", "scroll", "touchstart", "click"] as const;
/** Survives reloads of this tab, so the remember-me toast shows once per session. */
const REMEMBER_TOAST_KEY = "trinity.rememberMeToastShown";

/**
 * The browser half of the session (SPEC §4, timers §9): runs the pure state machine of
 * core/auth/session-timers.ts against the real clock and turns its effects into calls of the
 * `/session` action (the tokens stay in the HttpOnly cookie), toasts and the redirect to sign-in.
 * Loaded lazily by the root for signed-in pages only. The server does the same checks on each
 * request, so nothing here is needed without JavaScript.
 */
export default function SessionMonitor({ session }: { session: SessionView }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SessionActionData>();
  const navigate = useNavigate();
  const location = useLocation();
  const monitorRef = useRef<Monitor | null>(null);
  const pendingIntent = useRef<SessionIntent | null>(null);
  const handleRef = useRef<(effects: SessionEffect[]) => void>(() => undefined);
  const where = `${location.pathname}${location.search}`;

  const submit = (intent: SessionIntent) => {
    pendingIntent.current = intent;
    fetcher.submit({ intent, _js: "1" }, { method: "post", action: "/session" });
  };

  // The effect handler always sees the current translations, path and fetcher.
  handleRef.current = (effects) => {
    for (const effect of effects) {
      switch (effect.type) {
        case "refresh":
          submit(SESSION_INTENTS.refresh);
          break;
        case "warn":
          showToast({
            id: "session-warning",
            type: "warning",
            description:
              effect.minutesLeft <= 1 ? t("session.warningOne") : t("session.warning", { count: effect.minutesLeft }),
            duration: effect.durationMs,
          });
          break;
        case "extendPrompt":
          showToast({
            id: "session-extend",
            type: "warning",
            description: t("session.warning", {
              count: Math.max(
                1,
                Math.ceil(((monitorRef.current?.state().expiresAt ?? Date.now()) - Date.now()) / 60_000),
              ),
            }),
            duration: effect.durationMs,
            action: { label: t("session.extend"), onClick: () => submit(SESSION_INTENTS.extend) },
          });
          break;
        case "rememberMeToast":
          sessionStorage.setItem(REMEMBER_TOAST_KEY, "1");
          showToast({ type: "info", description: t("session.rememberMe"), duration: effect.durationMs });
          break;
        case "logout": {
          const text = effect.reason === "invalid_token" ? t("session.tokenInvalid") : t("session.expired");
          sessionStorage.removeItem(REMEMBER_TOAST_KEY);
          submit(SESSION_INTENTS.logout);
          showToast({ type: "warning", description: text });
          const redirect = where.startsWith("/signin") ? "/signin" : `/signin?redirect=${encodeURIComponent(where)}`;
          window.setTimeout(() => navigate(redirect, { replace: true }), effect.redirectAfterMs);
          break;
        }
      }
    }
  };

  // One monitor per session (a new sign-in makes a new one).
  useEffect(() => {
    const monitor = createSessionMonitor({
      now: Date.now(),
      expiresAt: session.expiresAt,
      sessionEndsAt: session.sessionEndsAt,
      rememberMe: session.rememberMe,
      rememberMeToastShown: sessionStorage.getItem(REMEMBER_TOAST_KEY) === "1",
    });
    monitorRef.current = monitor;
    const handle = (effects: SessionEffect[]) => handleRef.current(effects);

    const timers = (Object.keys(SESSION_TICK_INTERVALS) as SessionTick[]).map((kind) =>
      window.setInterval(() => handle(monitor.tick(kind, Date.now())), SESSION_TICK_INTERVALS[kind]),
    );
    // The first monitor pass right away: the remember-me toast, or an already-short session.
    handle(monitor.tick("monitor", Date.now()));

    let debounce: number | undefined;
    const onActivity = () => {
      if (debounce !== undefined) return;
      handle(monitor.activity(Date.now()));
      debounce = window.setTimeout(() => {
        debounce = undefined;
      }, ACTIVITY_DEBOUNCE_MS);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      timers.forEach((timer) => window.clearInterval(timer));
      if (debounce !== undefined) window.clearTimeout(debounce);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      monitorRef.current = null;
    };
    // Keyed on the user only: another user restarts the monitor (a sign-out unmounts it), while a
    // token refresh reaches the running monitor through `refreshed` below, not a restart.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the user on purpose (see above)
  }, [session.username]);

  // A fresher token seen by the server (a navigation, or this monitor's own call) moves the timers.
  useEffect(() => {
    monitorRef.current?.refreshed(session.expiresAt, session.sessionEndsAt);
  }, [session.expiresAt, session.sessionEndsAt]);

  // Answers of the /session calls.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const intent = pendingIntent.current;
    pendingIntent.current = null;
    const monitor = monitorRef.current;
    if (!monitor || intent === SESSION_INTENTS.logout || intent === null) return;
    const answer = fetcher.data;
    if (answer.ok && answer.session) {
      handleRef.current(monitor.refreshed(answer.session.expiresAt, answer.session.sessionEndsAt));
      if (intent === SESSION_INTENTS.extend) showToast({ type: "success", description: t("session.extended") });
    } else {
      handleRef.current(intent === SESSION_INTENTS.extend ? monitor.unauthorized() : monitor.refreshFailed());
    }
  }, [fetcher.state, fetcher.data, t]);

  return null;
}
