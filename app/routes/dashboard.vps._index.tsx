// My VPSs (SPEC §2 dashboard "vps", §7 GET /vps/ and GET /hosting/ with query params): the
// servers with a status badge, a GET filter form (search, status) and page links, and the
// hosting accounts below. Works without JavaScript; bad query values fall back to the defaults.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { serverListQuerySchema } from "../../core/servers";
import { SERVER_STATUSES } from "../../core/servers/status";
import type { ServerList } from "../../workers/api/contract/servers";
import { formatDay } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ServerStatusBadge } from "../components/servers/status";
import { DataTable, type Column } from "../components/ui/data-table";
import { BUTTON_CLASS, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";

export const handle = { i18n: ["account", "servers/dashboard", "servers/status"] } satisfies I18nHandle;

const QUERY_KEYS = ["q", "status", "page"] as const;

function cleanQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value && serverListQuerySchema.safeParse({ [key]: value }).success) query[key] = value;
  }
  return query;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const url = new URL(request.url);
  const query = cleanQuery(url);
  const api = userApi(context, request, auth).api.v1;
  const [{ t, locale }, servers, hosting] = await Promise.all([
    getTranslator(request, ["servers"]),
    api.vps.index.$get({ query }).then((response) => readUserApi(request, context, response)),
    api.hosting.index.$get({ query: { per_page: "100" } }).then((response) => readUserApi(request, context, response)),
  ]);
  if (!servers.ok) throw new Response(servers.message, { status: servers.status >= 500 ? servers.status : 500 });
  if (!hosting.ok) throw new Response(hosting.message, { status: hosting.status >= 500 ? hosting.status : 500 });
  const withDates = (page: ServerList) => ({
    ...page,
    servers: page.servers.map((server) => ({ ...server, expiresText: formatDay(locale, server.expires_at) })),
  });
  return data(
    {
      title: t("servers:dashboard.metaTitle"),
      query,
      servers: withDates(servers.data),
      hosting: withDates(hosting.data),
    },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "My VPSs"} · Trinity` },
];

type Row = ReturnType<typeof useLoaderData<typeof loader>>["servers"]["servers"][number];

function ServerTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const { t } = useTranslation("servers");
  const columns: Column<Row>[] = [
    {
      key: "hostname",
      header: t("dashboard.columns.hostname"),
      className: "px-4 py-2 break-all",
      cell: (server) => (
        <Link to={`/dashboard/vps/${server.id}`} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {server.hostname}
        </Link>
      ),
    },
    { key: "plan", header: t("dashboard.columns.plan"), cell: (server) => server.plan.name },
    {
      key: "status",
      header: t("dashboard.columns.status"),
      cell: (server) => <ServerStatusBadge status={server.status} />,
    },
    {
      key: "ip",
      header: t("dashboard.columns.ip"),
      className: "px-4 py-2 font-mono",
      cell: (server) => server.ipv4 ?? "—",
    },
    { key: "expires", header: t("dashboard.columns.expires"), cell: (server) => server.expiresText },
  ];
  return (
    <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(server) => server.id}
        caption={caption}
        headClassName="bg-slate-50 dark:bg-slate-900"
        headerClassName="px-4 py-2"
        cellClassName="px-4 py-2"
        bodyClassName="divide-y divide-slate-200 dark:divide-slate-800"
      />
    </div>
  );
}

export default function MyServers() {
  const { query, servers, hosting } = useLoaderData<typeof loader>();
  const { t } = useTranslation("servers");
  const page = servers.pagination.page;
  const link = (to: number) => `?${new URLSearchParams({ ...query, page: String(to) }).toString()}`;
  return (
    <div className="space-y-10">
      <section aria-labelledby="servers-title">
        <h1 id="servers-title" className="text-2xl font-bold tracking-tight">
          {t("dashboard.title")}
        </h1>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block font-medium">{t("dashboard.search")}</span>
            <input type="search" name="q" defaultValue={query.q ?? ""} maxLength={253} className={INPUT_CLASS} />
          </label>
          <label className="text-sm">
            <span className="block font-medium">{t("dashboard.statusFilter")}</span>
            <select name="status" defaultValue={query.status ?? ""} className={INPUT_CLASS}>
              <option value="">{t("dashboard.allStatuses")}</option>
              {SERVER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={BUTTON_CLASS}>
            {t("dashboard.filter")}
          </button>
        </Form>
        {servers.servers.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {t("dashboard.empty")}{" "}
            <Link to="/vps" className="text-indigo-700 underline dark:text-indigo-300">
              {t("dashboard.browse")}
            </Link>
          </p>
        ) : (
          <ServerTable rows={servers.servers} caption={t("dashboard.title")} />
        )}
        {servers.pagination.pages > 1 ? (
          <nav aria-label={t("dashboard.pages")} className="mt-4 flex gap-4 text-sm">
            {page > 1 ? (
              <Link to={link(page - 1)} className="text-indigo-700 underline dark:text-indigo-300">
                {t("dashboard.previous")}
              </Link>
            ) : null}
            {page < servers.pagination.pages ? (
              <Link to={link(page + 1)} className="text-indigo-700 underline dark:text-indigo-300">
                {t("dashboard.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      <section aria-labelledby="hosting-title">
        <h2 id="hosting-title" className="text-xl font-semibold">
          {t("dashboard.hostingTitle")}
        </h2>
        {hosting.servers.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("dashboard.hostingEmpty")}</p>
        ) : (
          <ServerTable rows={hosting.servers} caption={t("dashboard.hostingTitle")} />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
