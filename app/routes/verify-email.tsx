import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { verifyEmailCodeSchema } from "../../core/auth/schemas";
import { devOutboxEnabled } from "../../core/dev-outbox";
import { flowTarget } from "../../core/auth/flow-redirect";
import { resendWaitSeconds, type SignupFlow } from "../../core/auth/signup-flow";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { AuthCard, BUTTON_CLASS, ErrorList, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { markEmailVerified, requireAuth, sessionHeaders, type AuthSession } from "../server/session.server";
import { clearSignupFlow, commitSignupFlow, getSignupFlow, retryAfterMinutes } from "../server/signup-flow.server";
import { commitRecoveryBrowser, getRecoveryBrowser } from "../server/recovery.server";
import { redirectWithToast } from "../server/toast.server";
import { CodeField } from "../components/ui/fields";
import { useSchemaForm } from "../components/ui/form-hooks";

export const handle = { i18n: ["account", "signup"] } satisfies I18nHandle;

const INTENTS = { verify: "verify", resend: "resend" } as const;

/** When this user's last code went out, as far as this browser knows (the flow cookie). */
function lastCodeSentAt(flow: SignupFlow | null, auth: AuthSession): number | null {
  return flow && flow.username === auth.user.username && flow.email === auth.user.email ? flow.lastCodeSentAt : null;
}

/** Where to go once verified: `?redirect=` (same-site path only, e.g. back to the checkout) or the dashboard. */
function nextPath(request: Request): string {
  return flowTarget(new URL(request.url).searchParams.get("redirect"));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  if (auth.user.emailVerified) throw redirect(nextPath(request));
  const [{ t }, flow] = await Promise.all([
    getTranslator(request, ["signup", "account"]),
    getSignupFlow(request, context),
  ]);
  const email = auth.user.email;
  return {
    title: t("verify.metaTitle"),
    email,
    resendWait: resendWaitSeconds(lastCodeSentAt(flow, auth), Date.now()),
    // Development: the mail sits in the local outbox; link to it (the page is 404 in production).
    mailbox: !devOutboxEnabled(context.cloudflare.env) ? null : `/dev/mailbox?to=${encodeURIComponent(email)}`,
  };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Verify your email") },
];

type ResendOutcome = { ok: boolean; message: string; wait: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const headers = await sessionHeaders(request, context);
  if (auth.user.emailVerified) throw redirect(nextPath(request), { status: 303, headers });
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["signup", "account"]);
  // The account's own session calls: it may try any of its waiting codes (issue 18: a stranger
  // without it, or without the flow token of a code, cannot burn them) and skips the per-recipient cap.
  const api = apiClient(context, request, { token: auth.token }).api.v1.auth;

  switch (formData.get("intent")) {
    case INTENTS.verify: {
      const submission = parseWithZod(formData, { schema: verifyEmailCodeSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers });
      const response = await api["verify-email"].$post({
        json: { email: auth.user.email, code: submission.value.code },
      });
      const answer = await readApi(response);
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "verifyEmail");
        const reply = isCode(answer, "code_invalid")
          ? submission.reply({ fieldErrors: { code: [text] } })
          : submission.reply({ formErrors: [text] });
        return data({ result: reply }, { status: answer.status, headers });
      }
      const done = await markEmailVerified(request, context, auth);
      done.append("Set-Cookie", await clearSignupFlow(request, context));
      done.append("Set-Cookie", await commitRecoveryBrowser(context, answer.data.browser_token));
      return redirectWithToast(
        nextPath(request),
        { type: "success", description: t("verify.verified") },
        { status: 303, headers: done },
      );
    }
    case INTENTS.resend: {
      const flow = await getSignupFlow(request, context);
      const now = Date.now();
      const wait = resendWaitSeconds(lastCodeSentAt(flow, auth), now);
      if (wait > 0) {
        return data(
          { resend: { ok: false, message: t("verify.pleaseWait", { seconds: wait }), wait } satisfies ResendOutcome },
          { status: 429, headers },
        );
      }
      const browserToken = await getRecoveryBrowser(request, context);
      const response = await api["resend-verification"].$post({
        json: { email: auth.user.email, ...(browserToken ? { browser_token: browserToken } : {}) },
      });
      const answer = await readApi(response);
      if (!answer.ok) {
        const message =
          answer.status === 429
            ? t("verify.tooManyResends", { count: retryAfterMinutes(answer.retryAfter) })
            : t("verify.resendFailed");
        return data(
          { resend: { ok: false, message, wait: 0 } satisfies ResendOutcome },
          { status: answer.status, headers },
        );
      }
      const next: SignupFlow =
        flow && lastCodeSentAt(flow, auth) !== null
          ? { ...flow, lastCodeSentAt: now }
          : {
              username: auth.user.username,
              email: auth.user.email,
              seedKey: null,
              positions: null,
              lastCodeSentAt: now,
              startedAt: now,
            };
      headers.append("Set-Cookie", await commitSignupFlow(request, context, next));
      return data(
        {
          resend: {
            ok: true,
            message: t("verify.resent", { email: auth.user.email }),
            wait: resendWaitSeconds(now, now),
          } satisfies ResendOutcome,
        },
        { headers },
      );
    }
    default:
      return data(
        {
          resend: {
            ok: false,
            message: `Unknown intent "${String(formData.get("intent"))}".`,
            wait: 0,
          } satisfies ResendOutcome,
        },
        { status: 400, headers },
      );
  }
}

