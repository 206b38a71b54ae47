// The domain lifecycle job (issue 14) on a fake clock: reminders 30/7/1 days before expiry (once
// each), auto-renewal charged off-session with the default card as an order + invoice like a
// checkout renewal (once, also after a crash right after the charge), a failed charge recorded on
// the domain and mailed, and retried the next day as a new attempt.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry";
import { createPayments, type PaymentsAdapter } from "../../workers/api/adapters/payments";
import type { OrderView } from "../../workers/api/checkout/views";
import type { UserDomainView } from "../../workers/api/db/user-domains";
import type { ApiEnv } from "../../workers/api/env";
import { autoRenewKey, runDomainLifecycle } from "../../workers/api/jobs/domain-lifecycle";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { outbox, seedSampleCatalogue } from "./helpers";
import { buy, buyer, call, data, saveCard, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
});

const DAY = 86_400_000;

const apiEnv: ApiEnv = env;

/** The services of a scheduled run at `at`: the registry and payments see the same clock. */
function servicesAt(at: Date, payments?: (base: PaymentsAdapter) => PaymentsAdapter): ApiServices {
  const now = () => at;
  const base = createPayments(apiEnv, now);
  return {
    ...defaultServices(apiEnv),
    now,
    registry: createSimulatedRegistry(apiEnv.DB, now),
    payments: payments ? payments(base) : base,
  };
}

