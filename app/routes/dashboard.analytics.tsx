import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CATEGORIES } from "../../core/pagespeed-ratings";
import { AnalysisForm } from "../components/analytics/analysis-form";
import { ScoreCard, VitalsTable } from "../components/analytics/results";
import { RunHistory } from "../components/analytics/run-history";
import { ScoreChart } from "../components/analytics/score-chart";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { analyticsAction, loadAnalytics } from "../server/analytics.server";

// /dashboard/analytics (SPEC §2 "analytics", issue 9): URL performance analysis through PageSpeed
// Insights (the lookup worker, via /api/v1/analytics/runs). A POST form (url, strategy) runs an
// analysis and redirects (303) to the kept run; the page shows its four scores and Core Web
// Vitals, a server-rendered SVG chart of the same URL's scores over time (with a data table) and
// the user's history. Works without JavaScript; a failed run is a translated message, never a 500.
// The loader and the action are in server/analytics.server.ts, the parts in components/analytics.

export const handle = { i18n: ["account", "tools/analytics"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  return loadAnalytics(args);
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "URL performance analysis"} · Trinity` },
];

export async function action(args: ActionFunctionArgs) {
  return analyticsAction(args);
}

export default function AnalyticsPage() {
  const { t } = useTranslation("tools");
  const { runs, selected, series, locale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("analytics.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("analytics.intro")}</p>
        <AnalysisForm lastResult={actionData?.result} />
      </header>

      {selected ? (
        <Section
          id="result"
          variant="outline"
          titleId="result-title"
          title={<span className="break-all">{t("analytics.resultTitle", { url: selected.url })}</span>}
          bodyClassName=""
        >
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("analytics.resultMeta", {
              strategy: t(`analytics.strategies.${selected.strategy}`),
              date: selected.createdText,
              version: selected.lighthouseVersion ?? "—",
            })}
          </p>
          <h3 className="mt-6 font-semibold">{t("analytics.scoresTitle")}</h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {CATEGORIES.map((category) => (
              <ScoreCard key={category} category={category} score={selected.scores[category]} />
            ))}
          </ul>
          <h3 className="mt-6 font-semibold">{t("analytics.vitalsTitle")}</h3>
          <VitalsTable vitals={selected.vitals} locale={locale} />
          <ScoreChart series={series} url={selected.url} strategy={t(`analytics.strategies.${selected.strategy}`)} />
        </Section>
      ) : null}

      <section>
        <h2 id="history-title" className="text-lg font-semibold">
          {t("analytics.historyTitle")}
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("analytics.historyEmpty")}</p>
        ) : (
          <RunHistory runs={runs} selectedId={selected?.id} />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
