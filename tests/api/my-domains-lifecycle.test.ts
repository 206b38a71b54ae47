// The domain lifecycle job (issue 14) on a fake clock: reminders 30/7/1 days before expiry (once
// each), auto-renewal charged off-session with the default card and renewed at the registry, a
// failed charge recorded on the domain and mailed, and the statuses after expiry.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry/simulated";
import { createPayments } from "../../workers/api/adapters/payments";
import type { UserDomainView } from "../../workers/api/db/user-domains";
import type { ApiEnv } from "../../workers/api/env";
import { runDomainLifecycle } from "../../workers/api/jobs/domain-lifecycle";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { outbox, seedSampleCatalogue } from "./helpers";
import { buy, buyer, call, data, saveCard, type Buyer } from "./my-domains-support";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
});

const DAY = 86_400_000;

/** The services of a scheduled run at `at`: the registry and payments see the same clock. */
function servicesAt(at: Date): ApiServices {
  const apiEnv = env as unknown as ApiEnv;
  const now = () => at;
  return { ...defaultServices(apiEnv), now, registry: createSimulatedRegistry(apiEnv.DB, now), payments: createPayments(apiEnv, now) };
}

async function detail(user: Buyer, name: string): Promise<UserDomainView> {
  return data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`));
}

async function subjects(email: string): Promise<string[]> {
  return (await outbox(email)).map((message) => message.subject);
}

// The job runs over every domain in the database: each test buys a different term (3, 1 and 4
// years; the renewed one then runs 2), so a run at one test's clock never reaches another test's domain.
describe("domain lifecycle job", () => {
  it("reminds 30, 7 and 1 days before expiry, once each", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 3);
    const expires = Date.parse((await detail(user, name)).expires_at ?? "");
    const run = (daysBefore: number) => runDomainLifecycle(env as unknown as ApiEnv, servicesAt(new Date(expires - daysBefore * DAY + 60_000)));

    await run(40);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([]);
    await run(25);
    await run(25);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([`${name} expires in 25 days`]);
    await run(6);
    await run(1);
    await run(1);
    expect((await subjects(user.email)).filter((s) => s.includes("expires in"))).toEqual([`${name} expires in 1 day`, `${name} expires in 6 days`, `${name} expires in 25 days`]);
  });

  it("auto-renews with the saved card 7 days before expiry, once", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    await saveCard(user);
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await detail(user, name);
    const at = new Date(Date.parse(before.expires_at ?? "") - 5 * DAY);
    const first = await runDomainLifecycle(env as unknown as ApiEnv, servicesAt(at));
    expect(first).toMatchObject({ renewed: 1, renewFailed: 0 });
    const second = await runDomainLifecycle(env as unknown as ApiEnv, servicesAt(at));
    expect(second).toMatchObject({ renewed: 0 });
    const after = await detail(user, name);
    expect(after.expires_at?.slice(0, 4)).toBe(String(Number(before.expires_at?.slice(0, 4)) + 1));
    expect(after.renew_error).toBeNull();
    expect(await subjects(user.email)).toContain(`${name} was renewed`);
    const charges = await env.DB.prepare("SELECT COUNT(*) AS n FROM testpay_payments WHERE user_id = ?1 AND description LIKE 'Trinity auto-renewal%'").bind(user.id).first<number>("n");
    expect(charges).toBe(1);
  });

  it("says so when the off-session charge fails, and leaves the domain as it was", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 4);
    await saveCard(user, "4000002760003184");
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await detail(user, name);
    const at = new Date(Date.parse(before.expires_at ?? "") - 3 * DAY);
    expect(await runDomainLifecycle(env as unknown as ApiEnv, servicesAt(at))).toMatchObject({ renewed: 0, renewFailed: 1 });
    const after = await detail(user, name);
    expect(after.expires_at).toBe(before.expires_at);
    expect(after.renew_error).toBe("Your bank asks you to confirm this payment; renew it yourself.");
    expect(await subjects(user.email)).toContain(`Auto-renewal of ${name} failed`);
  });
});
