import { DEFAULT_LOCALE, type Locale } from "./locale";
import { formatMoney, isDisplayableAmount, NOT_AVAILABLE } from "./money";

/** The TLDs the home page price cards show (SPEC §9 "Tracked TLDs"). */
export const HOME_TRACKED_TLDS = ["com", "net", "org"] as const;

/** ICANN's per-year fee for gTLDs (SPEC §9); ccTLDs carry none. In cents. */
export const DEFAULT_GTLD_ICANN_FEE_CENTS = 18;

/** One entry of `data.pricing[]` as the API answers it (decimal prices). */
export interface TldPrice {
  tld: string;
  display: string;
  registration_price: number | null;
  renewal_price: number | null;
  transfer_price: number | null;
  icann_fee: number;
  on_sale: boolean;
  sale_price: number | null;
  is_popular: boolean;
  is_recommended: boolean;
  max_years: number;
  currency: string;
}

export type HomePriceState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "loaded"; entry: Pick<TldPrice, "registration_price" | "renewal_price"> | undefined };

/**
 * The home card's "only from" text (SPEC §2 Home, §8, §9): registration price, else renewal
 * price, as money in the page language ("$10.44" / "$10,44"), else `notAvailable` ("N/A" in the page language) — also for a price that
 * is not a usable number — and when the pricing call failed even after its one retry (issue 19
 * point 7 overrides SPEC §2 Home / §8's "NaN": a price, else the renewal price, else N/A). "…"
 * while the pricing call is pending.
 */
export function homePriceText(state: HomePriceState, options: { locale?: Locale; notAvailable?: string } = {}): string {
  const { locale = DEFAULT_LOCALE, notAvailable = NOT_AVAILABLE } = options;
  switch (state.status) {
    case "loading":
      return "…";
    case "failed":
      return notAvailable;
    case "loaded": {
      const price = pickDisplayPrice(state.entry);
      return price === null ? notAvailable : formatMoney(locale, price, { notAvailable });
    }
  }
}

function pickDisplayPrice(entry: Pick<TldPrice, "registration_price" | "renewal_price"> | undefined): number | null {
  if (!entry) return null;
  for (const candidate of [entry.registration_price, entry.renewal_price]) {
    if (isDisplayableAmount(candidate) && candidate > 0) return candidate;
  }
  return null;
}
