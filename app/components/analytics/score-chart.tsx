import { useTranslation } from "react-i18next";
import { CATEGORIES, type Category } from "../../../core/pagespeed-ratings";
import { DataTable, ScrollRegion, type Column } from "../ui/data-table";
import type { AnalyticsRunView } from "./types";

/** Line colours and dash patterns of the chart (told apart without colour too). */
const SERIES_STYLE: Record<Category, { stroke: string; dash: string }> = {
  performance: { stroke: "stroke-indigo-600 dark:stroke-indigo-300", dash: "" },
  accessibility: { stroke: "stroke-emerald-700 dark:stroke-emerald-300", dash: "6 3" },
  bestPractices: { stroke: "stroke-amber-700 dark:stroke-amber-300", dash: "2 3" },
  seo: { stroke: "stroke-rose-700 dark:stroke-rose-300", dash: "10 3 2 3" },
};

/** Scores (0–100) of the runs of one URL over time, as an SVG line chart with a text alternative. */
export function ScoreChart({ series, url, strategy }: { series: AnalyticsRunView[]; url: string; strategy: string }) {
  const { t } = useTranslation("tools");
  const first = series[0];
  const last = series[series.length - 1];
  if (series.length < 2 || !first || !last)
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("analytics.chartNeedsMore")}</p>;
  const width = 640;
  const height = 240;
  const pad = { left: 36, right: 12, top: 12, bottom: 28 };
  const x = (index: number) => pad.left + (index * (width - pad.left - pad.right)) / (series.length - 1);
  const y = (score: number) => pad.top + ((100 - score) * (height - pad.top - pad.bottom)) / 100;
  const title = t("analytics.chartTitle", { url, strategy });
  const columns: Column<AnalyticsRunView>[] = [
    {
      key: "date",
      header: t("analytics.columns.date"),
      rowHeader: true,
      className: "py-2 pr-4 text-left font-normal",
      cell: (run) => run.createdText,
    },
    ...CATEGORIES.map((category): Column<AnalyticsRunView> => ({
      key: category,
      header: t(`analytics.categories.${category}`),
      className: "py-2 pr-4 tabular-nums",
      cell: (run) => run.scores[category] ?? "—",
    })),
  ];
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="chart-title chart-desc"
        className="h-auto w-full max-w-2xl"
      >
        <title id="chart-title">{title}</title>
        <desc id="chart-desc">{t("analytics.chartDescription", { count: series.length })}</desc>
        {[0, 50, 90, 100].map((mark) => (
          <g key={mark}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(mark)}
              y2={y(mark)}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
            />
            <text
              x={pad.left - 6}
              y={y(mark) + 4}
              textAnchor="end"
              className="fill-slate-600 text-[11px] dark:fill-slate-400"
            >
              {mark}
            </text>
          </g>
        ))}
        {CATEGORIES.map((category) => {
          const points = series
            .map((run, index) => {
              const score = run.scores[category];
              return score === null ? null : `${x(index).toFixed(1)},${y(score).toFixed(1)}`;
            })
            .filter((point): point is string => point !== null);
          return (
            <polyline
              key={category}
              points={points.join(" ")}
              fill="none"
              strokeWidth={2}
              strokeDasharray={SERIES_STYLE[category].dash || undefined}
              className={SERIES_STYLE[category].stroke}
            />
          );
        })}
        <text x={pad.left} y={height - 8} className="fill-slate-600 text-[11px] dark:fill-slate-400">
          {first.createdText}
        </text>
        <text
          x={width - pad.right}
          y={height - 8}
          textAnchor="end"
          className="fill-slate-600 text-[11px] dark:fill-slate-400"
        >
          {last.createdText}
        </text>
      </svg>
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
          {CATEGORIES.map((category) => (
            <li key={category} className="flex items-center gap-2">
              <svg width="28" height="8" aria-hidden="true">
                <line
                  x1="0"
                  x2="28"
                  y1="4"
                  y2="4"
                  strokeWidth={2}
                  strokeDasharray={SERIES_STYLE[category].dash || undefined}
                  className={SERIES_STYLE[category].stroke}
                />
              </svg>
              {t(`analytics.categories.${category}`)}
            </li>
          ))}
        </ul>
      </figcaption>
      <ScrollRegion
        label={title}
        className="mt-4 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        <DataTable
          columns={columns}
          rows={series}
          rowKey={(run) => run.id}
          caption={title}
          className="min-w-full text-sm"
          headRowClassName="text-left"
          headerClassName="py-2 pr-4"
          rowClassName="border-t border-slate-200 dark:border-slate-800"
        />
      </ScrollRegion>
    </figure>
  );
}
