/**
 * Port-43 WHOIS (RFC 3912), the best-effort fallback for the TLDs without RDAP (mostly ccTLDs):
 * ask IANA's WHOIS for the TLD's server (`refer:` / `whois:` line, kept in KV for a day), send it
 * the name plus CRLF, read until it closes, and pick the usual "Key: value" lines. There is no
 * schema or charset, so the parse is forgiving and only fills what it recognises.
 */
import { connect } from "cloudflare:sockets";
import { REGISTRANT_FIELDS, statusKey, type RegistrantField, type WhoisResult } from "../../core/whois";
import { normaliseHost } from "../../core/domain-name";
import { readThrough } from "./cache";
import { LookupFailure, upstreamTimeout, type LookupEnv } from "./env";

const MAX_BYTES = 128 * 1024;

function ianaServer(env: LookupEnv): string {
  return env.WHOIS_IANA_SERVER || "whois.iana.org";
}

function whoisPort(env: LookupEnv): number {
  const port = Number(env.WHOIS_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 43;
}

/** One WHOIS question: the server's whole answer as text. */
export async function queryWhois(env: LookupEnv, host: string, query: string): Promise<string> {
  const work = async () => {
    const socket = connect({ hostname: host, port: whoisPort(env) });
    try {
      const writer = socket.writable.getWriter();
      await writer.write(new TextEncoder().encode(`${query}\r\n`));
      writer.releaseLock();
      const reader = socket.readable.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        size += value.byteLength;
        if (size > MAX_BYTES) break;
      }
      const all = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        all.set(chunk.subarray(0, Math.min(chunk.byteLength, size - at)), at);
        at += chunk.byteLength;
        if (at >= size) break;
      }
      return new TextDecoder("utf-8", { fatal: false }).decode(all);
    } finally {
      await socket.close().catch(() => undefined);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), upstreamTimeout(env));
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (cause) {
    console.error(`WHOIS ${host} unreachable`, cause);
    throw new LookupFailure(502, "whois_failed", `The WHOIS lookup failed: ${host} could not be reached.`);
  } finally {
    clearTimeout(timer);
  }
}

/** "Key: value" lines (lower-case keys, in order); "%" and "#" comment lines are skipped. */
function fields(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*[%#>]/.test(line)) continue;
    const match = line.match(/^\s*([A-Za-z][A-Za-z0-9 /().-]{0,60}?)\s*:\s*(.*?)\s*$/);
    const [, key, value] = match ?? [];
    if (key && value) out.push([key.toLowerCase(), value]);
  }
  return out;
}

function first(list: [string, string][], keys: RegExp): string | null {
  return list.find(([key]) => keys.test(key))?.[1] ?? null;
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value.replace(/^(\d{4})\.(\d{2})\.(\d{2})/, "$1-$2-$3"));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const NOT_FOUND =
  /no match|not found|no entries found|no data found|status:\s*(free|available)|no object found|domain not registered/i;
const REDACTED = /redacted|withheld|not disclosed|non-public|gdpr/i;

/** A WHOIS text → the WHOIS result; null when the server says there is no such name. */
export function parseWhoisText(
  text: string,
  name: { ascii: string; unicode: string },
  server: string,
  fetchedAt: string,
): WhoisResult | null {
  if (NOT_FOUND.test(text)) return null;
  const list = fields(text);
  const registrant: Record<RegistrantField, string | null> = {
    organization: null,
    name: null,
    email: null,
    phone: null,
    country: null,
  };
  const redacted: RegistrantField[] = [];
  for (const field of REGISTRANT_FIELDS) {
    const key = field === "organization" ? /^registrant (organi[sz]ation|org)$/ : new RegExp(`^registrant ${field}$`);
    const value = first(list, key);
    if (value && REDACTED.test(value)) redacted.push(field);
    else registrant[field] = value;
  }
  const statuses = [
    ...new Set(
      list
        .filter(([key]) => /^(domain status|status|state)$/.test(key))
        .map(([, value]) => (value.split(/\s+/)[0] ?? "").replace(/[,;]$/, "")),
    ),
  ].map((value) => ({ value, key: statusKey(value) }));
  const nameservers = [
    ...new Set(
      list
        .filter(([key]) => /^(name server|nserver|nameservers?|name servers?)$/.test(key))
        .map(([, value]) => normaliseHost(value.split(/\s+/)[0] ?? ""))
        .filter((ns) => ns.includes(".")),
    ),
  ];
  const dnssecText = first(list, /^dnssec$/);
  const registrarName = first(list, /^(registrar|sponsoring registrar|registrar name)$/);
  return {
    domain: name.ascii,
    unicode: name.unicode,
    source: "whois",
    server: `whois://${server}`,
    createdAt: isoDate(
      first(
        list,
        /^(creation date|created|created on|registered|registered on|registration time|domain registration date)$/,
      ),
    ),
    updatedAt: isoDate(first(list, /^(updated date|last updated|last modified|changed|modified|last update)$/)),
    expiresAt: isoDate(
      first(
        list,
        /^(registry expiry date|expiry date|expiration date|expires|expires on|paid-till|renewal date|registrar registration expiration date)$/,
      ),
    ),
    statuses,
    registrar: registrarName
      ? {
          name: registrarName,
          ianaId: first(list, /^registrar iana id$/),
          url: first(list, /^registrar url$/),
          abuseEmail: first(list, /^registrar abuse contact email$/),
          abusePhone: first(list, /^registrar abuse contact phone$/),
        }
      : null,
    registrant,
    redacted,
    nameservers,
    dnssec:
      dnssecText === null ? null : /^(signed|yes|signeddelegation)/i.test(dnssecText) && !/unsigned/i.test(dnssecText),
    fetchedAt,
  };
}

/** The TLD's WHOIS server from IANA (null when IANA names none). */
async function serverFor(
  env: LookupEnv,
  tld: string,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<string | null> {
  const { value } = await readThrough<string>(
    env.CACHE,
    "whois-server",
    tld,
    async () => {
      const answer = await queryWhois(env, ianaServer(env), tld);
      const match = answer.match(/^\s*(?:refer|whois)\s*:\s*(\S+)/im);
      return match?.[1]?.toLowerCase() ?? null;
    },
    { waitUntil },
  );
  return value;
}

export async function whois43Lookup(
  env: LookupEnv,
  name: { ascii: string; unicode: string },
  now: () => Date,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<WhoisResult | null> {
  const tld = name.ascii.split(".").pop() ?? "";
  const server = await serverFor(env, tld, waitUntil);
  if (!server) {
    throw new LookupFailure(
      404,
      "whois_no_rdap",
      `The registry of .${name.unicode.split(".").pop()} offers neither RDAP nor WHOIS.`,
    );
  }
  const text = await queryWhois(env, server, name.ascii);
  return parseWhoisText(text, name, server, now().toISOString());
}
