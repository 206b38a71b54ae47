import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";

const TABS = ["recommended", "popular", "all"] as const;
type Tab = (typeof TABS)[number];
/** Rows per "show more" step; the API answers at most 100 per page. */
const STEP = 25;
const API_PAGE = 100;

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t } = await getTranslator(request);
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = TABS.find((candidate) => candidate === tabParam) ?? "recommended";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 63);
  const show = Math.min(Math.max(Number.parseInt(url.searchParams.get("show") ?? "1", 10) || 1, 1), 40);
  const wanted = STEP * show;
  const client = apiClient(context, request).api.v1.domains;
  const base = { title: t("pricing.metaTitle"), description: t("pricing.metaDescription"), tab, q, show };

  if (q) {
    const answer = await readApi(await client.tlds.search.$get({ query: { q, limit: "50" } }));
    return answer.ok
      ? { ...base, loaded: true as const, rows: answer.data.tlds, total: answer.data.tlds.length }
      : { ...base, loaded: false as const, rows: [], total: 0 };
  }

  const filter = tab === "all" ? "all" : tab;
  const pages = Math.ceil(wanted / API_PAGE);
  const answers = await Promise.all(
    Array.from({ length: pages }, async (_, index) =>
      readApi(
        await client["tld-pricing"].$get({
          query: {
            currency: "USD",
            filter,
            page: String(index + 1),
            count_per_page: String(Math.min(API_PAGE, wanted)),
          },
        }),
      ),
    ),
  );
  if (answers.some((answer) => !answer.ok)) return { ...base, loaded: false as const, rows: [], total: 0 };
  const rows = answers.flatMap((answer) => (answer.ok ? answer.data.pricing : [])).slice(0, wanted);
  const [first] = answers;
  const total = first?.ok ? first.data.pagination.total : rows.length;
  return { ...base, loaded: true as const, rows, total };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Domain pricing") },
  { name: "description", content: data?.description ?? "" },
];

function Money({ value }: { value: number | null }) {
  const { money } = useFormat();
  return <>{value === null ? "—" : money(value)}</>;
}

export default function DomainPricing() {
  const { t } = useTranslation();
  const { money } = useFormat();
  const { tab, q, show, loaded, rows, total } = useLoaderData<typeof loader>();
  const tabLink = (target: Tab) => `/domain?tab=${target}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("pricing.title")}</h1>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{t("pricing.subtitle")}</p>

      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <nav aria-label={t("pricing.tabsLabel")}>
          <ul className="inline-flex rounded-lg border border-slate-300 p-1 dark:border-slate-700">
            {TABS.map((option) => (
              <li key={option}>
                <Link
                  to={tabLink(option)}
                  aria-current={!q && tab === option ? "page" : undefined}
                  className="block rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-100 dark:aria-[current=page]:text-slate-900"
                >
                  {t(`pricing.tabs.${option}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" action="/domain" role="search" className="flex gap-2">
          <label htmlFor="tld-search" className="sr-only">
            {t("pricing.searchLabel")}
          </label>
          <input
            id="tld-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={63}
            placeholder={t("pricing.searchPlaceholder")}
            className="h-10 w-56 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
          />
          <button
            type="submit"
            className="h-10 rounded-md bg-indigo-600 px-4 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
          >
            {t("pricing.searchButton")}
          </button>
        </Form>
      </div>

      {!loaded ? (
        <div
          role="alert"
          className="mt-8 rounded-xl border border-rose-300 bg-rose-50 p-6 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          <p>{t("pricing.notLoaded")}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled
              className="cursor-not-allowed rounded-md bg-slate-300 px-4 py-2 font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-300"
            >
              {t("pricing.register")}
            </button>
            <Link to="/dashboard/support" className="font-semibold underline">
              {t("common.contactSupport")}
            </Link>
          </div>
        </div>
      ) : rows.length === 0 ? (
        <p className="mt-8 text-slate-700 dark:text-slate-300">{t("pricing.noMatch", { q })}</p>
      ) : (
        <>
          <div className="relative mt-8 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.extension")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.registration")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.transfer")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.renewal")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.icannFee")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("pricing.columns.sale")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("pricing.register")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {rows.map((row) => (
                  <tr key={row.tld} data-testid={`tld-row-${row.tld}`}>
                    <th scope="row" className="px-4 py-3 text-base font-semibold">
                      .{row.display}
                    </th>
                    <td className="px-4 py-3">
                      <Money value={row.registration_price} />
                    </td>
                    <td className="px-4 py-3">
                      <Money value={row.transfer_price} />
                    </td>
                    <td className="px-4 py-3">
                      <Money value={row.renewal_price} />
                    </td>
                    <td className="px-4 py-3">
                      <Money value={row.icann_fee} />
                    </td>
                    <td className="px-4 py-3">
                      {row.on_sale && row.sale_price !== null ? (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                          {money(row.sale_price)}
                        </span>
                      ) : (
                        t("pricing.noSale")
                      )}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Link
                        to={`/domain-search?tld=${encodeURIComponent(row.tld)}`}
                        aria-label={t("pricing.registerTld", { tld: row.display })}
                        className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
                      >
                        {t("pricing.register")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex items-center justify-between">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("pricing.shown", { shown: rows.length, total })}
            </p>
            {!q && rows.length < total ? (
              <Link
                to={`/domain?tab=${tab}&show=${show + 1}`}
                preventScrollReset
                className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
              >
                {t("pricing.showMore")}
              </Link>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
