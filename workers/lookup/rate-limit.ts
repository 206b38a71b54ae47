import type { MiddlewareHandler } from "hono";
import { errorBody, type LookupEnv } from "./env";

/** The bindings of LookupEnv that are Workers Rate Limiting bindings. */
type LimiterBinding = { [K in keyof LookupEnv]: LookupEnv[K] extends RateLimit ? K : never }[keyof LookupEnv];

/**
 * One limiter per kind of lookup: its binding and the period configured for it in wrangler.toml
 * (`[[ratelimits]] simple = { limit, period }`; period is 10 or 60). WHOIS, SSL and DNS add a row.
 */
export const RATE_LIMITS = {
  pricing: { binding: "PRICING_LIMITER", periodSeconds: 60 },
  whois: { binding: "WHOIS_LIMITER", periodSeconds: 60 },
  ssl: { binding: "SSL_LIMITER", periodSeconds: 60 },
  dns: { binding: "DNS_LIMITER", periodSeconds: 60 },
  pagespeed: { binding: "PAGESPEED_LIMITER", periodSeconds: 60 },
} as const satisfies Record<string, { binding: LimiterBinding; periodSeconds: 10 | 60 }>;

export type LimitedKind = keyof typeof RATE_LIMITS;

/**
 * Who is asking: the visitor's address the storefront forwards in `x-client-ip` when it calls
 * through the service binding, else the connecting address, else one shared bucket.
 */
export function clientKey(headers: Headers): string {
  for (const name of ["x-client-ip", "cf-connecting-ip"]) {
    const value = headers.get(name)?.trim();
    if (value) return value.slice(0, 64);
  }
  return "anonymous";
}

/** Answers 429 with Retry-After when the client is over its limit for this kind of lookup. */
export function rateLimit(kind: LimitedKind): MiddlewareHandler<{ Bindings: LookupEnv }> {
  const { binding, periodSeconds } = RATE_LIMITS[kind];
  return async (c, next) => {
    let allowed = true;
    try {
      ({ success: allowed } = await c.env[binding].limit({ key: clientKey(c.req.raw.headers) }));
    } catch (error) {
      // The limiter is a guard, not the product: if it is unavailable, answer the lookup.
      console.error(`rate limiter ${binding} failed`, error);
    }
    if (allowed) return next();
    c.header("Retry-After", String(periodSeconds));
    return c.json(errorBody("rate_limited", `Too many lookups. Try again in ${periodSeconds} seconds.`), 429);
  };
}
