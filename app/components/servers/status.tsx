import { useTranslation } from "react-i18next";
import type { ServerStatus } from "../../../core/servers/status";
import { statusTone, type StatusTone } from "./status-tone";

const TONE_CLASS: Record<StatusTone, string> = {
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  slate: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  red: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};

/**
 * A server's SPEC §4 status as a coloured, translated badge. `labelled` (where no column header
 * names it) puts a visually hidden "Status:" before it, so a screen reader says "Status: Running".
 */
export function ServerStatusBadge({ status, labelled = false }: { status: ServerStatus; labelled?: boolean }) {
  const { t } = useTranslation("servers");
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASS[statusTone(status)]}`}>
      {labelled ? <span className="sr-only">{t("dashboard.columns.status")}: </span> : null}
      <span>{t(`status.${status}`)}</span>
    </span>
  );
}
