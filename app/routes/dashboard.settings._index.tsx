import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "../../core/zod";
import { changeUsernameSchema, verificationCodeSchema } from "../../core/auth/schemas";
import { changeEmailFormSchema, PROFILE_INTENTS } from "../components/dashboard/profile";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import {
  readUserApi,
  requireAuth,
  sessionHeaders,
  updateSessionUser,
  userApi,
  type AuthSession,
} from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";
import { CodeField, PasswordField } from "../components/ui/fields";
import { useBusy, useLastResult } from "../components/ui/form-hooks";
import { Section } from "../components/ui/section";

const SETTINGS_PATH = "/dashboard/settings";
const verifyCodeSchema = z.object({ code: verificationCodeSchema });

type ProfileIntent = (typeof PROFILE_INTENTS)[keyof typeof PROFILE_INTENTS];
type ActionData = { intent: ProfileIntent | null; result: SubmissionResult<string[]> | null; message: string | null };

/** The signed-in user as the API knows them now (the session's copy when the call fails). */
async function currentProfile(request: Request, context: LoaderFunctionArgs["context"], auth: AuthSession) {
  const answer = await readUserApi(request, context, await userApi(context, request, auth).api.v1.profile.$get());
  return answer.ok
    ? { username: answer.data.username, email: answer.data.email, emailVerified: answer.data.email_verified }
    : { username: auth.user.username, email: auth.user.email, emailVerified: auth.user.emailVerified };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t }, profile] = await Promise.all([
    getTranslator(request, ["dashboard"]),
    currentProfile(request, context, auth),
  ]);
  return { title: t("profile.metaTitle"), profile };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Settings") },
];

