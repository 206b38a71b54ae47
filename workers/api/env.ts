import type { AiRunner } from "./adapters/suggestions";
import type { ApiServices } from "./services";

/** Bindings and variables of the storefront worker, as the /api/v1 app sees them. */
export interface ApiEnv {
  DB: D1Database;
  CACHE: KVNamespace;
  /** The lookup worker (service binding): WHOIS/SSL/DNS and cached TLD pricing. */
  LOOKUP: Fetcher;
  ENVIRONMENT: string;
  /** "simulated" (default) or "http" (registrar/EPP gateway at REGISTRY_API_URL). */
  REGISTRY_ADAPTER?: string;
  REGISTRY_API_URL?: string;
  REGISTRY_API_TOKEN?: string;
  /** Our EPP client id at the registrar/EPP gateway (http adapter). */
  REGISTRY_CLIENT_ID?: string;
  /** Workers AI binding; when present Trinity asks the model (unless SUGGESTIONS_ADAPTER=builtin). */
  AI?: AiRunner;
  SUGGESTIONS_ADAPTER?: string;
  /** Signs the storefront's cookies (cart id, flash toasts); required in production. */
  COOKIE_SECRET?: string;
}

export interface ApiVariables {
  /** The visitor's address, forwarded to the lookup worker for its per-client limits. */
  clientIp: string;
  services: ApiServices;
}

export type ApiBindings = { Bindings: ApiEnv; Variables: ApiVariables };
