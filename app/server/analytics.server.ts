import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatMoment } from "../../core/format";
import { analyticsFormSchema } from "../../core/lookup-forms";
import type { AnalyticsRunView } from "../components/analytics/types";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "./session.server";

// The URL performance analysis page (app/routes/dashboard.analytics.tsx, SPEC §2 "analytics",
// issue 9): the runs through /api/v1/analytics/runs. One form, so no intent: a bad submission
// answers 400 with Conform's reply; a failed run is a translated message, never a 500.

/** The user's runs (newest first), the selected one (?run=, else the newest) and its URL's series for the chart. */
export async function loadAnalytics({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["tools"]),
    userApi(context, request, auth)
      .api.v1.analytics.runs.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  const runs = answer.data.runs.map((run): AnalyticsRunView => ({
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
/** Run an analysis (url, strategy): 303 to the kept run, or the form's reply with the reason. */
export async function analyticsAction({ request, context }: ActionFunctionArgs) {
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
