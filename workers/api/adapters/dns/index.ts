import { DEFAULT_NAMESERVERS } from "../../../../core/my-domains";
import type { ApiEnv } from "../../env";
import { embeddedDnsProvider } from "./embedded";
import type { DnsProvider } from "./types";

export type { DnsProvider, ZoneSnapshot } from "./types";
export { DnsProviderError } from "./types";
export { embeddedDnsProvider } from "./embedded";

/** The provider of the served zones: the embedded DNS-over-HTTPS answers of the storefront. */
export function createDnsProvider(_env: ApiEnv): DnsProvider {
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
