/** Bindings of the lookup worker (workers/lookup/wrangler.toml). */
export interface LookupEnv {
  /** The shared D1 database; the lookup worker only reads the catalogue. */
  DB: D1Database;
  /** KV read-through cache for lookups (see cache.ts). */
  CACHE: KVNamespace;
  /** Per-client limit on TLD-pricing lookups (see rate-limit.ts). */
  PRICING_LIMITER: RateLimit;
  ENVIRONMENT: string;
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
