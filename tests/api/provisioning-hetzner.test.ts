// The Hetzner Cloud provisioning adapter against a fake of its API on loopback
// (tests/fakes/hetzner-server.ts): create with our reference label, find by reference after a
// crash, statuses mapped to SPEC §4, power actions, rebuild with a new root password, delete,
// and the errors (bad token, unknown server type, unreachable, misconfigured). Also the whole
// checkout → provisioning path with PROVISIONING_ADAPTER=hetzner.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  createHetznerProvisioning,
  createProvisioning,
  ProvisioningError,
} from "../../workers/api/adapters/provisioning";
import { createApiApp } from "../../workers/api/app";
import type { OrderAnswer } from "../../workers/api/checkout/service";
import type { ApiEnv } from "../../workers/api/env";
import type { ServerView } from "../../workers/api/servers/service";
import { defaultServices } from "../../workers/api/services";
import { seedSampleCatalogue } from "./helpers";
import { buyer, data, VISA } from "./my-domains-support";

vi.setConfig({ testTimeout: 60_000 });

const BASE = inject("fakeHetznerUrl");
const hetzner = (token = "test-token") => createHetznerProvisioning({ baseUrl: BASE, token });
const input = (extra: Partial<Parameters<ReturnType<typeof hetzner>["create"]>[0]> = {}) => ({
  reference: crypto.randomUUID(),
  hostname: `h-${crypto.randomUUID().slice(0, 8)}.example.com`,
  serverType: "cx22",
  image: "debian-12",
  location: "fsn1",
  sshKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf a@b",
  ...extra,
});

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("Hetzner Cloud adapter", () => {
  it("creates, finds by reference, maps statuses, runs power actions and deletes", async () => {
    const adapter = hetzner();
    const request = input();
    const created = await adapter.create(request);
    expect(created).toMatchObject({
      reference: request.reference,
      status: "provisioning",
      rootPassword: "FakeRootPw123",
    });
    expect(created.ipv4).toMatch(/^203\.0\.113\./u);
    expect(await adapter.findByReference(request.reference)).toMatchObject({
      providerId: created.providerId,
      rootPassword: null,
    });
    expect(await adapter.findByReference(crypto.randomUUID())).toBeNull();
    await adapter.get(created.providerId);
    expect((await adapter.get(created.providerId))?.status).toBe("running");
    await adapter.action(created.providerId, "poweroff");
    expect((await adapter.get(created.providerId))?.status).toBe("stopped");
    await adapter.action(created.providerId, "poweron");
    expect((await adapter.get(created.providerId))?.status).toBe("running");
    expect(await adapter.action(created.providerId, "rebuild", "debian-12")).toEqual({
      rootPassword: "FakeRebuiltPw456",
    });
    expect((await adapter.get(created.providerId))?.status).toBe("installing");
    await adapter.delete(created.providerId);
    expect(await adapter.get(created.providerId)).toBeNull();
    await expect(adapter.action(created.providerId, "reboot")).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers the provider's refusals as ProvisioningErrors with its message", async () => {
    await expect(hetzner().create(input({ serverType: "no-such-type" }))).rejects.toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("server_type"),
    });
    await expect(hetzner("fault-503").create(input())).rejects.toMatchObject({ code: "unavailable" });
    await expect(createHetznerProvisioning({ baseUrl: BASE }).create(input())).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringContaining("PROVISIONING_API_TOKEN"),
    });
    await expect(
      createHetznerProvisioning({ baseUrl: "http://127.0.0.1:9", token: "t" }).get("1"),
    ).rejects.toBeInstanceOf(ProvisioningError);
    await expect(hetzner().get("../etc")).rejects.toMatchObject({ code: "not_found" });
    const wrong = createProvisioning({ DB: env.DB, PROVISIONING_ADAPTER: "nonsense" });
    await expect(wrong.get("1")).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringContaining('PROVISIONING_ADAPTER is "nonsense"'),
    });
  });

  it("checkout with PROVISIONING_ADAPTER=hetzner creates the server at the provider", async () => {
    const user = await buyer();
    const app = createApiApp({
      services: (bindings: ApiEnv) =>
        defaultServices({
          ...bindings,
          PROVISIONING_ADAPTER: "hetzner",
          PROVISIONING_API_URL: BASE,
          PROVISIONING_API_TOKEN: "test-token",
        }),
    });
    const call = (method: string, path: string, body?: unknown) =>
      Promise.resolve(
        app.request(
          `/api/v1${path}`,
          {
            method,
            headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
          env,
        ),
      );
    const hostname = `hz-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await data(
      await call("POST", "/cart/servers", {
        plan: "vx1",
        cycle: "monthly",
        os: "debian-12",
        datacenter: "fsn1",
        hostname,
      }),
      201,
    );
    const answer = await data<OrderAnswer>(
      await call("POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    expect(answer.order.status).toBe("completed");
    const [server] = (await data<{ servers: ServerView[] }>(await call("GET", "/vps/"))).servers;
    expect(server).toMatchObject({ hostname, status: "provisioning", has_root_password: true });
    // The provider reports it running on a later read; the detail asks again while it moves.
    expect((await data<ServerView>(await call("GET", `/vps/${server!.id}`))).status).toBe("running");
    const row = await env.DB.prepare("SELECT provider, provider_id FROM servers WHERE id = ?1")
      .bind(server!.id)
      .first<{ provider: string; provider_id: string }>();
    expect(row?.provider).toBe("hetzner");
    expect(row?.provider_id).toMatch(/^\d+$/u);
  });
});
