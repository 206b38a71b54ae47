// What the WHOIS tool answers (SPEC §3): the result's shape and the registrant fields it shows,
// apart from the RDAP mapping and the browser's zod schema (whois.ts, which re-exports these), so
// the page renders without loading zod or the IDN tables.

/** Registrant fields the result shows (SPEC §3). */
export const REGISTRANT_FIELDS = ["organization", "name", "email", "phone", "country"] as const;
export type RegistrantField = (typeof REGISTRANT_FIELDS)[number];

export interface WhoisStatus {
  /** The RDAP status as published ("client transfer prohibited"). */
  value: string;
  /** Stable key for the plain-words explanation (`clientTransferProhibited`), null when unknown. */
  key: string | null;
}

export interface WhoisResult {
  /** Registry form ("xn--bcher-kva.com"). */
  domain: string;
  /** Display form ("bücher.com"). */
  unicode: string;
  /** rdap: a registry/registrar's RDAP server; whois: port-43 WHOIS (no RDAP); ours: registered with us. */
  source: "rdap" | "whois" | "ours";
  /** The RDAP server that answered (its base URL), for the "data from" line. */
  server: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  statuses: WhoisStatus[];
  registrar: {
    name: string | null;
    ianaId: string | null;
    url: string | null;
    abuseEmail: string | null;
    abusePhone: string | null;
  } | null;
  /** Each field as published, or null when the answer does not carry it. */
  registrant: Record<RegistrantField, string | null>;
  /** Registrant fields the server says it withheld (RFC 9537 or a "redacted" placeholder). */
  redacted: RegistrantField[];
  nameservers: string[];
  /** null when the answer says nothing about DNSSEC. */
  dnssec: boolean | null;
  /** When we asked (ISO). */
  fetchedAt: string;
}
