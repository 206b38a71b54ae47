// DNS hosting (issue 22): every zone change bumps the zone's serial and goes to the DNS provider;
// the records answer over DNS-over-HTTPS at /dns-query (RFC 8484) from the storefront itself, the
// embedded default, asked here with dns-packet the way a DoH client asks; a domain delegated
// elsewhere is not served; a failed push is retried by the scheduled job.
import { Buffer } from "node:buffer";
import { env } from "cloudflare:workers";
import dnsPacket, { type DecodedPacket, type RecordType } from "dns-packet";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import storefront from "../../workers/storefront";
import { ourNameservers, type DnsProvider } from "../../workers/api/adapters/dns";
import type { ZoneServing } from "../../workers/api/contract/dns";
import { publishZone, runDnsSync } from "../../workers/api/dns-publish";
import { defaultServices } from "../../workers/api/services";
import { inProcess } from "./fuzz/harness";
import { seedSampleCatalogue } from "./helpers";
import { buy, buyer, call, data, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
});

const send = inProcess(storefront);
const ORIGIN = "https://shop.test";

type Serving = ZoneServing;

async function serving(user: Buyer, name: string): Promise<Serving> {
  return (await data<{ serving: Serving }>(await call(user, "GET", `/dns/domains/${name}/records`))).serving;
}

function query(name: string, type: RecordType, id = 0): Buffer {
  return dnsPacket.encode({
    type: "query",
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name }],
  });
}

/** Asks /dns-query by POST (or GET with ?dns=) and decodes the answer. */
async function ask(
  name: string,
  type: RecordType,
  method: "POST" | "GET" = "POST",
): Promise<DecodedPacket & { cache: string }> {
  const message = query(name, type, 4242);
  const response =
    method === "POST"
      ? await send(
          new Request(`${ORIGIN}/dns-query`, {
            method: "POST",
            headers: { "content-type": "application/dns-message", accept: "application/dns-message" },
            body: new Uint8Array(message),
          }),
        )
      : await send(new Request(`${ORIGIN}/dns-query?dns=${message.toString("base64url")}`));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/dns-message");
  const packet = dnsPacket.decode(Buffer.from(await response.arrayBuffer()));
  return Object.assign(packet, { cache: response.headers.get("cache-control") ?? "" });
}

const rcodeOf = (packet: DecodedPacket) => (packet as DecodedPacket & { rcode: string }).rcode;

