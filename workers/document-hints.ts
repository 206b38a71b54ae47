/**
 * Documents go out with their scripts held until the first paint (issue 25; decision records
 * 2026-11-29-speed.md and 2026-11-29-scripts-after-paint.md). Two rewrites:
 *
 * - Remix's `<link rel="modulepreload">` hints are made inert: each keeps its element, its `rel`
 *   becomes INERT_PRELOAD_REL and its address moves from `href` to `data-href`. Chromium fetches and compiles every preloaded
 *   module as soon as its preload scanner sees the hint, while it still parses and lays out the
 *   document; on a 2-core machine that work ran beside the first paint and put it later (FCP
 *   median of 60 new-tab loads of /domain-search, 152 ms with the hints, 132 ms without).
 * - The page's module script (`<Scripts>`: the route modules, the manifest, the entry) is held:
 *   its `type` becomes HELD_MODULE_TYPE, which no browser runs, and a small script after it
 *   starts a copy of it once the first contentful paint is reported (at once in a hidden tab,
 *   or where paint timing is missing; at the latest after HELD_MODULE_MAX_WAIT_MS). Fetching and
 *   compiling 120 KB of modules otherwise shares the two cores with the raster of that first
 *   frame (50 loads each: FCP 136 ms as sent, 128 ms held). The starter removes itself and its
 *   copy as soon as they are in (a module script runs once inserted), so React hydrates the
 *   document as rendered.
 *
 * Every page works before its JavaScript runs, so a later start of hydration costs nothing a
 * visitor can see. The elements stay because React hydrates the whole document, `<Scripts>`'
 * elements included: a document without them fails hydration (React error #418). Production
 * React does not compare attributes while hydrating, and these elements' props never change
 * afterwards, so the browser never sees their `rel`, `href` or `type` again.
 */
export function withScriptsAfterPaint(response: Response): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"][href]', {
      element(element) {
        element.setAttribute("data-href", element.getAttribute("href") ?? "");
        element.removeAttribute("href");
        // A modulepreload without an address is a console warning in Chromium; an unknown `rel` is not.
        element.setAttribute("rel", INERT_PRELOAD_REL);
      },
    })
    .on('script[type="module"]:not([src])', {
      element(element) {
        element.setAttribute("type", HELD_MODULE_TYPE);
        const nonce = element.getAttribute("nonce");
        element.after(`<script${nonce ? ` nonce="${nonce}"` : ""}>${START_HELD_MODULE}</script>`, { html: true });
      },
    })
    .transform(response);
}

/** The `rel` of an inert modulepreload hint: a relation no browser acts on. */
export const INERT_PRELOAD_REL = "x-modulepreload";

/** The `type` of the held module script: an unknown type, so the browser keeps it as data. */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";

/** The longest the held module waits for the first paint to be reported. */
export const HELD_MODULE_MAX_WAIT_MS = 3000;

/**
 * The starter that follows the held module script (ES5, inline, under the page's nonce): once the
 * first contentful paint is reported it inserts a module script with the held one's text, under
 * its nonce, and takes it out again (it runs all the same).
 */
const START_HELD_MODULE = `(function(){var me=document.currentScript,held=me&&me.previousElementSibling,started=false;if(me)me.remove();if(!held)return;function start(){if(started)return;started=true;var s=document.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;document.head.appendChild(s);s.remove()}try{if(document.visibilityState!=="visible"||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)return start();new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});setTimeout(start,${HELD_MODULE_MAX_WAIT_MS})}catch(e){start()}})();`;
