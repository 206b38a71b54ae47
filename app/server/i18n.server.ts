import { createCookie } from "@remix-run/cloudflare";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import {
  LANG_PARAM,
  LOCALE_COOKIE,
  SUPPORTED_LOCALES,
  DEFAULT_LOCALE,
  isLocale,
  resolveLocale,
  type Locale,
} from "../../core/locale";
import { readCookie } from "./cookies.server";
import en from "../i18n/en";
import tr from "../i18n/tr";
import { i18nConfig } from "../i18n/config";
import type { Namespace } from "../i18n/namespaces";

import homeEn from "../i18n/namespaces/home.en";
import homeTr from "../i18n/namespaces/home.tr";
import shopEn from "../i18n/namespaces/shop.en";
import shopTr from "../i18n/namespaces/shop.tr";
import accountEn from "../i18n/namespaces/account.en";
import accountTr from "../i18n/namespaces/account.tr";
import forgotEn from "../i18n/namespaces/forgot.en";
import forgotTr from "../i18n/namespaces/forgot.tr";
import dashboardEn from "../i18n/namespaces/dashboard.en";
import dashboardTr from "../i18n/namespaces/dashboard.tr";
import securityEn from "../i18n/namespaces/security.en";
import securityTr from "../i18n/namespaces/security.tr";
import signinEn from "../i18n/namespaces/signin.en";
import signinTr from "../i18n/namespaces/signin.tr";
import signupEn from "../i18n/namespaces/signup.en";
import signupTr from "../i18n/namespaces/signup.tr";
import paymentEn from "../i18n/namespaces/payment.en";
import paymentTr from "../i18n/namespaces/payment.tr";
import checkoutEn from "../i18n/namespaces/checkout.en";
import checkoutTr from "../i18n/namespaces/checkout.tr";
import billingEn from "../i18n/namespaces/billing.en";
import billingTr from "../i18n/namespaces/billing.tr";
import toolsEn from "../i18n/namespaces/tools.en";
import toolsTr from "../i18n/namespaces/tools.tr";
import contentEn from "../i18n/namespaces/content.en";
import contentTr from "../i18n/namespaces/content.tr";
import domainsEn from "../i18n/namespaces/domains.en";
import domainsTr from "../i18n/namespaces/domains.tr";
import serversEn from "../i18n/namespaces/servers.en";
import serversTr from "../i18n/namespaces/servers.tr";

/**
 * Every namespace in both languages: the server renders any page without loading anything. The
 * shell parts (app/i18n/namespaces.ts SHELL_PARTS) are keys of "translation".
 */
export const resources = {
  en: {
    translation: { ...en, ...homeEn, ...shopEn },
    account: accountEn,
    forgot: forgotEn,
    dashboard: dashboardEn,
    security: securityEn,
    signin: signinEn,
    signup: signupEn,
    payment: paymentEn,
    checkout: checkoutEn,
    billing: billingEn,
    tools: toolsEn,
    content: contentEn,
    domains: domainsEn,
    servers: serversEn,
  },
  tr: {
    translation: { ...tr, ...homeTr, ...shopTr },
    account: accountTr,
    forgot: forgotTr,
    dashboard: dashboardTr,
    security: securityTr,
    signin: signinTr,
    signup: signupTr,
    payment: paymentTr,
    checkout: checkoutTr,
    billing: billingTr,
    tools: toolsTr,
    content: contentTr,
    domains: domainsTr,
    servers: serversTr,
  },
};

/** The language choice, set by the TR/EN buttons (a plain form post) for a year. */
export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export { LANG_PARAM };

async function findLocale(request: Request): Promise<Locale> {
  const requested = new URL(request.url).searchParams.get(LANG_PARAM);
  if (isLocale(requested)) return requested;
  const value = await readCookie(localeCookie, request);
  return resolveLocale({
    cookie: typeof value === "string" ? value : null,
    acceptLanguage: request.headers.get("Accept-Language"),
  });
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
 * One i18next instance per language and isolate, initialised once with the bundled resources.
 * Server rendering never changes an instance's language, so requests share them (no per-request
 * initialisation or cloning).
 */
const instances = new Map<Locale, I18n>();
export function i18nForLocale(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nConfig, resources, lng: locale, initImmediate: false });
    memoisePlainLookups(instance);
    instances.set(locale, instance);
  }
  return instance;
}

/** Options that a fixed `t` (react-i18next's, `fixedT`'s) adds to every call: not the text's own. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** The memo holds at most this many texts per instance (keys are written in the code; this bounds a key built from data). */
const MEMO_LIMIT = 5000;

/**
 * A text looked up without variables, count or default value is the same on every request (the
 * resources never change at run time), so each instance keeps it: i18next's lookup was ~10 % of
 * the home page's server time (docs/decisions/2026-11-27-perf.md). Calls with any other option
 * are translated as before.
 */
function memoisePlainLookups(instance: I18n): void {
  // i18next's overloaded TFunction type cannot be called generically; this wrapper only forwards.
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, string>();
  const memoised = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key === "string" && rest.length === 0 && typeof options === "object" && options !== null) {
      const fixed = options as { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
      // react-i18next's `t` (useTranslation) is `getFixedT(null, ns)`: its calls carry `lng` and
      // `lngs` as null, which i18next reads as "the instance's language" — never changed here.
      if (
        fixed.lngs == null &&
        fixed.keyPrefix === undefined &&
        Object.keys(options).every((name) => FIXED_T_OPTIONS.has(name))
      ) {
        const lng = fixed.lng ?? instance.language;
        const id = `${String(lng)}\u0000${Array.isArray(fixed.ns) ? fixed.ns.join(",") : String(fixed.ns)}\u0000${key}`;
        const known = memo.get(id);
        if (known !== undefined) return known;
        const text = translate(key, options);
        if (typeof text === "string" && memo.size < MEMO_LIMIT) memo.set(id, text);
        return text;
      }
    }
    return translate(key, options, ...rest);
  };
  instance.t = memoised as unknown as I18n["t"];
}

export function fixedT(locale: Locale, ns?: Namespace | readonly Namespace[]): TFunction {
  return i18nForLocale(locale).getFixedT(locale, ns as string | string[] | undefined);
}

/** The request's language and a translator for it, for loaders, actions and meta. */
export async function getTranslator(
  request: Request,
  ns?: Namespace | readonly Namespace[],
): Promise<{ locale: Locale; t: TFunction }> {
  const locale = await getLocale(request);
  return { locale, t: fixedT(locale, ns) };
}
