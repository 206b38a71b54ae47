// DNS editor API (issue 14): records CRUD for every type with per-type validation (400 naming
// the field, nothing written), zone rules (no CNAME at the apex or beside other records), the
// preview of what a change breaks, history with rollback, ownership (404), and forwarding
// served for real by the storefront's handler for requests with the customer's Host.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DnsRecord } from "../../core/dns";
import { forwardingResponse } from "../../workers/forwarding";
import { seedSampleCatalogue, signedInUser } from "./helpers";
import { buy, buyer, call, data, errorOf, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
});

type Created = { record: DnsRecord; warnings: string[] };

async function zone(user: Buyer, name: string): Promise<DnsRecord[]> {
  return (await data<{ records: DnsRecord[] }>(await call(user, "GET", `/dns/domains/${name}/records`))).records;
}

async function add(user: Buyer, name: string, record: Record<string, unknown>): Promise<Created> {
  return data<Created>(await call(user, "POST", `/dns/domains/${name}/records`, record), 201);
}

describe("DNS records", () => {
  it("adds, edits and deletes each record type", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    expect(await zone(user, name)).toEqual([]);

    const a = await add(user, name, { type: "A", name: "@", content: "192.0.2.10", ttl: 300 });
    expect(a.record).toMatchObject({ type: "A", name: "@", content: "192.0.2.10", ttl: 300 });
    const aaaa = await add(user, name, { type: "AAAA", name: "www", content: "2001:DB8:0:0::1" });
    expect(aaaa.record).toMatchObject({ content: "2001:db8::1", ttl: 0 });
    await add(user, name, { type: "CNAME", name: `blog.${name}.`, content: "Hosting.Example.net." });
    await add(user, name, { type: "MX", name: "@", content: "mx1.example.net", priority: 10 });
    await add(user, name, { type: "TXT", name: "@", content: "v=spf1 include:_spf.example.net ~all" });
    await add(user, name, { type: "NS", name: "lab", content: "ns1.example.org" });
    await add(user, name, {
      type: "SRV",
      name: "_sip._tcp",
      content: "sip.example.net",
      priority: 10,
      weight: 5,
      port: 5060,
    });
    await add(user, name, { type: "CAA", name: "@", content: '0 issue "letsencrypt.org"' });
    await add(user, name, { type: "FORWARD", name: "go", content: "https://example.org/landing", redirect_type: 302 });
    await add(user, name, {
      type: "STEALTH",
      name: "shop",
      content: "https://shop.example.org/",
      page_title: "My shop",
    });

    const records = await zone(user, name);
    expect(records.map((record) => record.type)).toEqual([
      "A",
      "AAAA",
      "CNAME",
      "MX",
      "TXT",
      "NS",
      "SRV",
      "CAA",
      "FORWARD",
      "STEALTH",
    ]);
    expect(records.find((record) => record.type === "CNAME")).toMatchObject({
      name: "blog",
      content: "hosting.example.net",
    });

    const edited = await data<Created>(
      await call(user, "PUT", `/dns/domains/${name}/records/${a.record.id}`, {
        type: "A",
        name: "@",
        content: "198.51.100.7",
        ttl: 3600,
      }),
    );
    expect(edited.record).toMatchObject({ id: a.record.id, content: "198.51.100.7", ttl: 3600 });
    await data(await call(user, "DELETE", `/dns/domains/${name}/records/${aaaa.record.id}`));
    const after = await zone(user, name);
    expect(after).toHaveLength(9);
    expect(after.find((record) => record.type === "A")?.content).toBe("198.51.100.7");
    expect(after.some((record) => record.type === "AAAA")).toBe(false);
  });

  it("refuses bad records with 400 naming the field, and writes nothing", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "A", name: "@", content: "300.1.1.1" }, "content"],
      [{ type: "A", name: "@", content: "192.0.2.01" }, "content"],
      [{ type: "AAAA", name: "@", content: "2001:db8::g" }, "content"],
      [{ type: "CNAME", name: "@", content: "example.net" }, "name"],
      [{ type: "CNAME", name: "www", content: "not a host" }, "content"],
      [{ type: "MX", name: "@", content: "mx.example.net" }, "priority"],
      [{ type: "MX", name: "@", content: "mx.example.net", priority: 70000 }, "priority"],
      [{ type: "MX", name: "@", content: "mx.example.net", priority: -1 }, "priority"],
      [{ type: "SRV", name: "sip", content: "sip.example.net", priority: 1, weight: 1, port: 5060 }, "name"],
      [{ type: "SRV", name: "_sip._tcp", content: "sip.example.net", priority: 1, weight: 1 }, "port"],
      [{ type: "TXT", name: "@", content: '"unbalanced' }, "content"],
      [{ type: "TXT", name: "@", content: `"${"x".repeat(256)}"` }, "content"],
      [{ type: "TXT", name: "@", content: "x".repeat(4001) }, "content"],
      [{ type: "A", name: "bad name!", content: "192.0.2.1" }, "name"],
      [{ type: "A", name: "@", content: "192.0.2.1", ttl: 42 }, "ttl"],
      [{ type: "A", name: "@", content: "192.0.2.1", priority: 5 }, "priority"],
      [{ type: "FORWARD", name: "go", content: "ftp://example.org", redirect_type: 301 }, "content"],
      [{ type: "FORWARD", name: "go", content: "https://example.org" }, "redirect_type"],
      [{ type: "STEALTH", name: "go", content: "https://example.org" }, "page_title"],
      [{ type: "CAA", name: "@", content: "issue letsencrypt.org" }, "content"],
      [{ type: "NS", name: "@", content: "ns1.example.net" }, "name"],
      [{ type: "PTR", name: "@", content: "x" }, "type"],
      [{ type: "A", name: "@", content: "192.0.2.1", colour: "red" }, "colour"],
    ];
    for (const [body, field] of cases) {
      const error = await errorOf(await call(user, "POST", `/dns/domains/${name}/records`, body), 400);
      expect(error.errors?.[0]!.path, JSON.stringify(body)).toBe(field);
    }
    expect(await zone(user, name)).toEqual([]);
  });

  it("keeps a CNAME alone at its name and refuses duplicates", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await add(user, name, { type: "A", name: "www", content: "192.0.2.1" });
    const beside = await errorOf(
      await call(user, "POST", `/dns/domains/${name}/records`, { type: "CNAME", name: "www", content: "example.net" }),
      400,
    );
    expect(beside.errors?.[0]).toEqual({
      path: "name",
      message: "A CNAME record cannot share its name with other records",
    });
    await add(user, name, { type: "CNAME", name: "blog", content: "example.net" });
    expect(
      (
        await errorOf(
          await call(user, "POST", `/dns/domains/${name}/records`, { type: "TXT", name: "blog", content: "hello" }),
          400,
        )
      ).errors?.[0]!.path,
    ).toBe("name");
    expect(
      (
        await errorOf(
          await call(user, "POST", `/dns/domains/${name}/records`, { type: "A", name: "www", content: "192.0.2.1" }),
          400,
        )
      ).errors?.[0]!.message,
    ).toBe("This record already exists");
    expect(await zone(user, name)).toHaveLength(2);
  });

  it("previews what a change breaks: the last MX, a second SPF", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const mx = await add(user, name, { type: "MX", name: "@", content: "mx1.example.net", priority: 10 });
    await add(user, name, { type: "TXT", name: "@", content: "v=spf1 -all" });
    const removeMx = await data<{ warnings: string[] }>(
      await call(user, "POST", `/dns/domains/${name}/records/preview`, { action: "delete", id: mx.record.id }),
    );
    expect(removeMx.warnings).toEqual(["last_mx"]);
    const secondSpf = await data<{ warnings: string[] }>(
      await call(user, "POST", `/dns/domains/${name}/records/preview`, {
        action: "create",
        record: { type: "TXT", name: "@", content: '"v=spf1 include:example.net ~all"' },
      }),
    );
    expect(secondSpf.warnings).toEqual(["second_spf"]);
    const harmless = await data<{ warnings: string[] }>(
      await call(user, "POST", `/dns/domains/${name}/records/preview`, {
        action: "create",
        record: { type: "A", name: "@", content: "192.0.2.1" },
      }),
    );
    expect(harmless.warnings).toEqual([]);
    // The preview wrote nothing.
    expect(await zone(user, name)).toHaveLength(2);
  });

  it("keeps the zone's history and rolls back in one step", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await add(user, name, { type: "A", name: "@", content: "192.0.2.1" });
    const second = await add(user, name, { type: "A", name: "www", content: "192.0.2.2" });
    await data(await call(user, "DELETE", `/dns/domains/${name}/records/${second.record.id}`));
    const { versions } = await data<{
      versions: { id: number; summary: string; change: unknown; record_count: number }[];
    }>(await call(user, "GET", `/dns/domains/${name}/history`));
    expect(versions.map((version) => [version.summary, version.record_count])).toEqual([
      ["delete A www", 2],
      ["add A www", 1],
      ["add A @", 0],
    ]);
    // The same change as data, for pages to word in their own language.
    expect(versions.map((version) => version.change)).toEqual([
      { action: "delete", type: "A", name: "www" },
      { action: "add", type: "A", name: "www" },
      { action: "add", type: "A", name: "@" },
    ]);
    await data(await call(user, "POST", `/dns/domains/${name}/history/${versions[0]!.id}/rollback`));
    expect((await zone(user, name)).map((record) => record.name).sort()).toEqual(["@", "www"]);
    const after = await data<{ versions: { change: unknown }[] }>(
      await call(user, "GET", `/dns/domains/${name}/history`),
    );
    expect(after.versions[0]!.change).toEqual({ action: "rollback", version: versions[0]!.id });
    expect((await errorOf(await call(user, "POST", `/dns/domains/${name}/history/999999999/rollback`), 404)).code).toBe(
      "version_not_found",
    );
  });

  it("answers 404 for another user's domain on every endpoint, and changes nothing", async () => {
    const owner = await buyer();
    const [name] = await buy(owner);
    const record = await add(owner, name, { type: "A", name: "@", content: "192.0.2.1" });
    const stranger = await signedInUser();
    const attempts: [string, string, unknown?][] = [
      ["GET", `/dns/domains/${name}/records`],
      ["POST", `/dns/domains/${name}/records`, { type: "A", name: "evil", content: "203.0.113.1" }],
      ["PUT", `/dns/domains/${name}/records/${record.record.id}`, { type: "A", name: "@", content: "203.0.113.1" }],
      ["DELETE", `/dns/domains/${name}/records/${record.record.id}`],
      ["POST", `/dns/domains/${name}/records/preview`, { action: "delete", id: record.record.id }],
      ["GET", `/dns/domains/${name}/history`],
      ["POST", `/dns/domains/${name}/history/1/rollback`],
    ];
    for (const [method, path, body] of attempts) {
      expect((await errorOf(await call(stranger, method, path, body), 404)).code, `${method} ${path}`).toBe(
        "domain_not_found",
      );
    }
    expect((await errorOf(await call(null, "GET", `/dns/domains/${name}/records`), 401)).code).toBe("unauthorized");
    expect(await zone(owner, name)).toEqual([record.record]);
    // A record id of another domain is not found under this one.
    const [other] = await buy(owner);
    expect(
      (await errorOf(await call(owner, "DELETE", `/dns/domains/${other}/records/${record.record.id}`), 404)).code,
    ).toBe("record_not_found");
  });
});

