import type { Locale } from "../../../core/locale";

// Billing figures formatted in loaders (the server's ICU), so the browser hydrates the same text.

const BCP47: Record<Locale, string> = { en: "en-GB", tr: "tr-TR" };

/** 12.5, "USD" → "US$12.50" / "$12,50"-style text in the page language. */
export function formatMoney(locale: Locale, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(BCP47[locale], { style: "currency", currency, currencyDisplay: "narrowSymbol" }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A list page's `?page=` and `?status=` as the API accepts them; anything else falls back. */
export function listQuery<S extends string>(url: URL, statuses: readonly S[]): { page: number; status: S | null } {
  const rawPage = url.searchParams.get("page") ?? "";
  const page = /^\d{1,5}$/u.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= 10_000 ? Number(rawPage) : 1;
  const rawStatus = url.searchParams.get("status");
  const status = rawStatus !== null && (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as S) : null;
  return { page, status };
}

export const PER_PAGE = 20;

/** The href of another page of a list, keeping its filter. */
export function pageHref(page: number, status: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
