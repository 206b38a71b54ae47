// Transfer in (issue 14): GET /domains/{domain}/transfer-check answers every SPEC §8 transfer
// refusal with its own code; POST /cart/items runs the same checks and keeps the auth code for
// checkout, which asks the registry for the transfer (the domain is then Pending Transfer).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogueRow } from "../../core/catalogue";
import type { TransferCheck } from "../../workers/api/contract/transfers";
import { createSimulatedRegistry, simulatedAuthCode } from "../../workers/api/adapters/registry";
import { RegistryError, type RegistryAdapter } from "../../workers/api/adapters/registry";
import { assertTransferable } from "../../workers/api/transfer-check";
import type { ApiServices } from "../../workers/api/services";
import { api, freshTld, insertTld, seedSampleCatalogue } from "./helpers";
import { buyer, call, data, errorOf, VISA } from "./my-domains-support";
import { freshLabel, registerElsewhere } from "./registry-fixtures";

const DAY_MS = 86_400_000;
/** An extension in the catalogue without a transfer price (inserted before the catalogue is first read). */
const NO_TRANSFER_TLD = freshTld();

const check = (domain: string) => api(`/domains/${encodeURIComponent(domain)}/transfer-check`);

/** A name held elsewhere with the given dates (ISO). */
async function registerAt(
  name: string,
  createdAt: string,
  expiresAt: string,
  transferredAt: string | null = null,
): Promise<void> {
  const dot = name.lastIndexOf(".");
  await env.DB.prepare(
    `INSERT INTO registry_domains (name, label, tld, status, registrar, created_at, expires_at, transferred_at, locked, transferable,
       held_here, nameservers, updated_at)
     VALUES (?1, ?2, ?3, 'active', 'Porkbun LLC', ?4, ?5, ?6, 0, 1, 0, '["ns1.porkbun.com"]', ?4)`,
  )
    .bind(name, name.slice(0, dot), name.slice(dot + 1), createdAt, expiresAt, transferredAt)
    .run();
}

beforeAll(async () => {
  await insertTld({ tld: NO_TRANSFER_TLD, transfer_cents: 0 });
  await seedSampleCatalogue();
});

describe("GET /domains/{domain}/transfer-check", () => {
  it("answers the price (transfer + ICANN fee) and the expiry one year later, without a bearer token", async () => {
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    const view = await data<TransferCheck>(await check(name));
    const com = await env.DB.prepare("SELECT * FROM tlds WHERE tld = 'com'").first<CatalogueRow>();
    expect(view).toEqual({
      domain: name,
      unicode: name,
      tld: "com",
      registrar: "NameCheap, Inc.",
      expires_at: "2030-05-04T10:00:00.000Z",
      new_expires_at: "2031-05-04T10:00:00.000Z",
      years: 1,
      currency: "USD",
      transfer_price: (com?.transfer_cents ?? 0) / 100,
      icann_fee: (com?.icann_fee_cents ?? 0) / 100,
      total: ((com?.transfer_cents ?? 0) + (com?.icann_fee_cents ?? 0)) / 100,
    });
  });

  it("400 invalid_domain for a malformed name", async () => {
    for (const input of ["not a domain", "-bad-.com", "a..com", "x".repeat(300) + ".com"]) {
      expect((await errorOf(await check(input), 400)).code, input).toBe("invalid_domain");
    }
  });

  it("400 unknown_extension for an extension we do not sell", async () => {
    expect((await errorOf(await check(`${freshLabel()}.${freshTld()}`), 400)).code).toBe("unknown_extension");
  });

  it("409 pricing_unavailable for an extension without a transfer price", async () => {
    const body = await errorOf(await check(`${freshLabel()}.${NO_TRANSFER_TLD}`), 409);
    expect(body.code).toBe("pricing_unavailable");
  });

  it("409 not_registered for a name nobody holds", async () => {
    expect((await errorOf(await check(`${freshLabel()}.com`), 409)).code).toBe("not_registered");
  });

  it("409 already_registered_here for a name held with us", async () => {
    const owner = await buyer();
    const name = `${freshLabel()}.com`;
    await createSimulatedRegistry(env.DB).create({ name, years: 1, ownerId: owner.id });
    expect((await errorOf(await check(name), 409)).code).toBe("already_registered_here");
  });

  it("409 corporate_domain for a protected corporate name", async () => {
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name, { registrar: "MarkMonitor Inc.", transferable: false, locked: true });
    const body = await errorOf(await check(name), 409);
    expect(body).toMatchObject({
      code: "corporate_domain",
      message: `${name} is a protected corporate domain and cannot be transferred.`,
    });
  });

  it("409 locked_at_registrar for a name locked at its registrar", async () => {
    const name = `${freshLabel()}.net`;
    await registerElsewhere(name, { locked: true });
    expect((await errorOf(await check(name), 409)).code).toBe("locked_at_registrar");
  });

  it("409 not_transferable within 60 days of registration or of the last transfer (ICANN)", async () => {
    const now = Date.now();
    const fresh = `${freshLabel()}.com`;
    await registerAt(fresh, new Date(now - 10 * DAY_MS).toISOString(), new Date(now + 355 * DAY_MS).toISOString());
    const body = await errorOf(await check(fresh), 409);
    expect(body.code).toBe("not_transferable");
    expect(body.errors).toEqual([{ path: "domain", message: "too_soon" }]);

    const moved = `${freshLabel()}.com`;
    await registerAt(
      moved,
      "2015-01-01T00:00:00.000Z",
      new Date(now + 400 * DAY_MS).toISOString(),
      new Date(now - 59 * DAY_MS).toISOString(),
    );
    expect((await errorOf(await check(moved), 409)).errors).toEqual([{ path: "domain", message: "too_soon" }]);

    const old = `${freshLabel()}.com`;
    await registerAt(
      old,
      "2015-01-01T00:00:00.000Z",
      new Date(now + 400 * DAY_MS).toISOString(),
      new Date(now - 61 * DAY_MS).toISOString(),
    );
    expect((await check(old)).status).toBe(200);
  });

  it("409 not_transferable when one more year would pass 10 years", async () => {
    const name = `${freshLabel()}.com`;
    await registerAt(name, "2015-01-01T00:00:00.000Z", new Date(Date.now() + 9.5 * 365 * DAY_MS).toISOString());
    expect((await errorOf(await check(name), 409)).errors).toEqual([{ path: "domain", message: "ten_years" }]);
  });

  it("409 not_transferable while a transfer of the name is pending", async () => {
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await createSimulatedRegistry(env.DB).transferRequest({
      name,
      authCode: await simulatedAuthCode(name),
      years: 1,
      ownerId: "someone",
    });
    expect((await errorOf(await check(name), 409)).errors).toEqual([{ path: "domain", message: "pending_transfer" }]);
  });

  it("503 server_error when the registry cannot be reached", async () => {
    const unavailable = (): Promise<never> =>
      Promise.reject(new RegistryError("unavailable", "The registry service is unreachable."));
    const registry = { info: unavailable, transferQuery: unavailable } as Pick<
      RegistryAdapter,
      "info" | "transferQuery"
    >;
    const services = { registry, now: () => new Date() } as unknown as ApiServices;
    const com = await env.DB.prepare("SELECT * FROM tlds WHERE tld = 'com'").first<CatalogueRow>();
    if (!com) throw new Error("no .com in the sample catalogue");
    await expect(
      assertTransferable(services, { rows: [com], byTld: new Map([["com", com]]) }, "example.com"),
    ).rejects.toMatchObject({ status: 503, code: "server_error" });
  });
});

