import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { domainTotalCents } from "../../core/cart-pricing";
import { decimalToCents } from "../../core/money";
import { useFormat } from "../i18n/use-format";
import { isDomainPath } from "../../core/search-input";
import { AddToCartForm, TransferInLink, keepResultsAfterCartPost } from "../components/domain/add-to-cart";
import { RegistrationSummary } from "../components/domain/registration-summary";
import { WhoisSummary } from "../components/domain/whois-summary";
import { DomainWarnings } from "../components/domain/warnings";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { Section } from "../components/ui/section";
import { DataTable } from "../components/ui/data-table";
import { domainApi } from "../server/domain-search.server";
import { getTranslator } from "../server/i18n.server";
import { whoisSummary } from "../server/whois-summary.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";

const ALTERNATIVES = 6;

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const splat = params["*"] ?? "";
  if (!isDomainPath(splat)) notFoundResponse();
  const { t } = await getTranslator(request);
  const api = domainApi(context, request);
  const result = await api.search(splat);
  if (!result.ok) {
    // A name that cannot exist (bad format, unknown extension) has no page; a failed call does.
    if (result.status === 400) notFoundResponse();
    return {
      title: t("domain.metaTitle", { domain: splat }),
      domain: splat,
      result: null,
      alternatives: null,
      whois: null,
    };
  }
  const alternatives = api
    .check(result.data.label, 60)
    .then((answer) =>
      answer.ok
        ? answer.data.results
            .filter((entry) => entry.available && entry.domain !== result.data.domain)
            .slice(0, ALTERNATIVES)
        : null,
    );
  alternatives.catch(() => undefined);
  // A taken name's public WHOIS view, streamed like the alternatives (the page does not wait for it).
  const whois =
    !result.data.available && result.data.reason === "registered"
      ? whoisSummary(context, request, result.data.domain, result.data.unicode)
      : null;
  whois?.catch(() => undefined);
  return {
    title: t("domain.metaTitle", { domain: result.data.unicode }),
    domain: result.data.unicode,
    result: result.data,
    alternatives,
    whois,
  };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const shouldRevalidate = keepResultsAfterCartPost;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Trinity") },
  // Structured data (issue 10): an available name is a product with its first-year offer.
  ...(data?.result?.available && data.result.prices
    ? [
        {
          "script:ld+json": {
            "@context": "https://schema.org",
            "@type": "Product",
            name: data.result.unicode,
            category: "Domain name registration",
            brand: { "@type": "Brand", name: "Trinity" },
            offers: {
              "@type": "Offer",
              price: data.result.prices.registration.toFixed(2),
              priceCurrency: "USD",
              availability: "https://schema.org/InStock",
            },
          },
        },
      ]
    : []),
];

export default function DomainDetail() {
  const { t } = useTranslation();
  const { money } = useFormat();
  const { domain, result, alternatives, whois } = useLoaderData<typeof loader>();
  if (!result) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold break-all">{domain}</h1>
        <p
          role="alert"
          className="mt-6 rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {t("domain.couldNotLoad")} {t("domain.couldNotLoadPricing")} {t("domain.couldNotLoadStatus")}
        </p>
      </section>
    );
  }
  const statusKey = result.available
    ? "available"
    : result.reason === "reserved"
      ? "reserved"
      : (result.registration?.status ?? "active");
  const title = result.available
    ? t("domain.availableTitle", { domain: result.unicode })
    : result.reason === "reserved"
      ? t("domain.reservedTitle", { domain: result.unicode })
      : t("domain.takenTitle", { domain: result.unicode });
  const prices = result.prices;
  const cents = prices
    ? {
        firstYear: decimalToCents(prices.registration) ?? 0,
        renewal: decimalToCents(prices.renewal) ?? 0,
        transfer: decimalToCents(prices.transfer) ?? 0,
      }
    : null;

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <header>
        <h1
          className={`text-3xl font-bold tracking-tight break-all ${result.available ? "text-emerald-700 dark:text-emerald-300" : ""}`}
        >
          {title}
        </h1>
        {result.domain !== result.unicode ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{result.domain}</p>
        ) : null}
      </header>

      <DomainWarnings warnings={result.warnings} />

      {/* Not the Section kit: the registration rows must stay "section > dl" (the browser suite reads them so). */}
      <section aria-labelledby="status-title" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="status-title" className="text-lg font-semibold">
          {t("domain.statusHeading")}
        </h2>
        <p className="mt-2" data-testid="domain-status">
          {t(`domain.statusText.${statusKey}`)}
        </p>
        {result.registration ? <RegistrationSummary registration={result.registration} showLock /> : null}
        {whois ? <WhoisSummary summary={whois} domain={result.unicode} /> : null}
        <div className="mt-6">
          {result.available && prices ? (
            <AddToCartForm domain={result.domain} unicode={result.unicode} maxYears={prices.max_years} />
          ) : result.registration?.transferable && !result.registration.held_here ? (
            <TransferInLink domain={result.domain} unicode={result.unicode} />
          ) : null}
        </div>
      </section>

      <Section variant="outline" titleId="prices-title" title={t("domain.pricesHeading")} bodyClassName="">
        {prices && cents ? (
          <DataTable
            className="mt-4 w-full text-left text-sm"
            headRowClassName="text-slate-600 dark:text-slate-400"
            bodyClassName="divide-y divide-slate-200 dark:divide-slate-800"
            columns={[
              {
                key: "operation",
                header: t("domain.operation"),
                headerClassName: "py-2 font-medium",
                rowHeader: true,
                className: "py-2 font-normal",
                cell: (row) => row.label,
              },
              {
                key: "total",
                header: t("domain.total"),
                headerClassName: "py-2 text-right font-medium",
                className: (row) => (row.strong ? "py-2 text-right font-semibold" : "py-2 text-right"),
                cell: (row) => row.value,
              },
            ]}
            rows={[
              ...Array.from({ length: prices.max_years }, (_, index) => index + 1).map((years) => ({
                key: String(years),
                label: t("domain.registrationYears", { count: years }),
                value: money(domainTotalCents("registration", years, cents) / 100),
                strong: true,
              })),
              { key: "transfer", label: t("domain.transferRow"), value: money(prices.transfer), strong: true },
              { key: "renewal", label: t("domain.renewalRow"), value: money(prices.renewal), strong: true },
              { key: "icann", label: t("domain.icannFee"), value: money(prices.icann_fee), strong: false },
            ]}
            rowKey={(row) => row.key}
          />
        ) : (
          <p role="alert" className="mt-2">
            {t("domain.couldNotLoadPricing")}
          </p>
        )}
      </Section>

      {alternatives ? (
        <section aria-labelledby="alternatives-title">
          <h2 id="alternatives-title" className="text-lg font-semibold">
            {t("domain.alternativesHeading")}
          </h2>
          <Suspense
            fallback={
              <p role="status" className="py-3">
                {t("common.loading")}
              </p>
            }
          >
            <Await resolve={alternatives} errorElement={<p className="py-3">{t("domain.couldNotLoad")}</p>}>
              {(list) =>
                list && list.length > 0 ? (
                  <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                    {list.map((entry) => (
                      <li
                        key={entry.domain}
                        className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
                      >
                        <Link to={`/${entry.unicode}`} className="font-medium break-all hover:underline">
                          {entry.unicode}
                        </Link>
                        <span className="font-semibold">{entry.prices ? money(entry.prices.registration) : ""}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="py-3 text-slate-600 dark:text-slate-400">{t("domain.alternativesEmpty")}</p>
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
