/** Locales we ship; the first is the fallback (SPEC §5, §9). */
export const SUPPORTED_LOCALES = ["en", "tr"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";
/** `?lang=en|tr` in a URL picks that language (each language of a page has its own URL for search engines). */
export const LANG_PARAM = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Any value → a supported locale; unknown ones fall back to English. Accepts "tr-TR", "TR". */
export function normaliseLocale(value: string | null | undefined): Locale {
  const base = (value ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : DEFAULT_LOCALE;
}

/** Picks the best supported locale from an Accept-Language header by q-value, or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split("-")[0] ?? "",
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const match = ranked.find((entry) => isLocale(entry.base));
  return match ? (match.base as Locale) : null;
}

/** Cookie first, then Accept-Language, then English (DESIGN §7). */
export function resolveLocale(input: { cookie?: unknown; acceptLanguage?: string | null }): Locale {
  // The cookie is user input: anything but one of our locale codes is ignored.
  const cookie = typeof input.cookie === "string" ? input.cookie.toLowerCase() : null;
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The BCP 47 tag `Intl` formats a page's numbers, money and percentages with (one table for
 * every page and mail: en → en-US, tr → tr-TR).
 */
export const NUMBER_LOCALE_TAGS: Record<Locale, string> = { en: "en-US", tr: "tr-TR" };
/**
 * The tag dates are formatted with. English dates stay day-month-year ("22 November 2026"), as the
 * storefront has always written them; Turkish is tr-TR ("22 Kasım 2026").
 */
export const DATE_LOCALE_TAGS: Record<Locale, string> = { en: "en-GB", tr: "tr-TR" };
