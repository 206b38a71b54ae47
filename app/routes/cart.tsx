import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addDomainToCartFormSchema } from "../../core/cart";
import { cartDiscountSchema } from "../../core/checkout";
import type { CartWithSummary } from "../../workers/api/contract/cart";
import { formatPercent } from "../../core/format";
import { useFormat } from "../i18n/use-format";
import { safeRedirectPath } from "../../core/safe-redirect";
import { CART_INTENTS, type CartActionData } from "../components/domain/add-to-cart";
import { BUTTON_CLASS, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { readApi } from "../server/api.server";
import { cartApi } from "../server/cart.server";
import { cartCookie } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText } from "../i18n/api-errors";

// The page's texts are a shell part: the browser loads them with the page (app/i18n/namespaces.ts).
export const handle = { i18n: ["shop"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ t }, { cartId, signedIn, client }] = await Promise.all([getTranslator(request), cartApi(request, context)]);
  const result = cartId || signedIn ? await readApi(await client.$get()) : null;
  const cart = result?.ok ? result.data : null;
  return { title: t("cart.metaTitle"), cart, signedIn };
}

/** The discount form's answer when a code is refused: shown beside the field, the code kept. */
type DiscountActionData = { ok: false; intent: typeof DISCOUNT_INTENTS.apply; code: string; message: string };

const DISCOUNT_INTENTS = { apply: "discount-apply", remove: "discount-remove" } as const;

function isDiscountRefusal(value: unknown): value is DiscountActionData {
  return (
    typeof value === "object" &&
    value !== null &&
    "intent" in value &&
    value.intent === DISCOUNT_INTENTS.apply &&
    "code" in value
  );
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Cart") },
];

