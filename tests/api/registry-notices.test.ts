// POST /api/v1/registry/notices (issue 23): the EPP gateway's poll callback. Its shared secret
// (REGISTRY_CALLBACK_TOKEN: unset → 503, wrong → 401, in the one error shape), its body (400),
// each (registry, id) acted on once, and the action: the named domain is read again from the
// registry (here the simulated one) and the customer's domain follows it.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry";
import { createApiApp } from "../../workers/api/app";
import type { DomainPage } from "../../workers/api/db/user-domains";
import { api, seedSampleCatalogue } from "./helpers";
import { buy, buyer, call, data, errorOf } from "./my-domains-support";

vi.setConfig({ testTimeout: 60_000 });

const TOKEN = env.REGISTRY_CALLBACK_TOKEN ?? "";

beforeAll(async () => {
  await seedSampleCatalogue();
});

function notice(body: unknown, token: string | null = TOKEN): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json" });
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  return api("/registry/notices", { method: "POST", headers, body: JSON.stringify(body) });
}

describe("POST /registry/notices: who may call it", () => {
  it("is configured for the tests (vitest.api.config.ts)", () => {
    expect(TOKEN.length).toBeGreaterThan(10);
  });

  it("answers 503 service_not_configured while REGISTRY_CALLBACK_TOKEN is unset", async () => {
    const response = await createApiApp().request(
      "/api/v1/registry/notices",
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer anything" },
        body: JSON.stringify({ registry: "dk", id: "1" }),
      },
      { ...env, REGISTRY_CALLBACK_TOKEN: undefined },
    );
    expect((await errorOf(response, 503)).code).toBe("service_not_configured");
  });

  it("answers 401 unauthorized without the token or with another one, before reading the body", async () => {
    for (const token of [null, "", `${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase()]) {
      const error = await errorOf(await notice({ registry: "dk", id: "1" }, token), 401);
      expect(error.code).toBe("unauthorized");
    }
    const basic = await api("/registry/notices", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Basic ${TOKEN}` },
      body: "{}",
    });
    expect((await errorOf(basic, 401)).code).toBe("unauthorized");
  });

  it("answers 400 for a body that is not a notice", async () => {
    for (const body of [{}, { registry: "dk" }, { registry: "", id: "1" }, { registry: "dk", id: 7 }, [1]]) {
      expect((await errorOf(await notice(body), 400)).code).toBe("invalid_parameter");
    }
    const notJson = await api("/registry/notices", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: "{not json",
    });
    expect((await errorOf(notJson, 400)).code).toMatch(/bad_request|invalid_parameter/);
  });
});

describe("POST /registry/notices: acting once per message", () => {
  it("a transfer-out notice takes the name out of the account; the same id again does nothing", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const registry = createSimulatedRegistry(env.DB);
    // Past the 60-day rule, unlocked: another registrar may take it.
    const past = new Date(Date.now() - 61 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE registry_domains SET created_at = ?1 WHERE name = ?2").bind(past, name).run();
    await registry.setLock(name, false);
    // Another registrar takes the name and the registry approves it (the customer did not act here).
    await registry.requestTransferOut({
      name,
      authCode: await registry.getAuthCode(name),
      gainingRegistrar: "Porkbun LLC",
    });
    await registry.transferApprove(name);
    const before = await data<DomainPage>(await call(user, "GET", "/user-domains"));
    expect(before.domains.map((domain) => domain.status)).toEqual(["active"]);

    const id = `msg-${crypto.randomUUID()}`;
    const body = {
      registry: "sim",
      id,
      qDate: "2026-11-29T02:00:00.0Z",
      msg: "Transfer approved.",
      resData: { name: name.toUpperCase(), trStatus: "clientApproved", reID: "porkbun", acID: "trinity" },
    };
    expect(await data(await notice(body))).toEqual({ received: true, domain: name, refreshed: true });
    const after = await data<DomainPage>(await call(user, "GET", "/user-domains?status=transferred_out"));
    expect(after.domains.map((domain) => domain.name)).toEqual([name]);

    expect(await data(await notice(body))).toEqual({ received: true, duplicate: true });
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM registry_notices WHERE id = ?1").bind(id).first();
    expect(stored).toEqual({ n: 1 });
  });

  it("a deletion at the registry shows as redemption, a restore as active, a purge as deleted", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const registry = createSimulatedRegistry(env.DB);
    const status = async () =>
      (await data<DomainPage>(await call(user, "GET", "/user-domains"))).domains.find((domain) => domain.name === name)
        ?.status;
    const deliver = async (resData: Record<string, unknown>) =>
      expect(await data(await notice({ registry: "sim", id: crypto.randomUUID(), resData }))).toMatchObject({
        domain: name,
        refreshed: true,
      });

    // Deleted at the registry, not through us (a support desk, a lost answer): redemption from its date.
    await registry.delete(name);
    await deliver({ name, msg: "deleted" });
    expect(await status()).toBe("redemption");

    await registry.restore(name);
    await deliver({ panData: { name: { "#text": name, paResult: "1" } } });
    expect(await status()).toBe("active");

    // Purged (released): info answers null; the customer's domain is deleted.
    await env.DB.prepare("DELETE FROM registry_domains WHERE name = ?1").bind(name).run();
    await deliver({ panData: { name } });
    expect(await status()).toBe("deleted");
  });

  it("reads the name from nested notice data and keeps a notice about no domain of ours", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const nested = await data(
      await notice({ registry: "sim", id: crypto.randomUUID(), resData: { panData: { name: { "#text": name } } } }),
    );
    expect(nested).toEqual({ received: true, domain: name, refreshed: true });
    const page = await data<DomainPage>(await call(user, "GET", "/user-domains"));
    expect(page.domains.map((domain) => domain.status)).toEqual(["active"]);

    expect(await data(await notice({ registry: "sim", id: crypto.randomUUID(), msg: "Low balance." }))).toEqual({
      received: true,
      domain: null,
      refreshed: false,
    });
    expect(
      await data(await notice({ registry: "sim", id: crypto.randomUUID(), resData: { name: "nobody-here.com" } })),
    ).toEqual({ received: true, domain: "nobody-here.com", refreshed: false });
  });
});
