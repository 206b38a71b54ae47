import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PAYMENT_STATUSES } from "../../core/order-status";
import { listQuery, PER_PAGE } from "../components/billing/format";
import { formatMoney } from "../../core/money";
import { invoiceNumber } from "../components/billing/invoice";
import { Pagination, StatusBadge, StatusFilter, TableScroller } from "../components/billing/ui";
import { EmptyState } from "../components/ui/empty-state";
import { formatMoment } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { useCardLabel, usePaymentErrorText } from "../components/payment/card-text";
import { BOXED_TABLE, DataTable, type Column } from "../components/ui/data-table";
import { BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readInvoices, readPayments } from "../server/billing.server";
import { requireAuth, sessionHeaders } from "../server/session.server";

/** Payments history (SPEC §2 "payments history", §3 Payment, §4 payment statuses). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const { page, status } = listQuery(new URL(request.url), PAYMENT_STATUSES);
  const [{ t, locale }, answer, invoices] = await Promise.all([
    getTranslator(request, ["billing"]),
    readPayments(request, context, auth, { page, perPage: PER_PAGE, status }),
    // The newest invoices, to link each payment to its order's invoice (when it has one yet).
    readInvoices(request, context, auth, { page: 1, perPage: 100, status: null }),
  ]);
  if (!answer.ok) {
    // SPEC §8 "error fetching invoices": said on the page, which keeps its tabs and filter.
    return data(
      { title: t("payments.metaTitle"), page, status, total: 0, failed: true, payments: [] },
      { status: 503, headers: await sessionHeaders(request, context) },
    );
  }
  const invoiceOf = new Map(
    invoices.ok ? invoices.data.invoices.map((invoice) => [invoice.order_id, invoice.number]) : [],
  );
  return data(
    {
      title: t("payments.metaTitle"),
      page,
      status,
      total: answer.data.total,
      failed: false,
      payments: answer.data.payments.map((payment) => ({
        ...payment,
        when: formatMoment(locale, payment.created_at) ?? payment.created_at,
        amountText: formatMoney(locale, payment.amount, {
          currency: payment.currency,
          notAvailable: t("translation:common.notAvailable"),
        }),
        refundedText:
          payment.refunded > 0
            ? formatMoney(locale, payment.refunded, {
                currency: payment.currency,
                notAvailable: t("translation:common.notAvailable"),
              })
            : null,
        invoice: invoiceOf.has(payment.order_id)
          ? {
              number: invoiceOf.get(payment.order_id) as number,
              label: invoiceNumber(invoiceOf.get(payment.order_id) as number),
            }
          : null,
      })),
    },
    { headers: await sessionHeaders(request, context) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Payments history") },
];

export const handle = {
  i18n: ["account", "billing/payments", "billing/paymentStatus", "billing/methodLabels", "payment"],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function PaymentsHistory() {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const errorText = usePaymentErrorText();
  const { payments, page, status, total, failed } = useLoaderData<typeof loader>();
  const statusLabel = (value: string) => t(`paymentStatus.${value}`, { defaultValue: value });
  const methodLabel = (payment: (typeof payments)[number]) =>
    payment.card_brand && payment.card_last4
      ? cardLabel({ brand: payment.card_brand, last4: payment.card_last4 })
      : t(`methodLabels.${payment.method}`, { defaultValue: payment.method });
  const columns: Column<(typeof payments)[number]>[] = [
    {
      key: "date",
      header: t("payments.date"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (payment) => payment.when,
    },
    {
      key: "order",
      header: t("payments.order"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (payment) => t("payments.orderNumber", { number: payment.order_number }),
    },
    {
      key: "invoice",
      header: t("payments.invoice"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (payment) =>
        payment.invoice ? (
          <Link
            to={`/dashboard/billing/invoices/${payment.invoice.number}`}
            className="font-semibold text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100"
          >
            {payment.invoice.label}
          </Link>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t("payments.noInvoice")}</span>
        ),
    },
    {
      key: "method",
      header: t("payments.method"),
      className: "px-4 py-3 whitespace-nowrap",
      cell: (payment) => methodLabel(payment),
    },
    {
      key: "amount",
      header: t("payments.amount"),
      headerClassName: "px-4 py-3 text-right font-semibold",
      className: "px-4 py-3 text-right whitespace-nowrap tabular-nums",
      cell: (payment) => (
        <>
          {payment.amountText}
          {payment.refundedText ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t("payments.refunded", { amount: payment.refundedText })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "status",
      header: t("common.status"),
      cell: (payment) => (
        <>
          <StatusBadge status={payment.status} label={statusLabel(payment.status)} />
          {payment.status === "failed" && payment.error_code ? (
            <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">
              {errorText(payment.error_code)}
            </span>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">{t("payments.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("payments.intro")}</p>
        </div>
        <StatusFilter statuses={PAYMENT_STATUSES} current={status} labelOf={statusLabel} />
      </header>

      {failed ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {t("payments.loadFailed")}
        </p>
      ) : payments.length === 0 ? (
        status ? (
          <EmptyState
            title={t("payments.emptyTitle")}
            text={t("payments.emptyFiltered", { status: statusLabel(status) })}
          >
            <Link to="/dashboard/billing" className={BUTTON_CLASS}>
              {t("common.showAll")}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title={t("payments.emptyTitle")} text={t("payments.emptyText")}>
            <Link to="/domain-search" className={BUTTON_CLASS}>
              {t("payments.shopAction")}
            </Link>
          </EmptyState>
        )
      ) : (
        <TableScroller label={t("payments.tableLabel")}>
          <DataTable
            {...BOXED_TABLE}
            className="w-full min-w-[48rem] text-left text-sm"
            columns={columns}
            rows={payments}
            rowKey={(payment) => payment.id}
            rowProps={(payment) => ({ "data-payment-id": payment.id })}
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
