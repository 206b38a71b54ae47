import type content from "./namespaces/content.en";
import type { BillingResources } from "./namespaces/billing.en";
import type { DashboardResources } from "./namespaces/dashboard.en";
import type servers from "./namespaces/servers.en";
import type { DomainsResources } from "./namespaces/domains.en";
import type { ToolsResources } from "./namespaces/tools.en";

/**
 * Translation namespaces. "translation" (app/i18n/en.ts, tr.ts) holds the shell (header, footer,
 * toasts, errors, common words) and is always loaded; the others are loaded in the browser only by
 * routes that list them in `handle.i18n` (so a page's JavaScript carries only its own texts). The
 * server has all of them. A new page with its own texts adds a namespace file pair
 * (namespaces/NAME.en.ts + .tr.ts), lists NAME here and in server/i18n.server.ts, and declares
 *
 *   export const handle: I18nHandle = { i18n: ["NAME"] };
 *   export const clientLoader = withNamespaces<typeof loader>(handle.i18n);
 *
 * SHELL_PARTS are the same, except that their keys are part of the "translation" namespace (their
 * files hold top-level groups such as `home`, `cart`; call sites keep `t("cart.title")`): the
 * texts of public pages that used to be in the shell. Prefer a real namespace for new pages.
 */
export const SHELL_PARTS = ["home", "shop"] as const;
export type ShellPart = (typeof SHELL_PARTS)[number];

export function isShellPart(ns: string): ns is ShellPart {
  return (SHELL_PARTS as readonly string[]).includes(ns);
}

export const LAZY_NAMESPACES = [
  ...SHELL_PARTS,
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
export type Namespace = "translation" | Exclude<LazyNamespace, ShellPart>;

/**
 * The namespaces whose top-level groups a route may list one by one, `"tools/whois"`: the page
 * then loads that group alone (scripts/vite-i18n-groups.ts writes each group as its own module;
 * it writes the groups of every namespace). A route whose components use several groups lists
 * each; the server has every text anyway, so a missing group shows as a raw key in the browser
 * only (and as a hydration mismatch): tests/e2e/i18n-groups.spec.ts loads every such page.
 */
type GroupedResources = {
  tools: ToolsResources;
  domains: DomainsResources;
  content: typeof content;
  dashboard: DashboardResources;
  billing: BillingResources;
  servers: typeof servers;
};
export type NamespaceGroup = {
  [Ns in keyof GroupedResources]: `${Ns}/${Extract<keyof GroupedResources[Ns], string>}`;
}[keyof GroupedResources];
/** The grouped namespaces: every key of GroupedResources, no other (the type checks both ways). */
export const GROUPED_NAMESPACES = {
  tools: true,
  domains: true,
  content: true,
  dashboard: true,
  billing: true,
  servers: true,
} as const satisfies Record<keyof GroupedResources, true>;

/** A route's `handle`: which lazy namespaces (or groups of one) its components use. */
export type I18nHandle = { i18n: readonly (LazyNamespace | NamespaceGroup)[] };
export type I18nEntry = I18nHandle["i18n"][number];

export function isLazyNamespace(entry: string): entry is LazyNamespace {
  return (LAZY_NAMESPACES as readonly string[]).includes(entry);
}

/** Whether a handle's entry names a lazy namespace or a group of a grouped one. */
export function isI18nEntry(entry: unknown): entry is I18nEntry {
  if (typeof entry !== "string") return false;
  const [ns, group, ...rest] = entry.split("/");
  if (group === undefined) return isLazyNamespace(entry);
  return rest.length === 0 && group !== "" && Object.hasOwn(GROUPED_NAMESPACES, ns ?? "");
}

/** The lazy namespaces and groups named by route handles (e.g. `window.__remixRouteModules` in the browser). */
export function namespacesOf(handles: readonly unknown[]): I18nEntry[] {
  const found = new Set<I18nEntry>();
  for (const handle of handles) {
    if (!handle || typeof handle !== "object" || !("i18n" in handle) || !Array.isArray(handle.i18n)) continue;
    for (const entry of handle.i18n) if (isI18nEntry(entry)) found.add(entry);
  }
  return [...found];
}
