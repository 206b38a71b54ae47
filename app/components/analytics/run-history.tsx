import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CATEGORIES } from "../../../core/pagespeed-ratings";
import { DataTable, ScrollRegion, type Column } from "../ui/data-table";
import type { AnalyticsRunView } from "./types";

/** The user's runs, newest first; the one shown above is marked (aria-current). */
export function RunHistory({ runs, selectedId }: { runs: AnalyticsRunView[]; selectedId: string | undefined }) {
  const { t } = useTranslation("tools");
  const columns: Column<AnalyticsRunView>[] = [
    {
      key: "date",
      header: t("analytics.columns.date"),
      className: "py-2 pr-4 whitespace-nowrap",
      cell: (run) => run.createdText,
    },
    {
      key: "url",
      header: t("analytics.columns.url"),
      className: "max-w-xs py-2 pr-4 break-all",
      cell: (run) => run.url,
    },
    {
      key: "strategy",
      header: t("analytics.columns.strategy"),
      cell: (run) => t(`analytics.strategies.${run.strategy}`),
    },
    ...CATEGORIES.map((category): Column<AnalyticsRunView> => ({
      key: category,
      header: t(`analytics.categories.${category}`),
      className: "py-2 pr-4 tabular-nums",
      cell: (run) => run.scores[category] ?? "—",
    })),
    {
      key: "view",
      header: t("analytics.columns.view"),
      headerClassName: "py-2",
      className: "py-2",
      cell: (run) => (
        <Link
          to={`/dashboard/analytics?run=${run.id}`}
          aria-label={t("analytics.viewLabel", { date: run.createdText })}
          className="text-indigo-700 underline dark:text-indigo-300"
        >
          {t("analytics.view")}
        </Link>
      ),
    },
  ];
  return (
    <ScrollRegion
      label={t("analytics.historyTitle")}
      className="mt-3 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
    >
      <DataTable
        columns={columns}
        rows={runs}
        rowKey={(run) => run.id}
        className="min-w-full text-sm"
        headRowClassName="text-left"
        headerClassName="py-2 pr-4"
        cellClassName="py-2 pr-4"
        rowClassName="border-t border-slate-200 dark:border-slate-800"
        rowProps={(run) => ({ "aria-current": run.id === selectedId ? "true" : undefined })}
      />
    </ScrollRegion>
  );
}