describe("forwarding served by the storefront", () => {
  it("answers 301/302 keeping path and query, and the stealth page with its title", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await add(user, name, { type: "FORWARD", name: "@", content: "https://example.org/landing", redirect_type: 301 });
    await add(user, name, { type: "FORWARD", name: "go", content: "https://example.org/", redirect_type: 302 });
    await add(user, name, {
      type: "STEALTH",
      name: "shop",
      content: "https://shop.example.org/",
      page_title: "Ada's <shop>",
    });

    const apex = await forwardingResponse(new Request(`https://${name}/a/b?x=1&y=2`), env);
    expect(apex?.status).toBe(301);
    expect(apex?.headers.get("location")).toBe("https://example.org/landing/a/b?x=1&y=2");
    const go = await forwardingResponse(new Request(`https://GO.${name.toUpperCase()}/`), env);
    expect(go?.status).toBe(302);
    expect(go?.headers.get("location")).toBe("https://example.org/");
    const shop = await forwardingResponse(new Request(`https://shop.${name}/cart?id=7`), env);
    expect(shop?.status).toBe(200);
    const html = (await shop?.text()) ?? "";
    expect(html).toContain("<title>Ada&#39;s &#60;shop&#62;</title>");
    expect(html).toContain('<iframe src="https://shop.example.org/cart?id=7"');
    expect(shop?.headers.get("content-security-policy")).toContain("frame-src https://shop.example.org");

    // Other hosts are not ours to answer: the storefront goes on as usual.
    expect(await forwardingResponse(new Request(`https://nothing.${name}/`), env)).toBeNull();
    expect(await forwardingResponse(new Request("http://localhost:8787/"), env)).toBeNull();

    // A deleted domain stops forwarding.
    await data(await call(user, "DELETE", `/dns/domains/${name}`, { password: user.password }));
    expect(await forwardingResponse(new Request(`https://${name}/`), env)).toBeNull();
  });
});

