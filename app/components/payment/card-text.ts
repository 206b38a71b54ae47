// Payment error codes and saved cards as the pages word them (namespace "payment"), apart from
// the card inputs (card-form.tsx, which re-exports these): pages that only list payments or show
// an order's payment error do not load the form's Conform helpers.

import { useTranslation } from "react-i18next";
import { CARD_ERROR_CODES } from "../../../core/payments/card-codes";

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

/** A saved card as the list shows it: "Visa •••• 4242", expiry "04/2031". */
export function useCardLabel(): (card: { brand: string; last4: string }) => string {
  const { t } = useTranslation("payment");
  return (card) => `${t(`brands.${card.brand}`, { defaultValue: t("brands.unknown") })} •••• ${card.last4}`;
}

export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${year}`;
}
