// Servers' renewal (issue 11) through the API and the scheduled job on a fake clock: reminders
// 30/7/1 days before expiry (once each), the auto-renewal toggle (needs a saved card), auto-renewal
// charged off-session as an order + invoice by the server's billing cycle (once, also after a
// crash between the charge and the rest), suspension after a declined auto-renewal at expiry
// (powered off, power actions refused, lifted by paying the renewal), the rate limit of the root
// password reveal, and the server facts on invoices.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CartView } from "../../core/cart";
import { addMonths, CYCLE_MONTHS, type BillingCycle } from "../../core/servers";
import { createPayments, type PaymentsAdapter } from "../../workers/api/adapters/payments";
import { createSimulatedProvisioning, SIMULATED_STEPS_MS } from "../../workers/api/adapters/provisioning";
import { createApiApp } from "../../workers/api/app";
import type { OrderAnswer } from "../../workers/api/checkout/views";
import type { ApiEnv } from "../../workers/api/env";
import { autoRenewKey, runServerLifecycle } from "../../workers/api/jobs/server-lifecycle";
import type { ServerView } from "../../workers/api/servers/service";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { outbox, seedSampleCatalogue, TEST_PASSWORD } from "./helpers";
import { buyer, data, errorOf, saveCard, VISA, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

const apiEnv: ApiEnv = env;
const DAY = 86_400_000;
const RUNNING_AFTER = SIMULATED_STEPS_MS.pending + SIMULATED_STEPS_MS.provisioning + SIMULATED_STEPS_MS.installing;

/** Services on the clock `at` (payments and the simulated provider see the same time). */
function servicesAt(at: Date, payments?: (base: PaymentsAdapter) => PaymentsAdapter): ApiServices {
  const now = () => at;
  const base = createPayments(apiEnv, now);
  return {
    ...defaultServices(apiEnv),
    now,
    provisioning: createSimulatedProvisioning(apiEnv.DB, now),
    payments: payments ? payments(base) : base,
  };
}

function request(services: ApiServices, user: Buyer, method: string, path: string, body?: unknown): Promise<Response> {
  const app = createApiApp({ services: () => services });
  const headers = new Headers({ authorization: `Bearer ${user.token}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  return Promise.resolve(
    app.request(
      `/api/v1${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      env,
    ),
  );
}

// Requests are made at clocks up to now: access tokens last 15 minutes. The job looks at every
// server in the database, so the tests that run it buy servers expiring far apart in the past
// (300, 200, 150, 100 and 50 days ago): one test's run never reaches another's server.
const ago = (days: number) => new Date(Date.now() - days * DAY);
async function buyServer(user: Buyer, cycle: BillingCycle, at = new Date()): Promise<ServerView> {
  const services = servicesAt(at);
  const hostname = `r-${crypto.randomUUID().slice(0, 8)}.example.com`;
  await data<CartView>(
    await request(services, user, "POST", "/cart/servers", {
      plan: "vx1",
      cycle,
      os: "debian-12",
      datacenter: "fsn1",
      hostname,
    }),
    201,
  );
  const answer = await data<OrderAnswer>(
    await request(services, user, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: user.contactId,
      card: VISA,
    }),
    201,
  );
  expect(answer.order.status).toBe("completed");
  const list = await data<{ servers: ServerView[] }>(await request(services, user, "GET", `/vps/?q=${hostname}`));
  const server = list.servers[0];
  if (!server) throw new Error("bought server not listed");
  return server;
}

const view = async (user: Buyer, id: string, at: Date) =>
  data<ServerView & { auto_renew: boolean; renew_error: string | null }>(
    await request(servicesAt(at), user, "GET", `/vps/${id}`),
  );
const subjects = async (email: string) => (await outbox(email)).map((message) => message.subject);
const chargesOf = (userId: string) =>
  apiEnv.DB.prepare(
    "SELECT COUNT(*) AS n FROM testpay_payments WHERE user_id = ?1 AND description LIKE 'Trinity auto-renewal%'",
  )
    .bind(userId)
    .first<number>("n");

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("server reminders", () => {
  it("mails 30, 7 and 1 days before expiry, once each", async () => {
    const user = await buyer();
    const server = await buyServer(user, "quarterly", ago(290));
    const expires = Date.parse(server.expires_at);
    const run = (daysBefore: number) =>
      runServerLifecycle(apiEnv, servicesAt(new Date(expires - daysBefore * DAY + 60_000)));
    await run(40);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([]);
    await run(25);
    await run(25);
    await run(6);
    await run(0.5);
    await run(0.5);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([
      `${server.hostname} expires in 1 day`,
      `${server.hostname} expires in 6 days`,
      `${server.hostname} expires in 25 days`,
    ]);
  });
});

describe("PUT /vps/{id}/auto-renew", () => {
  it("needs a saved payment method, then turns on and off", async () => {
    const user = await buyer();
    const server = await buyServer(user, "monthly");
    const services = servicesAt(new Date());
    expect(server).toMatchObject({ auto_renew: false, renew_error: null });
    expect(
      (await errorOf(await request(services, user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }), 409))
        .code,
    ).toBe("payment_method_required");
    expect(
      (await errorOf(await request(services, user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: "yes" }), 400))
        .errors?.[0]?.path,
    ).toBe("auto_renew");
    await saveCard(user);
    expect(
      await data<ServerView>(
        await request(services, user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
      ),
    ).toMatchObject({ auto_renew: true });
    expect(
      await data<ServerView>(
        await request(services, user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: false }),
      ),
    ).toMatchObject({ auto_renew: false });
  });

  it("answers 404 for another user's server", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const server = await buyServer(owner, "monthly");
    await saveCard(stranger);
    expect(
      (
        await errorOf(
          await request(servicesAt(new Date()), stranger, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
          404,
        )
      ).code,
    ).toBe("server_not_found");
  });
});

