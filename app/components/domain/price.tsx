import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/use-format";

export interface PriceInfo {
  registration: number;
  renewal: number;
  sale: number | null;
}

/** First-year price, with the renewal price beside it when it differs (no surprise at renewal). */
export function DomainPrice({ prices, premium = false }: { prices: PriceInfo; premium?: boolean }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  return (
    <div className="text-right">
      <p className="text-lg font-bold">
        {money(prices.registration)}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> {t("search.firstYear")}</span>
      </p>
      {prices.sale !== null && !premium ? (
        <p className="text-xs font-semibold text-emerald-700 dark:text-emerald-300">{t("search.onSale")}</p>
      ) : null}
      {premium ? (
        <p className="text-xs font-semibold text-violet-700 dark:text-violet-300">{t("search.premium")}</p>
      ) : null}
      {prices.renewal !== prices.registration ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t("search.renewsAt", { price: money(prices.renewal) })}
        </p>
      ) : null}
    </div>
  );
}