describe("POST /cart/items (transfer)", () => {
  it("needs an auth code of 6–128 printable characters, and writes nothing otherwise", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    expect(
      (await errorOf(await call(user, "POST", "/cart/items", { domain: name, operation: "transfer" }), 400)).code,
    ).toBe("auth_code_required");
    expect(
      (
        await errorOf(
          await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: "abc" }),
          400,
        )
      ).code,
    ).toBe("invalid_auth_code");
    expect(
      (
        await errorOf(
          await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: "has space 123" }),
          400,
        )
      ).code,
    ).toBe("invalid_auth_code");
    const cart = await data<{ items: unknown[] }>(await call(user, "GET", "/cart"));
    expect(cart.items).toEqual([]);
  });

  it("refuses the same transfer twice with 409 already_in_cart, and every check of the wizard", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    await data(
      await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: "Abc-12345" }),
      201,
    );
    expect(
      (
        await errorOf(
          await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: "Abc-12345" }),
          409,
        )
      ).code,
    ).toBe("already_in_cart");
    const locked = `${freshLabel()}.com`;
    await registerElsewhere(locked, { locked: true });
    expect(
      (
        await errorOf(
          await call(user, "POST", "/cart/items", { domain: locked, operation: "transfer", auth_code: "Abc-12345" }),
          409,
        )
      ).code,
    ).toBe("locked_at_registrar");
  });

  it("keeps the auth code out of the cart view; checkout asks the registry and the domain is Pending Transfer", async () => {
    const user = await buyer();
    const name = `${freshLabel()}.com`;
    await registerElsewhere(name);
    const authCode = await simulatedAuthCode(name);
    await data(
      await call(user, "POST", "/cart/items", { domain: name, operation: "transfer", auth_code: authCode }),
      201,
    );
    const cartText = await (await call(user, "GET", "/cart")).text();
    expect(cartText).toContain(name);
    expect(cartText).not.toContain(authCode);

    const paid = await data<{ order: { status: string } }>(
      await call(user, "POST", "/payment/unified", {
        idempotency_key: `k-${crypto.randomUUID()}`,
        contact_id: user.contactId,
        card: VISA,
      }),
      201,
    );
    expect(paid.order.status).toBe("completed");
    const transfer = await data<{ direction: string; status: string }>(await api(`/domains/${name}/transfer-status`));
    expect(transfer).toMatchObject({ direction: "in", status: "pending" });
    const mine = await data<{ status: string }>(await call(user, "GET", `/user-domains/${name}`));
    expect(mine.status).toBe("pending_transfer");
  });
});
