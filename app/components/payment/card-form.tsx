import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, INPUT_CLASS } from "../ui/form";
import { type CardFieldName, usePaymentErrorText } from "./card-text";

export {
  CARD_FIELDS,
  PAYMENT_ERROR_TEXT_CODES,
  cardSecretFields,
  formatCardExpiry,
  isPaymentErrorCode,
  useCardLabel,
  usePaymentErrorText,
} from "./card-text";
export type { CardFieldName, PaymentErrorTextCode } from "./card-text";

/**
 * The card fields of the embedded test payments provider (SPEC §8 "Payment"): number, expiry
 * ("MM / YY"), CVC and the optional name on the card. A server-rendered block with no script of
 * its own, so it works without JavaScript; put it inside a Conform `<Form method="post">` and
 * hand it that form's fields. Used by the payment methods page (add a card) and the checkout.
 *
 * - Schema: `cardFormSchema()` from core/payments/card.ts (not imported here: pages load their form
 *   schema on first use of the form, so this block carries no zod) parses the four
 *   fields into `{ card: CardInput, name }`; its messages are the SPEC §8 error codes, which this
 *   component translates (namespace "payment", `errors.<code>`). Compose it in a page's form
 *   schema as a nested object (`card: cardFormSchema()`) and pass `fields.card.getFieldset()`.
 * - Card secrets: an action answering 400 must never send the number or the CVC back; reply with
 *   `submission.reply({ hideFields: cardSecretFields(prefix) })` (the other fields are kept).
 * - Routes that render it list the "payment" namespace in `handle.i18n`.
 */

type CardFieldset = {
  number: FieldMetadata<string>;
  expiry: FieldMetadata<string>;
  cvc: FieldMetadata<string>;
  name: FieldMetadata<string | undefined>;
};

/**
 * The four card inputs in a fieldset. `secretsCleared` shows a note that the number and CVC must
 * be typed again (after a server answer that did not echo them). `testMode` shows the test-card
 * hint of the embedded provider.
 */
export function CardFields({
  fields,
  secretsCleared = false,
  testMode = true,
}: {
  fields: CardFieldset;
  secretsCleared?: boolean;
  testMode?: boolean;
}) {
  const { t } = useTranslation("payment");
  const errorText = usePaymentErrorText();
  const errorsOf = (name: CardFieldName) => {
    const errors = fields[name].errors;
    if (!errors) return undefined;
    return name === "name" ? [t("card.nameTooLong")] : errors.map(errorText);
  };
  const describedBy = (name: CardFieldName, hint: boolean) =>
    [hint ? `${fields[name].id}-hint` : null, `${fields[name].id}-error`].filter(Boolean).join(" ");

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{t("card.legend")}</legend>
      {testMode ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("card.testHint")}</p> : null}
      {secretsCleared ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("card.secretsCleared")}
        </p>
      ) : null}
      <Field id={fields.number.id} label={t("card.number")} hint={t("card.numberHint")} errors={errorsOf("number")}>
        <input
          {...getInputProps(fields.number, { type: "text" })}
          aria-describedby={describedBy("number", true)}
          inputMode="numeric"
          autoComplete="cc-number"
          spellCheck={false}
          maxLength={40}
          className={`${INPUT_CLASS} font-mono`}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.expiry.id} label={t("card.expiry")} errors={errorsOf("expiry")}>
          <input
            {...getInputProps(fields.expiry, { type: "text" })}
            aria-describedby={describedBy("expiry", false)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={9}
            className={`${INPUT_CLASS} font-mono`}
          />
        </Field>
        <Field id={fields.cvc.id} label={t("card.cvc")} hint={t("card.cvcHint")} errors={errorsOf("cvc")}>
          <input
            {...getInputProps(fields.cvc, { type: "text" })}
            aria-describedby={describedBy("cvc", true)}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            className={`${INPUT_CLASS} font-mono`}
          />
        </Field>
      </div>
      <Field id={fields.name.id} label={t("card.name")} errors={errorsOf("name")}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          aria-describedby={describedBy("name", false)}
          autoComplete="cc-name"
          maxLength={100}
          className={INPUT_CLASS}
        />
      </Field>
    </fieldset>
  );
}
