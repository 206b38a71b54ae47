import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../core/locale";
import type { LoginHistoryEntry } from "../../../workers/api/contract/account";
import { DataTable, type Column } from "../ui/data-table";
import { formatLoginTime } from "./format";

/** One sign-in as GET /account/login-history answers it: `device` is a short name, never the raw User-Agent header. */
export type LoginHistoryRow = LoginHistoryEntry;

/** The browser's time zone once hydrated; UTC on the server and in the first render (no mismatch). */
function useTimeZone(): string {
  const [zone, setZone] = useState("UTC");
  useEffect(() => {
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (local) setZone(local);
  }, []);
  return zone;
}

export function LoginHistoryTable({ rows, locale }: { rows: LoginHistoryRow[]; locale: Locale }) {
  const { t } = useTranslation("security");
  const zone = useTimeZone();
  if (rows.length === 0) {
    return (
      <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {t("history.empty")}
      </p>
    );
  }
  const columns: Column<LoginHistoryRow>[] = [
    {
      key: "time",
      header: t("history.time"),
      cell: (row) => <time dateTime={row.at}>{formatLoginTime(row.at, locale, zone)}</time>,
    },
    { key: "ip", header: t("history.ip"), className: "py-2 pr-4 font-mono text-xs break-all", cell: (row) => row.ip },
    { key: "device", header: t("history.device"), cell: (row) => row.device ?? t("history.unknownDevice") },
    {
      key: "result",
      header: t("history.result"),
      headerClassName: "py-2 font-semibold",
      className: "py-2",
      cell: (row) => (
        <span
          className={
            row.success
              ? "inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
              : "inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900 dark:bg-rose-900 dark:text-rose-50"
          }
        >
          {row.success ? t("history.success") : t("history.failed")}
        </span>
      ),
    },
  ];
  return (
    <div className="mt-4">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row, index) => `${row.at}-${index}`}
        caption={t("history.caption")}
        headRowClassName="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300"
        headerClassName="py-2 pr-4 font-semibold"
        cellClassName="py-2 pr-4"
        rowClassName="border-b border-slate-100 last:border-0 dark:border-slate-800"
      />
    </div>
  );
}
