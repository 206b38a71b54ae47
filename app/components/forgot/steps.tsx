import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, NewPasswordFields } from "../ui/fields";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { useBusy, useIntentForm } from "../ui/form-hooks";
import { FORGOT_INTENTS, type ForgotActionData, type ForgotStep } from "./forms";

// The forgot-password page's steps (app/routes/forgot.tsx): the step list, the address form, the
// code and new password form (with "send a new code"), the link's new password form, and done.

export function Steps({ step }: { step: ForgotStep }) {
  const { t } = useTranslation("forgot");
  const steps: ForgotStep[] = ["request", "reset", "done"];
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

export function RequestStep({ email }: { email: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const { form, fields, busy } = useIntentForm(FORGOT_INTENTS.send, {
    id: "forgot-request",
    schema: () => import("../../../core/auth/schemas").then((m) => m.forgotPasswordSchema),
    defaultValue: { email },
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

export function ResetStep({ email }: { email: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const actionData = useActionData<ForgotActionData>();
  const resending = useBusy(FORGOT_INTENTS.resend);
  const { form, fields, busy } = useIntentForm(FORGOT_INTENTS.reset, {
    id: "forgot-reset",
    schema: () => import("../../../core/auth/schemas").then((m) => m.resetPasswordSchema),
    defaultValue: { email },
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
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={t("account:fields.newPassword")}
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

export function LinkStep({ token }: { token: string }) {
  const { t } = useTranslation(["forgot", "account"]);
  const { form, fields, busy } = useIntentForm(FORGOT_INTENTS.link, {
    id: "forgot-link",
    schema: () => import("../../../core/auth/schemas").then((m) => m.resetPasswordLinkSchema),
    defaultValue: { token },
  });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("link.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={FORGOT_INTENTS.link} />
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={t("account:fields.newPassword")}
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

export function DoneStep() {
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
