import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { CARD_ERROR_CODES, cardFormSchema } from "../../../core/payments/card";
import { Field, INPUT_CLASS } from "../ui/form";

/**
 * The card fields of the embedded test payments provider (SPEC §8 "Payment"): number, expiry
 * ("MM / YY"), CVC and the optional name on the card. A server-rendered block with no script of
 * its own, so it works without JavaScript; put it inside a Conform `<Form method="post">` and
 * hand it that form's fields. Used by the payment methods page (add a card) and the checkout.
 *
 * - Schema: `cardFormSchema()` from core/payments/card.ts (re-exported here) parses the four
 *   fields into `{ card: CardInput, name }`; its messages are the SPEC §8 error codes, which this
 *   component translates (namespace "payment", `errors.<code>`). Compose it in a page's form
 *   schema as a nested object (`card: cardFormSchema()`) and pass `fields.card.getFieldset()`.
 * - Card secrets: an action answering 400 must never send the number or the CVC back; reply with
 *   `submission.reply({ hideFields: cardSecretFields(prefix) })` (the other fields are kept).
 * - Routes that render it list the "payment" namespace in `handle.i18n`.
 */
export { cardFormSchema };

/** The card fields' names, in form order. */
export const CARD_FIELDS = ["number", "expiry", "cvc", "name"] as const;
export type CardFieldName = (typeof CARD_FIELDS)[number];

/** The fields a 400 reply must not echo: the card number and the CVC (`prefix` for a nested fieldset, e.g. "card"). */
export function cardSecretFields(prefix?: string): string[] {
  return ["number", "cvc"].map((name) => (prefix ? `${prefix}.${name}` : name));
}

/** The SPEC §8 payment error codes the "payment" namespace has a text for. */
export const PAYMENT_ERROR_TEXT_CODES = [
  ...CARD_ERROR_CODES,
  "payment_failed",
  "three_d_secure_failed",
  "authentication_required",
  "network_error",
  "not_initialized",
  "payment_start_failed",
  "address_save_failed",
  "invalid_address",
  "server_error",
] as const;
export type PaymentErrorTextCode = (typeof PAYMENT_ERROR_TEXT_CODES)[number];

export function isPaymentErrorCode(code: unknown): code is PaymentErrorTextCode {
  return typeof code === "string" && (PAYMENT_ERROR_TEXT_CODES as readonly string[]).includes(code);
}

/** A payment error code's translated text; any other code reads as "payment failed". */
export function usePaymentErrorText(): (code: string) => string {
  const { t } = useTranslation("payment");
  return (code: string) => (isPaymentErrorCode(code) ? t(`errors.${code}`) : t("errors.payment_failed"));
}

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

/** A saved card as the list shows it: "Visa •••• 4242", expiry "04/2031". */
export function useCardLabel(): (card: { brand: string; last4: string }) => string {
  const { t } = useTranslation("payment");
  return (card) => `${t(`brands.${card.brand}`, { defaultValue: t("brands.unknown") })} •••• ${card.last4}`;
}

export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${year}`;
}
