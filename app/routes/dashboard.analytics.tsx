import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  analyticsBrowserSchema,
  CATEGORIES,
  MAX_URL_LENGTH,
  rateScore,
  STRATEGIES,
  VITALS,
  type Category,
  type Rating,
  type Vital,
  type VitalValue,
} from "../../core/pagespeed";
import { analyticsFormSchema } from "../../core/lookup-forms";
import { formatMoment, formatNumber } from "../../core/format";
import type { Locale } from "../../core/locale";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import type { AnalyticsRun } from "../../workers/api/contract/analytics";

// /dashboard/analytics (SPEC §2 "analytics", issue 9): URL performance analysis through PageSpeed
// Insights (the lookup worker, via /api/v1/analytics/runs). A POST form (url, strategy) runs an
// analysis and redirects (303) to the kept run; the page shows its four scores and Core Web
// Vitals, a server-rendered SVG chart of the same URL's scores over time (with a data table) and
// the user's history. Works without JavaScript; a failed run is a translated message, never a 500.

export const handle = { i18n: ["account", "dashboard", "tools"] } satisfies I18nHandle;

const SELECT_CLASS = INPUT_CLASS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["tools"]),
    userApi(context, request, auth)
      .api.v1.analytics.runs.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  const runs = answer.data.runs.map((run) => ({
    ...run,
    createdText: formatMoment(locale, run.createdAt) ?? run.createdAt,
  }));
  const wanted = new URL(request.url).searchParams.get("run");
  const selected = runs.find((run) => run.id === wanted) ?? runs[0] ?? null;
  // The chart: the selected run's URL and strategy, oldest first (at most the last 20).
  const series = selected
    ? runs
        .filter((run) => run.url === selected.url && run.strategy === selected.strategy)
        .slice(0, 20)
        .reverse()
    : [];
  return data(
    { title: t("analytics.metaTitle"), locale, runs, selected, series },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "URL performance analysis"} · Trinity` },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: analyticsFormSchema });
  const reply = async (result: SubmissionResult<string[]>, status: number) =>
    data({ result }, { status, headers: await sessionHeaders(request, context) });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const { t } = await getTranslator(request, ["tools"]);
  const answer = await readUserApi(
    request,
    context,
    await userApi(context, request, auth).api.v1.analytics.runs.$post({ json: submission.value }),
  );
  if (answer.ok)
    return redirect(`/dashboard/analytics?run=${encodeURIComponent(answer.data.id)}`, {
      status: 303,
      headers: await sessionHeaders(request, context),
    });
  // The analysis service (or the lookup worker) could not answer: the page stays usable (200), with the reason.
  const status = isCode(answer, "rate_limited", "pagespeed_rate_limited")
    ? 429
    : isCode(answer, "pagespeed_unreachable", "invalid_parameter")
      ? 400
      : 200;
  return reply(submission.reply({ formErrors: [apiErrorText(t, answer, "analytics")] }), status);
}

const RATING_CLASS: Record<Rating, string> = {
  good: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  "needs-improvement":
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  poor: "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100",
};

/** Line colours and dash patterns of the chart (told apart without colour too). */
const SERIES_STYLE: Record<Category, { stroke: string; dash: string }> = {
  performance: { stroke: "stroke-indigo-600 dark:stroke-indigo-300", dash: "" },
  accessibility: { stroke: "stroke-emerald-700 dark:stroke-emerald-300", dash: "6 3" },
  bestPractices: { stroke: "stroke-amber-700 dark:stroke-amber-300", dash: "2 3" },
  seo: { stroke: "stroke-rose-700 dark:stroke-rose-300", dash: "10 3 2 3" },
};

function useInputErrors() {
  const { t, i18n } = useTranslation("tools");
  return (errors: string[] | undefined) =>
    errors?.map((code) =>
      i18n.exists(`tools:analytics.inputErrors.${code}`) ? t(`analytics.inputErrors.${code}`) : code,
    );
}

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

function AnalysisForm() {
  const { t } = useTranslation("tools");
  const translate = useInputErrors();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/analytics";
  const pendingUrl = busy ? String(navigation.formData?.get("url") ?? "") : null;
  const [form, fields] = useForm({
    id: "analyse",
    lastResult: actionData?.result,
    defaultValue: { strategy: "mobile" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: analyticsBrowserSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action="/dashboard/analytics"
      {...getFormProps(form)}
      className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <Field
        id={fields.url.id}
        label={t("analytics.urlLabel")}
        hint={t("analytics.urlHint")}
        errors={translate(fields.url.errors)}
      >
        <input
          {...getInputProps(fields.url, { type: "text", ariaDescribedBy: `${fields.url.id}-hint` })}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={MAX_URL_LENGTH}
          placeholder="https://example.com/"
          className={INPUT_CLASS}
        />
      </Field>
      <Field id={fields.strategy.id} label={t("analytics.strategyLabel")} errors={translate(fields.strategy.errors)}>
        <select {...getSelectProps(fields.strategy)} className={SELECT_CLASS}>
          {STRATEGIES.map((strategy) => (
            <option key={strategy} value={strategy}>
              {t(`analytics.strategies.${strategy}`)}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={`${BUTTON_CLASS} sm:mt-6`} aria-busy={busy} disabled={busy}>
        {t("analytics.submit")}
      </button>
      <div className="sm:col-span-3">
        <ErrorList id={form.errorId} errors={form.errors} />
        {pendingUrl !== null ? (
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t("analytics.running", { url: pendingUrl })}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function ScoreCard({ category, score }: { category: Category; score: number | null }) {
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

function VitalRow({ vital, value, locale }: { vital: Vital; value: VitalValue | undefined; locale: Locale }) {
  const { t } = useTranslation("tools");
  return (
    <tr className="border-t border-slate-200 dark:border-slate-800">
      <th scope="row" className="py-2 pr-4 text-left font-medium">
        {t(`analytics.vitals.${vital}`)}
      </th>
      <td className="py-2 pr-4 tabular-nums">
        {value ? formatVital(t, vital, value.value, locale) : t("analytics.noVital")}
      </td>
      <td className="py-2 pr-4">
        {value ? (
          <span
            className={`inline-block rounded-full border px-2 py-0.5 text-sm font-medium ${RATING_CLASS[value.rating]}`}
          >
            {t(`analytics.ratings.${value.rating}`)}
          </span>
        ) : (
          "—"
        )}
      </td>
      <td className="py-2 text-sm text-slate-600 dark:text-slate-400">
        {value ? t(`analytics.sources.${value.source}`) : ""}
      </td>
    </tr>
  );
}

/** Scores (0–100) of the runs of one URL over time, as an SVG line chart with a text alternative. */
function ScoreChart({
  series,
  url,
  strategy,
}: {
  series: (AnalyticsRun & { createdText: string })[];
  url: string;
  strategy: string;
}) {
  const { t } = useTranslation("tools");
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last || series.length < 2)
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("analytics.chartNeedsMore")}</p>;
  const width = 640;
  const height = 240;
  const pad = { left: 36, right: 12, top: 12, bottom: 28 };
  const x = (index: number) => pad.left + (index * (width - pad.left - pad.right)) / (series.length - 1);
  const y = (score: number) => pad.top + ((100 - score) * (height - pad.top - pad.bottom)) / 100;
  const title = t("analytics.chartTitle", { url, strategy });
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
            .map((run, index) =>
              run.scores[category] === null
                ? null
                : `${x(index).toFixed(1)},${y(run.scores[category] as number).toFixed(1)}`,
            )
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
      <div
        role="region"
        aria-label={title}
        tabIndex={0}
        className="mt-4 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        <table className="min-w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-2 pr-4">
                {t("analytics.columns.date")}
              </th>
              {CATEGORIES.map((category) => (
                <th key={category} scope="col" className="py-2 pr-4">
                  {t(`analytics.categories.${category}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((run) => (
              <tr key={run.id} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {run.createdText}
                </th>
                {CATEGORIES.map((category) => (
                  <td key={category} className="py-2 pr-4 tabular-nums">
                    {run.scores[category] ?? "—"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export default function AnalyticsPage() {
  const { t } = useTranslation("tools");
  const { runs, selected, series, locale } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("analytics.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("analytics.intro")}</p>
        <AnalysisForm />
      </header>

      {selected ? (
        <section
          id="result"
          aria-labelledby="result-title"
          className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <h2 id="result-title" className="text-lg font-semibold break-all">
            {t("analytics.resultTitle", { url: selected.url })}
          </h2>
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
          <div
            role="region"
            aria-label={t("analytics.vitalsTitle")}
            tabIndex={0}
            className="mt-2 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
          >
            <table className="min-w-full">
              <caption className="sr-only">{t("analytics.vitalsTitle")}</caption>
              <tbody>
                {VITALS.map((vital) => (
                  <VitalRow key={vital} vital={vital} value={selected.vitals[vital]} locale={locale} />
                ))}
              </tbody>
            </table>
          </div>
          <ScoreChart series={series} url={selected.url} strategy={t(`analytics.strategies.${selected.strategy}`)} />
        </section>
      ) : null}

      <section>
        <h2 id="history-title" className="text-lg font-semibold">
          {t("analytics.historyTitle")}
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("analytics.historyEmpty")}</p>
        ) : (
          <div
            role="region"
            aria-label={t("analytics.historyTitle")}
            tabIndex={0}
            className="mt-3 overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500"
          >
            <table className="min-w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t("analytics.columns.date")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("analytics.columns.url")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("analytics.columns.strategy")}
                  </th>
                  {CATEGORIES.map((category) => (
                    <th key={category} scope="col" className="py-2 pr-4">
                      {t(`analytics.categories.${category}`)}
                    </th>
                  ))}
                  <th scope="col" className="py-2">
                    {t("analytics.columns.view")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr
                    key={run.id}
                    className="border-t border-slate-200 dark:border-slate-800"
                    aria-current={run.id === selected?.id ? "true" : undefined}
                  >
                    <td className="py-2 pr-4 whitespace-nowrap">{run.createdText}</td>
                    <td className="max-w-xs py-2 pr-4 break-all">{run.url}</td>
                    <td className="py-2 pr-4">{t(`analytics.strategies.${run.strategy}`)}</td>
                    {CATEGORIES.map((category) => (
                      <td key={category} className="py-2 pr-4 tabular-nums">
                        {run.scores[category] ?? "—"}
                      </td>
                    ))}
                    <td className="py-2">
                      <Link
                        to={`/dashboard/analytics?run=${run.id}`}
                        aria-label={t("analytics.viewLabel", { date: run.createdText })}
                        className="text-indigo-700 underline dark:text-indigo-300"
                      >
                        {t("analytics.view")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
