/**
 * Documents go out with Remix's `<link rel="modulepreload">` hints made inert (issue 25; decision
 * record 2026-11-29-speed.md): each keeps its element and `rel`, its address moves from `href` to
 * `data-href`. Chromium fetches and compiles every preloaded module as soon as its preload scanner
 * sees the hint, while it still parses and lays out the document; on a 2-core machine that work
 * ran beside the first paint and put it later (FCP median of 60 new-tab loads of /domain-search,
 * 152 ms with the hints, 132 ms without). The page's module script (`<Scripts>`, at the end of
 * the body) imports the same modules, so they still load, once the document is parsed; every
 * page works before its JavaScript runs, so a later start of hydration costs nothing a visitor
 * can see. The elements stay because React hydrates the whole document, `<Scripts>`' links
 * included: a document without them fails hydration (React error #418). Production React does
 * not compare attributes while hydrating, and the links' props never change afterwards, so the
 * browser never sees their `href` again.
 */
export function withInertModulePreloads(response: Response): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"][href]', {
      element(element) {
        element.setAttribute("data-href", element.getAttribute("href") ?? "");
        element.removeAttribute("href");
      },
    })
    .transform(response);
}
