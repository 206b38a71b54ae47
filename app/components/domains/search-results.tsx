import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CatalogueCheck, ExactSearchResult as ExactResult } from "../../../workers/api/contract/domains";
import type { WhoisSummary as WhoisSummaryData } from "../../server/whois-summary.server";
import { AddToCartForm, TransferInLink } from "../domain/add-to-cart";
import { DomainPrice } from "../domain/price";
import { RegistrationSummary } from "../domain/registration-summary";
import { WhoisSummary } from "../domain/whois-summary";
import { OfferForm, type OfferResult } from "./offer-form";

/** The exact match: availability, price and cart, or the registration, WHOIS view and offer form. */
export function ExactMatch({
  result,
  whois,
  offerResult,
}: {
  result: ExactResult;
  whois: Promise<WhoisSummaryData> | null;
  offerResult: OfferResult;
}) {
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
          <OfferForm domain={result.domain} lastResult={offerResult} />
        </>
      ) : null}
    </section>
  );
}

export function ResultRow({
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

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="py-4 text-slate-600 dark:text-slate-400">
      {t("common.loading")}
    </p>
  );
}

/** The whole catalogue for the label, a page at a time ("show more" adds a page). */
export function AllResults({
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
