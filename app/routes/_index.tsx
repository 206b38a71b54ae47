import {
  data as withHeaders,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { HOME_TRACKED_TLDS, homePriceText, type HomePriceState, type TldPrice } from "../../core/pricing";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { HomeSearch } from "../components/home-search";
import { apiClient } from "../server/api.server";
import { createMemo, retryOnce } from "../../core/memo";
import { getTranslator } from "../server/i18n.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { HOME_PAGE_SECONDS, type PageCacheHandle } from "../config/page-cache";

/** The price cards wait at most this long for the pricing call (both tries) before showing the failure state. */
const PRICING_TIMEOUT_MS = 2000;
/**
 * The three prices are the same for every visitor: keep them per isolate for 30 s. Concurrent
 * renders share one call; a failed call is not kept (core/memo.ts), so it reaches only the
 * renders already waiting for it and the next render calls again.
 */
const homePricesMemo = createMemo<TldPrice[]>(30_000);

async function callPricing(args: LoaderFunctionArgs, signal: AbortSignal): Promise<TldPrice[]> {
  const response = await apiClient(args.context, args.request).api.v1.tld.pricing.$post(
    { json: { tlds: [...HOME_TRACKED_TLDS] } },
    { init: { signal } },
  );
  const body = await response.json();
  if (!body.success) throw new Error(`pricing call answered ${response.status}`);
  return body.data.pricing;
}

async function loadHomePrices(args: LoaderFunctionArgs): Promise<{ failed: boolean; pricing: TldPrice[] }> {
  try {
    const pricing = await homePricesMemo("home", () => {
      // One deadline for both tries: a transient failure (a busy database answered as 502) is
      // retried at once; a call that ran out of time is not.
      const deadline = AbortSignal.timeout(PRICING_TIMEOUT_MS);
      return retryOnce(
        () => callPricing(args, deadline),
        () => !deadline.aborted,
      );
    });
    return { failed: false, pricing };
  } catch (error) {
    // SPEC §8: the error is logged, no message; the cards show N/A after the one retry (issue 19: never NaN).
    console.error("home pricing failed", error);
    return { failed: true, pricing: [] };
  }
}

/** A render with failed prices must not be kept by the page cache (workers/page-cache.ts) or a browser. */
const FAILED_RENDER_HEADERS = { "Cache-Control": "no-store" };

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["home"], pageCache: HOME_PAGE_SECONDS } satisfies I18nHandle & PageCacheHandle;

export async function loader(args: LoaderFunctionArgs) {
  const [{ t }, prices] = await Promise.all([getTranslator(args.request), loadHomePrices(args)]);
  return withHeaders(
    {
      title: t("meta.homeTitle"),
      description: t("meta.homeDescription"),
      prices,
      origin: new URL(args.request.url).origin,
    },
    prices.failed ? { headers: FAILED_RENDER_HEADERS } : undefined,
  );
}

