import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../core/money";
import {
  icannFeesOf,
  invoiceNumber,
  linePeriod,
  linesSubtotalOf,
  serverFactsText,
} from "../components/billing/invoice";
import { InvoiceParty, StatusBadge } from "../components/billing/ui";
import { formatDay } from "../../core/format";
import { countryOptions } from "../components/dashboard/format";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { useCardLabel } from "../components/payment/card-text";
import { DataTable, ScrollRegion, type Column } from "../components/ui/data-table";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import printStylesheet from "../styles/invoice-print.css?url";

/** The invoice numbers in our URLs: digits only (the API also takes the invoice's uuid). */
const NUMBER = /^[1-9]\d{0,11}$/u;

/**
 * One printable invoice (issue 13): numbered, seller and buyer, lines with ICANN fees, discount,
 * tax, total, status and payment. Someone else's invoice, an unknown number or a malformed one is
 * the 404 page, as if it did not exist. Outside the billing layout (`billing_`): the invoice is
 * the page, under the dashboard's navigation only, and its title is the page's heading.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const number = params.number ?? "";
  if (!NUMBER.test(number)) notFoundResponse();
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["billing"]),
    userApi(context, request, auth)
      .api.v1.invoices[":id"].$get({ param: { id: number } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 400) notFoundResponse();
    throw new Response(t("common.loadFailed"), { status: answer.status >= 500 ? answer.status : 500 });
  }
  const invoice = answer.data;
  const money = (amount: number) =>
    formatMoney(locale, amount, { currency: invoice.currency, notAvailable: t("translation:common.notAvailable") });
  const icannFees = icannFeesOf(invoice.items);
  const countries = new Map(countryOptions(locale).map((country) => [country.code, country.name]));
  const buyer = invoice.buyer;
  return data(
    {
      title: t("invoice.metaTitle", { number: invoiceNumber(invoice.number) }),
      label: invoiceNumber(invoice.number),
      status: invoice.status,
      issued: formatDay(locale, invoice.issued_at) ?? invoice.issued_at,
      orderNumber: invoice.order_number,
      seller: invoice.seller,
      buyer: {
        name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" "),
        organization: buyer.organization ?? null,
        address: buyer.address ?? null,
        locality: [buyer.postalCode, buyer.city, buyer.state].filter(Boolean).join(" "),
        country: buyer.country ? (countries.get(buyer.country) ?? buyer.country) : null,
        email: buyer.email ?? null,
      },
      lines: invoice.items.map((item) => ({
        name: item.name,
        productType: item.product_type,
        operation: item.operation,
        period: linePeriod(t, item),
        facts: serverFactsText(t, item.server),
        amount: money(item.amount),
        icannFee: item.icann_fee > 0 ? money(item.icann_fee) : null,
        refunded: item.status === "refunded",
      })),
      subtotal: money(linesSubtotalOf(invoice.items)),
      icannFees: money(icannFees),
      discount: invoice.discount > 0 ? `−${money(invoice.discount)}` : null,
      tax: money(invoice.tax),
      total: money(invoice.total),
      refunded: invoice.refunded > 0 ? money(invoice.refunded) : null,
      payment: invoice.payment,
    },
    { headers: await sessionHeaders(request, context) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Invoice") },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

export const handle = {
  i18n: [
    "account",
    "billing/common",
    "billing/invoice",
    "billing/invoiceStatus",
    "billing/methodLabels",
    "billing/paymentStatus",
    "payment",
  ],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

/** "Print" with JavaScript; before (or without) it, how to print with the browser's own command. */
function PrintControl() {
  const { t } = useTranslation("billing");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("invoice.printHint")}</p>;
  return (
    <button type="button" onClick={() => window.print()} className={BUTTON_CLASS}>
      {t("invoice.print")}
    </button>
  );
}

