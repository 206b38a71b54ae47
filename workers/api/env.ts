import type { PaymentsEnv } from "./adapters/payments";
import type { AiRunner } from "./adapters/suggestions";

/**
 * Bindings and variables of the storefront worker, as the /api/v1 app sees them (the payments
 * ones, PAYMENTS_ADAPTER, STRIPE_* and TESTPAY_*, are declared by PaymentsEnv).
 */
export interface ApiEnv extends PaymentsEnv {
  DB: D1Database;
  CACHE: KVNamespace;
  /** The lookup worker (service binding): WHOIS/SSL/DNS and cached TLD pricing. */
  LOOKUP: Fetcher;
  /** "production" in wrangler.toml (what deploy ships); "development" when served locally. */
  ENVIRONMENT: string;
  /**
   * "on" turns on the development mail outbox (GET /dev/outbox, the /dev/mailbox page). Only
   * local serving sets it (scripts/workers.mjs, vite dev); it is ignored in production.
   */
  DEV_OUTBOX?: string;
  /**
   * The storefront's own host names, comma-separated (besides localhost and *.workers.dev):
   * requests to any other host are looked up as customer domains with forwarding.
   */
  STOREFRONT_HOSTS?: string;
  /**
   * Our nameservers' host names, comma-separated (default ns1/ns2.trinity-dns.net): a domain
   * delegated to exactly these has its zone served; they are its apex NS and the SOA's primary.
   */
  NAMESERVERS?: string;
  /** "embedded" (default: /dns-query answers from D1), "powerdns" (PowerDNS Authoritative's HTTP API) or "cloudflare". */
  DNS_ADAPTER?: string;
  /** The PowerDNS webserver's base URL (e.g. http://127.0.0.1:8081) and its API key (DNS_ADAPTER=powerdns). */
  POWERDNS_API_URL?: string;
  POWERDNS_API_KEY?: string;
  /** The server id in PowerDNS's API paths (default "localhost"). */
  POWERDNS_SERVER_ID?: string;
  /** Cloudflare DNS (DNS_ADAPTER=cloudflare): an API token with DNS and zone write, the account, the API's base. */
  CLOUDFLARE_API_TOKEN?: string;
  CLOUDFLARE_ACCOUNT_ID?: string;
  CLOUDFLARE_API_URL?: string;
  /** "simulated" (default) or "http" (registrar/EPP gateway at REGISTRY_API_URL). */
  REGISTRY_ADAPTER?: string;
  REGISTRY_API_URL?: string;
  REGISTRY_API_TOKEN?: string;
  /** Our EPP client id at the registrar/EPP gateway (http adapter). */
  REGISTRY_CLIENT_ID?: string;
  /** The bearer token the EPP gateway's poll callback sends (POST /registry/notices); a secret. */
  REGISTRY_CALLBACK_TOKEN?: string;
  /** Workers AI binding; when present Trinity asks the model (unless SUGGESTIONS_ADAPTER=builtin). */
  AI?: AiRunner;
  SUGGESTIONS_ADAPTER?: string;
  /** Signs the storefront's cookies (cart id, flash toasts); required in production. */
  COOKIE_SECRET?: string;
  /** Signs access tokens (HS256); required in production, a fixed development value otherwise. */
  JWT_SECRET?: string;
  /** "outbox" (default, D1) or "cloudflare" (the EMAIL send_email binding). */
  MAIL_ADAPTER?: string;
  /** Sender address of account mails (MAIL_ADAPTER=cloudflare). */
  MAIL_FROM?: string;
  EMAIL?: SendEmail;
  /** Lets a helpdesk answer support tickets (POST /support/staff/tickets/:id/replies); unset = off. */
  SUPPORT_API_TOKEN?: string;
  /** "simulated" (default: D1, statuses on the clock) or "hetzner" (Hetzner Cloud API). */
  PROVISIONING_ADAPTER?: string;
  /** Base URL of the Hetzner Cloud API (default https://api.hetzner.cloud); tests point it at a local fake. */
  PROVISIONING_API_URL?: string;
  PROVISIONING_API_TOKEN?: string;
  /** Encrypts servers' root passwords at rest; required in production, a fixed development value otherwise. */
  SERVERS_SECRET?: string;
}