/** Seconds left of a countdown that starts at `seconds` whenever `start` changes (JS only; the server renders `seconds`). */
function useCountdown(seconds: number, start: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, start]);
  return left;
}

export default function VerifyEmail() {
  const { t } = useTranslation(["signup", "account"]);
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Keep `?redirect=` (back to the checkout, say) on the posts; the server checks it.
  const formAction = `/verify-email${useLocation().search}`;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const resend = actionData && "resend" in actionData ? actionData.resend : null;
  const left = useCountdown(resend ? resend.wait : loaderData.resendWait, resend ?? loaderData);
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/verify-email") === true;
  const [form, fields] = useSchemaForm({
    id: "verify-email",
    schema: () => import("../../core/auth/schemas").then((m) => m.verifyEmailCodeSchema),
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });

  return (
    <AuthCard
      title={t("verify.title")}
      intro={
        <>
          <p className="font-medium text-indigo-700 dark:text-indigo-300">{t("form.steps", { step: 3 })}</p>
          <p className="mt-1">{t("verify.intro", { email: loaderData.email })}</p>
        </>
      }
    >
      <Form method="post" action={formAction} {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value={INTENTS.verify} />
        <CodeField field={fields.code} label={t("account:fields.code")} hint={t("verify.codeHint")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={busy}>
          {t("verify.submit")}
        </button>
      </Form>

      <section aria-labelledby="resend-heading" className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-800">
        <h2 id="resend-heading" className="font-semibold">
          {t("verify.resendHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="resend-countdown">
          {left > 0 ? t("verify.resendWait", { seconds: left }) : t("verify.resendReady")}
        </p>
        <Form method="post" action={formAction} className="mt-3">
          <input type="hidden" name="intent" value={INTENTS.resend} />
          <button type="submit" className={SECONDARY_BUTTON_CLASS} disabled={hydrated && left > 0}>
            {t("verify.resend")}
          </button>
        </Form>
        {resend ? (
          <p
            role={resend.ok ? "status" : "alert"}
            className={`mt-2 text-sm ${resend.ok ? "text-emerald-700 dark:text-emerald-300" : "text-rose-700 dark:text-rose-300"}`}
          >
            {resend.message}
          </p>
        ) : null}
        {loaderData.mailbox ? (
          <p className="mt-4 text-sm">
            <a
              href={loaderData.mailbox}
              target="_blank"
              rel="noreferrer"
              className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            >
              {t("verify.devMailbox")}
            </a>
          </p>
        ) : null}
      </section>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
