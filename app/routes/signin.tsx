import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loginSchema, secondFactorSchema } from "../../core/auth/schemas";
import { errorTitle, GeneralErrorBoundary } from "../components/error-boundary";
import {
  AuthCard,
  AuthSwitch,
  BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  SECONDARY_BUTTON_CLASS,
} from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "../server/api.server";
import { getCartId } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { getSessionState, signedInHeaders } from "../server/session.server";
import type { SignedIn } from "../../workers/api/contract/auth";
import { flowTarget } from "../../core/auth/flow-redirect";
import { clearChallenge, readChallenge, saveChallenge } from "../server/signin-flow.server";
import { createToastHeaders } from "../server/toast.server";
import { PasswordField, VerbatimField } from "../components/ui/fields";
import { useSchemaForm } from "../components/ui/form-hooks";
import { PasskeySignIn } from "../components/passkeys/sign-in";

export const handle = { i18n: ["account", "signin"] } satisfies I18nHandle;

/** Where a signed-in user goes: the `redirect` query when it is a same-site path, else the dashboard. */
const target = flowTarget;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = target(url.searchParams.get("redirect"));
  const [{ t }, session, challenge] = await Promise.all([
    getTranslator(request, ["signin", "account"]),
    getSessionState(request, context),
    readChallenge(request, context),
  ]);
  if (session.auth) throw redirect(redirectTo);
  const step = url.searchParams.get("step") === "2fa" && challenge ? ("2fa" as const) : ("credentials" as const);
  return {
    title: t(step === "2fa" ? "twoFactor.metaTitle" : "metaTitle"),
    step,
    redirectTo: step === "2fa" && challenge ? challenge.redirectTo : redirectTo,
    username: challenge?.username ?? "",
  };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Sign in") },
];

export const SIGNIN_INTENTS = {
  credentials: "credentials",
  secondFactor: "second-factor",
  restart: "restart",
} as const;

type Translate = Awaited<ReturnType<typeof getTranslator>>["t"];

async function signedIn(
  request: Request,
  context: ActionFunctionArgs["context"],
  t: Translate,
  answer: SignedIn,
  rememberMe: boolean,
  redirectTo: string,
) {
  const headers = await signedInHeaders(request, context, t, answer, rememberMe);
  return redirect(target(redirectTo), { status: 303, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const [{ t }, cartId] = await Promise.all([
    getTranslator(request, ["signin", "account"]),
    getCartId(request, context),
  ]);
  const intent = formData.get("intent");
  switch (intent) {
    case SIGNIN_INTENTS.credentials: {
      const submission = parseWithZod(formData, { schema: loginSchema });
      const hideFields = ["password", "seed_key"];
      if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
      const redirectTo = target(String(formData.get("redirect") ?? ""));
      const answer = await readApi(
        await apiClient(context, request, { cartId }).api.v1.auth.login.$post({ json: submission.value }),
      );
      if (!answer.ok) {
        return data(
          { result: submission.reply({ formErrors: [apiErrorText(t, answer, "signin")], hideFields }) },
          { status: answer.status },
        );
      }
      if ("two_factor_required" in answer.data) {
        const cookie = await saveChallenge(request, context, {
          challengeToken: answer.data.challenge_token,
          rememberMe: submission.value.remember_me,
          redirectTo,
          username: submission.value.username,
        });
        const next = new URLSearchParams({ step: "2fa" });
        return redirect(`/signin?${next}`, { status: 303, headers: { "Set-Cookie": cookie } });
      }
      return signedIn(request, context, t, answer.data, submission.value.remember_me, redirectTo);
    }
    case SIGNIN_INTENTS.secondFactor: {
      const challenge = await readChallenge(request, context);
      if (!challenge) {
        return redirectRestart(request, context, t("twoFactor.expired"));
      }
      const submission = parseWithZod(formData, { schema: secondFactorSchema });
      if (submission.status !== "success")
        return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
      const answer = await readApi(
        await apiClient(context, request, { cartId }).api.v1.auth.login["2fa"].$post({
          json: { challenge_token: challenge.challengeToken, code: String(formData.get("code") ?? "") },
        }),
      );
      if (!answer.ok) {
        const message = apiErrorText(t, answer, "signin");
        if (isCode(answer, "challenge_expired", "challenge_locked")) return redirectRestart(request, context, message);
        return data(
          { result: submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }) },
          { status: answer.status },
        );
      }
      return signedIn(request, context, t, answer.data, challenge.rememberMe, challenge.redirectTo);
    }
    case SIGNIN_INTENTS.restart:
      return redirectRestart(request, context, null);
    default:
      return data({ result: null }, { status: 400 });
  }
}