describe("server auto-renewal", () => {
  it("charges one billing cycle off-session 7 days before expiry, once, with an order and an invoice", async () => {
    const user = await buyer();
    const server = await buyServer(user, "annually", ago(465));
    await saveCard(user);
    await data(
      await request(servicesAt(new Date()), user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
    );
    const at = new Date(Date.parse(server.expires_at) - 5 * DAY);
    expect(await runServerLifecycle(apiEnv, servicesAt(at))).toMatchObject({ renewed: 1 });
    await runServerLifecycle(apiEnv, servicesAt(at));
    const after = await view(user, server.id, at);
    expect(after.expires_at).toBe(addMonths(new Date(server.expires_at), CYCLE_MONTHS.annually).toISOString());
    expect(after.renew_error).toBeNull();
    expect(await chargesOf(user.id)).toBe(1);
    // The renewal is an order with its invoice, like a renewal bought at checkout.
    const orders = await data<{
      orders: {
        id: string;
        status: string;
        items: { operation: string; server: { billing_cycle: string } | null }[];
      }[];
    }>(await request(servicesAt(at), user, "GET", "/orders/"));
    const renewal = orders.orders.find((order) => order.items[0]?.operation === "renewal");
    expect(renewal).toMatchObject({
      status: "completed",
      items: [{ operation: "renewal", server: { billing_cycle: "annually" } }],
    });
    const invoices = await data<{ invoices: { number: number; order_id: string }[] }>(
      await request(servicesAt(at), user, "GET", "/invoices/"),
    );
    const invoice = invoices.invoices.find((entry) => entry.order_id === renewal?.id);
    expect(invoice).toBeDefined();
    const printed = await data<{ items: { name: string; server: Record<string, unknown> }[] }>(
      await request(servicesAt(at), user, "GET", `/invoices/${invoice?.number}`),
    );
    expect(printed.items[0]).toMatchObject({
      name: server.hostname,
      server: {
        plan: "vx1",
        plan_name: "VX1",
        hostname: server.hostname,
        datacenter: "fsn1",
        billing_cycle: "annually",
        months: 12,
        specs: { cpu_cores: expect.any(Number), ram_gb: expect.any(Number), disk_gb: expect.any(Number) },
      },
    });
  });

  it("charges once and renews once when a run stops between the charge and the rest", async () => {
    const user = await buyer();
    const server = await buyServer(user, "biennially", ago(880));
    await saveCard(user);
    await data(
      await request(servicesAt(new Date()), user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
    );
    const at = new Date(Date.parse(server.expires_at) - 3 * DAY);
    // The first run dies right after the provider charged the card (its answer never arrives).
    const crashing = (base: PaymentsAdapter): PaymentsAdapter => ({
      ...base,
      createPayment: async (input) => {
        await base.createPayment(input);
        throw new Error("worker killed");
      },
    });
    expect(await runServerLifecycle(apiEnv, servicesAt(at, crashing))).toMatchObject({ renewed: 0 });
    expect((await view(user, server.id, at)).expires_at).toBe(server.expires_at);
    expect(await chargesOf(user.id)).toBe(1);
    expect(await runServerLifecycle(apiEnv, servicesAt(at))).toMatchObject({ renewed: 1 });
    expect(await runServerLifecycle(apiEnv, servicesAt(at))).toMatchObject({ renewed: 0 });
    expect((await view(user, server.id, at)).expires_at).toBe(
      addMonths(new Date(server.expires_at), CYCLE_MONTHS.biennially).toISOString(),
    );
    expect(await chargesOf(user.id)).toBe(1);
    const orders = await apiEnv.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE user_id = ?1 AND idempotency_key = ?2",
    )
      .bind(user.id, autoRenewKey({ id: server.id, expires_at: server.expires_at, renew_attempt: 0 }))
      .first<number>("n");
    expect(orders).toBe(1);
    const invoices = await apiEnv.DB.prepare("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1")
      .bind(user.id)
      .first<number>("n");
    expect(invoices).toBe(2);
  });

  it("suspends the server when the charge is declined at expiry; power actions are refused; paying the renewal lifts it", async () => {
    const user = await buyer();
    const server = await buyServer(user, "monthly", ago(80));
    await saveCard(user, "4000000000009995");
    await data(
      await request(servicesAt(new Date()), user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
    );
    const at = new Date(Date.parse(server.expires_at) + 60 * 60_000);
    expect(await runServerLifecycle(apiEnv, servicesAt(at))).toMatchObject({
      renewed: 0,
      renewFailed: 1,
      suspended: 1,
    });
    const suspended = await view(user, server.id, at);
    expect(suspended).toMatchObject({ status: "suspended", auto_renew: true });
    expect(suspended.renew_error).toMatch(/^The card was declined/u);
    expect(await subjects(user.email)).toContain(`Auto-renewal of ${server.hostname} failed`);
    // The same day: not charged again.
    await runServerLifecycle(apiEnv, servicesAt(new Date(at.getTime() + 60_000)));
    expect(await chargesOf(user.id)).toBe(1);
    const refused = await errorOf(await request(servicesAt(at), user, "POST", `/vps/${server.id}/actions/start`), 409);
    expect(refused.code).toBe("server_suspended");

    // Paying the renewal at checkout (another card) powers it on for a new period from now.
    const services = servicesAt(at);
    await data(await request(services, user, "POST", `/vps/${server.id}/renew`, { cycle: "monthly" }), 201);
    const paid = await data<OrderAnswer>(
      await request(services, user, "POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    expect(paid.order.status).toBe("completed");
    const later = new Date(at.getTime() + RUNNING_AFTER + 1_000);
    const lifted = await view(user, server.id, later);
    expect(lifted).toMatchObject({ status: "running", renew_error: null });
    expect(lifted.expires_at).toBe(addMonths(at, 1).toISOString());
  });
});

describe("suspended servers", () => {
  it("are deleted at the provider and terminated when the grace period ends unpaid", async () => {
    const user = await buyer();
    const server = await buyServer(user, "monthly", ago(330));
    await saveCard(user, "4000000000009995");
    await data(
      await request(servicesAt(new Date()), user, "PUT", `/vps/${server.id}/auto-renew`, { auto_renew: true }),
    );
    const expires = Date.parse(server.expires_at);
    expect(await runServerLifecycle(apiEnv, servicesAt(new Date(expires + 60_000)))).toMatchObject({ suspended: 1 });
    await runServerLifecycle(apiEnv, servicesAt(new Date(expires + 15 * DAY)));
    const ended = await view(user, server.id, new Date(expires + 15 * DAY));
    expect(ended).toMatchObject({ status: "terminated", ipv4: null, has_root_password: false, auto_renew: false });
  });
});

describe("POST /vps/{id}/root-password rate limit", () => {
  it("answers 429 with Retry-After after 5 wrong passwords, even for the right one", async () => {
    const user = await buyer();
    const server = await buyServer(user, "monthly");
    const services = servicesAt(new Date(Date.now() - 20 * 60_000));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (
          await errorOf(
            await request(services, user, "POST", `/vps/${server.id}/root-password`, { password: "wrong-password-1" }),
            403,
          )
        ).code,
      ).toBe("invalid_password");
    }
    const limited = await request(services, user, "POST", `/vps/${server.id}/root-password`, {
      password: TEST_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(limited, 429)).code).toBe("too_many_attempts");
    // A quarter of an hour later the right password works again.
    const later = servicesAt(new Date());
    const revealed = await data<{ root_password: string }>(
      await request(later, user, "POST", `/vps/${server.id}/root-password`, { password: TEST_PASSWORD }),
    );
    expect(revealed.root_password.length).toBeGreaterThan(8);
  });
});
