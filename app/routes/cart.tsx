import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { CartSummary } from "../components/cart/summary";
import { CART_INTENTS } from "../components/domain/add-to-cart";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { cartAction, loadCartPage } from "../server/cart-page.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCartPage(request, context);
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Cart") },
];

/**
 * The one cart action (house style 5): named intents, 400 for an unknown one. With JS (`_js=1`,
 * a fetcher) it answers data; without JS it redirects back to `redirectTo` with a flash toast.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return cartAction(request, context);
}

export default function Cart() {
  const { t } = useTranslation();
  const { money } = useFormat();
  const { cart, signedIn } = useLoaderData<typeof loader>();
  const location = useLocation();
  const items = cart?.items ?? [];
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("cart.title")}</h1>
      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800">
          <p className="text-slate-700 dark:text-slate-300">{t("cart.empty")}</p>
          <Link
            to="/domain-search"
            className="mt-4 inline-block rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white dark:bg-indigo-400 dark:text-slate-950"
          >
            {t("cart.emptyCta")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-all">{item.unicode}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {item.type === "vps"
                      ? t(item.selectedAction === "renewal" ? "cart.serverRenewal" : "cart.serverLine", {
                          plan: item.planName,
                          cycle: t(`cart.cycles.${item.billingCycle}`),
                        }) + (item.osName ? ` · ${item.osName}` : "")
                      : t(
                          `cart.${item.selectedAction === "transfer" ? "transfer" : item.selectedAction === "renewal" ? "renewal" : "registration"}`,
                        ) + (item.premium ? ` · ${t("cart.premium")}` : "")}
                  </p>
                </div>
                {item.type === "vps" ? null : (
                  <Form method="post" action="/cart" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value={CART_INTENTS.setYears} />
                    <input type="hidden" name="itemId" value={item.id} />
                    <input type="hidden" name="redirectTo" value={location.pathname} />
                    <label className="text-sm">
                      <span className="sr-only">{t("cart.yearsLabel", { domain: item.unicode })}</span>
                      <select
                        name="years"
                        defaultValue={item.years}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
                      >
                        {Array.from({ length: item.maxAllowedYears }, (_, index) => index + 1).map((years) => (
                          <option key={years} value={years}>
                            {t("common.years", { count: years })}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700"
                    >
                      {t("cart.update")}
                    </button>
                  </Form>
                )}
                <p className="w-24 text-right font-semibold">{money(item.totalPrice)}</p>
                <Form method="post" action="/cart">
                  <input type="hidden" name="intent" value={CART_INTENTS.remove} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="redirectTo" value={location.pathname} />
                  <button
                    type="submit"
                    aria-label={t("cart.removeItem", { domain: item.unicode })}
                    className="text-sm text-rose-700 underline dark:text-rose-300"
                  >
                    {t("cart.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("cart.icannNote")}</p>
          {cart ? <CartSummary cart={cart} signedIn={signedIn} /> : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