describe("zone files", () => {
  it("imports a real BIND zone for the domain and exports it back", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    // knot's example zone (tests/fixtures/zones/knot-example.com.zone; workerd has no file access), re-rooted at the bought name.
    const text = KNOT_ZONE.replace("$ORIGIN example.com.", `$ORIGIN ${name}.`);
    const imported = await data<{
      imported: number;
      skipped: number;
      records: DnsRecord[];
      report: { line: number; outcome: string; type?: string }[];
    }>(await call(user, "POST", `/dns/domains/${name}/zone`, { zone: text }));
    expect(imported).toMatchObject({ imported: 7, skipped: 3 });
    // Every record line is reported: the SOA and the apex NS skipped with their reason, the rest imported.
    expect(imported.report.map((entry) => `${entry.line} ${entry.outcome} ${entry.type ?? ""}`)).toEqual([
      "4 skipped SOA",
      "11 skipped NS",
      "12 skipped NS",
      "13 imported MX",
      "15 imported A",
      "16 imported AAAA",
      "18 imported A",
      "19 imported AAAA",
      "21 imported A",
      "22 imported AAAA",
    ]);
    expect(imported.records.find((record) => record.type === "MX")).toMatchObject({
      name: "@",
      content: `mail.${name}`,
      priority: 10,
    });

    const exported = await call(user, "GET", `/dns/domains/${name}/zone`);
    expect(exported.status).toBe(200);
    const zoneText = await exported.text();
    expect(zoneText).toContain(`$ORIGIN ${name}.`);
    // The zone's records have no TTL of their own ($TTL 3600 is the automatic one): none written.
    expect(zoneText).toContain(`@\tIN\tMX\t10 mail.${name}.`);
    expect(zoneText).toContain("dns1\tIN\tAAAA\t2001:db8::1");

    // Importing it again changes nothing (no duplicates); a bad line → 400 naming the line, nothing written.
    expect(
      (await data<{ imported: number }>(await call(user, "POST", `/dns/domains/${name}/zone`, { zone: zoneText })))
        .imported,
    ).toBe(0);
    const bad = await errorOf(
      await call(user, "POST", `/dns/domains/${name}/zone`, {
        zone: `$ORIGIN ${name}.\nok A 192.0.2.9\nbad A 999.1.1.1\n`,
      }),
      400,
    );
    expect(bad.code).toBe("invalid_zone");
    expect(bad.errors?.[0]!.message).toMatch(/^line 3: content/);
    // Every refused line is named, with its reason: an $INCLUDE, an IP address where a host belongs.
    const refused = await errorOf(
      await call(user, "POST", `/dns/domains/${name}/zone`, {
        zone: `www A 192.0.2.1\n$INCLUDE other.zone\n@ MX 10 192.0.2.10\n`,
      }),
      400,
    );
    expect(refused.errors?.map((error) => error.message)).toEqual([
      "line 2: $INCLUDE is not supported: paste the included file's records here instead",
      "line 3: 192.0.2.10 is an IP address: a target must be a host name like mail.example.com.",
    ]);
    expect(await zone(user, name)).toHaveLength(7);
    const stranger = await signedInUser();
    expect((await errorOf(await call(stranger, "GET", `/dns/domains/${name}/zone`), 404)).code).toBe(
      "domain_not_found",
    );
  });
});

