import { useTranslation } from "react-i18next";
import type { DomainStatus } from "../../../core/domain-status";

/** Colour per status group: fine, needs action, lost/locked out, in progress. */
const TONE: Record<DomainStatus, string> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  pending: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  pending_transfer: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  transfer_out_pending: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  pending_manual_intervention: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-100",
  expiring_soon: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-100",
  expired: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
  grace_period: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
  redemption: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
  suspended: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
  pending_delete: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  deleted: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  transferred_out: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

export function StatusBadge({ status }: { status: DomainStatus }) {
  const { t } = useTranslation("domains");
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

export const CARD_CLASS =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
