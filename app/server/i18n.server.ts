import { createCookie } from "@remix-run/cloudflare";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
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

async function findLocale(request: Request): Promise<Locale> {
  const cookie = (await localeCookie.parse(request.headers.get("Cookie"))) as string | null;
  return resolveLocale({ cookie, acceptLanguage: request.headers.get("Accept-Language") });
}

/** remix-i18next's detector, with our order: `locale` cookie, then Accept-Language, then English. */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale,
  },
});

export async function getLocale(request: Request): Promise<Locale> {
  return (await detector.getLocale(request)) as Locale;
}

/**
 * One i18next instance per isolate, initialised once with the bundled resources; each request
 * gets a cheap clone bound to its language (no per-request resource loading).
 */
let shared: I18n | undefined;
function sharedInstance(): I18n {
  if (!shared) {
    shared = createInstance();
    void shared.use(initReactI18next).init({ ...i18nConfig, resources, lng: DEFAULT_LOCALE, initImmediate: false });
  }
  return shared;
}

export function i18nForLocale(locale: Locale): I18n {
  return sharedInstance().cloneInstance({ lng: locale, initImmediate: false });
}

export function fixedT(locale: Locale): TFunction {
  return sharedInstance().getFixedT(locale);
}

/** The request's language and a translator for it, for loaders, actions and meta. */
export async function getTranslator(request: Request): Promise<{ locale: Locale; t: TFunction }> {
  const locale = await getLocale(request);
  return { locale, t: fixedT(locale) };
}
