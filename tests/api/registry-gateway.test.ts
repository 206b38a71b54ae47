// End to end (issue 23): the storefront with REGISTRY_ADAPTER=http → the EPP gateway
// (services/epp-gateway, started in Node by tests/fakes/global-setup.ts) → a loopback EPP
// registry over TLS (the stateful registry script). A customer buys a name (test payments), the
// registry holds it with the registrant contact from the order; renews it; locks and unlocks it;
// its DS goes to the registry (DNSSEC through registry.setDsRecords); changes nameservers;
// deletes and restores it; transfers a name in; and the registry's poll messages, delivered by
// the gateway's poller to POST /api/v1/registry/notices, change what the customer sees.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { DnsProvider } from "../../workers/api/adapters/dns/types";
import { createApiApp } from "../../workers/api/app";
import type { ApiEnv } from "../../workers/api/env";
import { defaultServices } from "../../workers/api/services";
import { checkContract } from "./contract";
import { freshClientIp, seedSampleCatalogue, signedInUser, type SignedInUser } from "./helpers";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const GATEWAY = inject("eppGateway");
const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123" };
/** The DS the signing DNS provider answers for every signed zone ("keyTag alg digestType digest"). */
const DS = `2371 13 2 ${"C0".repeat(32)}`;

/** The deployed configuration's registry: the gateway, by its URL, token and our client id. */
const gatewayEnv: ApiEnv = {
  ...env,
  REGISTRY_ADAPTER: "http",
  REGISTRY_API_URL: GATEWAY.url,
  REGISTRY_API_TOKEN: GATEWAY.token,
  REGISTRY_CLIENT_ID: GATEWAY.clientId,
};

/** A DNS provider that signs (as PowerDNS does): its DS is what the DNSSEC flow sends to the registry. */
const signingDns: DnsProvider = {
  kind: "powerdns",
  push: async (snapshot) => ({ serial: snapshot.serial, ds: snapshot.dnssec ? [DS] : [] }),
  remove: async () => undefined,
};
const app = createApiApp({ services: (bindings) => ({ ...defaultServices(bindings), dns: signingDns }) });

type Customer = SignedInUser & { contactId: number };

