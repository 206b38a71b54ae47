import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_PER_PAGE,
  DOMAIN_SORTS,
  STATUS_FILTERS,
  domainListQuerySchema,
  type DomainSort,
  type StatusFilter,
} from "../../core/my-domains";
import { formatDay } from "../../core/format";
import { CARD_CLASS, StatusBadge } from "../components/domains/status";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";

/**
 * My domains (SPEC §2, issue 14): the list with a GET filter form (search, status, sort) and
 * page links, so it works without JavaScript. Unknown or bad query values fall back to the
 * defaults (each parameter is checked on its own with the API's schema).
 */
const QUERY_KEYS = ["q", "status", "sort", "page", "per_page"] as const;

/** The query's known, valid parameters (each checked with the API's schema). */
function cleanQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value === null || value === "") continue;
    if (domainListQuerySchema.safeParse({ [key]: value }).success) query[key] = value;
  }
  return query;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = cleanQuery(new URL(request.url));
  const list = userApi(context, request, auth).api.v1["user-domains"];
  // Every key present (hc's type); undefined ones are left out of the URL.
  const apiQuery: Parameters<typeof list.$get>[0]["query"] = {
    q: query.q,
    status: query.status as StatusFilter | undefined,
    sort: (query.sort ?? "name") as DomainSort,
    page: query.page ?? "1",
    per_page: query.per_page ?? String(DEFAULT_PER_PAGE),
  };
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["domains"]),
    list.$get({ query: apiQuery }).then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  const page = answer.data;
  return {
    title: t("list.metaTitle"),
    query,
    page: {
      ...page,
      domains: page.domains.map((domain) => ({ ...domain, expiresText: formatDay(locale, domain.expires_at) })),
    },
  };
}

/** The list's one action: a new private calendar link (shown once; the old one stops working). */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["domains"]);
  const headers = await sessionHeaders(request, context);
  if (formData.get("intent") !== "calendar")
    return data({ calendarUrl: null, message: t("errors.unknownIntent") }, { status: 400, headers });
  const answer = await readUserApi(
    request,
    context,
    await userApi(context, request, auth).api.v1["user-domains"].calendar.$post(),
  );
  if (!answer.ok) return data({ calendarUrl: null, message: t("errors.server") }, { status: 500, headers });
  return data({ calendarUrl: new URL(answer.data.path, request.url).toString(), message: null }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "My domains") },
];

export const handle = { i18n: ["account", "dashboard", "domains"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function pageLink(query: Record<string, string>, page: number): string {
  const params = new URLSearchParams({ ...query, page: String(page) });
  if (page === 1) params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export default function MyDomains() {
  const { t } = useTranslation("domains");
  const { query, page } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.status);
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
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="text-lg font-semibold">{t("list.emptyTitle")}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("list.emptyText")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/domain-search" className={BUTTON_CLASS}>
              {t("list.emptySearch")}
            </Link>
            <Link to="/domain/transfer" className={SECONDARY_BUTTON_CLASS}>
              {t("list.emptyTransfer")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <Form
            method="get"
            role="search"
            aria-label={t("list.filterLabel")}
            className={`${CARD_CLASS} grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end`}
          >
            <div>
              <label htmlFor="domains-q" className="block text-sm font-medium">
                {t("list.search")}
              </label>
              <input
                id="domains-q"
                name="q"
                type="search"
                defaultValue={query.q ?? ""}
                placeholder={t("list.searchPlaceholder")}
                maxLength={253}
                className={INPUT_CLASS}
              />
            </div>
            <div>
              <label htmlFor="domains-status" className="block text-sm font-medium">
                {t("list.status")}
              </label>
              <select id="domains-status" name="status" defaultValue={query.status ?? ""} className={INPUT_CLASS}>
                <option value="">{t("list.anyStatus")}</option>
                {STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {status === "expired" ? t("list.expiredGroup") : t(`status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="domains-sort" className="block text-sm font-medium">
                {t("list.sort")}
              </label>
              <select id="domains-sort" name="sort" defaultValue={query.sort ?? "name"} className={INPUT_CLASS}>
                {DOMAIN_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`list.sorts.${sort}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex gap-2">
              <button type="submit" className={BUTTON_CLASS}>
                {t("list.apply")}
              </button>
              {filtered ? (
                <Link to="/dashboard/domains" className={SECONDARY_BUTTON_CLASS}>
                  {t("list.clear")}
                </Link>
              ) : null}
            </div>
          </Form>

          {page.domains.length === 0 ? (
            <p className={CARD_CLASS}>{t("list.noMatch")}</p>
          ) : (
            <div className={`${CARD_CLASS} overflow-x-auto p-0`}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t("list.tableCaption")}</caption>
                <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.name")}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.status")}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.expires")}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.lock")}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.autoRenew")}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t("list.columns.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.domains.map((domain) => (
                    <tr key={domain.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                      <th scope="row" className="px-4 py-3 font-semibold break-all">
                        <Link
                          to={`/dashboard/domains/${domain.name}`}
                          className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                        >
                          {domain.unicode}
                        </Link>
                      </th>
                      <td className="px-4 py-3">
                        <StatusBadge status={domain.status} />
                        <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-400">
                          {t(`explain.${domain.status}`)}
                        </p>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        {domain.expiresText ?? t("list.noExpiry")}
                        {domain.days_left !== null ? (
                          <span className="block text-xs text-slate-600 dark:text-slate-400">
                            {domain.days_left >= 0
                              ? t("list.daysLeft", { count: domain.days_left })
                              : t("list.daysAgo", { count: -domain.days_left })}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">{domain.locked ? t("list.locked") : t("list.unlocked")}</td>
                      <td className="px-4 py-3">{domain.auto_renew ? t("list.on") : t("list.off")}</td>
                      <td className="px-4 py-3">
                        <Link to={`/dashboard/domains/${domain.name}`} className={SECONDARY_BUTTON_CLASS}>
                          {domain.action === "renew"
                            ? t("action.renew")
                            : domain.action === "restore"
                              ? t("action.restore")
                              : t("list.manage")}
                          <span className="sr-only"> {domain.unicode}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          {page.pages > 1 ? (
            <nav aria-label={t("list.pagination")} className="flex flex-wrap items-center justify-between gap-3">
              {page.page > 1 ? (
                <Link to={pageLink(query, page.page - 1)} rel="prev" className={SECONDARY_BUTTON_CLASS}>
                  {t("list.previous")}
                </Link>
              ) : (
                <span />
              )}
              <p className="text-sm">{t("list.pageOf", { page: page.page, pages: page.pages })}</p>
              {page.page < page.pages ? (
                <Link to={pageLink(query, page.page + 1)} rel="next" className={SECONDARY_BUTTON_CLASS}>
                  {t("list.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}

      <section aria-labelledby="calendar-title" className={CARD_CLASS}>
        <h2 id="calendar-title" className="text-lg font-semibold">
          {t("list.calendar")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("list.calendarHint")}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="calendar" />
          <button type="submit" className={SECONDARY_BUTTON_CLASS}>
            {t("list.calendarCreate")}
          </button>
        </Form>
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
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
