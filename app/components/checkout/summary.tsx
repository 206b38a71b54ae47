import { useTranslation } from "react-i18next";
import type { SubmissionResult } from "@conform-to/react";
import type { CartWithSummary } from "../../../workers/api/contract/cart";
import { useFormat } from "../../i18n/use-format";
import { AddressForm } from "../dashboard/address-form";
import type { CountryOption } from "../dashboard/format";
import { BUTTON_CLASS } from "../ui/form";
import { CHECKOUT_INTENTS, CHECKOUT_PATH } from "./forms";

/** The order's lines and totals beside the checkout form, with its Pay button. */
export function OrderSummary({ cart, busy, canPay }: { cart: CartWithSummary; busy: boolean; canPay: boolean }) {
  const { t } = useTranslation("checkout");
  const { money } = useFormat();
  return (
    <aside className="h-fit rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 className="text-lg font-semibold">{t("items")}</h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {cart.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-all">
              {item.unicode}
              <span className="block text-slate-600 dark:text-slate-400">
                {t(`status.operation.${item.selectedAction}`, { defaultValue: item.selectedAction })} ·{" "}
                {t("status.years", { count: item.years })}
              </span>
            </span>
            <span>{money(item.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
        <div className="flex justify-between">
          <dt>{t("status.subtotal")}</dt>
          <dd>{money(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("translation:cart.icannFees")}</dt>
          <dd>{money(cart.icannFees)}</dd>
        </div>
        {cart.discount?.isValid ? (
          <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
            <dt>{t("status.discount", { code: cart.discount.code })}</dt>
            <dd>−{money(cart.discountAmount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>{t("status.tax")}</dt>
          <dd>{money(cart.tax)}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>{t("status.total")}</dt>
          <dd>{money(cart.total)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">{t("terms")}</p>
      <button type="submit" className={`${BUTTON_CLASS} mt-4 w-full`} disabled={busy || !canPay}>
        {busy ? t("paying") : t("pay", { amount: money(cart.total) })}
      </button>
    </aside>
  );
}

/** The registrant contact form on the checkout page: a new address-book entry, chosen once saved. */
export function AddContact({
  heading,
  intro,
  countries,
  lastResult,
}: {
  heading: string;
  intro: string;
  countries: CountryOption[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section
      id="add-contact"
      aria-labelledby="add-contact-title"
      className="mt-8 rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="add-contact-title" className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      <AddressForm
        countries={countries}
        lastResult={lastResult}
        intent={CHECKOUT_INTENTS.addContact}
        action={CHECKOUT_PATH}
      />
    </section>
  );
}