/**
 * One action, four intents (house style): change username, change email, verify the (new) email
 * with its code, send a new code. Success → 303 back here with a toast; a form error → the
 * submission's reply (passwords never echoed) and a 4xx status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getTranslator(request, ["dashboard", "account"]);
  const api = userApi(context, request, auth).api.v1;
  const reply = async (value: ActionData, status: number) =>
    data(value, { status, headers: await sessionHeaders(request, context) });

  switch (intent) {
    case PROFILE_INTENTS.changeUsername: {
      const submission = parseWithZod(formData, { schema: changeUsernameSchema });
      if (submission.status !== "success") {
        return reply({ intent, result: submission.reply({ hideFields: ["password"] }), message: null }, 400);
      }
      const answer = await readUserApi(request, context, await api.account.username.$put({ json: submission.value }));
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "profile");
        const fieldErrors: Record<string, string[]> = isCode(answer, "invalid_password")
          ? { password: [text] }
          : isCode(answer, "username_taken", "username_unchanged")
            ? { new_username: [text] }
            : {};
        const formErrors = Object.keys(fieldErrors).length > 0 ? [] : [text];
        return reply(
          { intent, result: submission.reply({ hideFields: ["password"], fieldErrors, formErrors }), message: null },
          answer.status,
        );
      }
      const headers = await updateSessionUser(request, context, auth, answer.data);
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.username.changed", { username: answer.data.username }) },
        { status: 303, headers },
      );
    }

    case PROFILE_INTENTS.changeEmail: {
      const current = await currentProfile(request, context, auth);
      const submission = parseWithZod(formData, {
        schema: changeEmailFormSchema(current.email, t("profile.email.unchanged")),
      });
      if (submission.status !== "success") {
        return reply({ intent, result: submission.reply({ hideFields: ["password"] }), message: null }, 400);
      }
      const answer = await readUserApi(request, context, await api.account.email.$put({ json: submission.value }));
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "profile");
        const fieldErrors: Record<string, string[]> = isCode(answer, "invalid_password")
          ? { password: [text] }
          : isCode(answer, "email_exists", "email_unchanged")
            ? { new_email: [text] }
            : {};
        const formErrors = Object.keys(fieldErrors).length > 0 ? [] : [text];
        return reply(
          { intent, result: submission.reply({ hideFields: ["password"], fieldErrors, formErrors }), message: null },
          answer.status,
        );
      }
      const headers = await updateSessionUser(request, context, auth, answer.data);
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.email.changed", { email: answer.data.email }) },
        { status: 303, headers },
      );
    }

    case PROFILE_INTENTS.verifyEmail: {
      const submission = parseWithZod(formData, { schema: verifyCodeSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const current = await currentProfile(request, context, auth);
      if (current.emailVerified) {
        return redirectWithToast(
          SETTINGS_PATH,
          { type: "info", description: t("profile.verify.alreadyVerified") },
          { status: 303, headers: await sessionHeaders(request, context) },
        );
      }
      const answer = await readUserApi(
        request,
        context,
        await api.auth["verify-email"].$post({ json: { email: current.email, code: submission.value.code } }),
      );
      if (!answer.ok) {
        const invalid = isCode(answer, "code_invalid");
        const text = apiErrorText(t, answer, "profile");
        return reply(
          {
            intent,
            result: submission.reply({
              fieldErrors: invalid ? { code: [text] } : {},
              formErrors: invalid ? [] : [text],
            }),
            message: null,
          },
          answer.status,
        );
      }
      const profile = await readUserApi(request, context, await api.profile.$get());
      const headers = profile.ok
        ? await updateSessionUser(request, context, auth, profile.data)
        : await sessionHeaders(request, context);
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.verify.verified", { email: current.email }) },
        { status: 303, headers },
      );
    }

    case PROFILE_INTENTS.resendCode: {
      const answer = await readUserApi(request, context, await api.email["send-verification"].$post());
      const headers = await sessionHeaders(request, context);
      if (!answer.ok) {
        return redirectWithToast(
          SETTINGS_PATH,
          {
            type: isCode(answer, "email_already_verified") ? "info" : "error",
            description: apiErrorText(t, answer, "profile"),
          },
          { status: 303, headers },
        );
      }
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.verify.resent", { email: auth.user.email }) },
        { status: 303, headers },
      );
    }

    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

export const handle = { i18n: ["account", "dashboard"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function UsernameForm({ username }: { username: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.changeUsername);
  const [form, fields] = useForm({
    id: "change-username",
    lastResult: useLastResult(PROFILE_INTENTS.changeUsername),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeUsernameSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <Section
      titleId="username-title"
      title={t("profile.username.heading")}
      intro={t("profile.username.current", { username })}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.changeUsername} />
        <Field
          id={fields.new_username.id}
          label={t("profile.username.newLabel")}
          errors={fields.new_username.errors}
          hint={t("account:usernameRule")}
        >
          <input
            {...getInputProps(fields.new_username, { type: "text" })}
            aria-describedby={`${fields.new_username.id}-hint ${fields.new_username.id}-error`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={INPUT_CLASS}
          />
        </Field>
        <PasswordField
          field={fields.password}
          label={t("account:fields.currentPassword")}
          autoComplete="current-password"
          hint={t("profile.passwordHint")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_CLASS} disabled={busy}>
            {t("profile.username.submit")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.changeEmail);
  const schema = changeEmailFormSchema(email, t("profile.email.unchanged"));
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: useLastResult(PROFILE_INTENTS.changeEmail),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <Section titleId="email-title" title={t("profile.email.heading")} intro={t("profile.email.current", { email })}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.changeEmail} />
        <Field
          id={fields.new_email.id}
          label={t("profile.email.newLabel")}
          errors={fields.new_email.errors}
          hint={t("profile.email.hint")}
        >
          <input
            {...getInputProps(fields.new_email, { type: "email" })}
            aria-describedby={`${fields.new_email.id}-hint ${fields.new_email.id}-error`}
            autoComplete="email"
            className={INPUT_CLASS}
          />
        </Field>
        <PasswordField
          field={fields.password}
          label={t("account:fields.currentPassword")}
          autoComplete="current-password"
          hint={t("profile.passwordHint")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_CLASS} disabled={busy}>
            {t("profile.email.submit")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

function VerifyEmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.verifyEmail);
  const [form, fields] = useForm({
    id: "verify-email",
    lastResult: useLastResult(PROFILE_INTENTS.verifyEmail),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="verify-title" className="text-lg font-semibold">
        {t("profile.verify.heading")}
      </h2>
      <p className="mt-1 text-sm">{t("profile.verify.text", { email })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.verifyEmail} />
        <div className="w-full max-w-xs">
          <CodeField field={fields.code} label={t("account:fields.code")} />
        </div>
        <div className="w-full">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <button type="submit" className={BUTTON_CLASS} disabled={busy}>
          {t("profile.verify.submit")}
        </button>
      </Form>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.resendCode} />
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          {t("profile.verify.resend")}
        </button>
      </Form>
    </section>
  );
}

export default function ProfileSettings() {
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      {actionData?.message ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {actionData.message}
        </p>
      ) : null}
      {/* Keyed by the saved value: after a change the form starts empty again. */}
      {profile.emailVerified ? null : <VerifyEmailForm key={`verify-${profile.email}`} email={profile.email} />}
      <UsernameForm key={`username-${profile.username}`} username={profile.username} />
      <EmailForm key={`email-${profile.email}`} email={profile.email} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
