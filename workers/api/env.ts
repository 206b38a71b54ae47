/** Bindings and variables of the storefront worker, as the /api/v1 app sees them. */
export interface ApiEnv {
  DB: D1Database;
  CACHE: KVNamespace;
  /** The lookup worker (service binding): WHOIS/SSL/DNS and cached TLD pricing. */
  LOOKUP: Fetcher;
  ENVIRONMENT: string;
}

export interface ApiVariables {
  /** The visitor's address, forwarded to the lookup worker for its per-client limits. */
  clientIp: string;
}

export type ApiBindings = { Bindings: ApiEnv; Variables: ApiVariables };
