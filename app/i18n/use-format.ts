import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDay, formatMoment, formatNumber, formatPercent } from "../../core/format";
import { normaliseLocale, type Locale } from "../../core/locale";
import { formatMoney } from "../../core/money";

export interface PageFormat {
  locale: Locale;
  /** An amount in the page language ("$10.62" / "$10,62"), or "N/A" / "Yok" when it cannot be shown. */
  money: (amount: number | null | undefined, currency?: string) => string;
  number: (value: number, digits?: number) => string;
  /** 10 → "10%" / "%10". */
  percent: (percent: number) => string;
  day: (iso: string | null | undefined) => string | null;
  moment: (iso: string | null | undefined) => string | null;
}

/** The core formatters bound to the page's language (the one i18next renders the page in). */
export function useFormat(): PageFormat {
  const { t, i18n } = useTranslation();
  const locale = normaliseLocale(i18n.language);
  const notAvailable = t("common.notAvailable");
  return useMemo(
    () => ({
      locale,
      money: (amount, currency) => formatMoney(locale, amount, { currency, notAvailable }),
      number: (value, digits) => formatNumber(locale, value, digits),
      percent: (percent) => formatPercent(locale, percent),
      day: (iso) => formatDay(locale, iso),
      moment: (iso) => formatMoment(locale, iso),
    }),
    [locale, notAvailable],
  );
}
