// The authoritative answer of one question from one zone (issue 22): what our nameservers say for
// a name and type, from the records the DNS editor holds. RFC 1034 §4.3.2's algorithm: a
// delegation below the apex answers a referral; a CNAME is answered and chased inside the zone;
// a wildcard (RFC 4592) answers a name that does not exist; otherwise NODATA or NXDOMAIN with the
// zone's SOA in the authority section (RFC 2308). The wire format is the caller's (dns-packet
// shapes: the data of each type as that library encodes it). Pure: no I/O.
import { AUTO_TTL, caaParts, recordOf, txtParts, type DnsRecord } from "./dns";

/** The record types answered (FORWARD and STEALTH are the web server's, not DNS records). */
export const SERVED_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA", "SOA"] as const;
export type ServedType = (typeof SERVED_TYPES)[number];

/** The SOA timers (seconds): refresh, retry, expire, minimum (the negative-answer TTL). Export writes the same. */
export const SOA_TIMERS = { refresh: 7200, retry: 3600, expire: 1209600, minimum: 3600 } as const;
/** How many CNAMEs one answer follows inside the zone. */
const MAX_CHAIN = 8;

export interface ServedZone {
  /** The domain, lower case, no final dot. */
  name: string;
  serial: number;
  /** Our nameservers, the zone's apex NS (the first is the SOA's primary). */
  nameservers: readonly string[];
  records: readonly DnsRecord[];
}

/** One record as answered, its data typed by its type (the shapes dns-packet encodes). */
export type ServedRecord = { name: string; ttl: number } & (
  | { type: "A" | "AAAA" | "CNAME" | "NS"; data: string }
  | { type: "TXT"; data: string[] }
  | { type: "MX"; data: { preference: number; exchange: string } }
  | { type: "SRV"; data: { priority: number; weight: number; port: number; target: string } }
  | { type: "CAA"; data: { flags: number; tag: string; value: string } }
  | {
      type: "SOA";
      data: {
        mname: string;
        rname: string;
        serial: number;
        refresh: number;
        retry: number;
        expire: number;
        minimum: number;
      };
    }
);

export interface ZoneAnswer {
  rcode: "NOERROR" | "NXDOMAIN" | "REFUSED";
  /** Authoritative answer (false for a referral to a delegated child and for a refusal). */
  authoritative: boolean;
  answers: ServedRecord[];
  authority: ServedRecord[];
  additional: ServedRecord[];
}

const REFUSED: ZoneAnswer = { rcode: "REFUSED", authoritative: false, answers: [], authority: [], additional: [] };

const absoluteOf = (zone: string, name: string) => (name === "@" ? zone : `${name}.${zone}`);

/** The SOA record of the zone. */
export function soaOf(zone: ServedZone): ServedRecord {
  return {
    name: zone.name,
    type: "SOA",
    ttl: SOA_TIMERS.minimum,
    data: {
      mname: zone.nameservers[0] ?? `ns1.${zone.name}`,
      rname: `hostmaster.${zone.name}`,
      serial: zone.serial,
      ...SOA_TIMERS,
    },
  };
}

/** One stored record as served (owner `owner`, for a wildcard the name asked). */
function served(record: DnsRecord, owner: string): ServedRecord | null {
  const ttl = record.ttl === 0 ? AUTO_TTL : record.ttl;
  const base = { name: owner, ttl };
  switch (record.type) {
    case "A":
    case "AAAA":
    case "CNAME":
    case "NS":
      return { ...base, type: record.type, data: record.content };
    case "MX":
      return { ...base, type: "MX", data: { preference: record.priority ?? 0, exchange: record.content } };
    case "SRV":
      return {
        ...base,
        type: "SRV",
        data: {
          priority: record.priority ?? 0,
          weight: record.weight ?? 0,
          port: record.port ?? 0,
          target: record.content,
        },
      };
    case "TXT":
      return { ...base, type: "TXT", data: txtParts(record.content) };
    case "CAA": {
      const parts = caaParts(record.content);
      return parts ? { ...base, type: "CAA", data: parts } : null;
    }
    default:
      return null;
  }
}

/** The zone's records by owner name (relative, "@" = apex), the apex NS from our nameservers. */
function nodesOf(zone: ServedZone): Map<string, DnsRecord[]> {
  const nodes = new Map<string, DnsRecord[]>();
  const add = (record: DnsRecord) => {
    const list = nodes.get(record.name);
    if (list) list.push(record);
    else nodes.set(record.name, [record]);
  };
  for (const record of zone.records) if (record.type !== "FORWARD" && record.type !== "STEALTH") add(record);
  zone.nameservers.forEach((host, index) => add(recordOf("NS", "@", host, { id: `ns-${index}` })));
  return nodes;
}

/** `qname` relative to the zone ("@" for the apex), or null when it is not in the zone. */
function relativeIn(zone: string, qname: string): string | null {
  if (qname === zone) return "@";
  return qname.endsWith(`.${zone}`) ? qname.slice(0, -(zone.length + 1)) : null;
}

/** The names from just below the apex down to `name` ("a.b.c" → ["c", "b.c", "a.b.c"]). */
function pathDown(name: string): string[] {
  if (name === "@") return [];
  const labels = name.split(".");
  return labels.map((_, index) => labels.slice(labels.length - 1 - index).join("."));
}

