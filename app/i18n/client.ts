import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "./browser-i18n";
import { normaliseLocale } from "../../core/locale";
import { isShellPart, NAMESPACE_LOADERS, type LazyNamespace } from "./namespaces";

/** The shell parts already merged into "translation" (per language). */
const loadedParts = new Set<string>();

/**
 * Loads (once) the given namespaces of the page's language into the browser's translator. A shell
 * part's keys join the "translation" namespace.
 */
export async function loadNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  const lng = normaliseLocale(i18next.language || document.documentElement.lang);
  await Promise.all(
    namespaces
      .filter((ns) => (isShellPart(ns) ? !loadedParts.has(`${lng}:${ns}`) : !i18next.hasResourceBundle(lng, ns)))
      .map(async (ns) => {
        const resources: Record<string, unknown> = (await NAMESPACE_LOADERS[lng][ns]()).default;
        if (isShellPart(ns)) {
          i18next.addResourceBundle(lng, "translation", resources, true, true);
          loadedParts.add(`${lng}:${ns}`);
        } else {
          i18next.addResourceBundle(lng, ns, resources, true, true);
        }
      }),
  );
}

/**
 * A route's `clientLoader` for client-side navigations: fetches the route's namespaces beside
 * its server data, so the page never renders raw keys. (The first page load has them already:
 * entry.client.tsx loads the namespaces of the matched routes before hydrating.)
 *
 *   export const clientLoader = withNamespaces<typeof loader>(handle.i18n);
 */
export function withNamespaces<ServerLoader>(namespaces: readonly LazyNamespace[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [serverData] = await Promise.all([serverLoader<ServerLoader>(), loadNamespaces(namespaces)]);
    return serverData;
  };
}
