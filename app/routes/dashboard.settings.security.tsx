import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  changePasswordSchema,
  currentPasswordSchema,
  DELETE_ACCOUNT_PHRASE,
  deleteAccountSchema,
  totpCodeSchema,
} from "../../core/auth/schemas";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import {
  API_TOKEN_INTENTS,
  ApiTokensPanel,
  createApiTokenFormSchema,
  expiresInDays,
  revokeApiTokenFormSchema,
} from "../components/security/api-tokens";
import { groupSecret, recoveryCodesFile, textDataUrl } from "../components/security/format";
import { LoginHistoryTable, type LoginHistoryRow } from "../components/security/login-history";
import { QrCode } from "../components/security/qr-code";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  IntentField,
  SECONDARY_BUTTON_CLASS,
} from "../components/ui/form";
import { useBusy, useLastResult, useResetAfterSuccess } from "../components/ui/form-hooks";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import { qrDrawing } from "../server/qr.server";
import { clearSecurityFlow, commitSecurityFlow, readSecurityFlow } from "../server/security-flow.server";
import {
  destroyUserSession,
  readUserApi,
  requireAuth,
  sessionHeaders,
  updateSessionUser,
  userApi,
} from "../server/session.server";
import { createToastHeaders } from "../server/toast.server";
import { CodeField, PasswordField } from "../components/ui/fields";

// Account security (SPEC §2): change password, two-factor authentication with an authenticator
// app (QR code drawn on the server, recovery codes), personal API tokens (issue 20), login
// history and account deletion. One
// route, several forms: each posts a named intent; errors re-render with 400, success redirects
// (303) with a toast. Every step works without JavaScript.