/**
 * The one cart action (house style 5): named intents, 400 for an unknown one. With JS (`_js=1`,
 * a fetcher) it answers data; without JS it redirects back to `redirectTo` with a flash toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const [{ t, locale }, { cartId: existingCartId, client: cart }] = await Promise.all([
    getTranslator(request),
    cartApi(request, context),
  ]);
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
      const answer = await readApi(response);
      result = answer.ok
        ? {
            ok: true,
            status: 200,
            cartId: answer.data.id,
            message: t("cart.added", { domain: answer.data.items.at(-1)?.unicode ?? parsed.data.domain }),
          }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
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
        intent === CART_INTENTS.remove
          ? await item.$delete({ param: { id: itemId } })
          : await item.$patch({ param: { id: itemId }, json: { years } });
      const answer = await readApi(response);
      result = answer.ok
        ? { ok: true, status: 200, message: intent === CART_INTENTS.remove ? t("cart.removed") : t("cart.updated") }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
      break;
    }
    case DISCOUNT_INTENTS.apply: {
      const code = String(form.get("code") ?? "").slice(0, 200);
      const parsed = cartDiscountSchema.safeParse({ code });
      let refusal: string | null = null;
      if (!parsed.success) {
        refusal = t(`cart.discount.reasons.${code.trim() ? "too_long" : "discount_required"}`);
      } else {
        const answer = await readApi(await cart.discount.$put({ json: parsed.data }));
        if (answer.ok) {
          const applied = answer.data.discount;
          result = {
            ok: true,
            status: 200,
            message: t("cart.discount.applied", {
              code: applied?.code ?? parsed.data.code,
              percentage: formatPercent(locale, applied?.percentage ?? 0),
            }),
          };
          break;
        }
        refusal = apiErrorText(t, answer, "cart.discount");
      }
      // A refused code stays in its field with the reason beside it (JS on or off): no redirect.
      return data({ ok: false, intent: DISCOUNT_INTENTS.apply, code, message: refusal } satisfies DiscountActionData, {
        status: 400,
      });
    }
    case DISCOUNT_INTENTS.remove: {
      const answer = await readApi(await cart.discount.$delete());
      result = answer.ok
        ? { ok: true, status: 200, message: t("cart.discount.removed") }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
      break;
    }
    default:
      return data({ ok: false, message: `Unknown intent "${String(intent)}".` } satisfies CartActionData, {
        status: 400,
      });
  }

  const headers = new Headers();
  if (result.cartId && result.cartId !== existingCartId) {
    headers.append("Set-Cookie", await cartCookie(context).serialize(result.cartId));
  }
  if (viaFetcher) {
    return data({ ok: result.ok, message: result.message } satisfies CartActionData, {
      status: result.status,
      headers,
    });
  }
  for (const [name, value] of await createToastHeaders({
    type: result.ok ? "success" : "error",
    description: result.message,
  })) {
    headers.append(name, value);
  }
  return redirect(redirectTo, { status: 303, headers });
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

function CartSummary({ cart, signedIn }: { cart: CartWithSummary; signedIn: boolean }) {
  const { t } = useTranslation();
  const { money, percent } = useFormat();
  const location = useLocation();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const refused = isDiscountRefusal(actionData) ? actionData : null;
  const discount = cart.discount;
  const busy = navigation.state !== "idle" && navigation.formAction === "/cart";
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        {!signedIn ? (
          <p className="text-sm">
            <Link
              to={`/signin?redirect=${encodeURIComponent("/cart")}`}
              className="text-indigo-700 underline dark:text-indigo-300"
            >
              {t("cart.discount.signIn")}
            </Link>
          </p>
        ) : discount ? (
          <Form method="post" action="/cart" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value={DISCOUNT_INTENTS.remove} />
            <input type="hidden" name="redirectTo" value={location.pathname} />
            <p className="text-sm">
              <span className="font-semibold">{discount.code}</span>
              {discount.isValid
                ? ""
                : ` — ${t("cart.discount.notApplied", { code: discount.code, reason: t(`cart.discount.reasons.${discount.reason ?? "discount_invalid"}`) })}`}
            </p>
            <button
              type="submit"
              aria-label={t("cart.discount.removeCode", { code: discount.code })}
              className="text-sm text-rose-700 underline dark:text-rose-300"
            >
              {t("cart.discount.remove")}
            </button>
          </Form>
        ) : (
          <Form method="post" action="/cart" className="flex flex-wrap items-end gap-2" noValidate>
            <input type="hidden" name="intent" value={DISCOUNT_INTENTS.apply} />
            <input type="hidden" name="redirectTo" value={location.pathname} />
            <div className="min-w-0 flex-1">
              <label htmlFor="discount-code" className="text-sm font-medium">
                {t("cart.discount.label")}
              </label>
              <input
                id="discount-code"
                name="code"
                defaultValue={refused?.code ?? ""}
                key={refused?.code ?? ""}
                maxLength={64}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? "discount-code-error" : undefined}
                className={INPUT_CLASS}
              />
            </div>
            <button type="submit" className={SECONDARY_BUTTON_CLASS} disabled={busy}>
              {t("cart.discount.apply")}
            </button>
            {refused ? (
              <p id="discount-code-error" role="alert" className="w-full text-sm text-rose-700 dark:text-rose-300">
                {refused.message}
              </p>
            ) : null}
          </Form>
        )}
      </div>
      <div className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold">{t("cart.summary")}</h2>
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>
              {t("cart.subtotal")} ({t("cart.items", { count: cart.totalItems })})
            </dt>
            <dd>{money(cart.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("cart.icannFees")}</dt>
            <dd>{money(cart.icannFees)}</dd>
          </div>
          {discount?.isValid ? (
            <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
              <dt>{t("cart.discountLine", { code: discount.code, percentage: percent(discount.percentage) })}</dt>
              <dd>−{money(cart.discountAmount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>{t("cart.tax")}</dt>
            <dd>{money(cart.tax)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold dark:border-slate-800">
            <dt>{t("cart.total")}</dt>
            <dd>{money(cart.total)}</dd>
          </div>
        </dl>
        <Link to="/checkout" className={`${BUTTON_CLASS} mt-4 w-full`}>
          {t("cart.checkout")}
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
