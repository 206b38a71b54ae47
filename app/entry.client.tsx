import { RemixBrowser } from "@remix-run/react";
import type { i18n as I18n } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import browserI18n from "./i18n/browser-i18n";
import { normaliseLocale } from "../core/locale";
import { loadNamespaces } from "./i18n/client";
import { i18nConfig } from "./i18n/config";
import { namespacesOf } from "./i18n/namespaces";

declare global {
  interface Window {
    /** The matched routes' modules, set by Remix's <Scripts> before this entry runs. */
    __remixRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

// Tells the server this browser runs JavaScript, so it may stream documents (entry.server.tsx).
document.cookie = "js=1; path=/; max-age=31536000; samesite=lax";

async function hydrate() {
  // Only the page's own language is loaded (each resource file is its own chunk).
  const lng = normaliseLocale(document.documentElement.lang);
  const translation = lng === "tr" ? (await import("./i18n/tr")).default : (await import("./i18n/en")).default;
  await browserI18n.init({ ...i18nConfig, lng, resources: { [lng]: { translation } } });
  // react-i18next reads only the part of i18next's instance that BrowserI18n implements
  // (app/i18n/browser-i18n.ts; its test compares every text with i18next's).
  const i18n = browserI18n as unknown as I18n;
  initReactI18next.init(i18n);
  // The account pages' namespaces, when the first page is one of them (later pages load theirs
  // through their clientLoader).
  await loadNamespaces(namespacesOf(Object.values(window.__remixRouteModules ?? {}).map((module) => module?.handle)));

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
