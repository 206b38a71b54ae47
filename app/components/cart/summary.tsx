import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CartWithSummary } from "../../../workers/api/contract/cart";
import { useFormat } from "../../i18n/use-format";
import { BUTTON_CLASS, INPUT_CLASS, Labelled, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { DISCOUNT_INTENTS, isDiscountRefusal } from "./discount";

// The cart's summary: the discount code form (apply, or the applied code with its remove button;
// a refused code stays in its field with the reason beside it) and the totals with "Check out".

export function CartSummary({ cart, signedIn }: { cart: CartWithSummary; signedIn: boolean }) {
  const { t } = useTranslation();
  const { money, percent } = useFormat();
  const location = useLocation();
  const navigation = useNavigation();
  const actionData = useActionData<unknown>();
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
            <Labelled id="discount-code" label={t("cart.discount.label")} className="min-w-0 flex-1">
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
            </Labelled>
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
