// PowerDNS Authoritative through its HTTP API (DNS_ADAPTER=powerdns; reference:
// https://doc.powerdns.com/authoritative/http-api/zone.html): what an operator self-hosts on port
// 53. A push makes the zone exactly the snapshot in one PATCH (every rrset REPLACEd, the ones the
// snapshot no longer has DELETEd), the SOA carrying our serial (the zone's SOA-EDIT-API is off so
// PowerDNS keeps it). Idempotent: a zone already serving that serial or a newer one keeps its
// records. DNSSEC: a signed zone has one active CSK (PowerDNS signs live); unsigned, none. Zones
// are the primary's (kind Master): after a change, PowerDNS is asked to NOTIFY the secondaries.
import type { DnsRecord } from "../../../../core/dns";
import { SOA_TIMERS } from "../../../../core/dns-serve";
import { rdataOf } from "../../../../core/zone-file";
import { DnsProviderError, type DnsProvider, type ZoneSnapshot } from "./types";

export interface PowerDnsConfig {
  /** The API's base, e.g. http://127.0.0.1:8081 (the webserver of pdns_server). */
  url: string;
  apiKey: string;
  /** The server id in the API's paths ("localhost" unless configured otherwise). */
  serverId?: string;
  fetch?: typeof fetch;
}

type RRset = {
  name: string;
  type: string;
  ttl?: number;
  changetype?: "REPLACE" | "DELETE";
  records?: { content: string; disabled: boolean }[];
};

/** A key of the zone as PowerDNS's API shows it (`ds`: its DS records, one per digest type). */
type CryptoKey = { id: number; active: boolean; keytype: string; dnskey?: string; ds?: string[] };

const absolute = (name: string) => `${name}.`;
const AUTO_TTL = 3600;

/** The snapshot as PowerDNS rrsets: SOA and apex NS first, then each (name, type) of the records. */
export function rrsetsOf(snapshot: ZoneSnapshot): RRset[] {
  const zone = absolute(snapshot.zone);
  const sets = new Map<string, RRset>();
  const add = (name: string, type: string, ttl: number, content: string) => {
    const key = `${name} ${type}`;
    const set = sets.get(key) ?? { name, type, ttl, changetype: "REPLACE" as const, records: [] };
    set.ttl = Math.min(set.ttl ?? ttl, ttl);
    set.records?.push({ content, disabled: false });
    sets.set(key, set);
  };
  const primary = snapshot.nameservers[0] ?? `ns1.${snapshot.zone}`;
  add(
    zone,
    "SOA",
    SOA_TIMERS.minimum,
    `${absolute(primary)} hostmaster.${zone} ${snapshot.serial} ${SOA_TIMERS.refresh} ${SOA_TIMERS.retry} ${SOA_TIMERS.expire} ${SOA_TIMERS.minimum}`,
  );
  for (const host of snapshot.nameservers) add(zone, "NS", AUTO_TTL, absolute(host));
  for (const record of snapshot.records as DnsRecord[]) {
    if (record.type === "FORWARD" || record.type === "STEALTH") continue;
    const owner = record.name === "@" ? zone : `${record.name}.${zone}`;
    add(owner, record.type, record.ttl === 0 ? AUTO_TTL : record.ttl, rdataOf(record));
  }
  return [...sets.values()];
}

