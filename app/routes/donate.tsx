import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { donatePlansSchema, type DonationPlan } from "../../core/content";
import { BANK_CURRENCIES, CRYPTO_METHODS, DONATION_EMAIL } from "../config/donate";
import { InfoPage, infoPageMeta } from "../components/content/info-page";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { getPage } from "../server/content.server";
import { getLocale } from "../server/i18n.server";
import { loadInfoPage } from "../server/info-page.server";

// /donate (SPEC §1, §4, §9): the foundation's plans with their status, and the ways to give.
export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await loadInfoPage(request, "donate");
  const { plans } = donatePlansSchema.parse(getPage("donate", await getLocale(request))?.data);
  return { ...page, plans };
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta = infoPageMeta;

const STATUS_CLASS: Record<DonationPlan["status"], string> = {
  development: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  planned: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  research: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
};

const CARD = "rounded-2xl border border-slate-200 p-5 dark:border-slate-800";

export default function DonatePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const mailto = (subject: string) => `mailto:${DONATION_EMAIL}?subject=${encodeURIComponent(subject)}`;
  return (
    <InfoPage data={data}>
      <section aria-labelledby="plans-title" className="mt-12">
        <h2 id="plans-title" className="text-2xl font-bold tracking-tight">
          {t("donate.plansTitle")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {data.plans.map((plan) => (
            <li key={plan.title} className={CARD}>
              <h3 className="font-semibold">{plan.title}</h3>
              <p
                className={`mt-2 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[plan.status]}`}
              >
                {t(`donate.status.${plan.status}`)}
              </p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{plan.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="methods-title" className="mt-12">
        <h2 id="methods-title" className="text-2xl font-bold tracking-tight">
          {t("donate.methodsTitle")}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("donate.detailsOnRequest")}</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className={CARD}>
            <h3 className="font-semibold">{t("donate.crypto")}</h3>
            <ul className="mt-3 space-y-3">
              {CRYPTO_METHODS.map((method) => (
                <li key={method.asset}>
                  <p className="font-medium">{method.asset}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t("donate.network", { network: method.network })}
                  </p>
                  <a
                    className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
                    href={mailto(`${method.asset} – ${method.network}`)}
                  >
                    {t("donate.ask")}
                    <span className="sr-only">
                      : {method.asset}, {method.network}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className={CARD}>
            <h3 className="font-semibold">{t("donate.bank")}</h3>
            <ul className="mt-3 space-y-3">
              {BANK_CURRENCIES.map((currency) => (
                <li key={currency}>
                  <p className="font-medium">{t("donate.currency", { currency })}</p>
                  <a
                    className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
                    href={mailto(`${t("donate.bank")} – ${currency}`)}
                  >
                    {t("donate.ask")}
                    <span className="sr-only">: {t("donate.currency", { currency })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </InfoPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
