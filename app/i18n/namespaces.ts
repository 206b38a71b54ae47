import type { Locale } from "../../core/locale";

/**
 * Translation namespaces. "translation" (app/i18n/en.ts, tr.ts) holds the shell and the public
 * pages and is always loaded; the others belong to the account pages and are loaded in the
 * browser only by routes that list them in `handle.i18n` (so the home page's JavaScript does not
 * carry the account texts). The server has all of them.
 */
export const LAZY_NAMESPACES = [
  "account",
  "signup",
  "signin",
  "forgot",
  "dashboard",
  "security",
  "payment",
  "checkout",
  "billing",
  "tools",
  "content",
  "domains",
  "servers",
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
export type Namespace = "translation" | LazyNamespace;

/** A route's `handle`: which lazy namespaces its components use. */
export type I18nHandle = { i18n: readonly LazyNamespace[] };

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/** One chunk per namespace and language (dynamic imports, resolved by the bundler). */
export const NAMESPACE_LOADERS: Record<Locale, Record<LazyNamespace, Loader>> = {
  en: {
    account: () => import("./namespaces/account.en"),
    signup: () => import("./namespaces/signup.en"),
    signin: () => import("./namespaces/signin.en"),
    forgot: () => import("./namespaces/forgot.en"),
    dashboard: () => import("./namespaces/dashboard.en"),
    security: () => import("./namespaces/security.en"),
    payment: () => import("./namespaces/payment.en"),
    checkout: () => import("./namespaces/checkout.en"),
    billing: () => import("./namespaces/billing.en"),
    tools: () => import("./namespaces/tools.en"),
    content: () => import("./namespaces/content.en"),
    domains: () => import("./namespaces/domains.en"),
    servers: () => import("./namespaces/servers.en"),
  },
  tr: {
    account: () => import("./namespaces/account.tr"),
    signup: () => import("./namespaces/signup.tr"),
    signin: () => import("./namespaces/signin.tr"),
    forgot: () => import("./namespaces/forgot.tr"),
    dashboard: () => import("./namespaces/dashboard.tr"),
    security: () => import("./namespaces/security.tr"),
    payment: () => import("./namespaces/payment.tr"),
    checkout: () => import("./namespaces/checkout.tr"),
    billing: () => import("./namespaces/billing.tr"),
    tools: () => import("./namespaces/tools.tr"),
    content: () => import("./namespaces/content.tr"),
    domains: () => import("./namespaces/domains.tr"),
    servers: () => import("./namespaces/servers.tr"),
  },
};

/** The lazy namespaces named by route handles (e.g. `window.__remixRouteModules` in the browser). */
export function namespacesOf(handles: readonly unknown[]): LazyNamespace[] {
  const found = new Set<LazyNamespace>();
  for (const handle of handles) {
    if (!handle || typeof handle !== "object" || !("i18n" in handle) || !Array.isArray(handle.i18n)) continue;
    for (const ns of handle.i18n) if ((LAZY_NAMESPACES as readonly string[]).includes(ns)) found.add(ns as LazyNamespace);
  }
  return [...found];
}