async function request(
  user: Pick<SignedInUser, "token"> | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const init: RequestInit = {
    method,
    headers: {
      "cf-connecting-ip": freshClientIp(),
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
  const url = `https://shop.test/api/v1${path}`;
  const ctx = createExecutionContext();
  const response = await app.request(url, init, gatewayEnv, ctx);
  await waitOnExecutionContext(ctx);
  await checkContract(method, url, response);
  return response;
}

async function data<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${GATEWAY.controlUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

interface HeldDomain {
  name: string;
  clID: string;
  registrant: string | null;
  contact: { name: string; email: string; cc: string } | null;
  ns: string[];
  status: string[];
  rgp: string | null;
  exDate: string;
  ds: { keyTag: number; alg: number; digestType: number; digest: string }[];
}

async function held(name: string): Promise<HeldDomain | null> {
  return (await control<{ domain: HeldDomain | null }>(`/domain?name=${encodeURIComponent(name)}`)).domain;
}

interface DomainDetail {
  name: string;
  status: string;
  expires_at: string | null;
  locked: boolean;
  nameservers: string[];
  registry: { held_here: boolean; locked: boolean; status: string } | null;
}

/** The customer's list (stored rows only, no registry read): what a notice must have changed. */
async function listed(user: Customer): Promise<Map<string, string>> {
  const page = await data<{ domains: { name: string; status: string }[] }>(
    await request(user, "GET", "/user-domains?per_page=50"),
  );
  return new Map(page.domains.map((domain) => [domain.name, domain.status]));
}

async function customer(): Promise<Customer> {
  const user = await signedInUser({ verified: true });
  const address = await data<{ contactId: number }>(
    await request(user, "POST", "/account/addresses", {
      firstName: "Ada",
      lastName: "Lovelace",
      organization: "Analytical Engines Ltd",
      address: "12 Analytical St",
      city: "London",
      postalCode: "EC1A 1AA",
      country: "GB",
      phone: "+44 20 7946 0000",
      email: user.email,
    }),
    201,
  );
  return { ...user, contactId: address.contactId };
}

async function checkout(user: Customer): Promise<{ status: string }> {
  const answer = await data<{ order: { status: string } }>(
    await request(user, "POST", "/payment/unified", {
      idempotency_key: `k-${crypto.randomUUID()}`,
      contact_id: user.contactId,
      card: VISA,
    }),
    201,
  );
  return answer.order;
}

/**
 * Runs the gateway's poller once: each queued message is delivered (its bearer token and body as
 * the poller sent them) to POST /api/v1/registry/notices, and the storefront's answer goes back to
 * the poller, which acks on a 2xx. Answers the notices' answers and how many were acked.
 */
async function pollOnce(): Promise<{ acked: number; answers: { status: number; body: unknown }[] }> {
  const run = crypto.randomUUID();
  const drained = control<{ acked: number }>("/poll", {
    run,
    callbackUrl: "https://shop.test/api/v1/registry/notices",
    callbackToken: env.REGISTRY_CALLBACK_TOKEN,
  });
  const answers: { status: number; body: unknown }[] = [];
  for (;;) {
    const delivery = await control<{ seq: number; authorization: string | null; body: string } | null>("/poll/next", {
      run,
    });
    if (delivery === null) break;
    const response = await request(
      null,
      "POST",
      "/registry/notices",
      delivery.body,
      delivery.authorization ? { authorization: delivery.authorization } : {},
    );
    const text = await response.text();
    answers.push({ status: response.status, body: JSON.parse(text) as unknown });
    await control("/poll/answer", { seq: delivery.seq, status: response.status, body: text });
  }
  const { acked } = await drained;
  return { acked, answers };
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("storefront → EPP gateway → registry", () => {
  let user: Customer;
  let name: string;

  beforeAll(async () => {
    user = await customer();
    name = `${freshLabel()}.com`;
  });

  it("buys a name: the order completes and the registry holds it for the customer, with the order's contact and DS", async () => {
    const search = await data<{ available: boolean }>(await request(user, "GET", `/domains/search/${name}`));
    expect(search.available).toBe(true);
    await data(await request(user, "POST", "/cart/items", { domain: name, years: 1 }), 201);
    expect((await checkout(user)).status).toBe("completed");

    const registry = await held(name);
    expect(registry).toMatchObject({ clID: GATEWAY.clientId, rgp: null });
    expect(registry?.status).toContain("clientTransferProhibited");
    // The registrant is an RFC 5733 contact made from the address the order snapshotted.
    // The gateway's contact id: "c", 7 hex of the owner id's hash, 8 of the contact data's.
    expect(registry?.registrant).toMatch(/^c[0-9a-f]{15}$/);
    expect(registry?.contact).toMatchObject({ email: user.email, cc: "GB" });
    const { received } = await control<{ received: string[] }>("/received?command=contact:create");
    const made = received.find((xml) => xml.includes(`<contact:id>${registry?.registrant}</contact:id>`)) ?? "";
    for (const field of [
      "<contact:name>Ada Lovelace</contact:name>",
      "<contact:org>Analytical Engines Ltd</contact:org>",
      "<contact:street>12 Analytical St</contact:street>",
      "<contact:city>London</contact:city>",
      "<contact:pc>EC1A 1AA</contact:pc>",
      "<contact:cc>GB</contact:cc>",
      "<contact:voice>+44.2079460000</contact:voice>",
      `<contact:email>${user.email}</contact:email>`,
    ])
      expect(made).toContain(field);
    // DNSSEC is on for a new name: the signed zone's DS went to the registry (secDNS).
    expect(registry?.ds).toEqual([{ keyTag: 2371, alg: 13, digestType: 2, digest: "C0".repeat(32) }]);

    const detail = await data<DomainDetail>(await request(user, "GET", `/user-domains/${name}`));
    expect(detail).toMatchObject({ name, status: "active", locked: true });
    expect(detail.registry).toMatchObject({ held_here: true, locked: true });
    expect(detail.expires_at?.slice(0, 10)).toBe(registry?.exDate.slice(0, 10));
    // Taken now, as the registry says.
    expect((await data<{ available: boolean }>(await request(user, "GET", `/domains/search/${name}`))).available).toBe(
      false,
    );
  });

  it("renews it: the registry's expiry moves a year and the customer sees it", async () => {
    const before = (await held(name))?.exDate ?? "";
    const added = await data<{ operation: string }>(
      await request(user, "POST", `/user-domains/${name}/renew`, { years: 1 }),
      201,
    );
    expect(added.operation).toBe("renewal");
    expect((await checkout(user)).status).toBe("completed");
    const after = (await held(name))?.exDate ?? "";
    expect(Number(after.slice(0, 4)) - Number(before.slice(0, 4))).toBe(1);
    const detail = await data<DomainDetail>(await request(user, "GET", `/user-domains/${name}`));
    expect(detail.expires_at?.slice(0, 10)).toBe(after.slice(0, 10));
  });

  it("unlocks and locks it (clientTransferProhibited at the registry)", async () => {
    await data(
      await request(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: user.password }),
    );
    expect((await held(name))?.status).not.toContain("clientTransferProhibited");
    await data(
      await request(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: true, password: user.password }),
    );
    expect((await held(name))?.status).toContain("clientTransferProhibited");
  });

  it("takes the DS away and back with DNSSEC (registry.setDsRecords)", async () => {
    await data(await request(user, "PUT", `/user-domains/${name}/dnssec`, { dnssec: false }));
    expect((await held(name))?.ds).toEqual([]);
    await data(await request(user, "PUT", `/user-domains/${name}/dnssec`, { dnssec: true }));
    expect((await held(name))?.ds).toHaveLength(1);
  });

  it("changes the nameservers at the registry", async () => {
    const nameservers = ["ns1.elsewhere-dns.example", "ns2.elsewhere-dns.example"];
    await data(await request(user, "PUT", `/dns/domains/${name}/nameservers`, { nameservers }));
    expect((await held(name))?.ns).toEqual(nameservers);
    const detail = await data<DomainDetail>(await request(user, "GET", `/user-domains/${name}`));
    expect(detail.nameservers).toEqual(nameservers);
  });

  it("deletes it (redemption at the registry) and restores it through checkout", async () => {
    await data(await request(user, "DELETE", `/dns/domains/${name}`, { password: user.password }));
    expect((await held(name))?.rgp).toBe("redemptionPeriod");
    expect((await listed(user)).get(name)).toBe("redemption");

    const added = await data<{ operation: string }>(
      await request(user, "POST", `/user-domains/${name}/renew`, { years: 1 }),
      201,
    );
    expect(added.operation).toBe("restore");
    expect((await checkout(user)).status).toBe("completed");
    expect((await held(name))?.rgp).toBeNull();
    const detail = await data<DomainDetail>(await request(user, "GET", `/user-domains/${name}`));
    expect(detail.status).toBe("active");
  });

  it("a create whose answer is lost on the way back is carried out once, and the order completes", async () => {
    const lost = `${freshLabel()}.com`;
    await data(await request(user, "POST", "/cart/items", { domain: lost, years: 1 }), 201);
    await control("/lose-next-answer", { command: "domain:create" });
    expect((await checkout(user)).status).toBe("completed");
    const { applied } = await control<{ applied: string[] }>(`/applied?name=${lost}`);
    expect(applied.filter((entry) => entry.startsWith("domain:create "))).toEqual([`domain:create ${lost}`]);
    // The answer was lost: the gateway asked the registry (info) instead of creating again.
    const { followUps } = await control<{ followUps: unknown[] }>("/follow-ups");
    expect(followUps).toContainEqual(
      expect.objectContaining({ command: "domain:create", outcome: expect.stringContaining("confirmed by info") }),
    );
    expect((await held(lost))?.clID).toBe(GATEWAY.clientId);
    expect((await listed(user)).get(lost)).toBe("active");
  });

  it("transfers a name in: the registry's approval notice, polled and delivered, makes it active; its deletion notice, redemption", async () => {
    const incoming = `${freshLabel()}.com`;
    await control("/foreign", { name: incoming, authInfo: "Foreign-Auth-77" });
    await data(
      await request(user, "POST", "/cart/items", {
        domain: incoming,
        operation: "transfer",
        auth_code: "Foreign-Auth-77",
      }),
      201,
    );
    expect((await checkout(user)).status).toBe("completed");
    expect((await held(incoming))?.status).toContain("pendingTransfer");
    expect((await listed(user)).get(incoming)).toBe("pending_transfer");

    // The losing registrar approves: the registry queues a transfer notice for us.
    await control("/resolve-incoming", { name: incoming, trStatus: "clientApproved" });
    const polled = await pollOnce();
    expect(polled.acked).toBe(1);
    expect(polled.answers).toEqual([
      { status: 200, body: { success: true, data: { received: true, domain: incoming, refreshed: true } } },
    ]);
    expect((await held(incoming))?.clID).toBe(GATEWAY.clientId);
    expect((await listed(user)).get(incoming)).toBe("active");

    // The registry deletes it on its own and says so (RFC 5731 panData): redemption for the customer.
    await control("/registry-delete", { name: incoming });
    const deleted = await pollOnce();
    expect(deleted.acked).toBe(1);
    expect(deleted.answers[0]?.body).toMatchObject({ data: { domain: incoming, refreshed: true } });
    expect((await listed(user)).get(incoming)).toBe("redemption");
  });

  it("another registrar takes the name: the request and the approval notices change what the customer sees", async () => {
    await control("/transfer-out", { name });
    const requested = await pollOnce();
    expect(requested.acked).toBe(1);
    expect(requested.answers[0]?.body).toMatchObject({ data: { domain: name, refreshed: true } });
    expect((await listed(user)).get(name)).toBe("transfer_out_pending");

    await control("/approve-out", { name });
    const approved = await pollOnce();
    expect(approved.acked).toBe(1);
    expect((await listed(user)).get(name)).toBe("transferred_out");
    // Nothing left in the queue; a repeated delivery of the same message would be a duplicate.
    expect((await pollOnce()).acked).toBe(0);
  });
});
