import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listQuery, pageHref, PER_PAGE } from "../components/billing/format";
import { formatMoney } from "../../core/money";
import { invoiceNumber, linePeriod, serverFactsText } from "../components/billing/invoice";
import { StatusBadge } from "../components/billing/ui";
import { EmptyState } from "../components/ui/empty-state";
import { formatMoment } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { readInvoices, readOrders } from "../server/billing.server";
import { getTranslator } from "../server/i18n.server";
import { requireAuth, sessionHeaders } from "../server/session.server";

/** No status is filtered here: the orders list takes only pages. */
const NO_STATUSES = [] as const;

/**
 * Orders (issue 13): each order with its items and what became of each (done, failed, refunded),
 * its total and its invoice. The API answers a page without a total, so "next page" shows when a
 * page is full.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const { page } = listQuery(new URL(request.url), NO_STATUSES);
  const [{ t, locale }, answer, invoices] = await Promise.all([
    getTranslator(request, ["billing"]),
    readOrders(request, context, auth, { page, perPage: PER_PAGE, status: null }),
    readInvoices(request, context, auth, { page: 1, perPage: 100, status: null }),
  ]);
  const headers = await sessionHeaders(request, context);
  if (!answer.ok)
    return data(
      { title: t("orders.metaTitle"), page, failed: true, hasNext: false, orders: [] },
      { status: 503, headers },
    );
  const invoiceOf = new Map(
    invoices.ok ? invoices.data.invoices.map((invoice) => [invoice.order_id, invoice.number]) : [],
  );
  return data(
    {
      title: t("orders.metaTitle"),
      page,
      failed: false,
      hasNext: answer.data.orders.length === PER_PAGE,
      orders: answer.data.orders.map((order) => {
        const money = (amount: number) =>
          formatMoney(locale, amount, { currency: order.currency, notAvailable: t("translation:common.notAvailable") });
        const invoice = invoiceOf.get(order.id);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          placed: formatMoment(locale, order.created_at) ?? order.created_at,
          total: money(order.total),
          discount:
            order.discount > 0 ? { code: order.discount_code ?? "", amount: `−${money(order.discount)}` } : null,
          refunded: order.refunded > 0 ? money(order.refunded) : null,
          invoice: invoice === undefined ? null : { number: invoice, label: invoiceNumber(invoice) },
          items: order.items.map((item) => ({
            id: item.id,
            name: item.unicode,
            operation: item.operation,
            period: linePeriod(t, item),
            facts: serverFactsText(t, item.server),
            amount: money(item.amount),
            status: item.status,
          })),
        };
      }),
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Orders") },
];

export const handle = {
  i18n: [
    "account",
    "billing/orders",
    "billing/orderStatus",
    "billing/itemStatus",
    "billing/invoice",
    "billing/payments",
  ],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function Orders() {
  const { t } = useTranslation("billing");
  const { orders, page, hasNext, failed } = useLoaderData<typeof loader>();
  const linkClass =
    "font-semibold text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100";

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-xl font-semibold">{t("orders.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("orders.intro")}</p>
      </header>

      {failed ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {t("orders.loadFailed")}
        </p>
      ) : orders.length === 0 ? (
        <EmptyState title={t("orders.emptyTitle")} text={t("orders.emptyText")}>
          <Link to="/domain-search" className={BUTTON_CLASS}>
            {t("payments.shopAction")}
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={t("orders.listLabel")} className="space-y-4">
          {orders.map((order) => (
            <li
              key={order.id}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <article aria-labelledby={`order-${order.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 id={`order-${order.id}`} className="font-semibold">
                      {t("orders.title", { number: order.number })}
                    </h3>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t("orders.placed", { date: order.placed })}
                    </p>
                  </div>
                  <StatusBadge
                    status={order.status}
                    label={t(`orderStatus.${order.status}`, { defaultValue: order.status })}
                  />
                </div>
                <ul
                  aria-label={t("orders.itemsLabel", { number: order.number })}
                  className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800"
                >
                  {order.items.map((item) => (
                    <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                      <span className="min-w-0 break-all">
                        <span className="font-medium">{item.name}</span>{" "}
                        <span className="text-slate-600 dark:text-slate-400">
                          {t(`invoice.operations.${item.operation}`, { defaultValue: item.operation })} · {item.period}
                        </span>
                        {item.facts ? (
                          <span className="block text-xs text-slate-600 dark:text-slate-400">{item.facts}</span>
                        ) : null}
                      </span>
                      <span className="flex items-baseline gap-3">
                        {item.status === "done" ? null : (
                          <StatusBadge
                            status={item.status}
                            label={t(`itemStatus.${item.status}`, { defaultValue: item.status })}
                          />
                        )}
                        <span className="tabular-nums">{item.amount}</span>
                      </span>
                    </li>
                  ))}
                </ul>
                <dl className="mt-3 flex flex-wrap justify-end gap-x-6 gap-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
                  {order.discount ? (
                    <div className="flex gap-2">
                      <dt className="text-slate-600 dark:text-slate-400">
                        {t("orders.discount", { code: order.discount.code })}
                      </dt>
                      <dd className="tabular-nums">{order.discount.amount}</dd>
                    </div>
                  ) : null}
                  {order.refunded ? (
                    <div className="flex gap-2">
                      <dt className="text-slate-600 dark:text-slate-400">{t("orders.refunded")}</dt>
                      <dd className="tabular-nums">{order.refunded}</dd>
                    </div>
                  ) : null}
                  <div className="flex gap-2 font-semibold">
                    <dt>{t("orders.total")}</dt>
                    <dd className="tabular-nums">{order.total}</dd>
                  </div>
                </dl>
                {order.invoice ? (
                  <p className="mt-2 text-right text-sm">
                    <Link to={`/dashboard/billing/invoices/${order.invoice.number}`} className={linkClass}>
                      {t("orders.invoice", { number: order.invoice.label })}
                    </Link>
                  </p>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}

      {page > 1 || hasNext ? (
        <nav aria-label={t("common.pagination")} className="flex flex-wrap items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageHref(page - 1, null)} className={SECONDARY_BUTTON_CLASS}>
              {t("common.previous")}
            </Link>
          ) : (
            <span />
          )}
          {hasNext ? (
            <Link to={pageHref(page + 1, null)} className={SECONDARY_BUTTON_CLASS}>
              {t("common.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
