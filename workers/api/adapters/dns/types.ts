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
  /** Signed (DNSSEC on, the default) or not. */
  dnssec: boolean;
}

/** What the provider serves after a push: the serial, and the DS records of its signing key ([] unsigned). */
export interface PushResult {
  serial: number;
  ds: string[];
}

/**
 * The DNS-provider port (issue 22): every zone change goes through it after D1 has committed it.
 * `push` makes the served zone exactly the snapshot, signed or not as it says, and answers the
 * serial now served with the DS records to publish at the registry; it is idempotent (pushing a
 * serial the provider already serves changes no record) so a retry is safe.
 */
export interface DnsProvider {
  readonly kind: "embedded" | "powerdns" | "cloudflare";
  push(snapshot: ZoneSnapshot): Promise<PushResult>;
  /** Stops serving the zone (the domain was deleted, moved away or pointed elsewhere); none served is fine. */
  remove(zone: string): Promise<void>;
}

/** A provider that could not be reached or refused the zone: the change stays pending and is retried. */
export class DnsProviderError extends Error {
  override name = "DnsProviderError";
}
