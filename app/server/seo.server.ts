import { SUPPORTED_LOCALES, DEFAULT_LOCALE, type Locale } from "../../core/locale";
import { LANG_PARAM } from "./i18n.server";

/** What a page's `meta` needs for its canonical, hreflang and Open Graph links (see components/content/seo.ts). */
export interface SeoLinks {
  locale: Locale;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
}

/**
 * The address of `path` (with `params`) in one language: English (the default) without a
 * parameter, Turkish with `?lang=tr`. Each language of a page has its own stable URL, so search
 * engines index both and the hreflang links can point at them.
 */
export function localizedUrl(
  origin: string,
  path: string,
  locale: Locale,
  params: Record<string, string> = {},
): string {
  // The path is set, not resolved against the origin: a path such as "//%" would otherwise be
  // read as another host (an invalid one: a 500 on every page, found by the fuzz suite).
  const url = new URL(origin);
  url.pathname = path;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (locale !== DEFAULT_LOCALE) url.searchParams.set(LANG_PARAM, locale);
  return url.toString();
}

/** The canonical URL (this language) and the alternates (every language, plus x-default). */
export function seoLinks(
  request: Request,
  locale: Locale,
  path: string,
  params: Record<string, string> = {},
): SeoLinks {
  const origin = new URL(request.url).origin;
  return {
    locale,
    canonical: localizedUrl(origin, path, locale, params),
    alternates: [
      ...SUPPORTED_LOCALES.map((code) => ({ hrefLang: code, href: localizedUrl(origin, path, code, params) })),
      { hrefLang: "x-default", href: localizedUrl(origin, path, DEFAULT_LOCALE, params) },
    ],
  };
}

/** Query parameters that never make a page different: the language (in every URL anyway) and Remix's own. */
const NOT_CANONICAL = new Set([LANG_PARAM, "_data", "_routes", "index"]);

/**
 * The canonical and hreflang links of the requested page itself (the root loader, for every page):
 * its path and query, without `?lang` and Remix's parameters; a client navigation's `.data`
 * request counts as its page.
 */
export function pageSeoLinks(request: Request, locale: Locale): SeoLinks {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/u, "").replace(/^\/_root$/u, "/") || "/";
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!NOT_CANONICAL.has(key)) params[key] = value;
  return seoLinks(request, locale, path, params);
}