describe("a zone served on our nameservers", () => {
  it("every change bumps the serial, the provider confirms it, and /dns-query answers what the editor holds", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const fresh = await serving(user, name);
    expect(fresh).toMatchObject({ delegated: true, our_nameservers: ourNameservers(env), error: null });
    for (const record of [
      { type: "A", name: "@", content: "192.0.2.10", ttl: 300 },
      { type: "AAAA", name: "@", content: "2001:db8::10" },
      { type: "MX", name: "@", content: `mail.${name}`, priority: 10 },
      { type: "A", name: "mail", content: "192.0.2.25" },
      { type: "TXT", name: "@", content: "v=spf1 mx -all" },
      { type: "CAA", name: "@", content: "0 issue letsencrypt.org" },
      { type: "CNAME", name: "www", content: name },
      { type: "SRV", name: "_sip._tcp", content: `mail.${name}`, priority: 1, weight: 2, port: 5060 },
    ])
      await data(await call(user, "POST", `/dns/domains/${name}/records`, record), 201);
    const live = await serving(user, name);
    expect(live.serial).toBeGreaterThan(fresh.serial);
    expect(live.served_serial).toBe(live.serial);

    const a = await ask(name, "A");
    expect(a.id).toBe(4242);
    expect(a.flag_aa).toBe(true);
    expect(rcodeOf(a)).toBe("NOERROR");
    expect(a.answers).toEqual([expect.objectContaining({ name, type: "A", ttl: 300, data: "192.0.2.10" })]);
    expect(a.cache).toBe("max-age=300");
    expect((await ask(name, "AAAA", "GET")).answers?.[0]).toMatchObject({ data: "2001:db8::10", ttl: 3600 });
    expect((await ask(name, "MX")).answers?.[0]).toMatchObject({ data: { preference: 10, exchange: `mail.${name}` } });
    const txt = (await ask(name, "TXT")).answers?.[0] as { data: Buffer[] };
    expect(txt.data.map(String)).toEqual(["v=spf1 mx -all"]);
    expect((await ask(name, "CAA")).answers?.[0]).toMatchObject({ data: { tag: "issue", value: "letsencrypt.org" } });
    expect((await ask(`_sip._tcp.${name}`, "SRV")).answers?.[0]).toMatchObject({
      data: { priority: 1, weight: 2, port: 5060, target: `mail.${name}` },
    });
    // The CNAME is chased inside the zone.
    expect((await ask(`WWW.${name.toUpperCase()}`, "A")).answers?.map((answer) => answer.type)).toEqual(["CNAME", "A"]);
    // The SOA carries the serial the page shows; the apex NS are ours.
    expect((await ask(name, "SOA")).answers?.[0]).toMatchObject({ data: { serial: live.serial } });
    expect((await ask(name, "NS")).answers?.map((answer) => ("data" in answer ? answer.data : null))).toEqual(
      ourNameservers(env),
    );
    // NXDOMAIN and NODATA carry the SOA; names we do not hold are REFUSED.
    const missing = await ask(`nothing.${name}`, "A");
    expect(rcodeOf(missing)).toBe("NXDOMAIN");
    expect(missing.authorities?.[0]).toMatchObject({ type: "SOA", data: { serial: live.serial } });
    const nodata = await ask(`mail.${name}`, "AAAA");
    expect([rcodeOf(nodata), nodata.answers?.length, nodata.authorities?.[0]?.type]).toEqual(["NOERROR", 0, "SOA"]);
    const elsewhere = await ask("example.org", "A");
    expect([rcodeOf(elsewhere), elsewhere.flag_aa, elsewhere.cache]).toEqual(["REFUSED", false, "max-age=0"]);

    // A deleted record is gone from the answers at once, with a new serial.
    const records = (
      await data<{ records: { id: string; type: string }[] }>(await call(user, "GET", `/dns/domains/${name}/records`))
    ).records;
    const aaaa = records.find((record) => record.type === "AAAA");
    await data(await call(user, "DELETE", `/dns/domains/${name}/records/${aaaa?.id}`));
    expect((await ask(name, "AAAA")).answers).toEqual([]);
    expect((await serving(user, name)).serial).toBe(live.serial + 1);
  });

  it("a domain delegated to other nameservers is not served, and its page is told so", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await data(
      await call(user, "POST", `/dns/domains/${name}/records`, { type: "A", name: "@", content: "192.0.2.1" }),
      201,
    );
    expect((await ask(name, "A")).answers).toHaveLength(1);
    await data(
      await call(user, "PUT", `/dns/domains/${name}/nameservers`, {
        nameservers: ["ns1.elsewhere.example", "ns2.elsewhere.example"],
      }),
    );
    expect(rcodeOf(await ask(name, "A"))).toBe("REFUSED");
    // The change preview says a change would not be served.
    const preview = await data<{ warnings: string[] }>(
      await call(user, "POST", `/dns/domains/${name}/records/preview`, {
        action: "create",
        record: { type: "A", name: "www", content: "192.0.2.7" },
      }),
    );
    expect(preview.warnings).toEqual(["not_served"]);
    expect(await serving(user, name)).toMatchObject({
      delegated: false,
      nameservers: ["ns1.elsewhere.example", "ns2.elsewhere.example"],
    });
    // The scheduled job takes the zone off the provider (once: a removed zone is not selected again).
    const removed: string[] = [];
    const recording = { ...defaultServices(env).dns, remove: async (zone: string) => void removed.push(zone) };
    await runDnsSync(env, { ...defaultServices(env), dns: recording });
    expect(removed).toContain(name);
    expect((await serving(user, name)).served_serial).toBeNull();
    removed.length = 0;
    await runDnsSync(env, { ...defaultServices(env), dns: recording });
    expect(removed).not.toContain(name);
  });

  it("a push that fails leaves the change pending with its reason; the scheduled job pushes it later", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await data(
      await call(user, "POST", `/dns/domains/${name}/records`, { type: "A", name: "@", content: "192.0.2.1" }),
      201,
    );
    const before = await serving(user, name);
    const row = await env.DB.prepare("SELECT id FROM user_domains WHERE name = ?1").bind(name).first<{ id: string }>();
    await env.DB.prepare("UPDATE user_domains SET zone_serial = zone_serial + 1 WHERE id = ?1").bind(row!.id).run();
    const down: DnsProvider = {
      kind: "embedded",
      push: () => Promise.reject(new Error("provider unreachable: connect ECONNREFUSED")),
      remove: () => Promise.reject(new Error("provider unreachable: connect ECONNREFUSED")),
    };
    expect(await publishZone(env.DB, { ...defaultServices(env), dns: down }, ourNameservers(env), row!.id)).toBe(
      "failed",
    );
    expect(await serving(user, name)).toMatchObject({
      serial: before.serial + 1,
      served_serial: before.serial,
      error: "provider unreachable: connect ECONNREFUSED",
    });
    const result = await runDnsSync(env, defaultServices(env));
    expect(result.served).toBeGreaterThanOrEqual(1);
    expect(await serving(user, name)).toMatchObject({
      serial: before.serial + 1,
      served_serial: before.serial + 1,
      error: null,
    });
  });
});

