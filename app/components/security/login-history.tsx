import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../core/locale";
import type { LoginHistoryEntry } from "../../../workers/api/contract/account";
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
  return (
    <div className="mt-4">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("history.caption")}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("history.time")}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("history.ip")}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("history.device")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("history.result")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.at}-${index}`} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <td className="py-2 pr-4">
                <time dateTime={row.at}>{formatLoginTime(row.at, locale, zone)}</time>
              </td>
              <td className="py-2 pr-4 font-mono text-xs break-all">{row.ip}</td>
              <td className="py-2 pr-4">{row.device ?? t("history.unknownDevice")}</td>
              <td className="py-2">
                <span
                  className={
                    row.success
                      ? "inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
                      : "inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900 dark:bg-rose-900 dark:text-rose-50"
                  }
                >
                  {row.success ? t("history.success") : t("history.failed")}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
