import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OFFER_CURRENCIES } from "../../../core/offer-currencies";
import { useSchemaForm } from "../ui/form-hooks";

/** The action's last answer to the offer form (null before any). */
export type OfferResult = SubmissionResult<string[]> | null | undefined;

const INPUT =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900";

/** A labelled offer-form control with its (translated) error below it; Conform's field props
 * point the control at `${id}-error` while it is invalid. */
function OfferField({
  id,
  label,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The offer form for a taken name (SPEC §5): posts to the results page's action. */
export function OfferForm({ domain, lastResult }: { domain: string; lastResult: OfferResult }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm({
    id: `offer-${domain}`,
    schema: () => import("../../../core/domain-offer").then((m) => m.offerSchema),
    lastResult,
    defaultValue: { domain, currency: "USD" },
    validateOn: "onBlur",
  });
  return (
    <section
      aria-labelledby="offer-title"
      className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="offer-title" className="font-semibold">
        {t("search.offerHeading")}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("search.offerText")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input {...getInputProps(fields.domain, { type: "hidden" })} />
        <OfferField
          id={fields.amount.id}
          label={t("search.offerAmount")}
          error={fields.amount.errors ? t("search.offerErrors.amount") : null}
        >
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" className={INPUT} />
        </OfferField>
        <div>
          <label htmlFor={fields.currency.id} className="text-sm font-medium">
            {t("search.offerCurrency")}
          </label>
          <select {...getSelectProps(fields.currency)} className={INPUT}>
            {OFFER_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        <OfferField
          id={fields.email.id}
          label={t("search.offerEmail")}
          error={fields.email.errors ? t("search.offerErrors.email") : null}
          wide
        >
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={INPUT} />
        </OfferField>
        <OfferField
          id={fields.message.id}
          label={t("search.offerMessage")}
          error={fields.message.errors ? t("search.offerErrors.message") : null}
          wide
        >
          <textarea {...getTextareaProps(fields.message)} rows={3} className={INPUT} />
        </OfferField>
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 dark:text-rose-300">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white dark:bg-slate-100 dark:text-slate-900"
          >
            {t("search.offerSubmit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
