import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Severity } from "../../core/illuminate";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";

// /dashboard/illuminate: the account's health report (docs/decisions/2026-11-25-content.md).

export const handle = { i18n: ["account", "content/illuminate"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t }, answer] = await Promise.all([
    getTranslator(request, ["content"]),
    userApi(context, request, auth)
      .api.v1.account.illuminate.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  return data(
    { title: t("illuminate.metaTitle"), report: answer.data },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "Illuminate"} · Trinity` },
];

const SEVERITY_CLASS: Record<Severity, string> = {
  critical: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-50",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
};

export default function IlluminatePage() {
  const { report } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("illuminate.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("illuminate.intro")}</p>
        {report.domains > 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("illuminate.summary", { count: report.domains })}
          </p>
        ) : null}
      </header>
      {report.domains === 0 ? (
        <p role="status">{t("illuminate.noDomains")}</p>
      ) : report.findings.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
        >
          {t("illuminate.allClear")}
        </p>
      ) : (
        <section aria-labelledby="findings-title">
          <h2 id="findings-title" className="sr-only">
            {t("illuminate.findingsTitle")}
          </h2>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {report.findings.map((finding) => (
              <li
                key={`${finding.kind}:${finding.domain}`}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
              >
                <div className="min-w-0 space-y-1">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${SEVERITY_CLASS[finding.severity]}`}
                  >
                    {t(`illuminate.severity.${finding.severity}`)}
                  </span>
                  <p className="break-words">
                    {t(`illuminate.findings.${finding.kind}`, { domain: finding.unicode, count: finding.days ?? 0 })}
                  </p>
                </div>
                {finding.kind === "auto_renew_without_card" ? (
                  <Link
                    to="/dashboard/billing"
                    className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
                  >
                    {t("illuminate.addCard")}
                  </Link>
                ) : (
                  <Link
                    to={`/dashboard/domains?domain=${encodeURIComponent(finding.domain)}`}
                    className="text-sm font-medium text-indigo-700 underline break-all dark:text-indigo-300"
                  >
                    {t("illuminate.fixDomain", { domain: finding.unicode })}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
