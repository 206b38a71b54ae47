// Issue 18: with what `npm run deploy` ships (wrangler.toml [vars]: ENVIRONMENT=production, no
// adapter chosen), the routes that would take money, register domains, create servers or send
// account mail through an embedded simulation answer 503 service_not_configured; the rest works.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiApp } from "../../workers/api/app";
import type { ApiEnv } from "../../workers/api/env";
import { runJobs } from "../../workers/api/jobs";
import { freshTld, insertTld, type ErrorBody } from "./helpers";

/** The deployed configuration: the test bindings (DB, KV, LOOKUP) with wrangler.toml's [vars]. */
const deployed = (): ApiEnv => ({ ...env, DEV_OUTBOX: undefined, ...env.DEPLOY_VARS });

async function request(method: string, path: string, body: unknown, vars: ApiEnv = deployed()): Promise<Response> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  return createApiApp().request(`/api/v1${path}`, init, vars);
}

async function refused(response: Response, ...needs: string[]): Promise<string> {
  expect(response.status).toBe(503);
  const body = await response.json<ErrorBody>();
  expect(body.success).toBe(false);
  expect(body.code).toBe("service_not_configured");
  for (const text of needs) expect(body.message).toContain(text);
  return body.message;
}

const uuid = "00000000-0000-4000-8000-000000000000";

