import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { getLocale, i18nForLocale } from "./server/i18n.server";

function hasRunJavaScript(request: Request): boolean {
  return /(?:^|;\s*)js=1(?:;|$)/.test(request.headers.get("Cookie") ?? "");
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

  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );

  // Browsers that have run our JS (the `js` cookie) get the document streamed, so a slow part
  // never holds up the rest. Bots and browsers without JS get the whole document at once: a
  // streamed Suspense boundary only swaps in with JavaScript.
  if (isbot(request.headers.get("user-agent") || "") || !hasRunJavaScript(request)) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", lng);
  return new Response(body, { headers: responseHeaders, status });
}
