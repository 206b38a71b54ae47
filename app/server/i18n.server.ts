import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { LOCALE_COOKIE, SUPPORTED_LOCALES, DEFAULT_LOCALE, resolveLocale, type Locale } from "../../core/locale";
import en from "../i18n/en";
import tr from "../i18n/tr";
import { i18nConfig } from "../i18n/config";

export const resources = { en: { translation: en }, tr: { translation: tr } };

/** The language choice, set by the TR/EN buttons (a plain form post) for a year. */
export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getLocale(request: Request): Promise<Locale> {
  const cookie = (await localeCookie.parse(request.headers.get("Cookie"))) as string | null;
  return resolveLocale({ cookie, acceptLanguage: request.headers.get("Accept-Language") });
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: getLocale,
  },
  i18next: { ...i18nConfig, resources },
});