const KNOT_ZONE = `$ORIGIN example.com.
$TTL 3600

@	SOA	dns1.example.com. hostmaster.example.com. (
		2010111213	; serial
		6h		; refresh
		1h		; retry
		1w		; expire
		1d )		; minimum

	NS	dns1
	NS	dns2
	MX	10 mail

dns1	A	192.0.2.1
	AAAA	2001:DB8::1

dns2	A	192.0.2.2
	AAAA	2001:DB8::2

mail	A	192.0.2.3
	AAAA	2001:DB8::3
`;

describe("a name that changes hands (db level)", () => {
  it("keeps none of the previous owner's zone, history or delete date", async () => {
    const { recordUserDomain } = await import("../../workers/api/checkout/user-domains");
    const first = await buyer();
    const [name] = await buy(first);
    await add(first, name, { type: "A", name: "@", content: "192.0.2.1" });
    await data(await call(first, "DELETE", `/dns/domains/${name}`, { password: first.password }));
    // Checkout records the released name for a new buyer (as runFulfilment does after a new order).
    const second = await buyer();
    await recordUserDomain(
      env.DB,
      {
        userId: second.id,
        name,
        unicode: name,
        tld: "com",
        info: null,
        orderId: crypto.randomUUID(),
        status: "active",
      },
      new Date(),
    );
    const row = await env.DB.prepare("SELECT id, deleted_at FROM user_domains WHERE name = ?1")
      .bind(name)
      .first<{ id: string; deleted_at: string | null }>();
    expect(row?.deleted_at).toBeNull();
    const left = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM dns_records WHERE domain_id = ?1) + (SELECT COUNT(*) FROM dns_zone_versions WHERE domain_id = ?1) AS n",
    )
      .bind(row?.id)
      .first<number>("n");
    expect(left).toBe(0);
    expect((await errorOf(await call(first, "GET", `/dns/domains/${name}/records`), 404)).code).toBe(
      "domain_not_found",
    );
  });
});
