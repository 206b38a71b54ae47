import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../core/format";
import type { Locale } from "../../../core/locale";
import { rateScore, VITALS, type Category, type Rating, type Vital } from "../../../core/pagespeed-ratings";
import { DataTable, ScrollRegion, type Column } from "../ui/data-table";
import type { AnalyticsRunView } from "./types";

// One analysis run's results on /dashboard/analytics: the four scores and the Core Web Vitals.

export const RATING_CLASS: Record<Rating, string> = {
  good: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  "needs-improvement":
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  poor: "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100",
};

function formatVital(
  t: ReturnType<typeof useTranslation<"tools">>["t"],
  vital: Vital,
  value: number,
  locale: Locale,
): string {
  const number = (digits: number, v: number) => formatNumber(locale, v, digits);
  if (vital === "cls") return number(2, value);
  if (value >= 1000) return t("analytics.seconds", { value: number(1, value / 1000) });
  return t("analytics.ms", { value: number(0, value) });
}

/** One category's score (0–100) and its rating. */
export function ScoreCard({ category, score }: { category: Category; score: number | null }) {
  const { t } = useTranslation("tools");
  const rating = score === null ? null : rateScore(score);
  return (
    <li className={`rounded-xl border p-4 ${rating ? RATING_CLASS[rating] : "border-slate-200 dark:border-slate-700"}`}>
      <p className="text-sm font-medium">{t(`analytics.categories.${category}`)}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums">{score ?? "—"}</p>
      <p className="text-sm">{rating ? t(`analytics.ratings.${rating}`) : t("analytics.noScore")}</p>
    </li>
  );
}

/** The Core Web Vitals: one row per vital (its name is the row's header), value, rating, source. */
export function VitalsTable({ vitals, locale }: { vitals: AnalyticsRunView["vitals"]; locale: Locale }) {
  const { t } = useTranslation("tools");
  const columns: Column<Vital>[] = [
    {
      key: "name",
      header: null,
      rowHeader: true,
      className: "py-2 pr-4 text-left font-medium",
      cell: (vital) => t(`analytics.vitals.${vital}`),
    },
    {
      key: "value",
      header: null,
      className: "py-2 pr-4 tabular-nums",
      cell: (vital) => {
        const value = vitals[vital];
        return value ? formatVital(t, vital, value.value, locale) : t("analytics.noVital");
      },
    },
    {
      key: "rating",
      header: null,
      className: "py-2 pr-4",
      cell: (vital) => {
        const value = vitals[vital];
        return value ? (
          <span
            className={`inline-block rounded-full border px-2 py-0.5 text-sm font-medium ${RATING_CLASS[value.rating]}`}
          >
            {t(`analytics.ratings.${value.rating}`)}
          </span>
        ) : (
          "—"
        );
      },
    },
    {
      key: "source",
      header: null,
      className: "py-2 text-sm text-slate-600 dark:text-slate-400",
      cell: (vital) => {
        const value = vitals[vital];
        return value ? t(`analytics.sources.${value.source}`) : "";
      },
    },
  ];
  return (
    <ScrollRegion
      label={t("analytics.vitalsTitle")}
      className="mt-2 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
    >
      <DataTable
        columns={columns}
        rows={VITALS}
        rowKey={(vital) => vital}
        caption={t("analytics.vitalsTitle")}
        className="min-w-full"
        hideHead
        rowClassName="border-t border-slate-200 dark:border-slate-800"
      />
    </ScrollRegion>
  );
}
