import { DEFAULT_NAMESERVERS } from "../../../../core/my-domains";
import type { ApiEnv } from "../../env";
import { embeddedDnsProvider } from "./embedded";
import { powerDnsProvider } from "./powerdns";
import { cloudflareDnsProvider } from "./cloudflare";
import type { DnsProvider } from "./types";

export type { DnsProvider, PushResult, ZoneSnapshot } from "./types";
export { DnsProviderError } from "./types";
export { embeddedDnsProvider } from "./embedded";
export { powerDnsProvider, rrsetsOf } from "./powerdns";
export { cloudflareDnsProvider, cloudflareRecordOf } from "./cloudflare";

/**
 * The provider of the served zones: DNS_ADAPTER=powerdns (PowerDNS Authoritative's HTTP API at
 * POWERDNS_API_URL with POWERDNS_API_KEY), DNS_ADAPTER=cloudflare (Cloudflare DNS with
 * CLOUDFLARE_API_TOKEN in CLOUDFLARE_ACCOUNT_ID), else the embedded DNS-over-HTTPS answers.
 */
export function createDnsProvider(env: ApiEnv): DnsProvider {
  const choice = (env.DNS_ADAPTER ?? "").trim().toLowerCase();
  if (choice === "cloudflare") {
    if (!env.CLOUDFLARE_API_TOKEN || !env.CLOUDFLARE_ACCOUNT_ID)
      throw new Error("DNS_ADAPTER=cloudflare needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID");
    return cloudflareDnsProvider({
      url: env.CLOUDFLARE_API_URL || "https://api.cloudflare.com/client/v4",
      apiToken: env.CLOUDFLARE_API_TOKEN,
      accountId: env.CLOUDFLARE_ACCOUNT_ID,
    });
  }
  if (choice === "powerdns") {
    if (!env.POWERDNS_API_URL || !env.POWERDNS_API_KEY)
      throw new Error("DNS_ADAPTER=powerdns needs POWERDNS_API_URL and POWERDNS_API_KEY");
    return powerDnsProvider({
      url: env.POWERDNS_API_URL,
      apiKey: env.POWERDNS_API_KEY,
      serverId: env.POWERDNS_SERVER_ID || undefined,
    });
  }
  return embeddedDnsProvider();
}

/** Our nameservers' names (NAMESERVERS, comma-separated), else the defaults a new registration gets. */
export function ourNameservers(env: Pick<ApiEnv, "NAMESERVERS">): string[] {
  const configured = (env.NAMESERVERS ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase().replace(/\.$/, ""))
    .filter(Boolean);
  return configured.length > 0 ? configured : [...DEFAULT_NAMESERVERS];
}

/** A provider whose every push rejects with `error()` (production guard: DNS not configured). */
export function refusingDnsProvider(error: () => Error): DnsProvider {
  return {
    kind: "embedded",
    push: async (): Promise<never> => {
      throw error();
    },
    remove: async (): Promise<never> => {
      throw error();
    },
  };
}
