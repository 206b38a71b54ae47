// What the DNS check tool answers: the record types it asks for and the result's shape, apart
// from the DoH reading and the browser's zod schema (dns-check.ts, which re-exports these), so the
// page renders without loading zod.

export const DNS_TYPES = { A: 1, AAAA: 28, CNAME: 5, MX: 15, NS: 2, TXT: 16, SRV: 33, CAA: 257, SOA: 6 } as const;
export type DnsType = keyof typeof DNS_TYPES;
export const DNS_TYPE_NAMES = Object.keys(DNS_TYPES) as DnsType[];

export type DnsRowStatus = "NOERROR" | "NODATA" | "NXDOMAIN" | "SERVFAIL" | "REFUSED" | "ERROR";

export interface DnsRow {
  resolver: string;
  status: DnsRowStatus;
  /** Record data in presentation form, normalised (no trailing dot, TXT unquoted), sorted. */
  answers: string[];
  /** Lowest TTL of the answers (seconds), null without answers. */
  ttl: number | null;
  /** Milliseconds the resolver took. */
  timeMs: number;
  /** With an expected value: does an answer match it? */
  matches: boolean | null;
  /** Why the row failed (HTTP error, timeout, the resolver's comment). */
  error: string | null;
}

export interface DnsCheck {
  name: string;
  unicode: string;
  type: DnsType;
  expected: string | null;
  rows: DnsRow[];
  /** True when every answering resolver gave the same set of answers. */
  agree: boolean;
  checkedAt: string;
}
