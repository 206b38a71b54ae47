// Servers (issue 11) through the API as a client would: the catalogue, server lines in the cart
// priced from it, checkout fulfilment through the provisioning port (the simulated provider on a
// fake clock), the lists, detail, power actions, root password reveal, renewal, the lifecycle job,
// and the refusals (bad hostname/key/cycle → 400 naming the field, another user's server → 404).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CartView } from "../../core/cart";
import {
  createSimulatedProvisioning,
  SIMULATED_STEPS_MS,
  type ProvisioningAdapter,
} from "../../workers/api/adapters/provisioning";
import { createApiApp } from "../../workers/api/app";
import { resumeOpenOrders, type OrderAnswer } from "../../workers/api/checkout/service";
import type { ApiEnv } from "../../workers/api/env";
import { runJobs, JOBS } from "../../workers/api/jobs";
import { SERVER_GRACE_DAYS, type ServerView } from "../../workers/api/servers/service";
import type { ServerCatalogueView } from "../../workers/api/servers/catalogue";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { api, seedSampleCatalogue, TEST_PASSWORD } from "./helpers";
import { buyer, call, data, errorOf, VISA, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

const ED25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf test@ed25519";
const RSA1024 =
  "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC/bmEbcBrFD6oC0LfZ4QsPqOnvYN2J+LJKJrnlBlGMVaY8FMdV91VQfNTz1hp6B0uQ8sBEkifC2zwdurRfDOu6xP1GnlIJD8VT+d5Br/7wfUl4KmJtwMdXBbDPAPiIUpLwF2iNBITYr/UDlne29h8vhzppq7ZuH8VTqxR3syre0w== test@rsab1024";
const apiEnv: ApiEnv = env;
const RUNNING_AFTER = SIMULATED_STEPS_MS.pending + SIMULATED_STEPS_MS.provisioning + SIMULATED_STEPS_MS.installing;

const host = () => `web-${crypto.randomUUID().slice(0, 8)}.example.com`;
const order = (extra: Record<string, unknown> = {}) => ({
  plan: "vx1",
  cycle: "monthly",
  os: "debian-12",
  datacenter: "fsn1",
  hostname: host(),
  ssh_key: ED25519,
  ...extra,
});

/** An app whose clock (and the simulated provider's) is `at()`. */
function appAt(at: () => Date, provisioning?: (base: ProvisioningAdapter) => ProvisioningAdapter) {
  const services = (bindings: ApiEnv): ApiServices => {
    const base = { ...defaultServices(bindings), now: at, provisioning: createSimulatedProvisioning(bindings.DB, at) };
    return provisioning ? { ...base, provisioning: provisioning(base.provisioning) } : base;
  };
  return { app: createApiApp({ services }), services };
}

function callApp(
  app: ReturnType<typeof createApiApp>,
  user: Buyer | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return Promise.resolve(
    app.request(
      `/api/v1${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      env,
    ),
  );
}

async function buyServer(user: Buyer, app: ReturnType<typeof createApiApp>, input = order()): Promise<ServerView> {
  await data<CartView>(await callApp(app, user, "POST", "/cart/servers", input), 201);
  const answer = await data<OrderAnswer>(
    await callApp(app, user, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: user.contactId,
      card: VISA,
    }),
    201,
  );
  expect(answer.order.status).toBe("completed");
  const list = await data<{ servers: ServerView[] }>(await callApp(app, user, "GET", `/vps/?q=${input.hostname}`));
  const server = list.servers.find((entry) => entry.hostname === input.hostname);
  if (!server) throw new Error("bought server not listed");
  return server;
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("GET /vps/plans", () => {
  it("answers every kind with prices per cycle, savings and the OS list (public)", async () => {
    const catalogue = await data<ServerCatalogueView>(await api("/vps/plans"));
    expect(new Set(catalogue.plans.map((plan) => plan.kind))).toEqual(new Set(["vps", "root", "gpu", "hosting"]));
    const vx1 = catalogue.plans.find((plan) => plan.id === "vx1");
    expect(vx1?.prices.map((price) => price.cycle)).toEqual(["monthly", "quarterly", "annually", "biennially"]);
    expect(vx1?.prices[2]!.saving).toBeGreaterThan(0);
    expect(catalogue.operating_systems.find((os) => os.family === "windows")?.licence_per_month).toBeGreaterThan(0);
  });
});

describe("POST /cart/servers", () => {
  it.each([
    ["hostname", { hostname: "-bad-host" }],
    ["hostname", { hostname: "" }],
    ["ssh_key", { ssh_key: "ssh-ed25519 AAAA" }],
    ["ssh_key", { ssh_key: RSA1024 }],
    ["cycle", { cycle: "weekly" }],
    ["os", { plan: "va1", os: "windows-2022" }],
    ["datacenter", { plan: "va1", datacenter: "sin" }],
    ["plan", { plan: "nope" }],
  ])("answers 400 naming %s", async (field, change) => {
    const error = await errorOf(await call(null, "POST", "/cart/servers", order(change)), 400);
    expect(error.errors?.[0]?.path).toBe(field);
    expect(error.message).toContain(`"${field}"`);
  });

  it("prices from the catalogue (Windows licence included), never from the client", async () => {
    const user = await buyer();
    const cart = await data<CartView & { total: number }>(
      await call(user, "POST", "/cart/servers", {
        ...order({ plan: "vx2", cycle: "quarterly", os: "windows-2022" }),
        price: 0.01,
      }),
      201,
    );
    const catalogue = await data<ServerCatalogueView>(await api("/vps/plans"));
    const vx2 = catalogue.plans.find((plan) => plan.id === "vx2");
    const windows = catalogue.operating_systems.find((os) => os.id === "windows-2022");
    const expected = Math.round(((vx2?.prices[1]!.price ?? 0) + (windows?.licence_per_month ?? 0) * 3) * 100) / 100;
    expect(cart.items[0]).toMatchObject({ type: "vps", plan: "vx2", billingCycle: "quarterly", totalPrice: expected });
    const again = await data<CartView & { total: number }>(await call(user, "GET", "/cart"));
    expect(again.total).toBe(expected);
  });

  it("refuses the same hostname twice in a cart", async () => {
    const user = await buyer();
    const input = order();
    await data(await call(user, "POST", "/cart/servers", input), 201);
    const error = await errorOf(await call(user, "POST", "/cart/servers", input), 409);
    expect(error.code).toBe("already_in_cart");
  });
});

describe("buying and running a server", () => {
  it("checkout provisions it; the status walks pending → provisioning → installing → running on the clock", async () => {
    const user = await buyer();
    let now = new Date();
    const start = now.getTime();
    const { app } = appAt(() => now);
    const server = await buyServer(user, app);
    expect(server.status).toBe("pending");
    expect(server.ssh_key_fingerprint).toBe("SHA256:pndYxt8lcg95TfLHuV4hRG5KegDSPKKll1Au04Io0YM");
    expect(server.ipv4).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\./u);
    const seen: string[] = [];
    for (const offset of [
      SIMULATED_STEPS_MS.pending,
      SIMULATED_STEPS_MS.pending + SIMULATED_STEPS_MS.provisioning,
      RUNNING_AFTER,
    ]) {
      now = new Date(start + offset + 10);
      seen.push((await data<ServerView>(await callApp(app, user, "GET", `/vps/${server.id}`))).status);
    }
    expect(seen).toEqual(["provisioning", "installing", "running"]);
  });

  it("power actions: reboot → rebooting → running, stop → stopped, start, reinstall → installing; a refused action is 409", async () => {
    const user = await buyer();
    let now = new Date();
    const { app } = appAt(() => now);
    const server = await buyServer(user, app);
    const later = (ms: number) => (now = new Date(now.getTime() + ms));
    later(RUNNING_AFTER + 10);
    const act = async (action: string) =>
      data<ServerView>(await callApp(app, user, "POST", `/vps/${server.id}/actions/${action}`), 202);
    expect((await errorOf(await callApp(app, user, "POST", `/vps/${server.id}/actions/start`), 409)).code).toBe(
      "invalid_state",
    );
    expect((await act("reboot")).status).toBe("rebooting");
    later(SIMULATED_STEPS_MS.rebooting + 10);
    expect((await data<ServerView>(await callApp(app, user, "GET", `/vps/${server.id}`))).status).toBe("running");
    expect((await act("stop")).status).toBe("stopped");
    expect((await errorOf(await callApp(app, user, "POST", `/vps/${server.id}/actions/reboot`), 409)).code).toBe(
      "invalid_state",
    );
    expect((await act("start")).status).toBe("running");
    expect((await act("reinstall")).status).toBe("installing");
    expect(
      (await errorOf(await callApp(app, user, "POST", `/vps/${server.id}/actions/explode`), 400)).errors?.[0]?.path,
    ).toBe("action");
  });

  it("another user's server, an unknown id and a malformed id are 404; without a token 401", async () => {
    const [owner, other] = [await buyer(), await buyer()];
    const { app } = appAt(() => new Date());
    const server = await buyServer(owner, app);
    for (const path of [`/vps/${server.id}`, `/vps/${crypto.randomUUID()}`, "/vps/not-an-id"]) {
      expect((await errorOf(await call(other, "GET", path), 404)).code).toBe("server_not_found");
    }
    expect((await errorOf(await call(other, "POST", `/vps/${server.id}/actions/reboot`), 404)).code).toBe(
      "server_not_found",
    );
    expect(
      (await errorOf(await call(other, "POST", `/vps/${server.id}/root-password`, { password: TEST_PASSWORD }), 404))
        .code,
    ).toBe("server_not_found");
    expect((await data<{ servers: unknown[] }>(await call(other, "GET", "/vps/"))).servers).toEqual([]);
    expect((await call(null, "GET", "/vps/")).status).toBe(401);
  });

  it("reveals the root password only with the account password", async () => {
    const user = await buyer();
    const { app } = appAt(() => new Date());
    const server = await buyServer(user, app);
    expect(server.has_root_password).toBe(true);
    expect(
      (await errorOf(await call(user, "POST", `/vps/${server.id}/root-password`, { password: "wrong-password" }), 403))
        .code,
    ).toBe("invalid_password");
    const revealed = await data<{ root_password: string }>(
      await call(user, "POST", `/vps/${server.id}/root-password`, { password: TEST_PASSWORD }),
    );
    expect(revealed.root_password).toMatch(/^[A-Za-z0-9]{20}$/u);
    const stored = await env.DB.prepare("SELECT root_password_enc FROM servers WHERE id = ?1")
      .bind(server.id)
      .first<string>("root_password_enc");
    expect(stored).not.toContain(revealed.root_password);
  });

  it("lists with filters, search, sort and pages; unknown query parameters are 400", async () => {
    const user = await buyer();
    const { app } = appAt(() => new Date());
    const a = await buyServer(user, app, order({ hostname: `alpha-${crypto.randomUUID().slice(0, 6)}.example.com` }));
    const b = await buyServer(
      user,
      app,
      order({ hostname: `beta-${crypto.randomUUID().slice(0, 6)}.example.com`, plan: "va1", os: "ubuntu-24.04" }),
    );
    const all = await data<{ servers: ServerView[]; pagination: { total: number } }>(
      await call(user, "GET", "/vps/?sort=hostname"),
    );
    expect(all.servers.map((server) => server.id)).toEqual([a.id, b.id]);
    expect(all.pagination.total).toBe(2);
    const paged = await data<{ servers: ServerView[]; pagination: { pages: number } }>(
      await call(user, "GET", "/vps/?sort=-hostname&per_page=1&page=2"),
    );
    expect(paged.servers.map((server) => server.id)).toEqual([a.id]);
    expect(paged.pagination.pages).toBe(2);
    expect(
      (await data<{ servers: ServerView[] }>(await call(user, "GET", "/vps/?q=beta"))).servers.map(
        (server) => server.arch,
      ),
    ).toEqual(["arm"]);
    expect((await data<{ servers: ServerView[] }>(await call(user, "GET", "/vps/?status=stopped"))).servers).toEqual(
      [],
    );
    expect((await data<{ servers: ServerView[] }>(await call(user, "GET", "/hosting/"))).servers).toEqual([]);
    for (const query of ["colour=red", "per_page=0", "status=melted", "sort=size", `q=${"x".repeat(300)}`]) {
      expect((await call(user, "GET", `/vps/?${query}`)).status).toBe(400);
    }
  });

  it("hosting plans are listed under /hosting/, not /vps/", async () => {
    const user = await buyer();
    const { app } = appAt(() => new Date());
    const input = order({ plan: "hs1", os: undefined, ssh_key: undefined, datacenter: "nbg1" });
    await data<CartView>(await callApp(app, user, "POST", "/cart/servers", input), 201);
    await data<OrderAnswer>(
      await callApp(app, user, "POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    const hosting = await data<{ servers: ServerView[] }>(await call(user, "GET", "/hosting/"));
    expect(hosting.servers).toMatchObject([{ hostname: input.hostname, kind: "hosting", os: null }]);
    expect((await data<{ servers: ServerView[] }>(await call(user, "GET", "/vps/"))).servers).toEqual([]);
  });

  it("a crash after the provider created the server: the job finishes the order with the same server, never a second", async () => {
    const user = await buyer();
    let crash = true;
    let creates = 0;
    const wrap = (base: ProvisioningAdapter): ProvisioningAdapter => ({
      ...base,
      create: async (input) => {
        creates += 1;
        const created = await base.create(input);
        if (crash) throw new Error("worker killed after the provider answered");
        return created;
      },
    });
    const { app, services } = appAt(() => new Date(), wrap);
    await data(await callApp(app, user, "POST", "/cart/servers", order()), 201);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await callApp(app, user, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: user.contactId,
      card: VISA,
    });
    expect(response.status).toBe(500);
    error.mockRestore();
    crash = false;
    await resumeOpenOrders(apiEnv, services(apiEnv));
    await resumeOpenOrders(apiEnv, services(apiEnv));
    const orderRow = await env.DB.prepare("SELECT status FROM orders WHERE user_id = ?1")
      .bind(user.id)
      .first<string>("status");
    expect(orderRow).toBe("completed");
    expect(creates).toBe(1);
    const simulated = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sim_servers s JOIN servers v ON v.order_item_id = s.reference WHERE v.user_id = ?1",
    )
      .bind(user.id)
      .first<number>("n");
    expect(simulated).toBe(1);
    const list = await data<{ servers: ServerView[] }>(await call(user, "GET", "/vps/"));
    expect(list.servers).toHaveLength(1);
    expect(list.servers[0]!.ipv4).not.toBeNull();
  });
});

describe("renewal and expiry", () => {
  it("renewal through the cart adds one cycle; unrenewed servers expire, then end after the grace period (scheduled job)", async () => {
    const user = await buyer();
    const { app } = appAt(() => new Date());
    const renewed = await buyServer(user, app, order({ cycle: "monthly" }));
    const lapsed = await buyServer(user, app, order({ cycle: "monthly" }));
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const cart = await data<CartView>(
      await callApp(app, user, "POST", `/vps/${renewed.id}/renew`, { cycle: "annually" }),
      201,
    );
    expect(cart.items).toMatchObject([
      { type: "vps", selectedAction: "renewal", billingCycle: "annually", serverId: renewed.id },
    ]);
    expect(
      (await errorOf(await callApp(app, user, "POST", `/vps/${renewed.id}/renew`, { cycle: "yearly" }), 400))
        .errors?.[0]?.path,
    ).toBe("cycle");
    await data<OrderAnswer>(
      await callApp(app, user, "POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    const after = await data<ServerView>(await callApp(app, user, "GET", `/vps/${renewed.id}`));
    const expected = new Date(renewed.expires_at);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(after.expires_at).toBe(expected.toISOString());
    expect(after.billing_cycle).toBe("annually");

    // The scheduled job on a fake clock past the lapsed one's expiry: stopped and expired; the renewed one runs on.
    const jobs = JOBS.filter((job) => job.name === "servers");
    const runAt = (at: Date) =>
      runJobs(
        apiEnv,
        { ...defaultServices(apiEnv), now: () => at, provisioning: createSimulatedProvisioning(apiEnv.DB, () => at) },
        jobs,
      );
    const expiredAt = new Date(Date.parse(lapsed.expires_at) + 60_000);
    expect((await runAt(expiredAt)).servers).toMatchObject({ failed: 0 });
    expect((await data<ServerView>(await callApp(app, user, "GET", `/vps/${lapsed.id}`))).status).toBe("expired");
    expect((await data<ServerView>(await callApp(app, user, "GET", `/vps/${renewed.id}`))).status).not.toBe("expired");
    expect((await errorOf(await callApp(app, user, "POST", `/vps/${lapsed.id}/actions/start`), 409)).code).toBe(
      "invalid_state",
    );
    // Running again changes nothing.
    expect((await runAt(expiredAt)).servers).toMatchObject({ expired: 0, terminated: 0 });

    expect(
      (await runAt(new Date(Date.parse(lapsed.expires_at) + SERVER_GRACE_DAYS * 86_400_000 + 60_000))).servers,
    ).toMatchObject({ failed: 0 });
    const ended = await data<ServerView>(await callApp(app, user, "GET", `/vps/${lapsed.id}`));
    expect(ended).toMatchObject({ status: "terminated", ipv4: null });
    expect((await data<ServerView>(await callApp(app, user, "GET", `/vps/${renewed.id}`))).status).not.toBe(
      "terminated",
    );
    expect(
      (await errorOf(await callApp(app, user, "POST", `/vps/${lapsed.id}/renew`, { cycle: "monthly" }), 409)).code,
    ).toBe("invalid_state");
  });

  it("renewing an expired server before the grace period ends brings it back", async () => {
    const user = await buyer();
    const { app } = appAt(() => new Date());
    const server = await buyServer(user, app, order({ cycle: "monthly" }));
    // Expired a day ago (as the job leaves it).
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await env.DB.prepare("UPDATE servers SET expires_at = ?2, status = 'expired' WHERE id = ?1")
      .bind(server.id, past)
      .run();
    await data(await callApp(app, user, "POST", `/vps/${server.id}/renew`, { cycle: "monthly" }), 201);
    await data<OrderAnswer>(
      await callApp(app, user, "POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    const back = await data<ServerView>(await callApp(app, user, "GET", `/vps/${server.id}`));
    expect(back.status).not.toBe("expired");
    expect(Date.parse(back.expires_at)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });
});