describe("a zone file that breaks the zone changes nothing that is served", () => {
  it("5 MB, binary bytes, an $INCLUDE loop, a conflicting record: refused by line, the answers and the serial as before", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await data(
      await call(user, "POST", `/dns/domains/${name}/records`, { type: "A", name: "www", content: "192.0.2.80" }),
      201,
    );
    const before = await serving(user, name);
    const answer = async () => (await ask(`www.${name}`, "A")).answers?.map((a) => ("data" in a ? a.data : null));
    expect(await answer()).toEqual(["192.0.2.80"]);
    const refusals: [string, number, RegExp][] = [
      [`www A 192.0.2.1\n${"x".repeat(5 * 1024 * 1024)}\n`, 400, /too large/],
      ["www A 192.0.2.1\n\u0000\u0001\u00ff\n", 400, /line 2: /],
      ["$INCLUDE zone.txt\n".repeat(10_000), 400, /line 1: \$INCLUDE is not supported/],
      ["www A 192.0.2.9\nwww CNAME elsewhere.example.net.\n", 400, /line 2: .*CNAME/],
    ];
    for (const [zone, status, message] of refusals) {
      const response = await call(user, "POST", `/dns/domains/${name}/zone`, { zone, replace: true });
      const text = await response.text();
      expect(response.status, text.slice(0, 200)).toBe(status);
      expect(text).toMatch(message);
    }
    expect(await answer()).toEqual(["192.0.2.80"]);
    expect(await serving(user, name)).toMatchObject({ serial: before.serial, served_serial: before.serial });
    // A preview answers the report and writes nothing.
    const preview = await data<{ imported: number; skipped: number; report: { line: number; outcome: string }[] }>(
      await call(user, "POST", `/dns/domains/${name}/zone`, {
        zone: "@ SOA ns1.x. h.x. 1 2 3 4 5\nwww A 192.0.2.99\n",
        replace: true,
        preview: true,
      }),
    );
    expect(preview).toMatchObject({ imported: 1, skipped: 1 });
    expect(preview.report.map((line) => `${line.line} ${line.outcome}`)).toEqual(["1 skipped", "2 imported"]);
    expect(await answer()).toEqual(["192.0.2.80"]);
    expect((await serving(user, name)).serial).toBe(before.serial);
  });
});