/** The loader's `Cache-Control` (set only for a failed render) reaches the document; the rest as the parent routes say. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Trinity") },
  { name: "description", content: data?.description ?? "" },
  // Structured data: the site with its domain search (a sitelinks search box) and the organisation.
  ...(data
    ? [
        {
          "script:ld+json": {
            "@context": "https://schema.org",
            "@graph": [
              { "@type": "Organization", name: "Trinity", url: `${data.origin}/`, logo: `${data.origin}/favicon.svg` },
              {
                "@type": "WebSite",
                name: "Trinity",
                url: `${data.origin}/`,
                potentialAction: {
                  "@type": "SearchAction",
                  target: `${data.origin}/domain-search?q={search_term_string}`,
                  "query-input": "required name=search_term_string",
                },
              },
            ],
          },
        },
      ]
    : []),
];

function PriceCards() {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const { prices } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="prices-title" className="mx-auto max-w-5xl px-4">
      <h2 id="prices-title" className="sr-only">
        {t("home.prices.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {HOME_TRACKED_TLDS.map((tld) => {
          const state: HomePriceState = prices.failed
            ? { status: "failed" }
            : { status: "loaded", entry: prices.pricing.find((entry) => entry.tld === tld) };
          return (
            <li
              key={tld}
              data-testid={`price-card-${tld}`}
              className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="text-2xl font-bold text-indigo-700 dark:text-indigo-300">.{tld}</p>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("home.prices.onlyFrom")}</p>
              <p className="text-3xl font-extrabold tracking-tight" data-testid={`price-${tld}`}>
                {homePriceText(state, { locale, notAvailable: t("home.prices.notAvailable") })}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">{t("home.prices.perYear")}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-center">
        <Link
          to="/domain"
          className="text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {t("home.prices.seeAll")}
        </Link>
      </p>
    </section>
  );
}

const FEATURES = ["search", "dns", "transfer", "servers"] as const;
const WHY = ["ssl", "dnssec", "privacy", "lock", "renew", "support"] as const;
const VPS = [
  { key: "x86", anchor: "x86" },
  { key: "arm", anchor: "arm" },
  { key: "cpu", anchor: "root-servers-cpu" },
  { key: "gpu", anchor: "gpu-servers" },
] as const;
const FAQ = ["q1", "q2", "q3", "q4", "q5", "q6"] as const;

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
      {children}
    </h2>
  );
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white px-4 pb-16 pt-20 text-center dark:from-slate-900 dark:to-slate-950">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {t("home.hero.title")}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("home.hero.subtitle")}</p>
        <HomeSearch />
      </section>

      <PriceCards />

      <section aria-labelledby="features-title" className="mx-auto mt-24 max-w-7xl px-4">
        <SectionTitle id="features-title">{t("home.features.title")}</SectionTitle>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((key) => (
            <li key={key} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
              <h3 className="text-lg font-semibold">{t(`home.features.items.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`home.features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-title" className="mt-24 bg-slate-50 px-4 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-7xl">
          <SectionTitle id="why-title">{t("home.why.title")}</SectionTitle>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {WHY.map((key) => (
              <li key={key} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-950">
                <h3 className="text-lg font-semibold">{t(`home.why.items.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`home.why.items.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="trinity-title" className="mx-auto mt-24 max-w-4xl px-4 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-violet-700 dark:text-violet-300">
          {t("home.trinity.eyebrow")}
        </p>
        <h2 id="trinity-title" className="mt-2 text-3xl font-bold tracking-tight">
          {t("home.trinity.title")}
        </h2>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("home.trinity.text")}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/domain-search"
            className="rounded-xl bg-violet-700 px-6 py-3 font-semibold text-white hover:bg-violet-800 dark:bg-violet-400 dark:text-slate-950 dark:hover:bg-violet-300"
          >
            {t("home.trinity.try")}
          </Link>
          <a
            href="#faq"
            className="rounded-xl border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
          >
            {t("home.trinity.learnMore")}
          </a>
        </div>
      </section>

      <section aria-labelledby="vps-title" className="mx-auto mt-24 max-w-7xl px-4">
        <SectionTitle id="vps-title">{t("home.vps.title")}</SectionTitle>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
          {t("home.vps.subtitle")}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VPS.map(({ key }) => (
            <li key={key}>
              <Link
                to="/vps"
                className="block h-full rounded-2xl border border-slate-200 p-6 transition hover:border-indigo-400 hover:shadow-md dark:border-slate-800 dark:hover:border-indigo-500"
              >
                <h3 className="text-lg font-semibold">{t(`home.vps.items.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`home.vps.items.${key}.text`)}</p>
                <p className="mt-4 text-sm font-semibold text-indigo-700 dark:text-indigo-300">
                  {t("home.vps.viewPlans")} →
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto mt-24 max-w-3xl scroll-mt-28 px-4">
        <SectionTitle id="faq-title">{t("home.faq.title")}</SectionTitle>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {FAQ.map((key) => (
            <details key={key} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                {t(`home.faq.items.${key}.q`)}
                <span aria-hidden="true" className="text-xl text-slate-500 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-700 dark:text-slate-300">{t(`home.faq.items.${key}.a`)}</p>
            </details>
          ))}
        </div>
        <p className="mt-8 text-center text-slate-700 dark:text-slate-300">
          {t("home.faq.contact")}{" "}
          <Link
            to="/dashboard/support"
            className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
          >
            {t("home.faq.contactLink")}
          </Link>
        </p>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