export function powerDnsProvider(config: PowerDnsConfig): DnsProvider {
  const doFetch = config.fetch ?? fetch;
  const base = `${config.url.replace(/\/+$/, "")}/api/v1/servers/${encodeURIComponent(config.serverId ?? "localhost")}/zones`;

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { "x-api-key": config.apiKey, accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new DnsProviderError(
        `PowerDNS at ${config.url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    return response;
  }

  async function failure(response: Response, what: string): Promise<DnsProviderError> {
    const text = await response.text();
    let reason = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === "string") reason = parsed.error;
    } catch {
      // not JSON: the text itself
    }
    return new DnsProviderError(`PowerDNS refused to ${what} (${response.status}): ${reason}`);
  }

  /** The zone's rrsets and its SOA serial, or null when PowerDNS has no such zone. */
  async function current(zone: string): Promise<{ serial: number; rrsets: RRset[] } | null> {
    const response = await call("GET", `/${encodeURIComponent(absolute(zone))}`);
    if (response.status === 404 || response.status === 422) return null;
    if (!response.ok) throw await failure(response, `read the zone ${zone}`);
    const body = (await response.json()) as { rrsets?: RRset[] };
    const rrsets = body.rrsets ?? [];
    const soa = rrsets.find((set) => set.type === "SOA")?.records?.[0]?.content ?? "";
    const serial = Number(soa.split(/\s+/)[2] ?? "-1");
    return { serial: Number.isFinite(serial) ? serial : -1, rrsets };
  }

  /**
   * Signs or unsigns the zone as asked (PowerDNS live-signs with a CSK, ECDSA P-256, algorithm 13)
   * and answers the DS records (SHA-256 digests) of its active keys.
   */
  async function keys(zone: string, dnssec: boolean): Promise<string[]> {
    const path = `/${encodeURIComponent(absolute(zone))}/cryptokeys`;
    const listed = await call("GET", path);
    if (!listed.ok) throw await failure(listed, `read the keys of ${zone}`);
    let found = (await listed.json()) as CryptoKey[];
    if (dnssec && !found.some((key) => key.active)) {
      const made = await call("POST", path, { keytype: "csk", active: true, algorithm: "ECDSAP256SHA256" });
      if (!made.ok) throw await failure(made, `sign ${zone}`);
      found = [(await made.json()) as CryptoKey];
    } else if (!dnssec) {
      for (const key of found) {
        const removed = await call("DELETE", `${path}/${key.id}`);
        if (!removed.ok && removed.status !== 404) throw await failure(removed, `unsign ${zone}`);
      }
      return [];
    }
    return found
      .filter((key) => key.active)
      .flatMap((key) => key.ds ?? [])
      .filter((ds) => ds.split(/\s+/)[2] === "2")
      .map((ds) => ds.replace(/\s+/g, " ").trim());
  }

  /**
   * Tells the zone's secondaries now that it changed (NOTIFY, RFC 1996), rather than at the next
   * check of PowerDNS's communicator. Best effort: the change is served by this primary already,
   * and a secondary also polls the SOA.
   */
  async function notify(zone: string): Promise<void> {
    try {
      await call("PUT", `/${encodeURIComponent(absolute(zone))}/notify`);
    } catch {
      // the primary serves the change; secondaries catch up on their SOA check
    }
  }

  return {
    kind: "powerdns",
    async push(snapshot) {
      const wanted = rrsetsOf(snapshot);
      const served = await current(snapshot.zone);
      if (served === null) {
        const created = await call("POST", "", {
          name: absolute(snapshot.zone),
          // A primary's zone: PowerDNS sends NOTIFY to its secondaries (ALSO-NOTIFY, also-notify).
          kind: "Master",
          soa_edit_api: "",
          nameservers: [],
          rrsets: wanted.map(({ changetype: _changetype, ...set }) => set),
        });
        if (!created.ok) throw await failure(created, `create the zone ${snapshot.zone}`);
        const ds = await keys(snapshot.zone, snapshot.dnssec);
        await notify(snapshot.zone);
        return { serial: snapshot.serial, ds };
      }
      if (served.serial < snapshot.serial) {
        const keep = new Set(wanted.map((set) => `${set.name} ${set.type}`));
        const gone: RRset[] = served.rrsets
          .filter((set) => !keep.has(`${set.name} ${set.type}`))
          .map((set) => ({ name: set.name, type: set.type, changetype: "DELETE" }));
        const patched = await call("PATCH", `/${encodeURIComponent(absolute(snapshot.zone))}`, {
          rrsets: [...wanted, ...gone],
        });
        if (!patched.ok) throw await failure(patched, `update the zone ${snapshot.zone}`);
      }
      const ds = await keys(snapshot.zone, snapshot.dnssec);
      if (served.serial < snapshot.serial) await notify(snapshot.zone);
      return { serial: Math.max(served.serial, snapshot.serial), ds };
    },
    async remove(zone) {
      const response = await call("DELETE", `/${encodeURIComponent(absolute(zone))}`);
      if (!response.ok && response.status !== 404 && response.status !== 422)
        throw await failure(response, `delete the zone ${zone}`);
    },
  };
}
