import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { PAGE_CACHE_HEADER } from "./config/page-cache";
import { streamsDocument } from "./server/document-streaming.server";
import { getLocale, i18nForLocale } from "./server/i18n.server";

/**
 * How long the page may be shared among visitors without an account or cart: the leaf route's
 * `handle.pageCache` in seconds (app/config/page-cache.ts), else not at all.
 */
function pageCacheSeconds(remixContext: EntryContext): number {
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  if (!leaf) return 0;
  const handle: unknown = remixContext.routeModules[leaf.route.id]?.handle;
  if (typeof handle !== "object" || handle === null || !("pageCache" in handle)) return 0;
  const seconds = handle.pageCache;
  return typeof seconds === "number" && seconds > 0 ? seconds : 0;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await getLocale(request);
  const instance = i18nForLocale(lng);
  const nonce = loadContext.nonce;

  // A visitor who leaves while the document still renders stops the render. Once it is complete
  // the abort is dropped: React would otherwise close its already closed stream and report
  // "This ReadableStream is closed" as a render error.
  const rendering = new AbortController();
  const stop = () => rendering.abort(request.signal.reason);
  if (request.signal.aborted) stop();
  else request.signal.addEventListener("abort", stop, { once: true });

  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: rendering.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );

  const detach = () => request.signal.removeEventListener("abort", stop);
  body.allReady.then(detach, detach);

  // Streamed to browsers that have run our JS; whole, at once, to bots and browsers without JS.
  if (!streamsDocument(request)) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", lng);
  const shareFor = status === 200 ? pageCacheSeconds(remixContext) : 0;
  if (shareFor > 0) responseHeaders.set(PAGE_CACHE_HEADER, String(shareFor));
  return new Response(body, { headers: responseHeaders, status });
}