export const handle = { i18n: ["account", "security"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const SECURITY_INTENTS = {
  changePassword: "change-password",
  setupTwoFactor: "2fa-setup",
  enableTwoFactor: "2fa-enable",
  cancelTwoFactor: "2fa-cancel",
  savedRecoveryCodes: "2fa-saved",
  disableTwoFactor: "2fa-disable",
  deleteAccount: "delete-account",
  createApiToken: API_TOKEN_INTENTS.create,
  revokeApiToken: API_TOKEN_INTENTS.revoke,
  dismissApiToken: API_TOKEN_INTENTS.dismiss,
} as const;

const PAGE = "/dashboard/settings/security";

/** The API's enable/disable bodies (workers/api/routes/account.ts) as form schemas. */
const enableTwoFactorSchema = z.object({ code: totpCodeSchema });
const disableTwoFactorSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const { t, locale } = await getTranslator(request, ["security", "account"]);
  const api = userApi(context, request, auth);
  const [profile, history, apiTokens, flow] = await Promise.all([
    api.api.v1.profile.$get().then((response) => readUserApi(request, context, response)),
    api.api.v1.account["login-history"].$get().then((response) => readUserApi(request, context, response)),
    api.api.v1.account["api-tokens"].$get().then((response) => readUserApi(request, context, response)),
    readSecurityFlow(request, context, auth.user.id),
  ]);
  const user = profile.ok ? profile.data : null;
  const twoFactorEnabled = user ? user.two_factor_enabled : auth.user.twoFactorEnabled;
  const username = user?.username ?? auth.user.username;

  const setup =
    !twoFactorEnabled && flow?.setup
      ? { secret: flow.setup.secret, grouped: groupSecret(flow.setup.secret), qr: qrDrawing(flow.setup.uri) }
      : null;
  const recovery =
    twoFactorEnabled && flow?.recovery?.length
      ? {
          codes: flow.recovery,
          fileUrl: textDataUrl(recoveryCodesFile(flow.recovery, t("twoFactor.fileHeading", { username }))),
        }
      : null;
  const rows: LoginHistoryRow[] | null = history.ok
    ? history.data.history.map((entry) => ({
        at: entry.at,
        ip: entry.ip,
        device: entry.device,
        success: entry.success,
      }))
    : null;
  const tokens = apiTokens.ok ? apiTokens.data.tokens : null;
  const createdToken = flow?.apiToken ? { name: flow.apiToken.name, token: flow.apiToken.token } : null;
  return {
    title: t("metaTitle"),
    locale,
    twoFactorEnabled,
    setup,
    recovery,
    history: rows,
    tokens,
    createdToken,
    now: Date.now(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Account security") },
];

type ActionData = { intent: string; result: SubmissionResult<string[]> };

function merge(...all: (Headers | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const one of all) if (one) for (const [name, value] of one) headers.append(name, value);
  return headers;
}

function cookieHeader(value: string): Headers {
  return new Headers({ "Set-Cookie": value });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { t } = await getTranslator(request, ["security", "account"]);
  const api = userApi(context, request, auth);
  const session = await sessionHeaders(request, context);

  const reply = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionData>({ intent, result }, { status, headers: session });
  const done = async (description: string, extra: Headers[] = [], to = PAGE, type: "success" | "info" = "success") =>
    redirect(to, { status: 303, headers: merge(session, ...extra, await createToastHeaders({ type, description })) });
  /** The user view after a change, to keep the session's copy current. */
  const refreshedUser = async () => {
    const profile = await readUserApi(request, context, await api.api.v1.profile.$get());
    return profile.ok ? updateSessionUser(request, context, auth, profile.data) : new Headers();
  };

  switch (intent) {
    case SECURITY_INTENTS.changePassword: {
      const hideFields = ["current_password", "new_password", "confirm_password"];
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const { current_password, new_password } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account.password.$put({ json: { current_password, new_password } }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { current_password: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      return done(t("password.changed"));
    }
    case SECURITY_INTENTS.setupTwoFactor: {
      const answer = await readUserApi(request, context, await api.api.v1.account["2fa"].setup.$post());
      if (!answer.ok) {
        return reply(
          { status: "error", error: { "": [apiErrorText(t, answer, "security")] } },
          answer.status === 409 ? 409 : 400,
        );
      }
      const flow = await commitSecurityFlow(request, context, {
        userId: auth.user.id,
        setup: { secret: answer.data.secret, uri: answer.data.otpauth_uri },
      });
      return redirect(`${PAGE}#two-factor`, { status: 303, headers: merge(session, cookieHeader(flow)) });
    }
    case SECURITY_INTENTS.enableTwoFactor: {
      const submission = parseWithZod(formData, { schema: enableTwoFactorSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields: ["code"] }));
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["2fa"].enable.$post({ json: submission.value }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_two_factor_code"))
          return reply(submission.reply({ hideFields: ["code"], fieldErrors: { code: [text] } }));
        return reply(submission.reply({ hideFields: ["code"], formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      const flow = await commitSecurityFlow(request, context, {
        userId: auth.user.id,
        recovery: answer.data.recovery_codes,
      });
      return done(t("twoFactor.enabled"), [cookieHeader(flow), await refreshedUser()], `${PAGE}#two-factor`);
    }
    case SECURITY_INTENTS.cancelTwoFactor:
    case SECURITY_INTENTS.savedRecoveryCodes: {
      return redirect(`${PAGE}#two-factor`, {
        status: 303,
        headers: merge(session, cookieHeader(await clearSecurityFlow(request, context))),
      });
    }
    case SECURITY_INTENTS.disableTwoFactor: {
      const hideFields = ["password", "code"];
      const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["2fa"].disable.$post({ json: submission.value }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { password: [text] } }));
        if (isCode(answer, "invalid_two_factor_code"))
          return reply(submission.reply({ hideFields, fieldErrors: { code: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      return done(
        t("twoFactor.disabled"),
        [cookieHeader(await clearSecurityFlow(request, context)), await refreshedUser()],
        `${PAGE}#two-factor`,
      );
    }
    case SECURITY_INTENTS.createApiToken: {
      const submission = parseWithZod(formData, { schema: createApiTokenFormSchema });
      if (submission.status !== "success") return reply(submission.reply());
      const { name, scopes, expiry } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["api-tokens"].$post({
          json: { name, scopes, expires_in_days: expiresInDays(expiry) },
        }),
      );
      if (!answer.ok) {
        const message = apiErrorText(t, answer, "security");
        return reply(
          submission.reply({ formErrors: [message] }),
          answer.status === 409 ? 409 : answer.status === 429 ? 429 : 400,
        );
      }
      // The secret stays in the flow cookie until "I copied it" (the API never answers it again).
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const created = { id: answer.data.id, name: answer.data.name, token: answer.data.token };
      const cookie = await commitSecurityFlow(request, context, { ...flow, userId: auth.user.id, apiToken: created });
      return done(t("apiTokens.created"), [cookieHeader(cookie)], `${PAGE}#api-tokens`);
    }
    case SECURITY_INTENTS.revokeApiToken: {
      const submission = parseWithZod(formData, { schema: revokeApiTokenFormSchema });
      if (submission.status !== "success") return reply({ status: "error", error: { "": [t("apiTokens.notFound")] } });
      const { id } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["api-tokens"][":id"].$delete({ param: { id } }),
      );
      if (!answer.ok) {
        const message = apiErrorText(t, answer, "security");
        return reply({ status: "error", error: { "": [message] } }, answer.status === 404 ? 404 : 400);
      }
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const extra =
        flow?.apiToken?.id === id
          ? [cookieHeader(await commitSecurityFlow(request, context, { ...flow, apiToken: undefined }))]
          : [];
      return done(t("apiTokens.revoked"), extra, `${PAGE}#api-tokens`);
    }
    case SECURITY_INTENTS.dismissApiToken: {
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const cookie = await commitSecurityFlow(request, context, { ...flow, userId: auth.user.id, apiToken: undefined });
      return redirect(`${PAGE}#api-tokens`, { status: 303, headers: merge(session, cookieHeader(cookie)) });
    }
    case SECURITY_INTENTS.deleteAccount: {
      const hideFields = ["password"];
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const answer = await readUserApi(request, context, await api.api.v1.account.$delete({ json: submission.value }));
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { password: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      const signedOut = await destroyUserSession(request, context);
      return redirect("/", {
        status: 303,
        headers: merge(
          signedOut,
          cookieHeader(await clearSecurityFlow(request, context)),
          await createToastHeaders({ type: "success", description: t("delete.deleted") }),
        ),
      });
    }
    default:
      return reply({ status: "error", error: { "": [t("unknownIntent")] } });
  }
}

// ─── Page ────────────────────────────────────────────────────────────────────────────────────

function ChangePasswordForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.changePassword);
  const [form, fields] = useForm({
    id: "change-password-form",
    lastResult: useLastResult(SECURITY_INTENTS.changePassword),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  useResetAfterSuccess(SECURITY_INTENTS.changePassword, form.reset);
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
      <IntentField intent={SECURITY_INTENTS.changePassword} />
      <PasswordField
        field={fields.current_password}
        label={t("account:fields.currentPassword")}
        autoComplete="current-password"
      />
      <PasswordField
        field={fields.new_password}
        label={t("account:fields.newPassword")}
        autoComplete="new-password"
        hint={t("account:passwordRule")}
      />
      <PasswordField field={fields.confirm_password} label={t("password.confirmLabel")} autoComplete="new-password" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("password.submit")}
        </button>
      </div>
    </Form>
  );
}

function SetupStart() {
  const { t } = useTranslation("security");
  const busy = useBusy(SECURITY_INTENTS.setupTwoFactor);
  const result = useLastResult(SECURITY_INTENTS.setupTwoFactor);
  return (
    <Form method="post">
      <IntentField intent={SECURITY_INTENTS.setupTwoFactor} />
      <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
        {t("twoFactor.setUp")}
      </button>
      <ErrorList errors={result?.error?.[""] ?? undefined} />
    </Form>
  );
}

function SetupConfirm({ setup }: { setup: { secret: string; grouped: string; qr: { size: number; path: string } } }) {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.enableTwoFactor);
  const [form, fields] = useForm({
    id: "enable-2fa-form",
    lastResult: useLastResult(SECURITY_INTENTS.enableTwoFactor),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enableTwoFactorSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-4" data-testid="totp-setup">
      <h4 className="font-semibold">{t("twoFactor.setupHeading")}</h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.scan")}</p>
      <QrCode size={setup.qr.size} path={setup.qr.path} label={t("twoFactor.qrLabel")} />
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.manual")}</p>
        <p className="mt-1">
          <span className="sr-only">{t("twoFactor.keyLabel")}: </span>
          <code
            data-testid="totp-secret"
            data-secret={setup.secret}
            className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-slate-800"
          >
            {setup.grouped}
          </code>
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.confirmStep")}</p>
      <Form method="post" {...getFormProps(form)} className="grid max-w-xs gap-4">
        <IntentField intent={SECURITY_INTENTS.enableTwoFactor} />
        <CodeField field={fields.code} label={t("twoFactor.codeLabel")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("twoFactor.enable")}
          </button>
        </div>
      </Form>
      <Form method="post">
        <IntentField intent={SECURITY_INTENTS.cancelTwoFactor} />
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          {t("twoFactor.cancel")}
        </button>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, fileUrl }: { codes: string[]; fileUrl: string }) {
  const { t } = useTranslation("security");
  return (
    <div
      className="space-y-4 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
      data-testid="recovery-codes"
    >
      <h4 className="font-semibold">{t("twoFactor.recoveryHeading")}</h4>
      <p className="text-sm">{t("twoFactor.recoveryIntro")}</p>
      <ul className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a href={fileUrl} download="trinity-recovery-codes.txt" className={SECONDARY_BUTTON_CLASS}>
          {t("twoFactor.download")}
        </a>
        <Form method="post">
          <IntentField intent={SECURITY_INTENTS.savedRecoveryCodes} />
          <button type="submit" className={BUTTON_CLASS}>
            {t("twoFactor.saved")}
          </button>
        </Form>
      </div>
    </div>
  );
}

function DisableTwoFactorForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.disableTwoFactor);
  const [form, fields] = useForm({
    id: "disable-2fa-form",
    lastResult: useLastResult(SECURITY_INTENTS.disableTwoFactor),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <div>
      <h4 className="font-semibold">{t("twoFactor.disableHeading")}</h4>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.disableIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-md gap-4">
        <IntentField intent={SECURITY_INTENTS.disableTwoFactor} />
        <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
        <CodeField field={fields.code} label={t("twoFactor.codeLabel")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={SECONDARY_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("twoFactor.disable")}
          </button>
        </div>
      </Form>
    </div>
  );
}

function TwoFactorSection() {
  const { t } = useTranslation("security");
  const { twoFactorEnabled, setup, recovery } = useLoaderData<typeof loader>();
  return (
    <Section
      id="two-factor"
      titleId="two-factor-title"
      level={3}
      title={t("twoFactor.heading")}
      intro={t("twoFactor.intro")}
    >
      <p className="mb-4 text-sm">
        {t("twoFactor.statusLabel")}{" "}
        <span
          data-testid="two-factor-status"
          className={
            twoFactorEnabled
              ? "rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
              : "rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          }
        >
          {twoFactorEnabled ? t("twoFactor.on") : t("twoFactor.off")}
        </span>
      </p>
      {twoFactorEnabled ? (
        recovery ? (
          <RecoveryCodes codes={recovery.codes} fileUrl={recovery.fileUrl} />
        ) : (
          <DisableTwoFactorForm />
        )
      ) : setup ? (
        <SetupConfirm setup={setup} />
      ) : (
        <SetupStart />
      )}
    </Section>
  );
}

function DeleteAccountForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.deleteAccount);
  const [form, fields] = useForm({
    id: "delete-account-form",
    lastResult: useLastResult(SECURITY_INTENTS.deleteAccount),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
      <IntentField intent={SECURITY_INTENTS.deleteAccount} />
      <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
      <Field
        id={fields.confirmation.id}
        label={t("delete.phraseLabel", { phrase: DELETE_ACCOUNT_PHRASE })}
        errors={fields.confirmation.errors}
      >
        <input
          {...getInputProps(fields.confirmation, { type: "text" })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={INPUT_CLASS}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={DANGER_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("delete.submit")}
        </button>
      </div>
    </Form>
  );
}

export default function SecuritySettings() {
  const { t } = useTranslation(["security", "account"]);
  const { history, locale, tokens, createdToken, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h2 className="text-2xl font-bold tracking-tight">{t("title")}</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </header>
      <Section
        id="password"
        titleId="password-title"
        level={3}
        title={t("password.heading")}
        intro={t("password.intro")}
      >
        <ChangePasswordForm />
      </Section>
      <TwoFactorSection />
      <Section
        id="api-tokens"
        titleId="api-tokens-title"
        level={3}
        title={t("apiTokens.heading")}
        intro={t("apiTokens.intro")}
      >
        <ApiTokensPanel tokens={tokens} created={createdToken} locale={locale} now={now} />
      </Section>
      <Section
        id="login-history"
        titleId="login-history-title"
        level={3}
        title={t("history.heading")}
        intro={t("history.intro")}
      >
        {history ? (
          <LoginHistoryTable rows={history} locale={locale} />
        ) : (
          <p role="alert">{t("account:serverError")}</p>
        )}
      </Section>
      <Section
        id="delete-account"
        titleId="delete-account-title"
        level={3}
        title={t("delete.heading")}
        intro={t("delete.intro")}
        tone="danger"
      >
        <DeleteAccountForm />
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
