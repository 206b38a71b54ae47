import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { INVOICE_STATUSES } from "../../core/order-status";
import { listQuery, PER_PAGE } from "../components/billing/format";
import { formatMoney } from "../../core/money";
import { invoiceNumber } from "../components/billing/invoice";
import { Pagination, StatusBadge, StatusFilter, TableScroller } from "../components/billing/ui";
import { EmptyState } from "../components/ui/empty-state";
import { formatDay } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BOXED_TABLE, DataTable, type Column } from "../components/ui/data-table";
import { BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readInvoices } from "../server/billing.server";
import { requireAuth, sessionHeaders } from "../server/session.server";

/** Invoices (SPEC §2 "invoices and billing", §3 Invoice, §4 invoice statuses; GET /invoices/ with query params). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const { page, status } = listQuery(new URL(request.url), INVOICE_STATUSES);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["billing"]),
    readInvoices(request, context, auth, { page, perPage: PER_PAGE, status }),
  ]);
  if (!answer.ok) {
    // SPEC §8 "error fetching invoices": said on the page, which keeps its tabs and filter.
    return data(
      { title: t("invoices.metaTitle"), page, status, total: 0, failed: true, invoices: [] },
      { status: 503, headers: await sessionHeaders(request, context) },
    );
  }
  return data(
    {
      title: t("invoices.metaTitle"),
      page,
      status,
      total: answer.data.total,
      failed: false,
      invoices: answer.data.invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        label: invoiceNumber(invoice.number),
        status: invoice.status,
        itemCount: invoice.items.length,
        names: invoice.items.map((item) => item.name).join(", "),
        issued: formatDay(locale, invoice.issued_at) ?? invoice.issued_at,
        totalText: formatMoney(locale, invoice.total, {
          currency: invoice.currency,
          notAvailable: t("translation:common.notAvailable"),
        }),
      })),
    },
    { headers: await sessionHeaders(request, context) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Invoices") },
];

export const handle = { i18n: ["account", "billing/invoices", "billing/invoiceStatus"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function Invoices() {
  const { t } = useTranslation("billing");
  const { invoices, page, status, total, failed } = useLoaderData<typeof loader>();
  const statusLabel = (value: string) => t(`invoiceStatus.${value}`, { defaultValue: value });
  const columns: Column<(typeof invoices)[number]>[] = [
    {
      key: "number",
      header: t("invoices.number"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (invoice) => (
        <Link
          to={`/dashboard/billing/invoices/${invoice.number}`}
          className="font-semibold text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100"
        >
          {invoice.label}
        </Link>
      ),
    },
    {
      key: "date",
      header: t("invoices.date"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (invoice) => invoice.issued,
    },
    {
      key: "items",
      header: t("invoices.items"),
      className: "max-w-xs px-4 py-3",
      cell: (invoice) => (
        <>
          <span className="block truncate" title={invoice.names}>
            {invoice.names}
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {t("invoices.itemCount", { count: invoice.itemCount })}
          </span>
        </>
      ),
    },
    {
      key: "total",
      header: t("invoices.total"),
      headerClassName: "px-4 py-3 text-right font-semibold",
      className: "px-4 py-3 text-right whitespace-nowrap tabular-nums",
      cell: (invoice) => invoice.totalText,
    },
    {
      key: "status",
      header: t("common.status"),
      cell: (invoice) => <StatusBadge status={invoice.status} label={statusLabel(invoice.status)} />,
    },
  ];

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">{t("invoices.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("invoices.intro")}</p>
        </div>
        <StatusFilter statuses={INVOICE_STATUSES} current={status} labelOf={statusLabel} />
      </header>

      {failed ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {t("invoices.loadFailed")}
        </p>
      ) : invoices.length === 0 ? (
        <EmptyState
          title={t("invoices.emptyTitle")}
          text={status ? t("invoices.emptyFiltered", { status: statusLabel(status) }) : t("invoices.emptyText")}
        >
          {status ? (
            <Link to="/dashboard/billing/invoices" className={BUTTON_CLASS}>
              {t("common.showAll")}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <TableScroller label={t("invoices.tableLabel")}>
          <DataTable
            {...BOXED_TABLE}
            className="w-full min-w-[40rem] text-left text-sm"
            columns={columns}
            rows={invoices}
            rowKey={(invoice) => invoice.id}
          />
        </TableScroller>
      )}
      <Pagination page={page} total={total} perPage={PER_PAGE} status={status} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
