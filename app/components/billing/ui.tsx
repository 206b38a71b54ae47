import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Labelled, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { TabNav } from "../ui/tab-nav";
import { pageHref } from "./format";

/** The billing sections: links (not ARIA tabs), so each is its own page and works without JS. */
export const BILLING_TABS = [
  { to: "/dashboard/billing", key: "payments", end: true },
  { to: "/dashboard/billing/orders", key: "orders", end: false },
  { to: "/dashboard/billing/invoices", key: "invoices", end: false },
  { to: "/dashboard/billing/methods", key: "methods", end: false },
] as const;

export function BillingTabs() {
  const { t } = useTranslation("billing");
  return (
    <TabNav
      label={t("tabsLabel")}
      tabs={BILLING_TABS.map((tab) => ({ to: tab.to, end: tab.end, text: t(`tabs.${tab.key}`) }))}
      printHidden
    />
  );
}

const TONES = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  bad: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-50",
  wait: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  neutral: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
} as const;

const STATUS_TONES: Record<string, keyof typeof TONES> = {
  succeeded: "good",
  completed: "good",
  failed: "bad",
  cancelled: "neutral",
  refunded: "neutral",
  pending: "wait",
  processing: "wait",
  requires_confirmation: "wait",
  authorized: "wait",
  canceled: "neutral",
};

/** A status as a coloured pill with its translated label (the colour is never the only cue). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap print:border print:border-black print:bg-white print:text-black ${TONES[STATUS_TONES[status] ?? "neutral"]}`}
    >
      {label}
    </span>
  );
}

/** The status filter of a list: a GET form (works without JS), the choice kept in the URL. */
export function StatusFilter({
  statuses,
  current,
  labelOf,
}: {
  statuses: readonly string[];
  current: string | null;
  labelOf: (status: string) => string;
}) {
  const { t } = useTranslation("billing");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <Labelled id="status-filter" label={t("common.status")}>
        <select
          id="status-filter"
          name="status"
          defaultValue={current ?? ""}
          key={current ?? ""}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <option value="">{t("common.allStatuses")}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labelOf(status)}
            </option>
          ))}
        </select>
      </Labelled>
      <button type="submit" className={SECONDARY_BUTTON_CLASS}>
        {t("common.filter")}
      </button>
    </Form>
  );
}

/** Previous/next links of a list (kept filter); nothing when it all fits on one page. */
export function Pagination({
  page,
  total,
  perPage,
  status,
}: {
  page: number;
  total: number;
  perPage: number;
  status: string | null;
}) {
  const { t } = useTranslation("billing");
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t("common.pagination")} className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      {page > 1 ? (
        <Link to={pageHref(Math.min(page - 1, pages), status)} className={SECONDARY_BUTTON_CLASS}>
          {t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("common.pageOf", { page, pages })}</p>
      {page < pages ? (
        <Link to={pageHref(page + 1, status)} className={SECONDARY_BUTTON_CLASS}>
          {t("common.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A wide table that scrolls sideways on a phone: a focusable, labelled region (keyboard users can scroll it). */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-slate-800"
    >
      {children}
    </div>
  );
}

/** An invoice's seller or buyer block: its heading, then the lines it has (empty ones left out). */
export function InvoiceParty({
  id,
  title,
  lines,
}: {
  id: string;
  title: string;
  lines: [text: string | null | undefined, className?: string][];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {title}
      </h2>
      <address className="mt-2 not-italic">
        {lines.map(([text, className], index) =>
          text ? (
            <span key={index} className={className ? `block ${className}` : "block"}>
              {text}
            </span>
          ) : null,
        )}
      </address>
    </section>
  );
}
