import type { DnsRecord } from "../../../../core/dns";

/** A zone as a DNS provider must serve it: the whole record set at one version (the SOA serial). */
export interface ZoneSnapshot {
  /** The domain, lower case, no final dot. */
  zone: string;
  serial: number;
  /** Our nameservers: the zone's apex NS and the SOA's primary. */
  nameservers: readonly string[];
  /** The editor's records (FORWARD and STEALTH are the web server's and are not pushed). */
  records: readonly DnsRecord[];
}

/**
 * The DNS-provider port (issue 22): every zone change goes through it after D1 has committed it.
 * `push` makes the served zone exactly the snapshot and answers the serial now served; it is
 * idempotent (pushing a serial the provider already serves changes nothing) so a retry is safe.
 */
export interface DnsProvider {
  readonly kind: "embedded" | "powerdns";
  push(snapshot: ZoneSnapshot): Promise<{ serial: number }>;
  /** Stops serving the zone (the domain was deleted, moved away or pointed elsewhere); none served is fine. */
  remove(zone: string): Promise<void>;
}

/** A provider that could not be reached or refused the zone: the change stays pending and is retried. */
export class DnsProviderError extends Error {
  override name = "DnsProviderError";
}
