import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDay, formatMoment } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { EmptyState } from "../components/ui/empty-state";
import { BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, userApi } from "../server/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t, locale }, profile] = await Promise.all([
    getTranslator(request, ["dashboard"]),
    userApi(context, request, auth)
      .api.v1.profile.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!profile.ok) return { title: t("overview.metaTitle"), account: null };
  const user = profile.data;
  return {
    title: t("overview.metaTitle"),
    account: {
      username: user.username,
      email: user.email,
      emailVerified: user.email_verified,
      memberSince: formatDay(locale, user.created_at),
      lastLogin: formatMoment(locale, user.last_login),
      totalDomains: user.total_domains,
      expiringSoon: user.expiring_soon_count,
      expired: user.expired_domains_count,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Dashboard") },
];

export const handle = { i18n: ["account", "dashboard/overview"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

const CARD = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words font-medium sm:text-right">{children}</dd>
    </div>
  );
}

function CountCard({ label, value, hint, testId }: { label: string; value: number; hint?: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-3xl font-bold" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

export default function DashboardOverview() {
  const { t } = useTranslation(["dashboard", "account"]);
  const { account } = useLoaderData<typeof loader>();

  if (!account) {
    return (
      <section>
        <h1 className="text-3xl font-bold tracking-tight">{t("overview.metaTitle")}</h1>
        <p
          role="alert"
          className="mt-6 rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {t("overview.loadError")}
        </p>
      </section>
    );
  }

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {t("overview.greeting", { username: account.username })}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("overview.intro")}</p>
      </header>

      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="account-title" className={CARD}>
          <h2 id="account-title" className="text-lg font-semibold">
            {t("overview.accountHeading")}
          </h2>
          <dl className="mt-4 space-y-3">
            <Detail label={t("overview.username")}>{account.username}</Detail>
            <Detail label={t("overview.email")}>
              <span className="break-all">{account.email}</span>{" "}
              {account.emailVerified ? (
                <span className="ml-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                  {t("overview.verified")}
                </span>
              ) : (
                <span className="ml-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-100">
                  {t("overview.unverified")}
                </span>
              )}
            </Detail>
            <Detail label={t("overview.memberSince")}>{account.memberSince ?? "—"}</Detail>
            <Detail label={t("overview.lastLogin")}>{account.lastLogin ?? t("overview.never")}</Detail>
          </dl>
        </section>

        <section aria-labelledby="links-title" className={CARD}>
          <h2 id="links-title" className="text-lg font-semibold">
            {t("overview.quickLinksHeading")}
          </h2>
          <ul className="mt-4 space-y-2">
            {[
              { to: "/domain-search", label: t("overview.quickSearch") },
              { to: "/domain/transfer", label: t("overview.quickTransfer") },
              { to: "/dashboard/settings", label: t("overview.quickSettings") },
            ].map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="flex items-center justify-between rounded-lg border border-slate-200 px-4 py-3 font-medium hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-slate-800 dark:hover:bg-slate-800"
                >
                  {link.label}
                  <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="domains-title" className={CARD}>
        <h2 id="domains-title" className="text-lg font-semibold">
          {t("overview.domainsHeading")}
        </h2>
        {account.totalDomains === 0 ? (
          <div className="mt-4">
            <EmptyState title={t("overview.emptyTitle")} text={t("overview.emptyText")}>
              <Link to="/domain-search" className={BUTTON_CLASS}>
                {t("overview.emptyAction")}
              </Link>
            </EmptyState>
          </div>
        ) : (
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <CountCard label={t("overview.totalDomains")} value={account.totalDomains} testId="total-domains" />
            <CountCard
              label={t("overview.expiringSoon")}
              value={account.expiringSoon}
              hint={t("overview.expiringSoonHint")}
              testId="expiring-soon"
            />
            <CountCard label={t("overview.expired")} value={account.expired} testId="expired-domains" />
          </dl>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
