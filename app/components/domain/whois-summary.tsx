import { Await, Link } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { WhoisSummary as Summary } from "../../server/whois-summary.server";

/**
 * The streamed WHOIS/RDAP view of a taken name (registrar, dates, statuses in plain words). The
 * page's critical data does not wait for it: it arrives later in the same response (with or
 * without JavaScript); a failed lookup shows the SPEC's "lookup failed" text in its place.
 */
export function WhoisSummary({ summary, domain }: { summary: Promise<Summary>; domain: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="whois-summary-title"
      className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="whois-summary-title" className="font-semibold">
        {t("whoisSummary.heading")}
      </h3>
      <Suspense
        fallback={
          <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t("whoisSummary.loading")}
          </p>
        }
      >
        <Await
          resolve={summary}
          errorElement={<p className="mt-2 text-sm text-rose-800 dark:text-rose-200">{t("whoisSummary.failed")}</p>}
        >
          {(answer) =>
            answer.ok ? (
              <>
                <dl className="mt-2 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t("whoisSummary.registrar")}</dt>
                    <dd className="font-medium">{answer.registrar ?? t("whoisSummary.unknown")}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t("whoisSummary.created")}</dt>
                    <dd className="font-medium">{answer.created ?? t("whoisSummary.unknown")}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t("whoisSummary.expires")}</dt>
                    <dd className="font-medium">{answer.expires ?? t("whoisSummary.unknown")}</dd>
                  </div>
                </dl>
                {answer.statuses.length > 0 ? (
                  <>
                    <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("whoisSummary.status")}</p>
                    <ul className="mt-1 space-y-1 text-sm">
                      {answer.statuses.map((status) => (
                        <li key={status.value}>{status.text ?? status.value}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <Link
                  to={`/tools/whois?domain=${encodeURIComponent(domain)}`}
                  className="mt-3 inline-block text-sm text-indigo-700 underline dark:text-indigo-300"
                >
                  {t("whoisSummary.full", { domain })}
                </Link>
              </>
            ) : (
              <p className="mt-2 text-sm text-rose-800 dark:text-rose-200">{answer.message}</p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