/**
 * The answer of our nameservers for (`qname`, `qtype`) from `zone` (null: not a zone we serve →
 * REFUSED). `qtype` is a type name as dns-packet decodes it ("A", "ANY", "UNKNOWN_65"…).
 */
export function answerQuestion(zone: ServedZone | null, qname: string, qtype: string): ZoneAnswer {
  const name = qname.toLowerCase().replace(/\.$/, "");
  const relative = zone ? relativeIn(zone.name, name) : null;
  if (!zone || relative === null) return REFUSED;
  const nodes = nodesOf(zone);
  const soa = soaOf(zone);
  const answer: ZoneAnswer = { rcode: "NOERROR", authoritative: true, answers: [], authority: [], additional: [] };
  const seen = new Set<string>();

  let current = relative;
  for (let hop = 0; hop <= MAX_CHAIN; hop += 1) {
    const owner = absoluteOf(zone.name, current);
    // A delegation on the way down (NS below the apex): the child's nameservers answer, not us.
    const cut = pathDown(current).find((candidate) => nodes.get(candidate)?.some((record) => record.type === "NS"));
    if (cut !== undefined) {
      if (hop === 0) {
        answer.authoritative = false;
        answer.authority = (nodes.get(cut) ?? [])
          .filter((r) => r.type === "NS")
          .flatMap((r) => served(r, absoluteOf(zone.name, cut)) ?? []);
        answer.additional = glue(zone, nodes, answer.authority);
      }
      return answer;
    }
    let here = nodes.get(current) ?? null;
    if (!here) {
      // An empty non-terminal (a name only above others) exists: NODATA, not NXDOMAIN.
      if ([...nodes.keys()].some((key) => key.endsWith(`.${current}`))) return negative(answer, soa, "NOERROR");
      here = wildcardFor(current, nodes);
      if (!here) return negative(answer, soa, "NXDOMAIN");
    }
    if (qtype === "SOA" && current === "@") {
      answer.answers.push(soa);
      return answer;
    }
    const cname = here.find((record) => record.type === "CNAME");
    if (cname && qtype !== "CNAME") {
      const record = served(cname, owner);
      if (record) answer.answers.push(record);
      const next = relativeIn(zone.name, cname.content);
      if (next === null || seen.has(next)) return answer;
      seen.add(current);
      current = next;
      continue;
    }
    const matching = here.filter((record) => qtype === "ANY" || record.type === qtype);
    const records = matching.flatMap((record) => served(record, owner) ?? []);
    if (qtype === "ANY" && current === "@") records.unshift(soa);
    if (records.length === 0) return negative(answer, soa, "NOERROR");
    answer.answers.push(...records);
    return answer;
  }
  return answer;
}

/** NODATA (NOERROR, no answer) or NXDOMAIN: the SOA in the authority section (RFC 2308 §3). */
function negative(answer: ZoneAnswer, soa: ServedRecord, rcode: "NOERROR" | "NXDOMAIN"): ZoneAnswer {
  // After a CNAME the code is the last name's (RFC 6604); the chain already answered stays.
  return { ...answer, rcode, authority: [soa] };
}

/** The wildcard records that answer `name` (RFC 4592: `*.` + its closest existing ancestor), or null. */
function wildcardFor(name: string, nodes: Map<string, DnsRecord[]>): DnsRecord[] | null {
  const labels = name.split(".");
  for (let drop = 1; drop <= labels.length; drop += 1) {
    const encloser = labels.slice(drop).join(".") || "@";
    const encloserExists =
      encloser === "@" || nodes.has(encloser) || [...nodes.keys()].some((key) => key.endsWith(`.${encloser}`));
    if (!encloserExists) continue;
    const star = encloser === "@" ? "*" : `*.${encloser}`;
    return nodes.get(star) ?? null;
  }
  return null;
}

/** Address records of the zone for nameservers inside it (glue for a referral). */
function glue(zone: ServedZone, nodes: Map<string, DnsRecord[]>, ns: ServedRecord[]): ServedRecord[] {
  return ns.flatMap((record) => {
    const host = record.type === "NS" ? record.data : "";
    const inside = relativeIn(zone.name, host);
    if (inside === null) return [];
    return (nodes.get(inside) ?? [])
      .filter((candidate) => candidate.type === "A" || candidate.type === "AAAA")
      .flatMap((candidate) => served(candidate, host) ?? []);
  });
}

/**
 * The lowest serial a change made at `now` may take: the date as YYYYMMDD00 (RFC 1912 §2.2's
 * convention), so a zone's serial is its last change's day and grows by one a change after that.
 */
export function serialFloor(now: Date): number {
  return Number(now.toISOString().slice(0, 10).replace(/-/g, "")) * 100;
}

/** Is a domain delegated to us: it lists nameservers and every one of them is ours? */
export function onOurNameservers(domainNameservers: readonly string[], ours: readonly string[]): boolean {
  const mine = new Set(ours.map((host) => host.toLowerCase().replace(/\.$/, "")));
  return (
    domainNameservers.length > 0 && domainNameservers.every((host) => mine.has(host.toLowerCase().replace(/\.$/, "")))
  );
}
