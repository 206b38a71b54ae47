import type { DnsProvider } from "./types";

/**
 * The embedded default (DESIGN §5): the storefront itself answers for the zones in D1 over
 * DNS-over-HTTPS at /dns-query (workers/dns-over-https.ts), reading the records D1 has just
 * committed, so a pushed version is served as soon as it is written. It does not sign: its DS
 * list is always empty (DNSSEC needs the PowerDNS provider).
 */
export function embeddedDnsProvider(): DnsProvider {
  return {
    kind: "embedded",
    push: async (snapshot) => ({ serial: snapshot.serial, ds: [] }),
    // /dns-query serves only live domains delegated to us: one that is not is no longer answered.
    remove: async () => undefined,
  };
}
