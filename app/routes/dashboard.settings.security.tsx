import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ChangePasswordForm, DeleteAccountForm } from "../components/security/account-forms";
import { ApiTokensPanel } from "../components/security/api-tokens";
import { LoginHistoryTable } from "../components/security/login-history";
import { PasskeysPanel } from "../components/security/passkeys";
import { TwoFactorSection } from "../components/security/two-factor";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadSecurityPage, securityAction } from "../server/security.server";

// Account security (SPEC §2): change password, two-factor authentication with an authenticator
// app (QR code drawn on the server, recovery codes), personal API tokens (issue 20), login
// history and account deletion. One route, several forms: each posts a named intent
// (components/security/intents.ts); the loader and the action are in server/security.server.ts.
// Every step works without JavaScript.

export const handle = { i18n: ["account", "security"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export async function loader(args: LoaderFunctionArgs) {
  return loadSecurityPage(args);
}

export async function action(args: ActionFunctionArgs) {
  return securityAction(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Account security") },
];

export default function SecuritySettings() {
  const { t } = useTranslation(["security", "account"]);
  const { history, locale, tokens, createdToken, now, twoFactorEnabled, setup, recovery, passkeys } =
    useLoaderData<typeof loader>();
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
      <TwoFactorSection twoFactorEnabled={twoFactorEnabled} setup={setup} recovery={recovery} />
      <Section
        id="passkeys"
        titleId="passkeys-title"
        level={3}
        title={t("passkeys.heading")}
        intro={t("passkeys.intro")}
      >
        <PasskeysPanel passkeys={passkeys} />
      </Section>
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
