import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Await, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { offerSchema, OFFER_CURRENCIES } from "../../core/domain-schemas";
import { normaliseSearchInput } from "../../core/search-input";
import { safeRedirectPath } from "../../core/safe-redirect";
import { tldToAscii } from "../../core/tld-input";
import { AddToCartForm, TransferInLink, keepResultsAfterCartPost } from "../components/domain/add-to-cart";
import { DomainPrice } from "../components/domain/price";
import { WhoisSummary } from "../components/domain/whois-summary";
import { RegistrationSummary } from "../components/domain/registration-summary";
import { DomainWarnings } from "../components/domain/warnings";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { apiClient, readApi } from "../server/api.server";
import {
  domainApi,
  planSearch,
  type CatalogueCheck,
  type ExactResult,
  type Suggestion,
} from "../server/domain-search.server";
import { whoisSummary, type WhoisSummary as WhoisSummaryData } from "../server/whois-summary.server";
import { getTranslator } from "../server/i18n.server";
import { redirectWithToast } from "../server/toast.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText } from "../i18n/api-errors";

/** All results come in pages of this many extensions ("show more" adds a page). */
const ALL_PAGE = 20;
const SUGGESTION_LIMIT = 6;
// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t } = await getTranslator(request);
  const query = normaliseSearchInput(url.searchParams.get("q"));
  const tldParam = tldToAscii(url.searchParams.get("tld") ?? "");
  const more = Math.min(Math.max(Number.parseInt(url.searchParams.get("more") ?? "1", 10) || 1, 1), 40);
  if (!query) {
    return {
      title: t("search.metaTitle"),
      description: t("search.metaDescription"),
      query: "",
      tld: tldParam,
      more,
      exact: null,
      error: null,
      suggestions: null,
      all: null,
      whois: null,
    };
  }
  const plan = planSearch(query, tldParam);
  const api = domainApi(context, request);
  // Slow, optional parts are streamed (house style 6); the exact match is awaited.
  const suggestions = api.suggest(plan.label && plan.exactName === query ? plan.label : query, SUGGESTION_LIMIT);
  const all = plan.label ? api.check(plan.label, ALL_PAGE * more) : null;
  const exact = await api.search(plan.exactName);
  // Keep the streams from rejecting unobserved when the page ends up not rendering them.
  suggestions.catch(() => undefined);
  all?.catch(() => undefined);
  // A taken name's public WHOIS view is streamed too: it never holds up the results.
  const whois =
    exact.ok && !exact.data.available && exact.data.reason === "registered"
      ? whoisSummary(context, request, exact.data.domain, exact.data.unicode)
      : null;
  whois?.catch(() => undefined);
  const error = exact.ok ? null : apiErrorText(t, exact, "domainSearch");
  return {
    title: t("search.metaTitleQuery", { query }),
    description: t("search.metaDescription"),
    query,
    tld: tldParam,
    more,
    exact: exact.ok ? exact.data : null,
    error,
    suggestions,
    all,
    whois,
  };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const shouldRevalidate = keepResultsAfterCartPost;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Domain search") },
  { name: "description", content: data?.description ?? "" },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: offerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { t } = await getTranslator(request);
  const response = await apiClient(context, request).api.v1.domains.offers.$post({
    json: {
      ...submission.value,
      amount: submission.value.amount / 100,
      message: submission.value.message ?? undefined,
    },
  });
  const answer = await readApi(response);
  if (!answer.ok) {
    const message = apiErrorText(t, answer, "domainSearch.offer");
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: answer.status });
  }
  const back = new URL(request.url);
  return redirectWithToast(
    safeRedirectPath(`${back.pathname}${back.search}`, "/domain-search"),
    {
      type: "success",
      description: t("search.offerSent", { domain: answer.data.unicode, email: submission.value.email }),
    },
    { status: 303 },
  );
}

