// DNS record types, limits, field lists and messages (the DNS editor, SPEC §2): plain values and
// functions, apart from the record and zone-import zod schemas and checks (dns.ts, which
// re-exports these), so the DNS page renders without loading zod or the IDN tables.

export const RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA", "FORWARD", "STEALTH"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** SPEC §9 TTL options in seconds; 0 = automatic. */
export const TTL_OPTIONS = [0, 120, 300, 600, 900, 1800, 3600, 7200, 18000, 43200, 86400] as const;
/** What "automatic" means when the zone is exported or served. */
export const AUTO_TTL = 3600;
export const REDIRECT_TYPES = [301, 302] as const;
export const TXT_CHUNK = 255;
export const TXT_MAX = 4000;
export const PAGE_TITLE_MAX = 200;
export const MAX_RECORDS_PER_ZONE = 1000;
/** The CAA property tags of the IANA registry (RFC 8659 §7.2 and its later entries). */
export const CAA_TAGS = [
  "issue",
  "issuewild",
  "iodef",
  "issuemail",
  "issuevmc",
  "contactemail",
  "contactphone",
] as const;

/** A record as stored and answered (`name` relative to the domain, "@" = the apex). */
export interface DnsRecord {
  id: string;
  type: RecordType;
  name: string;
  content: string;
  ttl: number;
  priority: number | null;
  weight: number | null;
  port: number | null;
  redirect_type: 301 | 302 | null;
  page_title: string | null;
}

export type DnsRecordInput = Omit<DnsRecord, "id">;

/** The editor's stable English messages (the page translates them by key). */
export const DNS_MESSAGES = {
  required: "is required",
  ipv4: "must be an IPv4 address like 192.0.2.1",
  ipv6: "must be an IPv6 address like 2001:db8::1",
  host: "must be a host name like mail.example.com",
  hostNotIp: "must be a host name like mail.example.com, not an IP address",
  ldhHost: "must be a host name of letters, digits and hyphens (no underscores), like mail.example.com",
  badALabel: "has an xn-- label that is not valid punycode",
  outside: "is outside this domain: use a name without a final dot, or one ending in the domain",
  nameLength: "makes a full name longer than 253 characters",
  nullMx: 'A null MX (".") must have priority 0 and be the only MX of its name',
  name: 'must be "@" or a name like www, mail or _sip._tcp',
  srvName: "must start with _service._protocol (or *._protocol), like _sip._tcp",
  priority: "must be a whole number from 0 to 65535",
  ttl: `must be one of ${TTL_OPTIONS.join(", ")} (0 = automatic)`,
  txtLength: `must be at most ${TXT_MAX} bytes`,
  txtQuotes: "has unbalanced quotes",
  txtChunk: `has a quoted string longer than ${TXT_CHUNK} bytes (UTF-8)`,
  url: "must be a web address starting with http:// or https://",
  redirect: "must be 301 or 302",
  pageTitle: `is required (at most ${PAGE_TITLE_MAX} characters)`,
  caa: `must be like 0 issue "letsencrypt.org" (tags: ${CAA_TAGS.join(", ")}; the value at most ${TXT_CHUNK} bytes)`,
  notAllowed: "is not used by this record type",
  apexCname: "A CNAME record cannot be at the apex (@) of the domain",
  cnameBeside: "A CNAME record cannot share its name with other records",
  apexNs: "Nameservers of the apex are set on the Nameservers form",
  forwardBeside: "Forwarding cannot share its name with a CNAME or another forwarding",
  duplicate: "This record already exists",
} as const;

export function hostOf(name: string, domain: string): string {
  return name === "@" ? domain : `${name}.${domain}`;
}

/** The fields beside type, name, value and TTL that only some record types use. */
export const EXTRA_RECORD_FIELDS = ["priority", "weight", "port", "redirect_type", "page_title"] as const;
export type ExtraRecordField = (typeof EXTRA_RECORD_FIELDS)[number];

const USES: Record<RecordType, readonly ExtraRecordField[]> = {
  A: [],
  AAAA: [],
  CNAME: [],
  MX: ["priority"],
  TXT: [],
  NS: [],
  SRV: ["priority", "weight", "port"],
  CAA: [],
  FORWARD: ["redirect_type"],
  STEALTH: ["page_title"],
};

/** The extra fields a record of `type` uses (the form shows only these, the API refuses the others). */
export function recordFieldsFor(type: RecordType): readonly ExtraRecordField[] {
  return USES[type];
}

/** One line of a zone file's import report as the page shows it (core/zone-file.ts ZoneLineReport). */
export type ZoneReportLine =
  | { line: number; outcome: "imported"; type: string; name: string; notes: string[] }
  | { line: number; outcome: "skipped"; type: string; name: string; reason: string }
  | { line: number; outcome: "refused"; reason: string };

/**
 * What a zone history entry was (the change made right after that snapshot). Stored as a short
 * English text (`summary`, the API's log words) and answered as this structure too, so each page
 * words it in its own language.
 */
export type ZoneChange =
  | { action: "add" | "edit" | "delete"; type: RecordType; name: string }
  | { action: "rollback"; version: number }
  | { action: "import"; replace: boolean };
