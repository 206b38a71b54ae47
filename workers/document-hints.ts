/**
 * Documents go out without Remix's `<link rel="modulepreload">` hints (issue 25; decision record
 * 2026-11-29-speed.md). Chromium fetches and compiles every preloaded module as soon as its
 * preload scanner sees the hint, while it still parses and lays out the document: on a 2-core
 * machine that work ran beside the first paint and put it 20 ms later (median of 60 new-tab loads
 * of /domain-search, 152 → 132 ms). The page's module script (`<Scripts>`, at the end of the body)
 * imports the same modules, so they still load, once the document is parsed. Every page works
 * before its JavaScript runs, so a later start of hydration costs the visitor nothing they can see.
 */
export function withoutModulePreloads(response: Response): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.remove();
      },
    })
    .transform(response);
}
