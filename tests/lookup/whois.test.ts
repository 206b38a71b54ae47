// WHOIS/RDAP lookups of the lookup worker against the loopback RDAP fakes (IANA bootstrap and the
// registries' real captured answers, tests/fakes/lookup-upstreams.ts), and names registered with
// us answered from D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseLookupName } from "../../core/lookup-forms";
import type { WhoisResult } from "../../core/whois";
import { cacheKey } from "../../workers/lookup/cache";
import {
  freshClientIp,
  lookup,
  waitForCacheKey,
  type ErrorBody,
  inOneLimiterWindow,
  LIMIT_TEST_TIMEOUT,
} from "./helpers";

async function whois(domain: string, clientIp?: string) {
  const response = await lookup(`/whois/${encodeURIComponent(domain)}`, clientIp);
  return { response, body: await response.json<{ success: true; data: WhoisResult } | ErrorBody>() };
}

async function fakeCount(path: string): Promise<number> {
  const response = await fetch(`${env.FAKE_UPSTREAMS}/__fake/count?path=${encodeURIComponent(path)}`);
  return (await response.json<{ count: number }>()).count;
}

function data(body: { success: true; data: WhoisResult } | ErrorBody): WhoisResult {
  if (!body.success) throw new Error(`expected a result, got ${body.code}: ${body.message}`);
  return body.data;
}

/** A user with a default address and one domain registered with us. */
async function ownDomain(options: { privacy?: boolean; locked?: boolean; status?: string } = {}) {
  const id = crypto.randomUUID().slice(0, 8);
  const userId = `user-${id}`;
  const name = `own-${id}.com`;
  const now = "2026-11-20T10:00:00.000Z";
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, username, email, password_hash, seed_key_hash, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x', ?, ?)",
    ).bind(userId, `u${id}`, `u${id}@example.test`, now, now),
    env.DB.prepare(
      `INSERT INTO addresses (id, user_id, first_name, last_name, organization, address, city, country, phone, email, is_default, created_at, updated_at)
       VALUES (?, ?, 'Ada', 'Yılmaz', 'Yılmaz Ltd', 'Street 1', 'İstanbul', 'tr', '+90.5551234567', ?, 1, ?, ?)`,
    ).bind(`addr-${id}`, userId, `ada-${id}@example.test`, now, now),
    env.DB.prepare(
      `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, locked, whois_privacy, dnssec, nameservers, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'com', ?, '2025-01-15T08:00:00.000Z', '2027-01-15T08:00:00.000Z', ?, ?, 1, '["ns1.trinity.example","ns2.trinity.example"]', ?, ?)`,
    ).bind(
      `dom-${id}`,
      userId,
      name,
      name,
      options.status ?? "active",
      options.locked === false ? 0 : 1,
      options.privacy === false ? 0 : 1,
      now,
      now,
    ),
  ]);
  return { name, email: `ada-${id}@example.test` };
}

