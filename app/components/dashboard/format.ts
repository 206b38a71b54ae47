import { COUNTRY_CODES } from "../../../core/auth/country-codes";
import { DATE_LOCALE_TAGS, type Locale } from "../../../core/locale";

// Country names in the page language, made in loaders (the server's ICU), so the browser hydrates
// the same text whatever its own ICU data. Dates and money: core/format.ts, core/money.ts.

export type CountryOption = { code: string; name: string };

/** Every ISO 3166-1 alpha-2 code with its name in the page language, sorted by that name. */
export function countryOptions(locale: Locale): CountryOption[] {
  // British English names ("St Lucia"), as English dates are British.
  const names = new Intl.DisplayNames([DATE_LOCALE_TAGS[locale]], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(DATE_LOCALE_TAGS[locale]);
  return [...COUNTRY_CODES]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
