// The SSL check of the lookup worker against the loopback SSL Labs fake (real captured reports,
// tests/fakes/lookup-upstreams.ts): polling DNS → IN_PROGRESS → READY, the SPEC SSL result, the
// SPEC §8 errors (429, registration required, 503/529 overloaded, not found) and the cache.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SslCheck } from "../../core/ssl";
import { cacheKey } from "../../workers/lookup/cache";
import worker from "../../workers/lookup/index";
import { freshClientIp, lookup, waitForCacheKey, type ErrorBody } from "./helpers";

const fresh = (label = "site") => `${label}.t${crypto.randomUUID().slice(0, 8)}.com`;

async function ssl(host: string, clientIp?: string) {
  const response = await lookup(`/ssl?host=${encodeURIComponent(host)}`, clientIp);
  return { response, body: await response.json<{ success: true; data: SslCheck } | ErrorBody>() };
}

describe("SSL check through SSL Labs", () => {
  it("reports progress while the assessment runs, then the certificate, grade and protocols", async () => {
    const host = fresh();
    const ip = freshClientIp();
    const first = await ssl(host, ip);
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { state: "running", status: "DNS", host } });
    const second = await ssl(host, ip);
    expect(second.body).toMatchObject({
      success: true,
      data: { state: "running", status: "IN_PROGRESS", progress: 40 },
    });
    const third = await ssl(host, ip);
    if (!third.body.success || third.body.data.state !== "ready") throw new Error("expected a finished report");
    const result = third.body.data.result;
    expect(result.grade).toBe("B");
    expect(result.certificate).toMatchObject({
      subject: host,
      issuer: "R3 (Let's Encrypt)",
      serialNumber: "04a1b2c3d4e5f60718293a4b5c6d7e8f9a0b",
      algorithm: "SHA256withRSA",
      validFrom: "2026-10-01T00:00:00.000Z",
      validTo: "2026-12-30T00:00:00.000Z",
      keyAlgorithm: "RSA",
      keySize: 2048,
      altNames: [host, `www.${host}`],
    });
    expect(typeof result.certificate?.daysRemaining).toBe("number");
    expect(result.endpoints.map((endpoint) => endpoint.ipAddress)).toEqual([
      "195.201.179.93",
      "159.69.77.193",
      "159.69.96.138",
    ]);
    expect(result.endpoints[0]!.serverName).toBe("static.93.179.201.195.clients.your-server.de");
    expect(result.protocols).toEqual(["TLS 1.0", "TLS 1.1", "TLS 1.2"]);
  });

  it("keeps a finished report in the cache", async () => {
    const host = fresh("ready");
    const first = await ssl(host);
    expect(first.response.headers.get("x-cache")).toBe("miss");
    await waitForCacheKey(cacheKey("ssl", host));
    const second = await ssl(host);
    expect(second.response.headers.get("x-cache")).toBe("hit");
    expect(second.body).toMatchObject({ success: true, data: { state: "ready" } });
  });

  it("says when the server could not be reached", async () => {
    const { body } = await ssl(fresh("unreachable"));
    if (!body.success || body.data.state !== "ready") throw new Error("expected a report");
    expect(body.data.result.certificate).toBeNull();
    expect(body.data.result.endpoints[0]!.statusMessage).toBe("Unable to connect to the server");
  });

  it.each([
    ["limited", 429, "ssl_rate_limited"],
    ["maintenance", 503, "ssl_overloaded"],
    ["busy", 503, "ssl_overloaded"],
    ["unresolvable", 404, "ssl_not_found"],
    ["ip-refused", 400, "ssl_invalid_host"],
  ])("maps SSL Labs' %s answer to %i %s", async (label, status, code) => {
    const { response, body } = await ssl(fresh(label));
    expect(response.status).toBe(status);
    expect(body).toMatchObject({ success: false, code });
    if (status === 429 || code === "ssl_overloaded")
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers registration required when SSL Labs does not know our email", async () => {
    const request = new Request(`https://lookup/ssl?host=${fresh()}`, { headers: { "x-client-ip": freshClientIp() } });
    const ctx = {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext;
    const response = await worker.fetch(request, { ...env, SSLLABS_EMAIL: "" }, ctx);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, code: "ssl_registration_required" });
  });

  it("answers ssl_failed when SSL Labs cannot be reached", async () => {
    const request = new Request(`https://lookup/ssl?host=${fresh()}`, { headers: { "x-client-ip": freshClientIp() } });
    const ctx = {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext;
    const response = await worker.fetch(request, { ...env, SSLLABS_API_URL: "http://127.0.0.1:9/api/v4/" }, ctx);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ success: false, code: "ssl_failed" });
  });

  it("refuses a host that is not a domain name with the SPEC §5 code", async () => {
    const { response, body } = await ssl("");
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: "required" });
    expect((await ssl("bad_host.com")).body).toMatchObject({ code: "invalid_characters" });
  });
});
