// The DNS checker of the lookup worker against the loopback DoH fakes (real captured Cloudflare
// and Google answers, tests/fakes/lookup-upstreams.ts): rows per resolver, agreement, the
// expected value, NOERROR / NODATA / NXDOMAIN / SERVFAIL, one resolver failing alone.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/lookup/index";
import type { DnsCheck } from "../../core/dns-check";
import { freshClientIp, lookup, type ErrorBody, inOneLimiterWindow, LIMIT_TEST_TIMEOUT } from "./helpers";

async function dns(query: Record<string, string>, clientIp?: string) {
  const response = await lookup(`/dns?${new URLSearchParams(query).toString()}`, clientIp);
  return { response, body: await response.json<{ success: true; data: DnsCheck } | ErrorBody>() };
}

function data(body: { success: true; data: DnsCheck } | ErrorBody): DnsCheck {
  if (!body.success) throw new Error(`expected a check, got ${body.code}`);
  return body.data;
}

describe("DNS checker", () => {
  it("asks every resolver and sees that they agree, whatever their format", async () => {
    const check = data((await dns({ name: "ietf.org", type: "A" })).body);
    expect(check.rows.map((row) => row.resolver)).toEqual(["Cloudflare", "Google"]);
    for (const row of check.rows) {
      expect(row.status).toBe("NOERROR");
      expect(row.answers).toEqual(["104.16.44.99", "104.16.45.99"]);
      expect(row.timeMs).toBeGreaterThanOrEqual(0);
    }
    expect(check.rows[0]!.ttl).toBe(203);
    expect(check.rows[1]!.ttl).toBe(300);
    expect(check.agree).toBe(true);
  });

  it("compares TXT values quoted by one resolver and bare from the other, and marks the expected value", async () => {
    const check = data((await dns({ name: "example.com", type: "TXT", expected: "v=spf1 -all" })).body);
    expect(check.rows[0]!.answers).toEqual(check.rows[1]!.answers);
    expect(check.rows[0]!.answers).toContain("v=spf1 -all");
    expect(check.rows.every((row) => row.matches === true)).toBe(true);
    expect(check.agree).toBe(true);
  });

  it("tells NXDOMAIN, NODATA and SERVFAIL apart", async () => {
    const nx = data((await dns({ name: "markwatch-nonexistent-7f3kq9.com", type: "NS" })).body);
    expect(nx.rows.map((row) => row.status)).toEqual(["NXDOMAIN", "NXDOMAIN"]);
    const servfail = data((await dns({ name: "dnssec-failed.org", type: "NS" })).body);
    expect(servfail.rows.map((row) => row.status)).toEqual(["SERVFAIL", "SERVFAIL"]);
    expect(servfail.rows[0]!.error).toContain("EDE(9)");
    const nodata = data((await dns({ name: "pphosted.com", type: "A" })).body);
    expect(nodata.rows.find((row) => row.resolver === "Google")?.status).toBe("NODATA");
    // Cloudflare's fake does not know pphosted.com: the resolvers disagree.
    expect(nodata.agree).toBe(false);
  });

  it("marks rows that do not have the expected value", async () => {
    const check = data((await dns({ name: "ietf.org", type: "A", expected: "192.0.2.1" })).body);
    expect(check.rows.map((row) => row.matches)).toEqual([false, false]);
  });

  it("keeps one resolver's failure in its own row", async () => {
    const check = data((await dns({ name: "down.example.com", type: "A" })).body);
    expect(check.rows.find((row) => row.resolver === "Google")).toMatchObject({ status: "ERROR", error: "HTTP 500" });
    expect(check.rows.find((row) => row.resolver === "Cloudflare")?.status).toBe("NXDOMAIN");
  });

  it("answers 502 dns_failed when no resolver can be reached (offline)", async () => {
    const request = new Request(
      `https://lookup/dns?name=offline-${crypto.randomUUID().slice(0, 8)}.example.com&type=A`,
      { headers: { "x-client-ip": freshClientIp() } },
    );
    const ctx = {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext;
    const response = await worker.fetch(
      request,
      { ...env, DOH_RESOLVERS: "one=http://127.0.0.1:9/dns-query,two=http://127.0.0.1:9/resolve" },
      ctx,
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ success: false, code: "dns_failed" });
  });

  it("accepts SRV names with underscores and refuses unknown types and bad names", async () => {
    const srv = await dns({ name: "_sip._tcp.example.com", type: "SRV" });
    expect(srv.response.status).toBe(200);
    expect(data(srv.body).name).toBe("_sip._tcp.example.com");
    const badType = await dns({ name: "example.com", type: "PTR" });
    expect(badType.response.status).toBe(400);
    expect(badType.body).toMatchObject({ code: "invalid_type" });
    const badName = await dns({ name: "exa mple.com", type: "A" });
    expect(badName.response.status).toBe(400);
    expect(badName.body).toMatchObject({ code: "invalid_characters" });
  });

  it("rate-limits a client with 429 and Retry-After", { timeout: LIMIT_TEST_TIMEOUT }, async () => {
    await inOneLimiterWindow();
    const ip = freshClientIp();
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) last = (await dns({ name: `n${i}.example.com`, type: "A" }, ip)).response;
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toBe("60");
  });
});
