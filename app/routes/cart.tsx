import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addDomainToCartFormSchema, type CartView } from "../../core/cart";
import { formatUsd } from "../../core/money";
import { safeRedirectPath } from "../../core/safe-redirect";
import { CART_INTENTS, type CartActionData } from "../components/domain/add-to-cart";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { readApi } from "../server/api.server";
import { cartApi } from "../server/cart.server";
import { cartCookie } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ t }, { cartId, signedIn, client }] = await Promise.all([getTranslator(request), cartApi(request, context)]);
  let cart: CartView | null = null;
  if (cartId || signedIn) {
    const result = await readApi<CartView>(await client.$get());
    cart = result.ok ? result.data : null;
  }
  return { title: t("cart.metaTitle"), cart };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [{ title: error ? errorTitle(error) : (data?.title ?? "Cart") }];

/**
 * The one cart action (house style 5): named intents, 400 for an unknown one. With JS (`_js=1`,
 * a fetcher) it answers data; without JS it redirects back to `redirectTo` with a flash toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const [{ t }, { cartId: existingCartId, client: cart }] = await Promise.all([getTranslator(request), cartApi(request, context)]);
  const viaFetcher = form.get("_js") === "1";
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/cart");
  const intent = form.get("intent");

  let result: { ok: boolean; message: string; status: number; cartId?: string };
  switch (intent) {
    case CART_INTENTS.add: {
      const parsed = addDomainToCartFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        result = { ok: false, status: 400, message: t("domainErrors.invalid_format") };
        break;
      }
      const response = await cart.items.$post({ json: parsed.data });
      const answer = await readApi<CartView>(response);
      result = answer.ok
        ? { ok: true, status: 200, cartId: answer.data.id, message: t("cart.added", { domain: answer.data.items.at(-1)?.unicode ?? parsed.data.domain }) }
        : { ok: false, status: answer.status, message: cartErrorText(t, answer.code, answer.message) };
      break;
    }
    case CART_INTENTS.remove:
    case CART_INTENTS.setYears: {
      const itemId = String(form.get("itemId") ?? "");
      const years = Number(form.get("years"));
      if (!itemId || (intent === CART_INTENTS.setYears && !Number.isInteger(years))) {
        result = { ok: false, status: 400, message: t("cart.errors.generic", { message: "no such item" }) };
        break;
      }
      const item = cart.items[":id"];
      const response =
        intent === CART_INTENTS.remove ? await item.$delete({ param: { id: itemId } }) : await item.$patch({ param: { id: itemId }, json: { years } });
      const answer = await readApi<CartView>(response);
      result = answer.ok
        ? { ok: true, status: 200, message: intent === CART_INTENTS.remove ? t("cart.removed") : t("cart.updated") }
        : { ok: false, status: answer.status, message: cartErrorText(t, answer.code, answer.message) };
      break;
    }
    default:
      return data({ ok: false, message: `Unknown intent "${String(intent)}".` } satisfies CartActionData, { status: 400 });
  }

  const headers = new Headers();
  if (result.cartId && result.cartId !== existingCartId) {
    headers.append("Set-Cookie", await cartCookie(context).serialize(result.cartId));
  }
  if (viaFetcher) {
    return data({ ok: result.ok, message: result.message } satisfies CartActionData, { status: result.status, headers });
  }
  for (const [name, value] of await createToastHeaders({ type: result.ok ? "success" : "error", description: result.message })) {
    headers.append(name, value);
  }
  return redirect(redirectTo, { status: 303, headers });
}

function cartErrorText(t: (key: string, options?: Record<string, string>) => string, code: string, message: string): string {
  const known = ["already_in_cart", "not_available", "not_registered", "not_transferable", "already_registered_here", "cart_full", "invalid_years"];
  if (known.includes(code)) return t(`cart.errors.${code}`);
  if (code in DOMAIN_CODES) return t(`domainErrors.${code}`);
  return t("cart.errors.generic", { message });
}
const DOMAIN_CODES = { invalid_format: 1, too_long: 1, invalid_characters: 1, unknown_extension: 1, required: 1 };

export default function Cart() {
  const { t } = useTranslation();
  const { cart } = useLoaderData<typeof loader>();
  const location = useLocation();
  const items = cart?.items ?? [];
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("cart.title")}</h1>
      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800">
          <p className="text-slate-700 dark:text-slate-300">{t("cart.empty")}</p>
          <Link to="/domain-search" className="mt-4 inline-block rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">
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
                    {t(`cart.${item.selectedAction === "transfer" ? "transfer" : item.selectedAction === "renewal" ? "renewal" : "registration"}`)}
                    {item.premium ? ` · ${t("cart.premium")}` : ""}
                  </p>
                </div>
                <Form method="post" action="/cart" className="flex items-center gap-2">
                  <input type="hidden" name="intent" value={CART_INTENTS.setYears} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="redirectTo" value={location.pathname} />
                  <label className="text-sm">
                    <span className="sr-only">{t("cart.yearsLabel", { domain: item.unicode })}</span>
                    <select name="years" defaultValue={item.years} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900">
                      {Array.from({ length: item.maxAllowedYears }, (_, index) => index + 1).map((years) => (
                        <option key={years} value={years}>
                          {t("common.years", { count: years })}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700">
                    {t("cart.update")}
                  </button>
                </Form>
                <p className="w-24 text-right font-semibold">{formatUsd(item.totalPrice)}</p>
                <Form method="post" action="/cart">
                  <input type="hidden" name="intent" value={CART_INTENTS.remove} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="redirectTo" value={location.pathname} />
                  <button type="submit" aria-label={t("cart.removeItem", { domain: item.unicode })} className="text-sm text-rose-700 underline dark:text-rose-300">
                    {t("cart.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex items-center justify-between">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("cart.icannNote")}</p>
            <p className="text-lg">
              {t("cart.subtotal")} ({t("cart.items", { count: cart?.totalItems ?? 0 })}): <strong>{formatUsd(cart?.subtotal ?? 0)}</strong>
            </p>
          </div>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
