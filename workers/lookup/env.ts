/** Bindings of the lookup worker (workers/lookup/wrangler.toml). */
export interface LookupEnv {
  /** The shared D1 database; the lookup worker only reads the catalogue. */
  DB: D1Database;
  /** KV read-through cache for lookups (see cache.ts). */
  CACHE: KVNamespace;
  /** Per-client limit on TLD-pricing lookups (see rate-limit.ts). */
  PRICING_LIMITER: RateLimit;
  /** Per-client limits on WHOIS, SSL and DNS checks (see rate-limit.ts). */
  WHOIS_LIMITER: RateLimit;
  SSL_LIMITER: RateLimit;
  DNS_LIMITER: RateLimit;
  /** Per-client limit on URL performance analyses (PageSpeed Insights). */
  PAGESPEED_LIMITER: RateLimit;
  ENVIRONMENT: string;
  /** IANA's RDAP bootstrap file for domains (default https://data.iana.org/rdap/dns.json). */
  RDAP_BOOTSTRAP_URL?: string;
  /** IANA's WHOIS server for port-43 fallbacks (default whois.iana.org) and the port (default 43). */
  WHOIS_IANA_SERVER?: string;
  WHOIS_PORT?: string;
  /** Base URL of the SSL Labs API (default https://api.ssllabs.com/api/v4/). */
  SSLLABS_API_URL?: string;
  /** The address registered with SSL Labs (`POST /api/v4/register`); v4 refuses calls without it. */
  SSLLABS_EMAIL?: string;
  /** DoH JSON resolvers as `name=url` pairs, comma-separated (default Cloudflare, Google, Quad9). */
  DOH_RESOLVERS?: string;
  /** PageSpeed Insights v5 `runPagespeed` URL (default Google's) and an optional API key (keyless calls are throttled hard). */
  PAGESPEED_API_URL?: string;
  PAGESPEED_API_KEY?: string;
  /** Timeout of one PageSpeed run in milliseconds (default 90000: runs take 10–60 s). */
  PAGESPEED_TIMEOUT_MS?: string;
  /** Upstream timeout in milliseconds (default 10000). */
  UPSTREAM_TIMEOUT_MS?: string;
}

/** The error shape of every failed answer (DESIGN §6). */
export interface LookupErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}

export function errorBody(code: string, message: string, errors?: LookupErrorBody["errors"]): LookupErrorBody {
  return errors ? { success: false, code, message, errors } : { success: false, code, message };
}

/** A lookup that could not be answered: the code the UI translates, the HTTP status, the English text. */
export class LookupFailure extends Error {
  constructor(
    readonly status: 400 | 404 | 429 | 502 | 503,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Milliseconds before an upstream call is given up. */
export function upstreamTimeout(env: Pick<LookupEnv, "UPSTREAM_TIMEOUT_MS">): number {
  const value = Number(env.UPSTREAM_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 10_000;
}
