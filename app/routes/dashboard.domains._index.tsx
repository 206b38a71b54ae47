import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DomainFilter, DomainTable, Pagination } from "../components/domains/domain-list";
import { MY_DOMAINS_INTENTS } from "../components/domains/intents";
import { Section } from "../components/ui/section";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { EmptyState } from "../components/ui/empty-state";
import { PostButton } from "../components/ui/confirm-card";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadMyDomains, myDomainsAction } from "../server/my-domains.server";

/**
 * My domains (SPEC §2, issue 14): the list with a GET filter form (search, status, sort) and
 * page links, so it works without JavaScript. Unknown or bad query values fall back to the
 * defaults (each parameter is checked on its own with the API's schema). The loader and the
 * calendar link's action are in app/server/my-domains.server.ts, the list's parts in
 * app/components/domains/domain-list.tsx.
 */
export const loader = (args: LoaderFunctionArgs) => loadMyDomains(args);
export const action = (args: ActionFunctionArgs) => myDomainsAction(args);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "My domains") },
];

export const handle = {
  i18n: ["account", "domains/list", "domains/status", "domains/explain", "domains/action"],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function MyDomains() {
  const { t } = useTranslation("domains");
  const { query, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t("list.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("list.intro")}</p>
        <p className="mt-1 text-sm font-medium">
          {t("list.summary", {
            count: page.counts.total,
            expiring: page.counts.expiring_soon,
            expired: page.counts.expired,
          })}
        </p>
      </header>

      {page.counts.total === 0 ? (
        <EmptyState title={t("list.emptyTitle")} text={t("list.emptyText")}>
          <Link to="/domain-search" className={BUTTON_CLASS}>
            {t("list.emptySearch")}
          </Link>
          <Link to="/domain/transfer" className={SECONDARY_BUTTON_CLASS}>
            {t("list.emptyTransfer")}
          </Link>
        </EmptyState>
      ) : (
        <>
          <DomainFilter query={query} />

          <DomainTable domains={page.domains} />

          <Pagination query={query} page={page.page} pages={page.pages} />
        </>
      )}

      <Section titleId="calendar-title" title={t("list.calendar")} bodyClassName="">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("list.calendarHint")}</p>
        <PostButton
          fields={{ intent: MY_DOMAINS_INTENTS.calendar }}
          label={t("list.calendarCreate")}
          formClassName="mt-3"
        />
        {actionData?.calendarUrl ? (
          <p role="status" className="mt-3 text-sm">
            {t("list.calendarCreated")} <code className="break-all select-all">{actionData.calendarUrl}</code>
          </p>
        ) : null}
        {actionData?.message ? (
          <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {actionData.message}
          </p>
        ) : null}
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
