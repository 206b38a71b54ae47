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
    /** Remix's router, set by <RemixBrowser> once the page's single-fetch data is decoded. */
    __remixRouter?: unknown;
  }
}

/** React 18's "discrete replayable" events: one of them reaching a root still hydrating hydrates it at once. */
const DISCRETE_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
];

/**
 * A click, key press or input that reaches React while it hydrates makes it hydrate the whole
 * document synchronously. <RemixBrowser> suspends first until the page's single-fetch data is
 * decoded, and a synchronous render that suspends outside any Suspense boundary fails with React
 * error #345 "Root did not complete" (remix-run/react-router#12763; seen in the e2e suite when a
 * test types or submits while the page hydrates on a busy machine). So until Remix's router
 * exists, those events are kept from React's listeners on the document: their default action
 * (typing, following a link, a native form submission) still happens, as without JavaScript,
 * and once the router exists a later event hydrates the page synchronously without suspending.
 */
function holdEventsUntilRouterExists() {
  const hold = (event: Event) => {
    if (window.__remixRouter) {
      for (const type of DISCRETE_EVENTS) window.removeEventListener(type, hold, true);
      return;
    }
    event.stopPropagation();
  };
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, hold, true);
}

holdEventsUntilRouterExists();

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