/** An extension of this file's own, in the catalogue before any request reads (and memoises) it. */
const tld = freshTld();
beforeAll(async () => {
  await insertTld({ tld });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("production without real outside services (wrangler.toml as deployed)", () => {
  it("is what deploy ships: production, no adapter chosen", () => {
    expect(env.DEPLOY_VARS.ENVIRONMENT).toBe("production");
    for (const name of ["PAYMENTS_ADAPTER", "REGISTRY_ADAPTER", "PROVISIONING_ADAPTER", "MAIL_ADAPTER", "DNS_ADAPTER"])
      expect(env.DEPLOY_VARS[name], name).toBeUndefined();
  });

  it("refuses checkout, the payment webhook and saved cards (no test payments in production)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const checkout = await refused(
      await request("POST", "/payment/unified", { contact_id: 1 }),
      "cannot take payments",
      "PAYMENTS_ADAPTER=stripe",
      "STRIPE_WEBHOOK_SECRET",
    );
    // Checkout fulfils domains and servers too: every missing service is named.
    expect(checkout).toContain("REGISTRY_ADAPTER=http");
    expect(checkout).toContain("PROVISIONING_ADAPTER=hetzner");
    await refused(
      await request("POST", "/payment/webhook", { id: "evt_1", type: "payment_intent.succeeded" }),
      "cannot take payments",
    );
    await refused(await request("POST", `/orders/${uuid}/sync`, undefined), "cannot take payments");
    await refused(await request("POST", "/user/payment-methods/setup-intent", undefined), "cannot take payments");
    await refused(
      await request("POST", "/payment/test/payment-methods", { number: "4242424242424242" }),
      "cannot take payments",
    );
  });

  it("refuses domain registration, renewal, transfer and availability checks", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cart = await request("POST", "/cart/items", { domain: "example.com", years: 1 });
    await refused(cart, "cannot register or manage domain names", "REGISTRY_ADAPTER=http", "REGISTRY_API_TOKEN");
    await refused(
      await request("POST", "/user-domains/1/renew", { years: 1 }),
      "cannot take payments",
      "cannot register",
    );
    await refused(await request("POST", "/dns/domains/example.com/auth-code", { password: "x" }), "cannot register");
    await refused(await request("POST", "/dns/domains/example.com/transfer-out/approve", undefined), "cannot register");
    // Reads that ask the registry are refused by the registry adapter itself.
    await refused(await request("GET", `/domains/search/example.${tld}`, undefined), "cannot register");
  });

  it("refuses server orders and server actions", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await refused(
      await request("POST", "/cart/servers", { plan: "cx22" }),
      "cannot create or manage servers",
      "PROVISIONING_ADAPTER=hetzner",
      "PROVISIONING_API_TOKEN",
    );
    await refused(await request("POST", "/vps/1/actions/reboot", undefined), "cannot create or manage servers");
    await refused(
      await request("POST", "/vps/1/renew", { years: 1 }),
      "cannot take payments",
      "cannot create or manage servers",
    );
  });

  it("refuses the routes whose point is a mail (no outbox nobody reads)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const [method, path, body] of [
      ["POST", "/auth/register", { username: "someone" }],
      ["POST", "/auth/forgot-password", { email: "a@example.test" }],
      ["POST", "/auth/resend-verification", { email: "a@example.test" }],
      ["POST", "/email/send-verification", undefined],
      ["PUT", "/account/email", { new_email: "b@example.test" }],
      ["POST", "/updates/subscribe", { email: "a@example.test" }],
    ] as const) {
      await refused(
        await request(method, path, body),
        "cannot send email",
        "MAIL_ADAPTER=cloudflare",
        "MAIL_FROM",
        "EMAIL",
      );
    }
  });

  it("refuses DNS zone changes (nothing would answer them on port 53)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const [method, path] of [
      ["POST", "/dns/domains/example.com/records"],
      ["PUT", `/dns/domains/example.com/records/${uuid}`],
      ["DELETE", `/dns/domains/example.com/records/${uuid}`],
      ["POST", "/dns/domains/example.com/zone"],
      ["POST", "/dns/domains/example.com/history/3/rollback"],
    ] as const) {
      await refused(
        await request(method, path, { type: "A", name: "@", content: "192.0.2.1" }),
        "cannot serve DNS zones",
        "DNS_ADAPTER=powerdns",
        "POWERDNS_API_URL",
        "POWERDNS_API_KEY",
      );
    }
  });

  it("keeps serving what needs no outside service", async () => {
    expect((await request("GET", "/cart", undefined)).status).toBe(200);
    expect((await request("GET", "/vps/plans", undefined)).status).toBe(200);
    expect((await request("GET", "/domains/tld-pricing", undefined)).status).toBe(200);
    expect((await request("GET", "/support/tickets", undefined)).status).toBe(401);
    const login = await request("POST", "/auth/login", {
      username: "nobody-here",
      password: "Wrong-pass1!",
      seed_key: "x",
    });
    expect(login.status).not.toBe(503);
    expect((await request("GET", "/profile", undefined)).status).toBe(401);
  });

  it("logs the missing settings once per isolate, without their values", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // A configuration only this test uses: Stripe chosen, one secret set, two missing.
    const vars: ApiEnv = { ...deployed(), PAYMENTS_ADAPTER: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_do_not_show" };
    for (let i = 0; i < 3; i += 1) {
      const message = await refused(
        await request("POST", "/user/payment-methods/setup-intent", undefined, vars),
        "STRIPE_SECRET_KEY",
        "STRIPE_PUBLISHABLE_KEY",
      );
      expect(message).not.toContain("STRIPE_WEBHOOK_SECRET");
      expect(message).not.toContain("whsec_do_not_show");
    }
    const logged = error.mock.calls
      .map((args) => args.join(" "))
      .filter((line) => line.includes("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("payments is not configured");
    expect(logged.join("")).not.toContain("whsec_do_not_show");
  });

  it("skips the scheduled jobs that would use a simulation", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const results = await runJobs(deployed());
    expect(Object.keys(results)).toEqual(["orders", "domains", "servers", "dns"]);
    for (const result of Object.values(results))
      expect(result).toMatchObject({ skipped: expect.stringContaining("not configured for production") });
  });

  it("lets the routes through once the real adapters are configured", async () => {
    const sent: unknown[] = [];
    const configured: ApiEnv = {
      ...deployed(),
      PAYMENTS_ADAPTER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      REGISTRY_ADAPTER: "http",
      REGISTRY_API_URL: "http://127.0.0.1:9/",
      REGISTRY_API_TOKEN: "token",
      REGISTRY_CLIENT_ID: "trinity",
      REGISTRY_CALLBACK_TOKEN: "callback-token",
      PROVISIONING_ADAPTER: "hetzner",
      PROVISIONING_API_TOKEN: "token",
      MAIL_ADAPTER: "cloudflare",
      MAIL_FROM: "accounts@trinity.example",
      EMAIL: { send: async (message: unknown) => void sent.push(message) } as unknown as SendEmail,
      DNS_ADAPTER: "powerdns",
      POWERDNS_API_URL: "http://127.0.0.1:9",
      POWERDNS_API_KEY: "key",
    };
    const forgot = await request(
      "POST",
      "/auth/forgot-password",
      { email: `nobody-${crypto.randomUUID()}@example.test` },
      configured,
    );
    expect(forgot.status).toBeLessThan(300);
    // The registry gateway is unreachable here: an honest "unavailable", not "not configured".
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const search = await request("GET", `/domains/search/example.${tld}`, undefined, configured);
    expect(search.status).toBe(503);
    expect((await search.json<ErrorBody>()).code).toBe("unavailable");
  });

  it("changes nothing outside production", async () => {
    const local: ApiEnv = { ...deployed(), ENVIRONMENT: "development" };
    const forgot = await request(
      "POST",
      "/auth/forgot-password",
      { email: `nobody-${crypto.randomUUID()}@example.test` },
      local,
    );
    expect(forgot.status).toBeLessThan(300);
    expect((await request("GET", `/domains/search/example.${tld}`, undefined, local)).status).toBe(200);
    const results = await runJobs(local);
    for (const result of Object.values(results)) expect(result).not.toHaveProperty("skipped");
  });
});