async function redirectRestart(request: Request, context: ActionFunctionArgs["context"], message: string | null) {
  const headers = new Headers({ "Set-Cookie": await clearChallenge(request, context) });
  if (message)
    for (const [name, value] of await createToastHeaders({ type: "warning", description: message }))
      headers.append(name, value);
  return redirect("/signin", { status: 303, headers });
}

function CredentialsForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation(["signin", "account"]);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === SIGNIN_INTENTS.credentials;
  const [form, fields] = useSchemaForm({
    id: "signin",
    schema: () => import("../../core/auth/schemas").then((m) => m.loginSchema),
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={SIGNIN_INTENTS.credentials} />
      <input type="hidden" name="redirect" value={redirectTo} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {/* "webauthn": the browser may offer passkeys in this field's autofill (conditional UI, issue 24). */}
      <VerbatimField field={fields.username} label={t("account:fields.username")} autoComplete="username webauthn" />
      <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
      <Field
        id={fields.seed_key.id}
        label={t("account:fields.seedKey")}
        errors={fields.seed_key.errors}
        hint={t("seedKeyHint")}
      >
        <textarea
          id={fields.seed_key.id}
          name={fields.seed_key.name}
          defaultValue={fields.seed_key.initialValue ?? ""}
          aria-invalid={fields.seed_key.errors ? true : undefined}
          aria-describedby={`${fields.seed_key.id}-hint${fields.seed_key.errors ? ` ${fields.seed_key.id}-error` : ""}`}
          rows={3}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono`}
        />
      </Field>
      <div className="flex items-center justify-between gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.remember_me, { type: "checkbox" })}
            className="h-4 w-4 rounded border-slate-400"
          />
          {t("account:fields.rememberMe")}
        </label>
        <Link
          to="/forgot"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {t("forgot")}
        </Link>
      </div>
      <button type="submit" className={`${BUTTON_CLASS} w-full`} disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </button>
      <AuthSwitch question={t("noAccount")} to="/signup" label={t("signUp")} redirectTo={redirectTo} />
    </Form>
  );
}

function SecondFactorForm({ username, redirectTo }: { username: string; redirectTo: string }) {
  const { t } = useTranslation(["signin", "account"]);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm({
    id: "signin-2fa",
    schema: () => import("../../core/auth/schemas").then((m) => m.secondFactorSchema),
    lastResult: actionData?.result,
  });
  return (
    <div className="space-y-4">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={SIGNIN_INTENTS.secondFactor} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.text", { username })}</p>
        <Field id={fields.code.id} label={t("twoFactor.code")} errors={fields.code.errors} hint={t("twoFactor.hint")}>
          <input
            {...getInputProps(fields.code, { type: "text", ariaDescribedBy: `${fields.code.id}-hint` })}
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            className={`${INPUT_CLASS} font-mono tracking-widest`}
          />
        </Field>
        <button type="submit" className={`${BUTTON_CLASS} w-full`} disabled={busy}>
          {t("twoFactor.submit")}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={SIGNIN_INTENTS.restart} />
        <button type="submit" className={`${SECONDARY_BUTTON_CLASS} w-full`}>
          {t("twoFactor.restart")}
        </button>
      </Form>
      <PasskeySignIn step="2fa" redirectTo={redirectTo} />
    </div>
  );
}

export default function SignIn() {
  const { t } = useTranslation(["signin", "account"]);
  const { step, redirectTo, username } = useLoaderData<typeof loader>();
  return step === "2fa" ? (
    <AuthCard title={t("twoFactor.title")}>
      <SecondFactorForm username={username} redirectTo={redirectTo} />
    </AuthCard>
  ) : (
    <AuthCard title={t("title")} intro={t("intro")}>
      <CredentialsForm redirectTo={redirectTo} />
      <PasskeySignIn step="signin" redirectTo={redirectTo} />
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