describe("WHOIS through RDAP", () => {
  it("finds the registry in IANA's bootstrap and normalises a thin .com answer, with the registrar's registrant", async () => {
    const { response, body } = await whois("google.com");
    expect(response.status).toBe(200);
    const result = data(body);
    expect(result).toMatchObject({
      domain: "google.com",
      unicode: "google.com",
      source: "rdap",
      createdAt: "1997-09-15T04:00:00.000Z",
      expiresAt: "2028-09-14T04:00:00.000Z",
      dnssec: false,
    });
    expect(result.server).toMatch(/\/r\/rdap\.verisign\.com\/com\/v1\/$/);
    expect(result.registrar).toMatchObject({
      name: "MarkMonitor Inc.",
      ianaId: "292",
      abuseEmail: "abusecomplaints@markmonitor.com",
    });
    expect(result.nameservers).toEqual(["ns1.google.com", "ns2.google.com", "ns3.google.com", "ns4.google.com"]);
    expect(result.statuses.map((status) => status.key)).toContain("clientTransferProhibited");
    expect(result.statuses.map((status) => status.key)).toContain("serverDeleteProhibited");
    // The registrant comes from MarkMonitor's own RDAP (the registry's "related" link).
    expect(result.registrant.organization).toBe("Google LLC");
    expect(result.registrant.country).toBe("US");
  });

  it("reports registrant fields the registrar withholds as redacted (RFC 9537)", async () => {
    const result = data((await whois("bitcoin.org")).body);
    expect(result.registrar?.name).toBe("NAMECHEAP INC");
    expect(result.redacted).toContain("name");
    expect(result.registrant.organization).toBe("Privacy service provided by Withheld for Privacy ehf");
    expect(result.registrant.country).toBe("IS");
  });

  it("reads several registries' shapes: .fr, .cz, .uk, .no, .moscow, .dev", async () => {
    const ip = freshClientIp();
    const fr = data((await whois("lemonde.fr", ip)).body);
    expect(fr.statuses.map((status) => status.value)).toContain("server transfer prohibited");
    expect(fr.createdAt).not.toBeNull();
    const uk = data((await whois("bbc.co.uk", ip)).body);
    expect(uk.registrar?.name).toBe("British Broadcasting Corporation");
    expect(uk.expiresAt).not.toBeNull();
    const no = data((await whois("norway.no", ip)).body);
    expect(no.createdAt).not.toBeNull();
    expect(no.expiresAt).toBeNull();
    const moscow = data((await whois("home.moscow")).body);
    expect(moscow.statuses[0]).toEqual({ value: "client transfer prohibited", key: "clientTransferProhibited" });
    const dev = data((await whois("web.dev")).body);
    expect(dev.nameservers.length).toBeGreaterThan(0);
    const cz = data((await whois("example.cz")).body);
    expect(cz.domain).toBe("example.cz");
  });

  it("answers 404 whois_not_found when the registry has no such name", async () => {
    const { response, body } = await whois(`unregistered-${crypto.randomUUID().slice(0, 8)}.org`);
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ success: false, code: "whois_not_found" });
  });

  it("passes the registry's 429 on with Retry-After", async () => {
    const { response, body } = await whois("ratelimited.com");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(body).toMatchObject({ code: "whois_rate_limited" });
  });

  it("answers 502 whois_failed when the registry fails", async () => {
    const { response, body } = await whois("broken.com");
    expect(response.status).toBe(502);
    expect(body).toMatchObject({ code: "whois_failed" });
  });

  it("serves a repeated lookup from the cache without asking the registry again", async () => {
    const before = await fakeCount("/domain/hhgames.com");
    const first = await whois("HHGAMES.com");
    expect(first.response.headers.get("x-cache")).toBe("miss");
    expect(await fakeCount("/domain/hhgames.com")).toBe(before + 1);
    await waitForCacheKey(cacheKey("whois", "hhgames.com"));
    const second = await whois("hhgames.com");
    expect(second.response.headers.get("x-cache")).toBe("hit");
    expect(data(second.body)).toEqual(data(first.body));
    expect(await fakeCount("/domain/hhgames.com")).toBe(before + 1);
  });

  it("refuses bad input with the SPEC §5 error codes", async () => {
    const cases: [string, string][] = [
      ["nodot", "invalid_format"],
      ["exa mple.com", "invalid_characters"],
      [`${"a".repeat(64)}.com`, "too_long"],
      ["example.notarealtld", "unknown_extension"],
    ];
    for (const [input, code] of cases) {
      const { response, body } = await whois(input);
      expect(response.status, input).toBe(400);
      expect(body, input).toMatchObject({ success: false, code });
    }
  });

  it("accepts an IDN and asks the registry for its A-label", async () => {
    const { response, body } = await whois("bücher-örnek.com");
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ code: "whois_not_found" });
    const parsed = parseLookupName("bücher-örnek.com");
    if (!parsed.ok) throw new Error("the IDN should parse");
    expect(parsed.name.ascii).toMatch(/^xn--/);
    expect(await fakeCount(`/domain/${parsed.name.ascii}`)).toBe(1);
  });

  it("rate-limits a client with 429 and Retry-After", { timeout: LIMIT_TEST_TIMEOUT }, async () => {
    await inOneLimiterWindow();
    const ip = freshClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await whois(`unregistered-${i}-${crypto.randomUUID().slice(0, 6)}.com`, ip)).response.status);
    expect(statuses.slice(0, 5).every((status) => status === 404)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe("WHOIS of names registered with us", () => {
  it("answers from our data with the registrant withheld while privacy is on", async () => {
    const { name } = await ownDomain();
    const { response, body } = await whois(name);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBe("ours");
    const result = data(body);
    expect(result).toMatchObject({
      source: "ours",
      domain: name,
      createdAt: "2025-01-15T08:00:00.000Z",
      expiresAt: "2027-01-15T08:00:00.000Z",
      dnssec: true,
      nameservers: ["ns1.trinity.example", "ns2.trinity.example"],
    });
    expect(result.registrar?.name).toBe("Trinity");
    expect(result.registrant.name).toBeNull();
    expect(result.registrant.email).toBeNull();
    expect(result.registrant.country).toBe("TR");
    expect(result.redacted).toEqual(expect.arrayContaining(["name", "organization", "email", "phone"]));
    expect(result.statuses.map((status) => status.key)).toContain("clientTransferProhibited");
    expect(await fakeCount(`/domain/${name}`)).toBe(0);
  });

  it("publishes the registrant's contact when privacy is off", async () => {
    const { name, email } = await ownDomain({ privacy: false, locked: false });
    const result = data((await whois(name)).body);
    expect(result.registrant).toEqual({
      organization: "Yılmaz Ltd",
      name: "Ada Yılmaz",
      email,
      phone: "+90-5551234567",
      country: "TR",
    });
    expect(result.redacted).toEqual([]);
    expect(result.statuses).toEqual([{ value: "active", key: "active" }]);
  });
});

describe("our RDAP service", () => {
  it("answers a name registered with us as application/rdap+json with CORS", async () => {
    const { name } = await ownDomain();
    const response = await lookup(`/rdap/domain/${name.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rdap+json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = await response.json<{ objectClassName: string; ldhName: string; rdapConformance: string[] }>();
    expect(body).toMatchObject({ objectClassName: "domain", ldhName: name });
    expect(body.rdapConformance).toContain("icann_rdap_response_profile_1");
  });

  it("answers RFC 9083 errors for names not registered with us and for bad names", async () => {
    const missing = await lookup("/rdap/domain/not-ours-at-all.com");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 404, title: "Not Found" });
    const bad = await lookup("/rdap/domain/not_a_name");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errorCode: 400 });
  });
});

describe("port-43 WHOIS for extensions without RDAP", () => {
  it("asks IANA's WHOIS for the server and reads the registry's text", async () => {
    const name = `haus-${crypto.randomUUID().slice(0, 8)}.de`;
    const { response, body } = await whois(name);
    expect(response.status).toBe(200);
    const result = data(body);
    expect(result).toMatchObject({
      source: "whois",
      domain: name,
      server: "whois://127.0.0.1",
      updatedAt: "2024-03-12T20:44:25.000Z",
    });
    expect(result.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
    expect(result.statuses).toEqual([{ value: "connect", key: null }]);
  });

  it("answers whois_not_found when the registry says the name is free", async () => {
    const { response, body } = await whois(`free-${crypto.randomUUID().slice(0, 8)}.de`);
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ code: "whois_not_found" });
  });

  it("answers whois_no_rdap when IANA names no WHOIS server either", async () => {
    const { response, body } = await whois("example.com.tr");
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ code: "whois_no_rdap" });
  });
});
