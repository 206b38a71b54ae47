import { getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { CHECKOUT_NEW_CARD, type CheckoutFormFields } from "../../../core/checkout-fields";
import type { AddressView } from "../../../workers/api/contract/account";
import type { PaymentMethodView } from "../../../workers/api/contract/payments";
import { fullName } from "../dashboard/address";
import { CardFields } from "../payment/card-form";
import type { Fieldset } from "../ui/form-stand-in";
import { ADDRESS_BOOK_PATH, CONTACTS_ID } from "./forms";

// The checkout form's two choices: the registrant contact (from the address book) and the payment
// method (a saved card, or a new one with the test provider).

export type CheckoutFields = Fieldset<CheckoutFormFields>;

/** The registrant contact: one of the address book's entries. */
export function ContactChoice({
  fields,
  addresses,
  listRef,
}: {
  fields: CheckoutFields;
  addresses: AddressView[];
  listRef: Ref<HTMLUListElement>;
}) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset aria-describedby={`${fields.contact_id.id}-intro ${fields.contact_id.errorId}`}>
      <legend id="checkout-contact-legend" className="text-lg font-semibold">
        {t("contact.legend")}
      </legend>
      <p id={`${fields.contact_id.id}-intro`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t("contact.intro")}
      </p>
      <ul
        id={CONTACTS_ID}
        ref={listRef}
        tabIndex={-1}
        aria-labelledby="checkout-contact-legend"
        className="mt-3 space-y-2"
      >
        {addresses.map((address) => (
          <li key={address.id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
              <input
                type="radio"
                name={fields.contact_id.name}
                value={String(address.contactId)}
                defaultChecked={fields.contact_id.initialValue === String(address.contactId)}
                className="mt-1"
              />
              <span className="text-sm">
                <span className="font-semibold">{fullName(address)}</span>
                {address.organization ? `, ${address.organization}` : ""}
                <br />
                {[address.address, address.city, address.country].filter(Boolean).join(", ")}
                <br />
                <span className="text-slate-600 dark:text-slate-400">
                  {t("contact.contactId", { id: address.contactId })}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p id={fields.contact_id.errorId} className="mt-2 text-sm text-rose-700 dark:text-rose-300">
        {fields.contact_id.errors?.length ? t("errors.invalid_contact_id") : null}
      </p>
      <p className="flex flex-wrap gap-x-4 text-sm">
        <a href="#add-contact" className="text-indigo-700 underline dark:text-indigo-300">
          {t("contact.addAnother")}
        </a>
        <Link to={ADDRESS_BOOK_PATH} className="text-indigo-700 underline dark:text-indigo-300">
          {t("contact.manage")}
        </Link>
      </p>
    </fieldset>
  );
}

/** The payment method: a saved card, or a new card (the test provider only; Stripe needs a saved one). */
export function MethodChoice({
  fields,
  methods,
  canTypeCard,
  secretsCleared,
}: {
  fields: CheckoutFields;
  methods: PaymentMethodView[];
  canTypeCard: boolean;
  secretsCleared: boolean;
}) {
  const { t } = useTranslation("checkout");
  const cardFields = fields.card.getFieldset();
  return (
    <fieldset aria-describedby={fields.method.errorId}>
      <legend className="text-lg font-semibold">{t("method.legend")}</legend>
      <ul className="mt-3 space-y-2">
        {methods.map((method) => (
          <li key={method.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
              <input
                type="radio"
                name={fields.method.name}
                value={method.id}
                defaultChecked={fields.method.initialValue === method.id}
              />
              <span className="text-sm">
                {t("method.saved", {
                  brand: t(`payment:brands.${method.brand}`, { defaultValue: method.brand }),
                  last4: method.last4,
                  month: String(method.exp_month).padStart(2, "0"),
                  year: method.exp_year,
                })}
                {method.is_default ? (
                  <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                    {t("method.default")}
                  </span>
                ) : null}
              </span>
            </label>
          </li>
        ))}
        {canTypeCard ? (
          <li>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
              <input
                type="radio"
                name={fields.method.name}
                value={CHECKOUT_NEW_CARD}
                defaultChecked={fields.method.initialValue === CHECKOUT_NEW_CARD}
              />
              <span className="text-sm font-medium">{t("method.newCard")}</span>
            </label>
          </li>
        ) : null}
      </ul>
      <p id={fields.method.errorId} className="mt-2 text-sm text-rose-700 dark:text-rose-300">
        {fields.method.errors?.length ? t("errors.choose_method") : null}
      </p>
      {canTypeCard ? (
        <div className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <CardFields fields={cardFields} secretsCleared={secretsCleared} />
          <label className="mt-4 flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.save_card, { type: "checkbox" })} />
            {t("method.saveCard")}
          </label>
        </div>
      ) : (
        <p className="mt-3 text-sm">
          {t("method.stripeNeedsSaved")}{" "}
          <Link to="/dashboard/billing/methods" className="text-indigo-700 underline dark:text-indigo-300">
            {t("method.addCard")}
          </Link>
        </p>
      )}
    </fieldset>
  );
}