function SearchForm({ query, tld }: { query: string; tld: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/domain-search";
  return (
    <Form method="get" action="/domain-search" role="search" className="flex flex-col gap-3 sm:flex-row">
      {tld ? <input type="hidden" name="tld" value={tld} /> : null}
      <label htmlFor="search-q" className="sr-only">
        {t("search.label")}
      </label>
      <input
        id="search-q"
        name="q"
        type="search"
        required
        defaultValue={query}
        key={query}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={253}
        placeholder={t("search.placeholder")}
        className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-lg dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="submit"
        aria-busy={searching}
        className="h-12 rounded-xl bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
      >
        {searching ? t("search.searching") : t("search.button")}
      </button>
    </Form>
  );
}

const INPUT =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900";

/** A labelled offer-form control with its (translated) error below it; Conform's field props
 * point the control at `${id}-error` while it is invalid. */
function OfferField({
  id,
  label,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function OfferForm({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `offer-${domain}`,
    lastResult: actionData?.result,
    defaultValue: { domain, currency: "USD" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section
      aria-labelledby="offer-title"
      className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="offer-title" className="font-semibold">
        {t("search.offerHeading")}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("search.offerText")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input {...getInputProps(fields.domain, { type: "hidden" })} />
        <OfferField
          id={fields.amount.id}
          label={t("search.offerAmount")}
          error={fields.amount.errors ? t("search.offerErrors.amount") : null}
        >
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" className={INPUT} />
        </OfferField>
        <div>
          <label htmlFor={fields.currency.id} className="text-sm font-medium">
            {t("search.offerCurrency")}
          </label>
          <select {...getSelectProps(fields.currency)} className={INPUT}>
            {OFFER_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        <OfferField
          id={fields.email.id}
          label={t("search.offerEmail")}
          error={fields.email.errors ? t("search.offerErrors.email") : null}
          wide
        >
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={INPUT} />
        </OfferField>
        <OfferField
          id={fields.message.id}
          label={t("search.offerMessage")}
          error={fields.message.errors ? t("search.offerErrors.message") : null}
          wide
        >
          <textarea {...getTextareaProps(fields.message)} rows={3} className={INPUT} />
        </OfferField>
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 dark:text-rose-300">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white dark:bg-slate-100 dark:text-slate-900"
          >
            {t("search.offerSubmit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function ExactMatch({ result, whois }: { result: ExactResult; whois: Promise<WhoisSummaryData> | null }) {
  const { t } = useTranslation();
  const heading = result.available
    ? t("search.available", { domain: result.unicode })
    : result.reason === "reserved"
      ? t("search.reserved", { domain: result.unicode })
      : t("search.taken", { domain: result.unicode });
  return (
    <section
      aria-labelledby="exact-title"
      data-testid="exact-match"
      className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-800"
    >
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">{t("search.exactHeading")}</p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2
            id="exact-title"
            className={`text-2xl font-bold break-all ${result.available ? "text-emerald-700 dark:text-emerald-300" : ""}`}
          >
            {heading}
          </h2>
          <Link
            to={`/${result.unicode}`}
            className="mt-1 inline-block text-sm text-indigo-700 underline dark:text-indigo-300"
          >
            {t("search.details", { domain: result.unicode })}
          </Link>
        </div>
        {result.available && result.prices ? (
          <div className="flex flex-col items-end gap-3">
            <DomainPrice prices={result.prices} premium={result.premium} />
            <AddToCartForm domain={result.domain} unicode={result.unicode} maxYears={result.prices.max_years} />
          </div>
        ) : null}
      </div>
      {result.registration ? <RegistrationSummary registration={result.registration} /> : null}
      {whois ? <WhoisSummary summary={whois} domain={result.unicode} /> : null}
      {!result.available && result.reason === "registered" ? (
        <>
          {result.registration?.transferable && !result.registration.held_here ? (
            <div className="mt-4">
              <TransferInLink domain={result.domain} unicode={result.unicode} />
            </div>
          ) : null}
          <OfferForm domain={result.domain} />
        </>
      ) : null}
    </section>
  );
}

function ResultRow({
  result,
  compact = true,
}: {
  result: {
    domain: string;
    unicode: string;
    available: boolean;
    premium: boolean;
    reason?: string;
    prices: ExactResult["prices"];
  };
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <Link to={`/${result.unicode}`} className="min-w-0 font-medium break-all hover:underline">
        {result.unicode}
      </Link>
      {result.available && result.prices ? (
        <div className="flex items-center gap-4">
          <DomainPrice prices={result.prices} premium={result.premium} />
          <AddToCartForm domain={result.domain} unicode={result.unicode} compact={compact} />
        </div>
      ) : (
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {result.reason === "reserved" ? t("search.reservedLabel") : t("search.takenLabel")}
        </span>
      )}
    </li>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="py-4 text-slate-600 dark:text-slate-400">
      {t("common.loading")}
    </p>
  );
}

export default function DomainSearch() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
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
      {exact ? <ExactMatch result={exact} whois={loaderData.whois} /> : null}

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

function AllResults({
  check,
  query,
  more,
  tld,
}: {
  check: CatalogueCheck;
  query: string;
  more: number;
  tld: string | null;
}) {
  const { t } = useTranslation();
  const hasMore = check.results.length < check.pagination.total;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t("search.allCount", { available: check.available_count, total: check.pagination.total })}
      </p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="all-results">
        {check.results.map((result) => (
          <ResultRow key={result.domain} result={result} />
        ))}
      </ul>
      {hasMore ? (
        <Link
          to={`/domain-search?q=${encodeURIComponent(query)}${tld ? `&tld=${encodeURIComponent(tld)}` : ""}&more=${more + 1}`}
          preventScrollReset
          className="mt-4 inline-block rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        >
          {t("search.showMore")}
        </Link>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
