// The free tools through /api/v1 (SPEC §7 `GET /domains/whois/{domain}`, `GET /ssl?host`, and
// the DNS check), reaching the real lookup worker through the LOOKUP binding. Its upstreams sit
// on a closed loopback port here, so these tests see the offline behaviour: the SPEC's clear
// failures, never a 500. (tests/lookup covers the upstream answers against the fakes.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, type ErrorBody } from "./helpers";

async function json(response: Response) {
  return (await response.json()) as { success: true; data: Record<string, unknown> } | ErrorBody;
}

describe("tools API", () => {
  it("GET /domains/whois/{domain} answers a name registered with us from our data", async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, username, email, password_hash, seed_key_hash, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x', ?, ?)",
      ).bind(`user-${id}`, `u${id}`, `u${id}@example.test`, now, now),
      env.DB.prepare(
        `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'com', 'active', '2025-03-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z', ?, ?)`,
      ).bind(`dom-${id}`, `user-${id}`, `ours-${id}.com`, `ours-${id}.com`, now, now),
    ]);
    const response = await api(`/domains/whois/OURS-${id}.com`);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      success: true,
      data: {
        domain: `ours-${id}.com`,
        source: "ours",
        expiresAt: "2027-03-01T00:00:00.000Z",
        registrar: { name: "Trinity" },
      },
    });
    const rdap = await api(`/rdap/domain/ours-${id}.com`);
    expect(rdap.status).toBe(200);
    expect(rdap.headers.get("content-type")).toBe("application/rdap+json");
    expect(await rdap.json()).toMatchObject({ objectClassName: "domain", ldhName: `ours-${id}.com` });
  });

  it("refuses bad names with the SPEC §5 codes", async () => {
    for (const [path, code] of [
      ["/domains/whois/nodot", "invalid_format"],
      ["/domains/whois/bad_name.com", "invalid_characters"],
      ["/domains/whois/example.notarealtld", "unknown_extension"],
      ["/ssl?host=", "required"],
      ["/dns/check?name=example.com&type=PTR", "invalid_type"],
    ]) {
      const response = await api(path!);
      expect(response.status, path).toBe(400);
      expect(await json(response), path).toMatchObject({ success: false, code });
    }
  });

  it("offline, each tool fails with its clear error instead of a 500", async () => {
    const whois = await api("/domains/whois/example.com");
    expect(whois.status).toBe(502);
    expect(await json(whois)).toMatchObject({ code: "whois_failed" });
    const ssl = await api("/ssl?host=example.com");
    expect(ssl.status).toBe(502);
    expect(await json(ssl)).toMatchObject({ code: "ssl_failed" });
    const dns = await api("/dns/check?name=example.com&type=A");
    expect(dns.status).toBe(502);
    expect(await json(dns)).toMatchObject({ code: "dns_failed" });
  });
});
