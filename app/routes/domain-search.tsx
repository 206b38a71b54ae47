import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, useActionData, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { keepResultsAfterCartPost } from "../components/domain/add-to-cart";
import { DomainWarnings } from "../components/domain/warnings";
import { SearchForm } from "../components/domains/search-form";
import { AllResults, ExactMatch, Loading, ResultRow } from "../components/domains/search-results";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { loadDomainSearch, sendOffer, type Suggestion } from "../server/domain-search.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

/** SPEC §5 "Domain search": the API plans the query; see app/server/domain-search.server.ts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadDomainSearch(request, context);
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const shouldRevalidate = keepResultsAfterCartPost;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Domain search") },
  { name: "description", content: data?.description ?? "" },
];

export async function action({ request, context }: ActionFunctionArgs) {
  return sendOffer(request, context);
}

export default function DomainSearch() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { query, exact, error, more, tld } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t("search.title")}</h1>
        {!query ? <p className="mt-2 text-slate-600 dark:text-slate-300">{t("search.intro")}</p> : null}
        <div className="mt-6">
          <SearchForm query={query} tld={tld} />
        </div>
      </header>

      {error ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {error}
        </p>
      ) : null}

      {exact ? <DomainWarnings warnings={exact.warnings} /> : null}
      {exact ? <ExactMatch result={exact} whois={loaderData.whois} offerResult={actionData?.result} /> : null}

      {loaderData.suggestions ? (
        <section aria-labelledby="trinity-title">
          <h2 id="trinity-title" className="text-xl font-bold">
            {t("search.trinityHeading")}
          </h2>
          <Suspense fallback={<Loading />}>
            <Await resolve={loaderData.suggestions} errorElement={<p className="py-4">{t("search.trinityFailed")}</p>}>
              {(answer) =>
                answer.ok && answer.data.suggestions.some((s: Suggestion) => s.domain !== exact?.domain) ? (
                  <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="suggestions">
                    {answer.data.suggestions
                      .filter((s: Suggestion) => s.domain !== exact?.domain)
                      .map((suggestion: Suggestion) => (
                        <ResultRow key={suggestion.domain} result={suggestion} />
                      ))}
                  </ul>
                ) : (
                  <p className="py-4 text-slate-600 dark:text-slate-400">
                    {answer.ok ? t("search.trinityEmpty") : t("search.trinityFailed")}
                  </p>
                )
              }
            </Await>
          </Suspense>
        </section>
      ) : null}

      {loaderData.all ? (
        <section aria-labelledby="all-title">
          <h2 id="all-title" className="text-xl font-bold">
            {t("search.allHeading")}
          </h2>
          <Suspense fallback={<Loading />}>
            <Await resolve={loaderData.all} errorElement={<p className="py-4">{t("search.allFailed")}</p>}>
              {(answer) =>
                answer.ok ? (
                  <AllResults check={answer.data} query={query} more={more} tld={tld} />
                ) : (
                  <p className="py-4">{t("search.allFailed")}</p>
                )
              }
            </Await>
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
