// A loopback fake of Cloudflare's API v4 for DNS (the Cloudflare DNS provider's tests), built
// from the documented shapes (https://developers.cloudflare.com/api/resources/dns/, zones,
// dns_records, dns_records/batch, dnssec): the { success, errors, messages, result } envelope,
// bearer-token auth, paged listings, batches applied in the documented order (deletes, patches,
// puts, posts) in one transaction and refused whole when one change is invalid or they exceed 200.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import type { CloudflareRecord } from "../../workers/api/adapters/dns/cloudflare";

/** A record as the fake holds it: the provider's shape, with the id Cloudflare gives it. */
export type FakeRecord = CloudflareRecord & { id: string };
interface FakeZone {
  id: string;
  name: string;
  account: string;
  records: FakeRecord[];
  dnssec: "disabled" | "active";
  ds: string;
}

export interface CloudflareFake {
  url: string;
  token: string;
  accountId: string;
  zones: Map<string, FakeZone>;
  /** "METHOD /path" of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

const id = () => randomUUID().replace(/-/g, "");
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;

/** Why Cloudflare would refuse this record (code, message), or null. */
function invalid(record: Partial<FakeRecord>, zone: string): [number, string] | null {
  if (typeof record.name !== "string" || !(record.name === zone || record.name.endsWith(`.${zone}`)))
    return [81041, "Content for record name is invalid."];
  if (typeof record.ttl !== "number" || (record.ttl !== 1 && (record.ttl < 60 || record.ttl > 86400)))
    return [9006, "TTL must be between 60 and 86400 seconds, or 1 for Automatic."];
  switch (record.type) {
    case "A":
      return typeof record.content === "string" && IPV4.test(record.content)
        ? null
        : [9005, "Content for A record is invalid."];
    case "AAAA":
    case "CNAME":
    case "NS":
    case "TXT":
      return typeof record.content === "string" && record.content !== "" ? null : [9007, "Content is required."];
    case "MX":
      return typeof record.content === "string" && typeof record.priority === "number"
        ? null
        : [9101, "MX record needs content and priority."];
    case "SRV":
      return record.data && ["priority", "weight", "port", "target"].every((key) => key in (record.data ?? {}))
        ? null
        : [9101, "SRV record needs data.priority, weight, port and target."];
    case "CAA":
      return record.data && ["flags", "tag", "value"].every((key) => key in (record.data ?? {}))
        ? null
        : [9101, "CAA record needs data.flags, tag and value."];
    default:
      return [9100, `Unsupported record type ${String(record.type)}.`];
  }
}

export async function startCloudflareFake(): Promise<CloudflareFake> {
  const token = `cf-${randomBytes(8).toString("hex")}`;
  const accountId = id();
  const zones = new Map<string, FakeZone>();
  const requests: string[] = [];

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const ok = (response: ServerResponse, result: unknown, info?: unknown) =>
    send(response, 200, { success: true, errors: [], messages: [], result, ...(info ? { result_info: info } : {}) });
  const fail = (response: ServerResponse, status: number, code: number, message: string) =>
    send(response, status, { success: false, errors: [{ code, message }], messages: [], result: null });

  async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length === 0 ? {} : (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake");
      const path = url.pathname.replace(/^\/client\/v4/, "");
      requests.push(`${request.method} ${path}`);
      if (request.headers.authorization !== `Bearer ${token}`)
        return fail(response, 403, 10000, "Authentication error");
      const zoneOf = (zoneId: string) => [...zones.values()].find((zone) => zone.id === zoneId);
      if (path === "/zones" && request.method === "GET") {
        const name = url.searchParams.get("name");
        return ok(
          response,
          [...zones.values()]
            .filter((zone) => name === null || zone.name === name)
            .map(({ records: _r, ...zone }) => zone),
        );
      }
      if (path === "/zones" && request.method === "POST") {
        const input = await body(request);
        const name = String(input.name ?? "");
        if ((input.account as { id?: string } | undefined)?.id !== accountId)
          return fail(response, 400, 1001, "Invalid account.");
        if (zones.has(name)) return fail(response, 400, 1061, `${name} already exists`);
        const zone: FakeZone = { id: id(), name, account: accountId, records: [], dnssec: "disabled", ds: "" };
        zones.set(name, zone);
        return ok(response, {
          id: zone.id,
          name,
          status: "pending",
          name_servers: ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"],
        });
      }
      const match = /^\/zones\/([0-9a-f]{32})(\/.*)?$/.exec(path);
      const zone = match ? zoneOf(match[1] ?? "") : undefined;
      if (!match || !zone) return fail(response, 404, 7003, "Could not route to /zones: not found");
      const rest = match[2] ?? "";
      if (rest === "" && request.method === "DELETE") {
        zones.delete(zone.name);
        return ok(response, { id: zone.id });
      }
      if (rest === "/dns_records" && request.method === "GET") {
        const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 100), 5000);
        const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
        const slice = zone.records.slice((page - 1) * perPage, page * perPage);
        const apex = [
          {
            id: id(),
            type: "SOA",
            name: zone.name,
            ttl: 3600,
            content: `ada.ns.cloudflare.com. dns.cloudflare.com. 2${Date.now() % 1e9} 10000 2400 604800 1800`,
          },
          { id: id(), type: "NS", name: zone.name, ttl: 86400, content: "ada.ns.cloudflare.com" },
        ];
        return ok(response, page === 1 ? [...apex, ...slice] : slice, {
          page,
          per_page: perPage,
          count: slice.length,
          total_count: zone.records.length,
          total_pages: Math.max(1, Math.ceil(zone.records.length / perPage)),
        });
      }
      if (rest === "/dns_records/batch" && request.method === "POST") {
        const input = await body(request);
        const deletes = (input.deletes as { id: string }[] | undefined) ?? [];
        const posts = (input.posts as Partial<FakeRecord>[] | undefined) ?? [];
        if (deletes.length + posts.length > 200)
          return fail(response, 400, 81058, "Batch exceeds the 200 changes of this plan.");
        for (const change of deletes)
          if (!zone.records.some((record) => record.id === change.id))
            return fail(response, 400, 81044, "Record does not exist.");
        for (const record of posts) {
          const problem = invalid(record, zone.name);
          if (problem) return fail(response, 400, problem[0], problem[1]);
        }
        zone.records = zone.records.filter((record) => !deletes.some((change) => change.id === record.id));
        const created = posts.map((record) => ({ ...record, id: id() }) as FakeRecord);
        zone.records.push(...created);
        return ok(response, { deletes, posts: created });
      }
      if (rest === "/dnssec") {
        if (request.method === "PATCH") {
          const status = (await body(request)).status;
          if (status === "active" && zone.dnssec !== "active") {
            zone.dnssec = "active";
            zone.ds = `${zone.name}. 3600 IN DS 2371 13 2 ${randomBytes(32).toString("hex").toUpperCase()}`;
          } else if (status === "disabled") {
            zone.dnssec = "disabled";
            zone.ds = "";
          }
        }
        return ok(response, {
          status: zone.dnssec,
          ds: zone.dnssec === "active" ? zone.ds : null,
          algorithm: "13",
          digest_type: "2",
        });
      }
      return fail(response, 404, 7003, "No route for that URI");
    })().catch((error: unknown) => fail(response, 500, 10001, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/client/v4`,
    token,
    accountId,
    zones,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
