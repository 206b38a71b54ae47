// Cloudflare DNS (DNS_ADAPTER=cloudflare; API v4, https://developers.cloudflare.com/api/resources/dns/):
// for operators who keep customer zones on Cloudflare. Cloudflare answers on its own nameservers
// (the account's pair: set NAMESERVERS to them) and keeps the SOA itself, so our serial cannot be
// written there: a push compares the zone's records with the snapshot and sends the difference in
// batches (deletes, then posts; at most 200 changes a request, the Free plan's limit). Pushing the
// same snapshot twice changes nothing. DNSSEC is Cloudflare's: PATCH …/dnssec, its DS answered.
import type { DnsRecord } from "../../../../core/dns";
import { caaParts, txtParts } from "../../../../core/dns";
import { DnsProviderError, type DnsProvider, type PushResult, type ZoneSnapshot } from "./types";

export interface CloudflareDnsConfig {
  /** https://api.cloudflare.com/client/v4 (tests: a loopback fake). */
  url: string;
  apiToken: string;
  /** The account new zones are created in. */
  accountId: string;
  fetch?: typeof fetch;
}

/** A DNS record as the API lists and takes it (the fields we set). */
export interface CloudflareRecord {
  id?: string;
  type: string;
  name: string;
  ttl: number;
  content?: string;
  priority?: number;
  proxied?: boolean;
  data?: Record<string, string | number>;
}

type Envelope<T> = {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
  result_info?: { page: number; total_pages: number };
};

/** Changes a batch request may carry (the Free plan's limit). */
export const BATCH_LIMIT = 200;
/** Cloudflare's "automatic" TTL. */
const AUTO = 1;

/** Our record as Cloudflare holds it (FORWARD and STEALTH are no DNS records). */
export function cloudflareRecordOf(zone: string, record: DnsRecord): CloudflareRecord | null {
  const name = record.name === "@" ? zone : `${record.name}.${zone}`;
  const ttl = record.ttl === 0 ? AUTO : record.ttl;
  switch (record.type) {
    case "A":
    case "AAAA":
    case "CNAME":
      return { type: record.type, name, ttl, content: record.content, proxied: false };
    case "NS":
      return { type: "NS", name, ttl, content: record.content };
    case "MX":
      return { type: "MX", name, ttl, content: record.content, priority: record.priority ?? 0 };
    case "TXT": {
      const content = txtParts(record.content)
        .map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`)
        .join(" ");
      return { type: "TXT", name, ttl, content };
    }
    case "SRV":
      return {
        type: "SRV",
        name,
        ttl,
        data: {
          priority: record.priority ?? 0,
          weight: record.weight ?? 0,
          port: record.port ?? 0,
          target: record.content,
        },
      };
    case "CAA": {
      const parts = caaParts(record.content);
      return parts ? { type: "CAA", name, ttl, data: parts } : null;
    }
    default:
      return null;
  }
}

/** What makes two records the same record (ids and Cloudflare's own fields aside). */
function keyOf(record: CloudflareRecord): string {
  const data = record.data
    ? Object.keys(record.data)
        .sort()
        .map((key) => `${key}=${String(record.data?.[key])}`)
        .join(",")
    : "";
  return [record.type, record.name.toLowerCase(), record.content ?? "", record.priority ?? "", data, record.ttl].join(
    "|",
  );
}

export function cloudflareDnsProvider(config: CloudflareDnsConfig): DnsProvider {
  const doFetch = config.fetch ?? fetch;
  const base = config.url.replace(/\/+$/, "");

  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.apiToken}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new DnsProviderError(
        `Cloudflare's API at ${config.url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || !envelope?.success) {
      const reason = envelope?.errors?.map((error) => `${error.code} ${error.message}`).join("; ") ?? "";
      throw new DnsProviderError(`Cloudflare refused ${method} ${path.split("?")[0]} (${response.status}): ${reason}`);
    }
    return envelope;
  }

  async function zoneId(zone: string, create: boolean): Promise<string | null> {
    const found = await call<{ id: string }[]>("GET", `/zones?name=${encodeURIComponent(zone)}`);
    if (found.result[0]) return found.result[0].id;
    if (!create) return null;
    const made = await call<{ id: string }>("POST", "/zones", {
      name: zone,
      account: { id: config.accountId },
      type: "full",
    });
    return made.result.id;
  }

  async function records(id: string): Promise<CloudflareRecord[]> {
    const all: CloudflareRecord[] = [];
    for (let page = 1; ; page += 1) {
      const listed = await call<CloudflareRecord[]>("GET", `/zones/${id}/dns_records?page=${page}&per_page=1000`);
      all.push(...listed.result);
      if (!listed.result_info || page >= listed.result_info.total_pages) return all;
    }
  }

  async function dnssec(id: string, on: boolean): Promise<string[]> {
    const current = await call<{ status: string; ds?: string | null }>("GET", `/zones/${id}/dnssec`);
    const active = current.result.status === "active" || current.result.status === "pending";
    const settled =
      active === on
        ? current
        : await call<{ status: string; ds?: string | null }>("PATCH", `/zones/${id}/dnssec`, {
            status: on ? "active" : "disabled",
          });
    if (!on) return [];
    // "example.com. 3600 IN DS 2371 13 2 …" → "2371 13 2 …"
    const ds = /\bDS\s+(\d+\s+\d+\s+\d+\s+[0-9A-Fa-f]+)/.exec(settled.result.ds ?? "");
    return ds?.[1] ? [ds[1].replace(/\s+/g, " ")] : [];
  }

  return {
    kind: "cloudflare",
    async push(snapshot: ZoneSnapshot): Promise<PushResult> {
      const id = (await zoneId(snapshot.zone, true)) as string;
      const wanted = snapshot.records.flatMap((record) => cloudflareRecordOf(snapshot.zone, record) ?? []);
      const wantedKeys = new Set(wanted.map(keyOf));
      const present = (await records(id)).filter(
        // Cloudflare's own apex NS and SOA are not ours to change.
        (record) => !(record.type === "NS" && record.name.toLowerCase() === snapshot.zone) && record.type !== "SOA",
      );
      const presentKeys = new Set(present.map(keyOf));
      const deletes = present.filter((record) => !wantedKeys.has(keyOf(record))).map((record) => ({ id: record.id }));
      const posts = wanted.filter((record) => !presentKeys.has(keyOf(record)));
      const operations = [
        ...deletes.map((change) => ({ kind: "deletes" as const, change })),
        ...posts.map((change) => ({ kind: "posts" as const, change })),
      ];
      for (let start = 0; start < operations.length; start += BATCH_LIMIT) {
        const chunk = operations.slice(start, start + BATCH_LIMIT);
        await call("POST", `/zones/${id}/dns_records/batch`, {
          deletes: chunk.filter((op) => op.kind === "deletes").map((op) => op.change),
          posts: chunk.filter((op) => op.kind === "posts").map((op) => op.change),
        });
      }
      return { serial: snapshot.serial, ds: await dnssec(id, snapshot.dnssec) };
    },
    async remove(zone) {
      const id = await zoneId(zone, false);
      if (id !== null) await call("DELETE", `/zones/${id}`);
    },
  };
}
