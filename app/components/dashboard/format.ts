import { COUNTRY_CODES } from "../../../core/auth/schemas";
import type { Locale } from "../../../core/locale";

// Formatting done in loaders (the server's ICU), so the browser hydrates the same text whatever
// its own time zone or ICU data.

const BCP47: Record<Locale, string> = { en: "en-GB", tr: "tr-TR" };

/** A date such as "22 November 2026" / "22 Kasım 2026" (UTC), or null for a missing/invalid value. */
export function formatDay(locale: Locale, iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(BCP47[locale], { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** A moment such as "22 November 2026, 18:42 UTC", or null. */
export function formatMoment(locale: Locale, iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(BCP47[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date).concat(" UTC");
}

export type CountryOption = { code: string; name: string };

/** Every ISO 3166-1 alpha-2 code with its name in the page language, sorted by that name. */
export function countryOptions(locale: Locale): CountryOption[] {
  const names = new Intl.DisplayNames([BCP47[locale]], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(BCP47[locale]);
  return [...COUNTRY_CODES]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
