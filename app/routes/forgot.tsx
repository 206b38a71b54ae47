import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isRecoveryToken } from "../../core/auth/recovery-token";
import {
  emailSchema,
  forgotPasswordSchema,
  resetPasswordLinkSchema,
  resetPasswordSchema,
} from "../../core/auth/schemas";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { AuthCard, BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import {
  clearResetFlow,
  commitRecoveryBrowser,
  commitResetFlow,
  getRecoveryBrowser,
  getResetFlowToken,
} from "../server/recovery.server";
import { destroyUserSession, getSessionState } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";
import { CodeField, PasswordField } from "../components/ui/fields";
import { useBusy } from "../components/ui/form-hooks";

// Forgot password (SPEC §2, §4 "Flows"): send a code → code + new password → success. Every step
// is a plain form post; the address travels between the steps in the URL (`?step=reset&email=`)
// so a reload or a bookmarked link lands on the same step. Issue 18: the code is tried within this
// browser's flow (the `__reset_flow` cookie), and the mail's one-click link opens
// `?step=link&token=` to set a new password without the code, in any browser.

export const handle = { i18n: ["account", "forgot"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const FORGOT_INTENTS = { send: "send", resend: "resend", reset: "reset", link: "link" } as const;
type Step = "request" | "reset" | "link" | "done";

/** The link's token is a secret in the URL: no Referer carries it anywhere. */
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

function resetUrl(email: string): string {
  return `/forgot?${new URLSearchParams({ step: "reset", email }).toString()}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [{ t }, session] = await Promise.all([
    getTranslator(request, ["forgot", "account"]),
    getSessionState(request, context),
  ]);
  const requested = url.searchParams.get("step");
  const step: Step = requested === "reset" || requested === "done" || requested === "link" ? requested : "request";
  let email = "";
  let token = "";
  if (step === "link") {
    const value = url.searchParams.get("token");
    // A link without a well-formed token starts over.
    if (!isRecoveryToken(value)) throw redirect("/forgot");
    token = value;
  }
  if (step === "reset") {
    const parsed = emailSchema.safeParse(url.searchParams.get("email") ?? "");
    // A reset step without a usable address starts over.
    if (!parsed.success) throw redirect("/forgot");
    email = parsed.data;
  }
  if (step === "request") email = session.auth?.user.email ?? "";
  return { title: t("metaTitle"), step, email, token };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Forgot password") },
];

type ActionData = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { t } = await getTranslator(request, ["forgot", "account"]);
  const api = apiClient(context, request);

  switch (intent) {
    case FORGOT_INTENTS.send:
    case FORGOT_INTENTS.resend: {
      const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
      if (submission.status !== "success")
        return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      const { email } = submission.value;
      const browserToken = await getRecoveryBrowser(request, context);
      const answer = await readApi(
        await api.api.v1.auth["forgot-password"].$post({
          json: { email, ...(browserToken ? { browser_token: browserToken } : {}) },
        }),
      );
      if (!answer.ok) {
        return data<ActionData>(
          { intent, result: submission.reply({ formErrors: [apiErrorText(t, answer, "forgot")] }) },
          { status: answer.status === 429 ? 429 : 400 },
        );
      }
      // The same answer whether or not an account has the address (the API reveals nothing either).
      // This browser's flow: only it may try the code this request mailed.
      const headers = new Headers({
        "Set-Cookie": await commitResetFlow(context, { email, token: answer.data.flow_token }),
      });
      if (intent === FORGOT_INTENTS.send) throw redirect(resetUrl(email), { status: 303, headers });
      throw await redirectWithToast(
        resetUrl(email),
        { type: "info", description: t("reset.resent") },
        { status: 303, headers },
      );
    }
    case FORGOT_INTENTS.reset: {
      const hideFields = ["code", "password", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: resetPasswordSchema });
      if (submission.status !== "success")
        return data<ActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
      const { email, code, password } = submission.value;
      const flowToken = await getResetFlowToken(request, context, email);
      // No flow of this browser for the address (another browser asked): only the mail's link works here.
      if (!flowToken)
        return data<ActionData>(
          { intent, result: submission.reply({ hideFields, fieldErrors: { code: [t("errors.noFlow")] } }) },
          { status: 400 },
        );
      const answer = await readApi(
        await api.api.v1.auth["reset-password"].$post({ json: { email, code, password, flow_token: flowToken } }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "forgot");
        const result = isCode(answer, "code_invalid")
          ? submission.reply({ hideFields, fieldErrors: { code: [text] } })
          : submission.reply({ hideFields, formErrors: [text] });
        return data<ActionData>({ intent, result }, { status: answer.status === 429 ? 429 : 400 });
      }
      return resetDone(request, context, answer.data);
    }
    case FORGOT_INTENTS.link: {
      const hideFields = ["password", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: resetPasswordLinkSchema });
      if (submission.status !== "success")
        return data<ActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
      const { token, password } = submission.value;
      const answer = await readApi(await api.api.v1.auth["reset-password-link"].$post({ json: { token, password } }));
      if (!answer.ok) {
        return data<ActionData>(
          { intent, result: submission.reply({ hideFields, formErrors: [apiErrorText(t, answer, "forgot")] }) },
          { status: answer.status === 429 ? 429 : 400 },
        );
      }
      return resetDone(request, context, answer.data);
    }
    default:
      return data<ActionData>(
        { intent, result: { status: "error", error: { "": [t("account:serverError")] } } },
        { status: 400 },
      );
  }
}

/**
 * A finished reset: the flow cookie goes, this browser is remembered for later code requests, and
 * a signed-in session of that account here ends too (the reset signed out every session of it).
 */
async function resetDone(
  request: Request,
  context: ActionFunctionArgs["context"],
  answer: { email: string; browser_token: string },
): Promise<never> {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearResetFlow(context));
  headers.append("Set-Cookie", await commitRecoveryBrowser(context, answer.browser_token));
  const { auth } = await getSessionState(request, context);
  if (auth && auth.user.email === answer.email)
    for (const [name, value] of await destroyUserSession(request, context)) headers.append(name, value);
  throw redirect("/forgot?step=done", { status: 303, headers });
}

function Steps({ step }: { step: Step }) {
  const { t } = useTranslation("forgot");
  const steps: Step[] = ["request", "reset", "done"];
  const index = steps.indexOf(step === "link" ? "reset" : step);
  return (
    <div className="mb-6">
      <ol aria-label={t("steps.label")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {steps.map((name, i) => (
          <li
            key={name}
            aria-current={i === index ? "step" : undefined}
            className={
              i === index
                ? "font-semibold text-indigo-700 dark:text-indigo-300"
                : i < index
                  ? "text-slate-700 dark:text-slate-300"
                  : "text-slate-600 dark:text-slate-400"
            }
          >
            <span aria-hidden="true">{i + 1}. </span>
            {t(`steps.${name}`)}
            {i === index ? <span className="sr-only"> {t("steps.current")}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function RequestStep({ email }: { email: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const actionData = useActionData<typeof action>();
  const busy = useBusy(FORGOT_INTENTS.send);
  const [form, fields] = useForm({
    id: "forgot-request",
    lastResult: actionData?.intent === FORGOT_INTENTS.send ? actionData.result : undefined,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("request.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={FORGOT_INTENTS.send} />
        <Field id={fields.email.id} label={t("account:fields.email")} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={INPUT_CLASS} />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={busy} disabled={busy}>
          {t("request.submit")}
        </button>
      </Form>
    </>
  );
}

function ResetStep({ email }: { email: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const actionData = useActionData<typeof action>();
  const busy = useBusy(FORGOT_INTENTS.reset);
  const resending = useBusy(FORGOT_INTENTS.resend);
  const [form, fields] = useForm({
    id: "forgot-reset",
    lastResult: actionData?.intent === FORGOT_INTENTS.reset ? actionData.result : undefined,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  const resendErrors =
    actionData?.intent === FORGOT_INTENTS.resend
      ? (actionData.result.error?.[""] ?? actionData.result.error?.email ?? [])
      : [];
  return (
    <>
      <p
        role="status"
        className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50"
      >
        {t("reset.sent", { email })}
      </p>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("reset.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={FORGOT_INTENTS.reset} />
        <input {...getInputProps(fields.email, { type: "hidden" })} />
        <CodeField field={fields.code} label={t("reset.codeLabel")} />
        <PasswordField
          field={fields.password}
          label={t("account:fields.newPassword")}
          autoComplete="new-password"
          hint={t("account:passwordRule")}
        />
        <PasswordField
          field={fields.confirmPassword}
          label={t("account:fields.confirmPassword")}
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={busy} disabled={busy}>
          {t("reset.submit")}
        </button>
      </Form>
      <Form method="post" className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <input type="hidden" name="intent" value={FORGOT_INTENTS.resend} />
        <input type="hidden" name="email" value={email} />
        <span className="text-slate-700 dark:text-slate-300">{t("reset.resendPrompt")}</span>
        <button
          type="submit"
          aria-busy={resending}
          disabled={resending}
          className="font-semibold text-indigo-700 underline hover:no-underline disabled:opacity-60 dark:text-indigo-300"
        >
          {t("reset.resend")}
        </button>
        <ErrorList errors={resendErrors} />
      </Form>
      <p className="mt-3 text-sm">
        <Link to="/forgot" className="text-indigo-700 underline hover:no-underline dark:text-indigo-300">
          {t("reset.otherEmail")}
        </Link>
      </p>
    </>
  );
}

function LinkStep({ token }: { token: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const actionData = useActionData<typeof action>();
  const busy = useBusy(FORGOT_INTENTS.link);
  const [form, fields] = useForm({
    id: "forgot-link",
    lastResult: actionData?.intent === FORGOT_INTENTS.link ? actionData.result : undefined,
    defaultValue: { token },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordLinkSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("link.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={FORGOT_INTENTS.link} />
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <PasswordField
          field={fields.password}
          label={t("account:fields.newPassword")}
          autoComplete="new-password"
          hint={t("account:passwordRule")}
        />
        <PasswordField
          field={fields.confirmPassword}
          label={t("account:fields.confirmPassword")}
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={busy} disabled={busy}>
          {t("reset.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/forgot" className="text-indigo-700 underline hover:no-underline dark:text-indigo-300">
          {t("link.newLink")}
        </Link>
      </p>
    </>
  );
}

function DoneStep() {
  const { t } = useTranslation("forgot");
  return (
    <div role="status">
      <h2 className="text-lg font-semibold">{t("done.heading")}</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("done.text")}</p>
      <Link to="/signin" className={`${BUTTON_CLASS} mt-6 w-full`}>
        {t("done.signIn")}
      </Link>
    </div>
  );
}

export default function Forgot() {
  const { t } = useTranslation("forgot");
  const { step, email, token } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("title")}>
      <Steps step={step} />
      {step === "request" ? <RequestStep key="request" email={email} /> : null}
      {step === "reset" ? <ResetStep key={`reset-${email}`} email={email} /> : null}
      {step === "link" ? <LinkStep key="link" token={token} /> : null}
      {step === "done" ? <DoneStep /> : null}
      {step !== "done" ? (
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          <Link to="/signin" className="text-indigo-700 underline hover:no-underline dark:text-indigo-300">
            {t("backToSignIn")}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