describe("one push of a zone at a time", () => {
  it("a second push finds the zone busy, and the first pushes again what changed meanwhile", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const row = await env.DB.prepare("SELECT id, zone_serial FROM user_domains WHERE name = ?1")
      .bind(name)
      .first<{ id: string; zone_serial: number }>();
    const pushed: number[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: DnsProvider = {
      kind: "embedded",
      push: async (snapshot) => {
        pushed.push(snapshot.serial);
        if (pushed.length === 1) await gate;
        return { serial: snapshot.serial, ds: [] };
      },
      remove: async () => undefined,
    };
    const services = { ...defaultServices(env), dns: slow };
    const first = publishZone(env.DB, services, ourNameservers(env), row!.id);
    while (pushed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // A change lands while the first push is on its way.
    await env.DB.prepare("UPDATE user_domains SET zone_serial = zone_serial + 1 WHERE id = ?1").bind(row!.id).run();
    expect(await publishZone(env.DB, services, ourNameservers(env), row!.id)).toBe("busy");
    release();
    expect(await first).toBe("served");
    expect(pushed).toEqual([row!.zone_serial, row!.zone_serial + 1]);
    expect(await serving(user, name)).toMatchObject({
      serial: row!.zone_serial + 1,
      served_serial: row!.zone_serial + 1,
    });
    // The claim is released: the next push goes through.
    expect(await publishZone(env.DB, services, ourNameservers(env), row!.id)).toBe("served");
  });
});

describe("what a DoH client can send", () => {
  const raw = (init: RequestInit, search = "") => send(new Request(`${ORIGIN}/dns-query${search}`, init));

  it("malformed requests get RFC 8484's HTTP errors, never a 5xx", async () => {
    expect((await raw({ method: "GET" })).status).toBe(400);
    expect((await raw({ method: "GET" }, "?dns=not+base64")).status).toBe(400);
    expect((await raw({ method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status).toBe(415);
    expect(
      (
        await raw({
          method: "POST",
          headers: { "content-type": "application/dns-message" },
          body: new Uint8Array(70_000),
        })
      ).status,
    ).toBe(413);
    expect((await raw({ method: "PUT", body: "x" })).status).toBe(405);
    expect(
      (
        await raw({
          method: "POST",
          headers: { "content-type": "application/dns-message" },
          body: new Uint8Array([1, 2, 3]),
        })
      ).status,
    ).toBe(400);
  });

  it("any bytes as a query answer 200 with a DNS message or 4xx, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 600 }), fc.boolean(), async (bytes, useGet) => {
        const response = useGet
          ? await raw({ method: "GET" }, `?dns=${Buffer.from(bytes).toString("base64url")}`)
          : await raw({ method: "POST", headers: { "content-type": "application/dns-message" }, body: bytes });
        expect(response.status).toBeLessThan(500);
        if (response.status === 200) expect(response.headers.get("content-type")).toBe("application/dns-message");
      }),
      { numRuns: 300 },
    );
  });

  it("any name and type asked answer a well-formed message (REFUSED outside our zones)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.domain(),
        fc.constantFrom<RecordType>("A", "AAAA", "MX", "TXT", "NS", "SOA", "SRV", "CAA", "CNAME", "PTR", "DS", "HINFO"),
        async (name, type) => {
          const packet = await ask(name, type);
          expect(["REFUSED", "NOERROR", "NXDOMAIN"]).toContain(rcodeOf(packet));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("DNSSEC through the provider and the registry", () => {
  it("a signing provider's DS goes to the registry after the push; turning DNSSEC off removes the DS there first", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const row = await env.DB.prepare("SELECT id FROM user_domains WHERE name = ?1").bind(name).first<{ id: string }>();
    const steps: string[] = [];
    const DS = `4242 13 2 ${"AB".repeat(32)}`;
    const base = defaultServices(env);
    const services = {
      ...base,
      dns: {
        kind: "powerdns" as const,
        push: async (snapshot: { serial: number; dnssec: boolean }) => {
          steps.push(snapshot.dnssec ? "push signed" : "push unsigned");
          return { serial: snapshot.serial, ds: snapshot.dnssec ? [DS] : [] };
        },
        remove: async () => undefined,
      },
      registry: {
        ...base.registry,
        setDsRecords: async (domain: string, ds: string[]) => {
          steps.push(`registry DS ${ds.length}`);
          return base.registry.setDsRecords(domain, ds);
        },
      },
    };
    expect(await publishZone(env.DB, services, ourNameservers(env), row!.id)).toBe("served");
    expect(steps).toEqual(["push signed", "registry DS 1"]);
    expect((await base.registry.info(name))?.ds).toEqual([DS]);
    const detail = await data<{ dnssec: boolean; ds: string[] }>(await call(user, "GET", `/user-domains/${name}`));
    expect(detail).toMatchObject({ dnssec: true, ds: [DS] });
    // Published again with nothing new: the registry is not asked twice.
    steps.length = 0;
    await publishZone(env.DB, services, ourNameservers(env), row!.id);
    expect(steps).toEqual(["push signed"]);

    // Off: the DS leaves the registry before the zone is unsigned.
    await env.DB.prepare("UPDATE user_domains SET dnssec = 0, zone_serial = zone_serial + 1 WHERE id = ?1")
      .bind(row!.id)
      .run();
    steps.length = 0;
    await publishZone(env.DB, services, ourNameservers(env), row!.id);
    expect(steps).toEqual(["registry DS 0", "push unsigned"]);
    expect((await base.registry.info(name))?.ds).toEqual([]);
    expect(await data<{ ds: string[] }>(await call(user, "GET", `/user-domains/${name}`))).toMatchObject({ ds: [] });
  });

  it("the DNSSEC switch republishes the zone with a new serial", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const before = await serving(user, name);
    await data(await call(user, "PUT", `/user-domains/${name}/dnssec`, { dnssec: false }));
    const after = await serving(user, name);
    expect(after.serial).toBeGreaterThan(before.serial);
    expect(after.served_serial).toBe(after.serial);
  });
});
