// Our nameservers' answers over DNS-over-HTTPS (RFC 8484), the embedded default of the DNS
// provider (issue 22): `GET /dns-query?dns=<base64url>` and `POST /dns-query` with an
// `application/dns-message` body. The zones are the ones in D1 of live domains delegated to our
// nameservers (NAMESERVERS); anything else is REFUSED, as an authoritative server does for a
// zone it does not hold. `dig +http-plain=/dns-query @127.0.0.1 -p 8787 NAME TYPE` asks it.
import { Buffer } from "node:buffer";
import dnsPacket, { type Answer, type CaaData, type DecodedPacket } from "dns-packet";
import { answerQuestion, onOurNameservers, SOA_TIMERS, type ServedRecord, type ZoneAnswer } from "../core/dns-serve";
import { ourNameservers } from "./api/adapters/dns";
import { findServedZone } from "./api/db/dns";
import type { ApiEnv } from "./api/env";

export const DNS_QUERY_PATH = "/dns-query";
const DNS_MESSAGE = "application/dns-message";
/** A DNS message is at most 65,535 bytes (RFC 8484 §6 sends it whole). */
const MAX_MESSAGE = 65_535;
const RCODES = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

export function isDnsQueryPath(pathname: string): boolean {
  return pathname === DNS_QUERY_PATH;
}

function httpError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** The request's DNS message, or the HTTP answer that refuses it (RFC 8484 §4.1: 400, 413, 415). */
async function messageOf(request: Request): Promise<Uint8Array | Response> {
  if (request.method === "GET" || request.method === "HEAD") {
    const encoded = new URL(request.url).searchParams.get("dns");
    if (encoded === null || encoded === "")
      return httpError(400, "The dns parameter (a base64url DNS query) is missing.");
    if (encoded.length > Math.ceil((MAX_MESSAGE * 4) / 3)) return httpError(413, "The DNS query is too long.");
    if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return httpError(400, "The dns parameter is not base64url without padding.");
    return Uint8Array.from(Buffer.from(encoded, "base64url"));
  }
  if (request.method !== "POST") return httpError(405, "Use GET or POST.", { allow: "GET, HEAD, POST" });
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== DNS_MESSAGE) return httpError(415, `The body must be ${DNS_MESSAGE}.`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_MESSAGE) return httpError(413, "The DNS query is too long.");
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > MAX_MESSAGE) return httpError(413, "The DNS query is too long.");
  if (body.length === 0) return httpError(400, "The body is empty.");
  return body;
}

/** A served record in dns-packet's shape (each case its own Answer variant). */
function wireRecord(record: ServedRecord): Answer {
  const base = { name: record.name, ttl: record.ttl, class: "IN" as const };
  switch (record.type) {
    case "A":
    case "AAAA":
    case "CNAME":
    case "NS":
      return { ...base, type: record.type, data: record.data };
    case "TXT":
      return { ...base, type: "TXT", data: record.data };
    case "MX":
      return { ...base, type: "MX", data: record.data };
    case "SRV":
      return { ...base, type: "SRV", data: record.data };
    case "CAA":
      // @types/dns-packet lists only RFC 6844's three tags; the encoder writes any tag as given,
      // and RFC 8659's registry (issuemail, issuevmc, contactemail…) is what we hold.
      return { ...base, type: "CAA", data: { ...record.data, tag: record.data.tag as CaaData["tag"] } };
    case "SOA":
      return { ...base, type: "SOA", data: record.data };
  }
}

/** The response message of a query: flags, the question echoed, the zone's answer. */
function responseTo(query: DecodedPacket, rcode: number, answer: ZoneAnswer | null): Buffer {
  const flags =
    (answer?.authoritative ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0);
  return dnsPacket.encode({
    type: "response",
    id: query.id ?? 0,
    flags: flags | rcode,
    questions: query.questions ?? [],
    answers: answer?.answers.map(wireRecord) ?? [],
    authorities: answer?.authority.map(wireRecord) ?? [],
    additionals: answer?.additional.map(wireRecord) ?? [],
  });
}

/** RFC 8484 §5.1: a response may be cached as long as its smallest TTL (the SOA minimum for a negative one). */
function maxAge(answer: ZoneAnswer | null): number {
  if (!answer || answer.rcode === "REFUSED") return 0;
  const ttls = [...answer.answers, ...answer.authority].map((record) => record.ttl);
  return ttls.length > 0 ? Math.min(...ttls) : SOA_TIMERS.minimum;
}

function dnsResponse(body: Buffer, answer: ZoneAnswer | null): Response {
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { "content-type": DNS_MESSAGE, "cache-control": `max-age=${maxAge(answer)}` },
  });
}

/** Answers one DNS-over-HTTPS request from the zones in D1. */
export async function handleDnsQuery(
  request: Request,
  env: Pick<ApiEnv, "DB" | "NAMESERVERS">,
  now: Date = new Date(),
): Promise<Response> {
  const message = await messageOf(request);
  if (message instanceof Response) return message;
  let query: DecodedPacket;
  try {
    query = dnsPacket.decode(Buffer.from(message));
  } catch {
    return httpError(400, "The body is not a DNS message.");
  }
  if (query.type !== "query") return httpError(400, "The DNS message is not a query.");
  const opcode = (query.flags ?? 0) & 0x7800;
  const [question, ...more] = query.questions ?? [];
  if (opcode !== 0) return dnsResponse(responseTo(query, RCODES.NOTIMP, null), null);
  if (!question || more.length > 0) return dnsResponse(responseTo(query, RCODES.FORMERR, null), null);
  const qname = question.name.toLowerCase().replace(/\.$/, "");
  if ((question.class ?? "IN") !== "IN" || qname === "" || qname.length > 253) {
    return dnsResponse(responseTo(query, RCODES.REFUSED, null), null);
  }
  const found = await findServedZone(env.DB, qname, now);
  const ours = ourNameservers(env);
  const zone =
    found && onOurNameservers(JSON.parse(found.row.nameservers) as string[], ours)
      ? { name: found.row.name, serial: found.row.zone_serial, nameservers: ours, records: found.records }
      : null;
  const answer = answerQuestion(zone, qname, question.type);
  const body = responseTo(query, RCODES[answer.rcode], answer);
  return dnsResponse(body, answer);
}