export default function InvoicePage() {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const invoice = useLoaderData<typeof loader>();
  const seller = invoice.seller;
  const payment = invoice.payment;
  const dt = "text-sm text-slate-600 dark:text-slate-400";
  const totalRow = (label: string, value: string, strong = false) => (
    <tr className={strong ? "border-t-2 border-slate-900 text-base font-bold dark:border-slate-100" : undefined}>
      <th scope="row" colSpan={4} className="px-4 py-2 text-right font-semibold">
        {label}
      </th>
      <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{value}</td>
    </tr>
  );

  const lineColumns: Column<(typeof invoice.lines)[number]>[] = [
    {
      key: "description",
      header: t("invoice.description"),
      cell: (line) => (
        <>
          <span className="block font-medium break-all">{line.name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {t(`invoice.productTypes.${line.productType}`, { defaultValue: line.productType })}
            {line.icannFee ? ` · ${t("invoice.icannFee")} ${line.icannFee}` : ""}
            {line.refunded ? ` · ${t("invoice.lineRefunded")}` : ""}
          </span>
          {line.facts ? <span className="block text-xs text-slate-600 dark:text-slate-400">{line.facts}</span> : null}
        </>
      ),
    },
    {
      key: "operation",
      header: t("invoice.operation"),
      cell: (line) => t(`invoice.operations.${line.operation}`, { defaultValue: line.operation }),
    },
    {
      key: "period",
      header: t("invoice.period"),
      className: "px-4 py-2 whitespace-nowrap",
      cell: (line) => line.period,
    },
    { key: "quantity", header: t("invoice.quantity"), cell: () => "1" },
    {
      key: "amount",
      header: t("invoice.amount"),
      headerClassName: "px-4 py-2 text-right font-semibold",
      className: "px-4 py-2 text-right whitespace-nowrap tabular-nums",
      cell: (line) => line.amount,
    },
  ];
  return (
    <article
      aria-labelledby="invoice-title"
      className="space-y-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none dark:border-slate-800 dark:bg-slate-900"
    >
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/dashboard/billing/invoices" className={SECONDARY_BUTTON_CLASS}>
          {t("invoice.back")}
        </Link>
        <PrintControl />
      </div>

      <div className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <h1 id="invoice-title" className="text-3xl font-bold tracking-tight">
            {t("invoice.title", { number: invoice.label })}
          </h1>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className={dt}>{t("invoice.issued")}</dt>
            <dd>{invoice.issued}</dd>
            {invoice.orderNumber !== null ? (
              <>
                <dt className={dt}>{t("invoice.order")}</dt>
                <dd>#{invoice.orderNumber}</dd>
              </>
            ) : null}
            <dt className={dt}>{t("invoice.status")}</dt>
            <dd>
              <StatusBadge
                status={invoice.status}
                label={t(`invoiceStatus.${invoice.status}`, { defaultValue: invoice.status })}
              />
            </dd>
          </dl>
        </div>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <InvoiceParty
          id="invoice-seller"
          title={t("invoice.seller")}
          lines={[
            [seller.name, "font-semibold"],
            [seller.address],
            [seller.email, "break-all"],
            [seller.vat ? t("invoice.vat", { vat: seller.vat }) : null],
          ]}
        />
        <InvoiceParty
          id="invoice-buyer"
          title={t("invoice.buyer")}
          lines={[
            [invoice.buyer.name, "font-semibold"],
            [invoice.buyer.organization],
            [invoice.buyer.address],
            [invoice.buyer.locality],
            [invoice.buyer.country],
            [invoice.buyer.email, "break-all"],
          ]}
        />
      </div>

      <ScrollRegion
        label={t("invoice.linesLabel")}
        className="overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500 print:overflow-visible"
      >
        <DataTable
          className="w-full min-w-[36rem] text-left text-sm"
          headClassName="border-b border-slate-300 dark:border-slate-700"
          headerClassName="px-4 py-2 font-semibold"
          cellClassName="px-4 py-2"
          bodyClassName="divide-y divide-slate-200 dark:divide-slate-800"
          columns={lineColumns}
          rows={invoice.lines}
          rowKey={(line, index) => `${line.name}-${index}`}
          footClassName="border-t border-slate-300 dark:border-slate-700"
          foot={
            <>
              {totalRow(t("invoice.subtotal"), invoice.subtotal)}
              {totalRow(t("invoice.icannFees"), invoice.icannFees)}
              {invoice.discount ? totalRow(t("invoice.discount"), invoice.discount) : null}
              {totalRow(t("invoice.tax"), invoice.tax)}
              {totalRow(t("invoice.total"), invoice.total, true)}
              {invoice.refunded ? totalRow(t("invoice.refundedTotal"), invoice.refunded) : null}
            </>
          }
        />
      </ScrollRegion>

      {payment ? (
        <section aria-labelledby="invoice-payment">
          <h2
            id="invoice-payment"
            className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
          >
            {t("invoice.payment")}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className={dt}>{t("invoice.paymentMethod")}</dt>
            <dd>
              {payment.card_brand && payment.card_last4
                ? cardLabel({ brand: payment.card_brand, last4: payment.card_last4 })
                : t(`methodLabels.${payment.method}`, { defaultValue: payment.method })}
            </dd>
            <dt className={dt}>{t("invoice.paymentId")}</dt>
            <dd className="font-mono text-sm break-all">{payment.id}</dd>
            <dt className={dt}>{t("invoice.paymentStatus")}</dt>
            <dd>{t(`paymentStatus.${payment.status}`, { defaultValue: payment.status })}</dd>
          </dl>
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
