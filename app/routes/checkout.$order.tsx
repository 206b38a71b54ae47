import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentProgress } from "../../core/order-status";
import { useFormat } from "../i18n/use-format";
import type { OrderView } from "../../workers/api/contract/checkout";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { isPaymentErrorCode } from "../components/payment/card-text";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, userApi } from "../server/session.server";

export const handle: I18nHandle = { i18n: ["checkout", "payment"] };

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
/** Seconds between checks while the payment is still moving (meta refresh without JS, polling with it). */
const REFRESH_SECONDS = 2;
const STEPS: PaymentProgress[] = ["pending", "processing", "completed"];

/**
 * The payment modal of SPEC §2 as a page of its own (so it works without JavaScript): pending →
 * processing → completed or failed. While the order is still moving, each load asks the API to
 * move it on (POST /orders/:id/sync: after 3-D Secure the provider has the answer; a paid order
 * is carried out) — the sync is idempotent, so reloading is always safe.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const id = params.order ?? "";
  if (!ORDER_ID.test(id)) notFoundResponse();
  const orders = userApi(context, request, auth).api.v1.orders[":id"];
  const [{ t }, first] = await Promise.all([
    getTranslator(request, ["checkout"]),
    orders.$get({ param: { id } }).then((response) => readUserApi(request, context, response)),
  ]);
  if (!first.ok) {
    if (first.status === 404 || first.status === 400) notFoundResponse();
    throw new Response(first.message, { status: 502 });
  }
  let order = first.data;
  if (order.progress === "pending" || order.progress === "processing") {
    const synced = await orders.sync
      .$post({ param: { id } })
      .then((response) => readUserApi(request, context, response));
    if (synced.ok) order = synced.data;
  }
  return { title: t("status.metaTitle", { number: order.number }), order };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const tags: ReturnType<MetaFunction> = [{ title: error ? errorTitle(error) : (data?.title ?? "Order") }];
  return tags;
};

function stepState(step: PaymentProgress, progress: PaymentProgress): "done" | "current" | "todo" {
  if (progress === "failed") return step === "pending" ? "done" : "todo";
  const at = STEPS.indexOf(progress);
  const index = STEPS.indexOf(step);
  return index < at || progress === "completed" ? "done" : index === at ? "current" : "todo";
}

export default function OrderStatus() {
  const { t } = useTranslation("checkout");
  const { money } = useFormat();
  const { order } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const moving = order.progress === "pending" || order.progress === "processing";
  const needsAction = order.payment?.next_action_url ?? null;

  // With JavaScript: poll by revalidating (the loader moves the order on) until it settles.
  useEffect(() => {
    if (!moving || needsAction) return;
    const timer = window.setTimeout(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [moving, needsAction, revalidator, order]);

  const steps: PaymentProgress[] = order.progress === "failed" ? ["pending", "failed"] : STEPS;
  const errorCode = order.payment?.error_code ?? order.error_code;
  // A hold (orders with a transfer): released when nothing was carried out, captured in part when some was.
  const held = order.payment?.capture_method === "manual";
  const released = held && order.payment?.status === "canceled";
  const notCharged = (item: OrderView["items"][number]) => held && item.status === "failed";
  const message = released
    ? t("status.released")
    : held && order.status === "completed" && order.items.some(notCharged)
      ? t("status.completedPartly", { amount: money(order.payment?.captured ?? 0) })
      : order.payment?.status === "authorized" && order.progress === "processing"
        ? t("status.authorized")
        : order.status === "completed_with_refunds"
          ? t("status.completedWithRefunds")
          : order.status === "refunded"
            ? t("status.refunded")
            : order.status === "cancelled"
              ? t("status.cancelled")
              : t(`status.${order.progress}`);

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      {/* Without JavaScript the page reloads itself while the payment is moving. */}
      {moving && !needsAction ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight">{t("status.title", { number: order.number })}</h1>

      <ol aria-label={t("status.progressLabel")} className="mt-8 flex flex-wrap gap-2">
        {steps.map((step) => {
          const state = step === "failed" ? "current" : stepState(step, order.progress);
          const failed = step === "failed";
          return (
            <li
              key={step}
              aria-current={state === "current" ? "step" : undefined}
              className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${
                failed
                  ? "border-rose-400 bg-rose-50 text-rose-900 dark:border-rose-600 dark:bg-rose-950 dark:text-rose-100"
                  : state === "done"
                    ? "border-emerald-400 bg-emerald-50 text-emerald-900 dark:border-emerald-600 dark:bg-emerald-950 dark:text-emerald-100"
                    : state === "current"
                      ? "border-indigo-400 bg-indigo-50 font-semibold text-indigo-900 dark:border-indigo-500 dark:bg-indigo-950 dark:text-indigo-100"
                      : "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"
              }`}
            >
              <span aria-hidden="true">{failed ? "✕" : state === "done" ? "✓" : state === "current" ? "●" : "○"}</span>
              {t(`status.steps.${step}`)}
              {state === "done" && !failed ? <span className="sr-only">({t("status.done")})</span> : null}
            </li>
          );
        })}
      </ol>

      <div role="status" aria-live="polite" className="mt-6">
        <p className="text-lg">{message}</p>
        {order.progress === "failed" && errorCode ? (
          <p className="mt-2 text-rose-700 dark:text-rose-300">
            {released
              ? t(errorCode === "invalid_auth_code" ? "status.reasons.invalid_auth_code" : "status.reasons.other")
              : t(`payment:errors.${isPaymentErrorCode(errorCode) ? errorCode : "payment_failed"}`)}
          </p>
        ) : null}
        {moving && !needsAction ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("status.checking")}</p>
        ) : null}
      </div>

      <div className="mt-6 flex flex-wrap gap-3">
        {needsAction ? (
          <a href={needsAction} className={BUTTON_CLASS}>
            {t("status.authenticate")}
          </a>
        ) : null}
        {moving && !needsAction ? (
          <Link to="." reloadDocument className={SECONDARY_BUTTON_CLASS}>
            {t("status.refresh")}
          </Link>
        ) : null}
        {order.progress === "failed" ? (
          <Link to="/checkout" className={BUTTON_CLASS}>
            {t("status.tryAgain")}
          </Link>
        ) : null}
        {order.progress === "completed" ? (
          <>
            <Link to="/dashboard/domains" className={BUTTON_CLASS}>
              {t("status.myDomains")}
            </Link>
            {order.invoice ? (
              <Link to={`/dashboard/billing/invoices/${order.invoice.number}`} className={SECONDARY_BUTTON_CLASS}>
                {t("status.invoice")}
              </Link>
            ) : null}
          </>
        ) : null}
        <Link to="/dashboard/billing" className="self-center text-sm text-indigo-700 underline dark:text-indigo-300">
          {t("status.billing")}
        </Link>
      </div>

      <h2 className="mt-10 text-lg font-semibold">{t("status.summary")}</h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span className="min-w-0 break-all">
              <span className="font-semibold">{item.unicode}</span>
              <span className="block text-slate-600 dark:text-slate-400">
                {t(`status.operation.${item.operation}`, { defaultValue: item.operation })} ·{" "}
                {item.server
                  ? t(`status.cycles.${item.server.billing_cycle}`)
                  : t("status.years", { count: item.period })}
              </span>
            </span>
            <span className="text-slate-700 dark:text-slate-300">
              {notCharged(item)
                ? t("status.item.notCharged")
                : t(`status.item.${item.status}`, { defaultValue: item.status })}
            </span>
            <span className="w-24 text-right">{money(item.amount + item.icann_fee)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>{t("status.subtotal")}</dt>
          <dd>{money(order.subtotal)}</dd>
        </div>
        {order.discount > 0 ? (
          <div className="flex justify-between">
            <dt>{t("status.discount", { code: order.discount_code ?? "" })}</dt>
            <dd>−{money(order.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>{t("status.tax")}</dt>
          <dd>{money(order.tax)}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>{t("status.total")}</dt>
          <dd>{money(order.total)}</dd>
        </div>
        {order.refunded > 0 ? (
          <div className="flex justify-between">
            <dt>{t("status.refundedAmount")}</dt>
            <dd>{money(order.refunded)}</dd>
          </div>
        ) : null}
      </dl>
      {order.payment?.card_last4 && order.payment.status === "succeeded" ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {t("status.paidWith", {
            brand: t(`payment:brands.${order.payment.card_brand ?? "unknown"}`, {
              defaultValue: order.payment.card_brand ?? "",
            }),
            last4: order.payment.card_last4,
          })}
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
