import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "./browser-i18n";
import { normaliseLocale } from "../../core/locale";
import { isLazyNamespace, isShellPart, type I18nEntry } from "./namespaces";

declare global {
  /** Where the namespaces' modules are (scripts/vite-i18n-groups.ts `define`s it). */
  const __I18N_GROUP_BASE__: string;
}

/** The namespaces, shell parts and groups already loaded, as `LANG:ENTRY`. */
const loaded = new Set<string>();

/**
 * A namespace's module (`NS.LANG.js`) or one group's (`NS.LANG.GROUP.js`), at the address the
 * build writes it to (scripts/vite-i18n-groups.ts): computed, so the page carries no table of them.
 */
function loadMessages(file: string): Promise<{ default: Record<string, unknown> }> {
  return import(/* @vite-ignore */ `${__I18N_GROUP_BASE__}${file}.js`);
}

/**
 * Loads (once) the given namespaces (or groups of one, "tools/whois") of the page's language into
 * the browser's translator. A shell part's keys join the "translation" namespace, a group's its
 * namespace.
 */
export async function loadNamespaces(entries: readonly I18nEntry[]): Promise<void> {
  const lng = normaliseLocale(i18next.language || document.documentElement.lang);
  const has = (entry: string) => loaded.has(`${lng}:${entry}`) || loaded.has(`${lng}:${entry.split("/")[0]}`);
  await Promise.all(
    entries
      .filter((entry) => !has(entry))
      .map(async (entry) => {
        const [ns = "", group] = entry.split("/");
        if (group === undefined && !isLazyNamespace(ns)) return;
        const { default: resources } = await loadMessages(
          group === undefined ? `${ns}.${lng}` : `${ns}.${lng}.${group}`,
        );
        i18next.addResourceBundle(lng, isShellPart(ns) ? "translation" : ns, resources, true, true);
        loaded.add(`${lng}:${entry}`);
      }),
  );
}

/** What withNamespaces uses, replaceable in tests. */
export type NamespaceServices = {
  load: (entries: readonly I18nEntry[]) => Promise<void>;
  /** Loads `url` as a new document (the browser leaves the page). */
  reload: (url: string) => void;
};

const BROWSER_SERVICES: NamespaceServices = {
  load: loadNamespaces,
  reload: (url) => window.location.assign(url),
};

/**
 * A route's `clientLoader` for client-side navigations: fetches the route's namespaces beside
 * its server data, so the page never renders raw keys. (The first page load has them already:
 * entry.client.tsx loads the namespaces of the matched routes before hydrating.)
 *
 * If the messages cannot be loaded (a tab opened before a deploy asks for the old build's
 * modules, which are gone), the page is loaded as a document instead, as Remix does when a route
 * module fails to load: the server renders it with every text, in the new build. The navigation
 * never settles meanwhile. A failure of the server data is the route's, as before.
 *
 *   export const clientLoader = withNamespaces<typeof loader>(handle.i18n);
 */
export function withNamespaces<ServerLoader>(
  namespaces: readonly I18nEntry[],
  services: NamespaceServices = BROWSER_SERVICES,
) {
  return ({ request, serverLoader }: ClientLoaderFunctionArgs) =>
    withMessages(request.url, serverLoader<ServerLoader>(), namespaces, services);
}

/** The page's data (`serverData`, for `url`) once its messages are loaded; see withNamespaces. */
export async function withMessages<Data>(
  url: string,
  serverData: Promise<Data>,
  namespaces: readonly I18nEntry[],
  { load, reload }: NamespaceServices,
): Promise<Data> {
  const messages = load(namespaces).then(
    () => true,
    () => false,
  );
  const [data, loaded] = await Promise.all([serverData, messages]);
  if (loaded) return data;
  reload(url);
  return new Promise<never>(() => undefined);
}
