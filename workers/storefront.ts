import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build (made by `npm run build`; `npm test` builds before it typechecks).
import * as build from "../build/server";
import api from "./api/app";
import type { StorefrontEnv } from "./api/contract/bindings";
import { runJobs } from "./api/jobs";
import { forwardingResponse } from "./forwarding";
import { crossSiteRefusal, isCrossSiteRequest } from "./origin-check";
import {
  unsafePathRefusal,
  legacyDataRequestRefusal,
  unreadableFormRefusal,
  withoutForwardedHost,
} from "./request-guards";
import { cachedResponse, createPageCache, pageCacheKey, storeIfShared } from "./page-cache";
import { createNonce, withSecurityHeaders } from "./security-headers";
import { handleSpeed, isSpeedPath } from "./speed";
import { handleDnsQuery, isDnsQueryPath } from "./dns-over-https";

export type { StorefrontEnv };

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
/** Pages shared by visitors without an account or cart (workers/page-cache.ts), per isolate. */
const pageCache = createPageCache();

export default {
  async fetch(request, env, ctx): Promise<Response> {
    // A customer's host name with forwarding (DNS editor) is answered before anything else.
    const forwarded = await forwardingResponse(request, env);
    if (forwarded) return forwarded;
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/v1/") || url.pathname === "/api/v1") {
      return withSecurityHeaders(await api.fetch(request, env, ctx));
    }
    // Speed-test endpoints (no cookies, no caching): before the cross-site check, like the API.
    if (isSpeedPath(url.pathname)) return withSecurityHeaders(await handleSpeed(request));
    // Our nameservers' answers over DNS-over-HTTPS (RFC 8484): no cookies, any origin may ask.
    if (isDnsQueryPath(url.pathname)) return withSecurityHeaders(await handleDnsQuery(request, env));
    // Form posts of the web UI ride on the session cookie: refuse them from other sites.
    if (isCrossSiteRequest(request)) return withSecurityHeaders(crossSiteRefusal());
    const badPath = unsafePathRefusal(url) ?? legacyDataRequestRefusal(url);
    if (badPath) return withSecurityHeaders(badPath);
    // A page's action reads a form: a body that is not one is refused here, not a 500 there.
    const unreadable = await unreadableFormRefusal(request);
    if (unreadable) return withSecurityHeaders(unreadable);
    const nonce = createNonce();
    const cacheKey = pageCacheKey(request);
    const cached = cacheKey === null ? undefined : pageCache.get(cacheKey);
    if (cached) return withSecurityHeaders(cachedResponse(cached, nonce), nonce);
    const response = await handleRemixRequest(withoutForwardedHost(request), {
      cloudflare: { env, ctx },
      nonce,
    });
    return withSecurityHeaders(
      storeIfShared(cacheKey, response, nonce, pageCache, (p) => ctx.waitUntil(p)),
      nonce,
    );
  },
  async scheduled(_controller, env, ctx): Promise<void> {
    ctx.waitUntil(runJobs(env).then((results) => console.log("scheduled jobs", JSON.stringify(results))));
  },
} satisfies ExportedHandler<StorefrontEnv>;