async function detail(user: Buyer, name: string): Promise<UserDomainView> {
  return data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`));
}

/** The domain's page data with what renewing it costs (one year, ICANN fee included). */
async function detailWithPrice(
  user: Buyer,
  name: string,
): Promise<UserDomainView & { renewal: { price_per_year: number } | null }> {
  return data(await call(user, "GET", `/user-domains/${name}`));
}

type Invoice = {
  number: number;
  order_id: string;
  status: string;
  total: number;
  items: { name: string; operation: string; period: number }[];
};

const chargesOf = (userId: string) =>
  apiEnv.DB.prepare(
    "SELECT COUNT(*) AS n FROM testpay_payments WHERE user_id = ?1 AND description LIKE 'Trinity auto-renewal%'",
  )
    .bind(userId)
    .first<number>("n");

async function subjects(email: string): Promise<string[]> {
  return (await outbox(email)).map((message) => message.subject);
}

// The job runs over every domain in the database: each test buys a different term (3, 1, 6 and 4
// years; renewed, they run 2, 7 and 5), so a run at one test's clock never reaches another test's domain.
describe("domain lifecycle job", () => {
  it("reminds 30, 7 and 1 days before expiry, once each", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 3);
    const expires = Date.parse((await detail(user, name)).expires_at ?? "");
    const run = (daysBefore: number) =>
      runDomainLifecycle(apiEnv, servicesAt(new Date(expires - daysBefore * DAY + 60_000)));

    await run(40);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([]);
    await run(25);
    await run(25);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([
      `${name} expires in 25 days`,
    ]);
    await run(6);
    await run(1);
    await run(1);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([
      `${name} expires in 1 day`,
      `${name} expires in 6 days`,
      `${name} expires in 25 days`,
    ]);
  });

  it("auto-renews with the saved card 7 days before expiry, once, as an order with its invoice", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await saveCard(user);
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await detailWithPrice(user, name);
    const price = before.renewal?.price_per_year;
    expect(price).toBeGreaterThan(0);
    const at = new Date(Date.parse(before.expires_at ?? "") - 5 * DAY);
    const first = await runDomainLifecycle(apiEnv, servicesAt(at));
    expect(first).toMatchObject({ renewed: 1, renewFailed: 0 });
    const second = await runDomainLifecycle(apiEnv, servicesAt(at));
    expect(second).toMatchObject({ renewed: 0, renewFailed: 0 });
    const after = await detail(user, name);
    expect(after.expires_at?.slice(0, 4)).toBe(String(Number(before.expires_at?.slice(0, 4)) + 1));
    expect(after.renew_error).toBeNull();
    expect(await chargesOf(user.id)).toBe(1);

    // The billing pages' API: one renewal order, its invoice with the domain line and the amount charged.
    const orders = (await data<{ orders: OrderView[] }>(await call(user, "GET", "/orders/"))).orders.filter(
      (order) => order.items[0]?.operation === "renewal",
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "completed",
      total: price,
      items: [{ name, operation: "renewal", period: 1, status: "done" }],
      payment: { status: "succeeded", amount: price },
    });
    const invoices = (await data<{ invoices: Invoice[] }>(await call(user, "GET", "/invoices/"))).invoices.filter(
      (invoice) => invoice.order_id === orders[0]?.id,
    );
    expect(invoices).toHaveLength(1);
    const printed = await data<Invoice>(await call(user, "GET", `/invoices/${invoices[0]?.number}`));
    expect(printed).toMatchObject({
      status: "completed",
      total: price,
      items: [{ name, product_type: "domain", operation: "renewal", period: 1 }],
    });
    const payments = (
      await data<{ payments: { order_id: string; amount: number; status: string }[] }>(
        await call(user, "GET", "/payments/"),
      )
    ).payments.filter((payment) => payment.order_id === orders[0]?.id);
    expect(payments).toEqual([expect.objectContaining({ amount: price, status: "succeeded" })]);
    expect((await subjects(user.email)).filter((subject) => subject.startsWith("Your Trinity receipt"))).toHaveLength(
      2,
    );
  });

  it("charges, orders, invoices and renews once when a run stops right after the charge", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 6);
    await saveCard(user);
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await detail(user, name);
    const at = new Date(Date.parse(before.expires_at ?? "") - 4 * DAY);
    // The first run dies right after the provider charged the card (its answer never arrives).
    const crashing = (base: PaymentsAdapter): PaymentsAdapter => ({
      ...base,
      createPayment: async (input) => {
        await base.createPayment(input);
        throw new Error("worker killed");
      },
    });
    expect(await runDomainLifecycle(apiEnv, servicesAt(at, crashing))).toMatchObject({ renewed: 0, renewFailed: 0 });
    expect((await detail(user, name)).expires_at).toBe(before.expires_at);
    expect(await chargesOf(user.id)).toBe(1);
    expect(await runDomainLifecycle(apiEnv, servicesAt(at))).toMatchObject({ renewed: 1 });
    expect(await runDomainLifecycle(apiEnv, servicesAt(new Date(at.getTime() + 60_000)))).toMatchObject({ renewed: 0 });
    const after = await detail(user, name);
    expect(after.expires_at?.slice(0, 4)).toBe(String(Number(before.expires_at?.slice(0, 4)) + 1));
    expect(await chargesOf(user.id)).toBe(1);
    const count = (sql: string, ...binds: string[]) =>
      apiEnv.DB.prepare(sql)
        .bind(...binds)
        .first<number>("n");
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM orders WHERE user_id = ?1 AND idempotency_key = ?2",
        user.id,
        autoRenewKey({ id: before.id, expires_at: before.expires_at, renew_attempt: 0 }),
      ),
    ).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?1", user.id)).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1", user.id)).toBe(2);
    // The registry renewed once: the expiry moved by exactly one year.
    expect(Date.parse(after.expires_at ?? "") - Date.parse(before.expires_at ?? "")).toBeLessThanOrEqual(366 * DAY);
  });

  it("records a declined charge on the domain, mails it, and tries again the next day as a new attempt", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 4);
    await saveCard(user, "4000002760003184");
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await detail(user, name);
    const at = new Date(Date.parse(before.expires_at ?? "") - 3 * DAY);
    expect(await runDomainLifecycle(apiEnv, servicesAt(at))).toMatchObject({ renewed: 0, renewFailed: 1 });
    const after = await detail(user, name);
    expect(after.expires_at).toBe(before.expires_at);
    expect(after.renew_error).toBe("Your bank asks you to confirm this payment; renew it yourself.");
    expect(await subjects(user.email)).toContain(`Auto-renewal of ${name} failed`);
    // The same day: not tried again.
    expect(await runDomainLifecycle(apiEnv, servicesAt(new Date(at.getTime() + 60 * 60_000)))).toMatchObject({
      renewed: 0,
      renewFailed: 0,
    });
    expect(await chargesOf(user.id)).toBe(1);
    const failed = (await data<{ orders: OrderView[] }>(await call(user, "GET", "/orders/"))).orders.filter(
      (order) => order.items[0]?.operation === "renewal",
    );
    expect(failed).toEqual([
      expect.objectContaining({ status: "failed", error_code: "authentication_required", invoice: null }),
    ]);

    // A day later, with a working default card: a new attempt (a new order and charge) renews it.
    await saveCard(user);
    expect(await runDomainLifecycle(apiEnv, servicesAt(new Date(at.getTime() + DAY + 60_000)))).toMatchObject({
      renewed: 1,
      renewFailed: 0,
    });
    const renewed = await detail(user, name);
    expect(renewed.expires_at?.slice(0, 4)).toBe(String(Number(before.expires_at?.slice(0, 4)) + 1));
    expect(renewed.renew_error).toBeNull();
    expect(await chargesOf(user.id)).toBe(2);
    const orders = (await data<{ orders: OrderView[] }>(await call(user, "GET", "/orders/"))).orders.filter(
      (order) => order.items[0]?.operation === "renewal",
    );
    expect(orders.map((order) => order.status).sort()).toEqual(["completed", "failed"]);
    const invoices = (await data<{ invoices: Invoice[] }>(await call(user, "GET", "/invoices/"))).invoices;
    expect(invoices.filter((invoice) => invoice.items[0]?.operation === "renewal")).toHaveLength(1);
  });
});
