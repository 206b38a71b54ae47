import type { TldPrice } from "../../core/pricing";
import type { WhoisResult } from "../../core/whois";
import type { SslCheck } from "../../core/ssl";
import type { DnsCheck } from "../../core/dns-check";
import type { PageSpeedResult, Strategy } from "../../core/pagespeed";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isApiErrorCode, statusesOf, type ApiErrorStatus } from "./contract/errors";
import { ApiError } from "./errors";

/**
 * Calls the lookup worker through the LOOKUP service binding. The visitor's address travels in
 * `x-client-ip` so the lookup worker's per-client limits apply to the visitor, not to us.
 * Errors from the lookup worker (404, 429 with Retry-After, 400) pass through with their code.
 */
export function createLookupClient(lookup: Fetcher, clientIp: string) {
  async function call<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await lookup.fetch(`https://lookup.internal${path}`, {
        headers: { "x-client-ip": clientIp, accept: "application/json" },
      });
    } catch (cause) {
      console.error("lookup worker unreachable", cause);
      throw new ApiError(503, "lookup_unavailable", "The lookup service is unavailable. Please try again shortly.");
    }
    const body = (await response.json().catch(() => null)) as
      | { success: true; data: T }
      | { success: false; code: string; message: string; errors?: { path: string; message: string }[] }
      | null;
    if (!body) throw new ApiError(502, "lookup_bad_response", "The lookup service gave an unreadable answer.");
    if (body.success) return body.data;
    const retryAfter = response.headers.get("retry-after");
    // The lookup worker's codes are in the API's list (contract/errors.ts) with their statuses;
    // one it should never send is an unreadable answer.
    if (!isApiErrorCode(body.code))
      throw new ApiError(502, "lookup_bad_response", "The lookup service gave an unreadable answer.");
    const status = statusesOf(body.code).includes(response.status) ? response.status : statusesOf(body.code)[0];
    throw new ApiError(
      status as ApiErrorStatus & ContentfulStatusCode,
      body.code,
      body.message,
      body.errors,
      retryAfter ? { "Retry-After": retryAfter } : undefined,
    );
  }

  return {
    pricing: (tlds: string[]) =>
      call<{ pricing: TldPrice[]; not_found: string[] }>(`/pricing?tlds=${tlds.map(encodeURIComponent).join(",")}`),
    tldPricing: (tld: string) => call<TldPrice>(`/pricing/${encodeURIComponent(tld)}`),
    /** WHOIS/RDAP result of an ASCII domain name (ours from D1, others from their registry). */
    whois: (asciiDomain: string) => call<WhoisResult>(`/whois/${encodeURIComponent(asciiDomain)}`),
    /** One poll of the SSL Labs assessment of an ASCII host name. */
    ssl: (asciiHost: string) => call<SslCheck>(`/ssl?host=${encodeURIComponent(asciiHost)}`),
    /** The same DNS question to several public DoH resolvers. */
    dns: (query: { name: string; type: string; expected?: string }) =>
      call<DnsCheck>(
        `/dns?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()}`,
      ),
    /** One PageSpeed Insights analysis (the four categories and Core Web Vitals) of a validated URL. */
    pagespeed: (asked: { url: string; strategy: Strategy }) =>
      call<PageSpeedResult>(
        `/pagespeed?${new URLSearchParams({ url: asked.url, strategy: asked.strategy }).toString()}`,
      ),
    /**
     * Our own RDAP object of a name registered with us, passed through as the lookup worker
     * answers it; `queryUrl` is the URL the client queried, which the object's links name.
     */
    rdap: (name: string, queryUrl: string) =>
      lookup.fetch(`https://lookup.internal/rdap/domain/${encodeURIComponent(name)}`, {
        headers: { "x-client-ip": clientIp, accept: "application/rdap+json", "x-rdap-query-url": queryUrl },
      }),
  };
}
