import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { REFRESH_WINDOW_MS } from "../../core/auth/session-timers";
import { safeRedirectPath } from "../../core/safe-redirect";
import { SESSION_INTENTS } from "../config/session";
import { readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import {
  destroyUserSession,
  getSessionState,
  sessionHeaders,
  sessionView,
  updateSessionToken,
  userApi,
  type SessionActionData,
} from "../server/session.server";
import { createToastHeaders } from "../server/toast.server";

/** The browser's clock may run ahead of ours by this much when it asks for a refresh. */
const CLOCK_SLACK_MS = 60_000;

/** GET /session has nothing to show. */
export function loader() {
  return redirect("/");
}

/**
 * The session's actions (house style 2). `logout`: the sign-out button (a form post, JS or not) and
 * the browser monitor; `refresh`: the monitor's periodic check (the refresh itself happens in
 * getSessionState when due); `extend`: the warning toast's "stay signed in". Unknown intent → 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case SESSION_INTENTS.logout: {
      const headers = await destroyUserSession(request, context);
      if (form.get("_js") === "1") return data({ ok: true, session: null } satisfies SessionActionData, { headers });
      const { t } = await getTranslator(request);
      for (const [name, value] of await createToastHeaders({ type: "success", description: t("session.signedOut") }))
        headers.append(name, value);
      return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { status: 303, headers });
    }
    case SESSION_INTENTS.refresh: {
      const state = await getSessionState(request, context, { refreshWithinMs: REFRESH_WINDOW_MS + CLOCK_SLACK_MS });
      const headers = await sessionHeaders(request, context);
      return data({ ok: state.auth !== null, session: sessionView(state.auth) } satisfies SessionActionData, {
        status: state.auth ? 200 : 401,
        headers,
      });
    }
    case SESSION_INTENTS.extend: {
      const state = await getSessionState(request, context);
      const headers = await sessionHeaders(request, context);
      if (!state.auth) return data({ ok: false, session: null } satisfies SessionActionData, { status: 401, headers });
      const answer = await readApi(await userApi(context, request, state.auth).api.v1.auth["extend-session"].$post());
      if (!answer.ok)
        return data({ ok: false, session: null } satisfies SessionActionData, { status: answer.status, headers });
      const updated = await updateSessionToken(request, context, state.auth, answer.data);
      return data({ ok: true, session: sessionView(updated.auth) } satisfies SessionActionData, {
        headers: updated.headers,
      });
    }
    default:
      return data({ ok: false, session: null } satisfies SessionActionData, { status: 400 });
  }
}
