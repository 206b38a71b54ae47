// The simulated registry (workers/api/adapters/registry/simulated.ts) inside workerd with the
// real migrations. Every test makes its own extension, names and ledger rows (never the seed),
// and drives the lifecycle with its own clock.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  RegistryError,
  SIMULATED_REGISTRAR,
  createRegistry,
  createSimulatedRegistry,
  simulatedAuthCode,
  type RegistryErrorCode,
} from "../../workers/api/adapters/registry";
import { freshTld, insertTld, seedSampleCatalogue } from "./helpers";

const DAY = 86_400_000;
const T0 = "2026-03-01T12:00:00.000Z";

function freshLabel(prefix = "n"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${Array.from(bytes, (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

/** A registry whose clock the test moves. */
function registryAt(start = T0) {
  const clock = { now: new Date(start) };
  const registry = createSimulatedRegistry(env.DB, () => clock.now);
  return {
    registry,
    clock,
    at(iso: string) {
      clock.now = new Date(iso);
    },
    after(days: number, from = start) {
      clock.now = new Date(Date.parse(from) + days * DAY);
    },
  };
}

/** A fresh extension in the catalogue. */
async function extension(maxYears = 10): Promise<string> {
  const tld = freshTld();
  await insertTld({ tld, max_years: maxYears });
  return tld;
}

/** A ledger row for a name registered elsewhere (as the seed writes them). */
async function registeredElsewhere(
  name: string,
  row: { registrar?: string; createdAt?: string; expiresAt?: string; locked?: boolean; transferable?: boolean } = {},
): Promise<void> {
  const dot = name.lastIndexOf(".");
  await env.DB.prepare(
    `INSERT INTO registry_domains (name, label, tld, status, registrar, created_at, expires_at, locked, transferable,
       held_here, nameservers, updated_at)
     VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, ?8, 0, '["dns1.registrar-servers.com"]', ?5)`,
  )
    .bind(
      name,
      name.slice(0, dot),
      name.slice(dot + 1),
      row.registrar ?? "NameCheap, Inc.",
      row.createdAt ?? "2011-05-04T10:00:00.000Z",
      row.expiresAt ?? "2028-05-04T10:00:00.000Z",
      row.locked ? 1 : 0,
      row.transferable === false ? 0 : 1,
    )
    .run();
}

async function reserve(label: string, tld: string): Promise<void> {
  await env.DB.prepare("INSERT INTO registry_reserved (label, tld) VALUES (?1, ?2)").bind(label, tld).run();
}

async function premium(name: string, priceCents: number, renewalCents: number | null): Promise<void> {
  const dot = name.lastIndexOf(".");
  await env.DB.prepare(
    "INSERT INTO registry_premium (name, label, tld, price_cents, renewal_cents) VALUES (?1, ?2, ?3, ?4, ?5)",
  )
    .bind(name, name.slice(0, dot), name.slice(dot + 1), priceCents, renewalCents)
    .run();
}

async function rejects(promise: Promise<unknown>, code: RegistryErrorCode): Promise<RegistryError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RegistryError);
  const registryError = error as RegistryError;
  expect(registryError.code, registryError.message).toBe(code);
  return registryError;
}

function plusYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

describe("check", () => {
  it("answers available, registered, reserved, premium and unsupported names in input order", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const unknownTld = freshTld();
    const [free, taken, reservedHere, reservedEverywhere, rich, richTaken] = [1, 2, 3, 4, 5, 6].map(() => freshLabel());
    await registeredElsewhere(`${taken}.${tld}`);
    await reserve(reservedHere!, tld);
    await reserve(reservedEverywhere!, "*");
    await premium(`${rich}.${tld}`, 250_000, 9_900);
    await premium(`${richTaken}.${tld}`, 120_000, null);
    await registeredElsewhere(`${richTaken}.${tld}`);

    const names = [
      `${rich}.${tld}`,
      `${free}.${unknownTld}`,
      `${taken}.${tld}`,
      `${free}.${tld}`,
      `${reservedHere}.${tld}`,
      `${reservedEverywhere}.${tld}`,
      `${richTaken}.${tld}`,
      `${free}.${tld}`,
    ];
    expect(await registry.check(names)).toEqual([
      {
        name: `${rich}.${tld}`,
        available: true,
        premium: true,
        premiumPriceCents: 250_000,
        premiumRenewalCents: 9_900,
      },
      { name: `${free}.${unknownTld}`, available: false, reason: "unsupported_tld", premium: false },
      { name: `${taken}.${tld}`, available: false, reason: "registered", premium: false },
      { name: `${free}.${tld}`, available: true, premium: false },
      { name: `${reservedHere}.${tld}`, available: false, reason: "reserved", premium: false },
      { name: `${reservedEverywhere}.${tld}`, available: false, reason: "reserved", premium: false },
      {
        name: `${richTaken}.${tld}`,
        available: false,
        reason: "registered",
        premium: true,
        premiumPriceCents: 120_000,
      },
      { name: `${free}.${tld}`, available: true, premium: false },
    ]);
  });

  it("checks 1000 names in one call, and refuses more or malformed names", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const labels = Array.from({ length: 1000 }, () => freshLabel("b"));
    await registeredElsewhere(`${labels[500]}.${tld}`);
    const results = await registry.check(labels.map((label) => `${label}.${tld}`));
    expect(results).toHaveLength(1000);
    expect(results.map((result) => result.name)).toEqual(labels.map((label) => `${label}.${tld}`));
    expect(results.filter((result) => !result.available).map((result) => result.name)).toEqual([
      `${labels[500]}.${tld}`,
    ]);

    await rejects(registry.check([...labels, "one-more"].map((label) => `${label}.${tld}`)), "invalid_input");
    await rejects(registry.check([`Upper.${tld}`]), "invalid_input");
    await rejects(registry.check([`-dash.${tld}`]), "invalid_input");
    await rejects(registry.check(["nodot"]), "invalid_input");
    expect(await registry.check([])).toEqual([]);
  });
});

describe("checkLabel", () => {
  it("answers one label across extensions in the given order", async () => {
    const { registry } = registryAt();
    const [a, b, c, d] = [await extension(), await extension(), await extension(), await extension()];
    const unknownTld = freshTld();
    const label = freshLabel();
    await registeredElsewhere(`${label}.${b}`);
    await premium(`${label}.${c}`, 50_000, null);
    await reserve(label, d);

    expect(await registry.checkLabel(label, [d, unknownTld, c, b, a])).toEqual([
      { name: `${label}.${d}`, available: false, reason: "reserved", premium: false },
      { name: `${label}.${unknownTld}`, available: false, reason: "unsupported_tld", premium: false },
      { name: `${label}.${c}`, available: true, premium: true, premiumPriceCents: 50_000 },
      { name: `${label}.${b}`, available: false, reason: "registered", premium: false },
      { name: `${label}.${a}`, available: true, premium: false },
    ]);

    const everywhere = freshLabel();
    await reserve(everywhere, "*");
    const all = await registry.checkLabel(everywhere, [a, b]);
    expect(all.map((result) => result.reason)).toEqual(["reserved", "reserved"]);

    await rejects(registry.checkLabel("bad.label", [a]), "invalid_input");
    await rejects(registry.checkLabel(label, [".com"]), "invalid_input");
  });

  it("measures one label against the whole catalogue on a ledger of thousands of rows", async () => {
    await seedSampleCatalogue();
    const { results: catalogue } = await env.DB.prepare("SELECT tld FROM tlds ORDER BY sort_order, tld LIMIT 730").all<{
      tld: string;
    }>();
    const tlds = catalogue.map((row) => row.tld);
    expect(tlds.length).toBeGreaterThanOrEqual(700);

    // Fill the ledger: random names spread over the catalogue, one statement per 1000 rows.
    const fill = async (count: number) => {
      for (let start = 0; start < count; start += 1000) {
        const rows = Array.from({ length: Math.min(1000, count - start) }, (_, index) => {
          const label = freshLabel("f");
          return { label, tld: tlds[(start + index) % tlds.length] };
        });
        await env.DB.prepare(
          `INSERT INTO registry_domains (name, label, tld, registrar, created_at, expires_at, held_here, updated_at)
           SELECT json_extract(value, '$.label') || '.' || json_extract(value, '$.tld'), json_extract(value, '$.label'),
                  json_extract(value, '$.tld'), 'GoDaddy.com, LLC', '2015-01-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z',
                  0, '2015-01-01T00:00:00.000Z'
             FROM json_each(?1)`,
        )
          .bind(JSON.stringify(rows))
          .run();
      }
    };
    const { registry } = registryAt();
    const label = freshLabel("timing");
    for (const tld of tlds.slice(0, 40)) await registeredElsewhere(`${label}.${tld}`);

    // workerd's clock only moves on I/O, so time 20 calls in a row: the total then also covers
    // the JavaScript work of all but the last call.
    const measure = async () => {
      await registry.checkLabel(freshLabel("warm"), tlds);
      const runs = 20;
      let last: Awaited<ReturnType<typeof registry.checkLabel>> = [];
      const started = Date.now();
      for (let run = 0; run < runs; run += 1) last = await registry.checkLabel(label, tlds);
      const perCall = (Date.now() - started) / runs;
      expect(last.map((result) => result.name)).toEqual(tlds.map((tld) => `${label}.${tld}`));
      expect(last.filter((result) => result.reason === "registered")).toHaveLength(40);
      return perCall;
    };
    const ledgerSize = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS count FROM registry_domains").first<{ count: number }>())?.count ?? 0;

    // The floor: one D1 round trip doing nothing.
    const roundTrip = async () => {
      const started = Date.now();
      for (let run = 0; run < 20; run += 1) await env.DB.prepare("SELECT 1").first();
      return (Date.now() - started) / 20;
    };

    await fill(3000);
    const rows3000 = await ledgerSize();
    const at3000 = await measure();
    await fill(6000);
    const rows9000 = await ledgerSize();
    const at9000 = await measure();
    const floor = await roundTrip();
    console.log(
      `[registry timing] checkLabel over ${tlds.length} TLDs (local D1 in workerd, mean of 20 calls): ` +
        `ledger ${rows3000} rows → ${at3000.toFixed(1)} ms per call; ledger ${rows9000} rows → ${at9000.toFixed(1)} ms per call; ` +
        `an empty "SELECT 1" round trip: ${floor.toFixed(1)} ms`,
    );
  });
});

describe("create", () => {
  it("registers an available name for 1 to 10 years and reports it held here", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    const info = await registry.create({
      name,
      years: 3,
      ownerId: "user-1",
      nameservers: ["NS1.Example.net.", "ns2.example.net", "ns1.example.net"],
    });
    expect(info).toEqual({
      name,
      status: "active",
      registrar: SIMULATED_REGISTRAR,
      createdAt: T0,
      expiresAt: plusYears(T0, 3),
      updatedAt: T0,
      locked: true,
      transferable: true,
      heldHere: true,
      ownerId: "user-1",
      nameservers: ["ns1.example.net", "ns2.example.net"],
      ds: [],
      maxRenewalYears: 7,
    });
    expect(await registry.info(name)).toEqual(info);
    // DNSSEC: the DS records the registry publishes (normalised), replaced as a set, [] removes them.
    const ds = `2371 13 2 ${"ab".repeat(32)}`;
    expect((await registry.setDsRecords(name, [ds, ` ${ds} `])).ds).toEqual([`2371 13 2 ${"AB".repeat(32)}`]);
    expect((await registry.setDsRecords(name, [])).ds).toEqual([]);
    await rejects(registry.setDsRecords(name, ["2371 13 2 not-hex"]), "invalid_input");
    expect((await registry.check([name]))[0]).toMatchObject({ available: false, reason: "registered" });
    await rejects(registry.create({ name, years: 1, ownerId: "user-2" }), "not_available");

    const ten = await registry.create({ name: `${freshLabel()}.${tld}`, years: 10, ownerId: "user-1", locked: false });
    expect(ten).toMatchObject({ expiresAt: plusYears(T0, 10), maxRenewalYears: 0, locked: false, nameservers: [] });
  });

  it("refuses periods outside 1–10 and the extension's own maximum", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const short = await extension(5);
    for (const years of [0, 11, 1.5, -1]) {
      await rejects(registry.create({ name: `${freshLabel()}.${tld}`, years, ownerId: "u" }), "invalid_period");
    }
    await rejects(registry.create({ name: `${freshLabel()}.${short}`, years: 6, ownerId: "u" }), "invalid_period");
    expect((await registry.create({ name: `${freshLabel()}.${short}`, years: 5, ownerId: "u" })).expiresAt).toBe(
      plusYears(T0, 5),
    );
  });

  it("refuses reserved names, unsupported extensions, names taken elsewhere and bad input", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const label = freshLabel();
    await reserve(label, "*");
    await rejects(registry.create({ name: `${label}.${tld}`, years: 1, ownerId: "u" }), "not_available");
    await rejects(registry.create({ name: `${freshLabel()}.${freshTld()}`, years: 1, ownerId: "u" }), "not_available");
    const taken = `${freshLabel()}.${tld}`;
    await registeredElsewhere(taken);
    await rejects(registry.create({ name: taken, years: 1, ownerId: "u" }), "not_available");
    await rejects(registry.create({ name: `${freshLabel()}.${tld}`, years: 1, ownerId: "" }), "invalid_input");
    await rejects(
      registry.create({ name: `${freshLabel()}.${tld}`, years: 1, ownerId: "u", nameservers: ["not a host"] }),
      "invalid_input",
    );
  });
});

describe("renew", () => {
  it("adds years while the total stays within 10 years ahead", async () => {
    const { registry } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    const created = await registry.create({ name, years: 3, ownerId: "u" });

    await rejects(registry.renew({ name, years: 8, currentExpiry: created.expiresAt }), "invalid_period");
    await rejects(registry.renew({ name, years: 0, currentExpiry: created.expiresAt }), "invalid_period");
    const renewed = await registry.renew({ name, years: 7, currentExpiry: created.expiresAt.slice(0, 10) });
    expect(renewed).toMatchObject({ status: "active", expiresAt: plusYears(T0, 10), maxRenewalYears: 0 });
    const full = await rejects(registry.renew({ name, years: 1, currentExpiry: renewed.expiresAt }), "invalid_period");
    expect(full.message).toMatch(/10 years/);
  });

  it("refuses a stale current expiry, names held elsewhere and unknown names", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    const created = await registry.create({ name, years: 1, ownerId: "u" });
    await registry.renew({ name, years: 1, currentExpiry: created.expiresAt });
    // The same request again (a retry) carries the old expiry: refused, not renewed twice.
    await rejects(registry.renew({ name, years: 1, currentExpiry: created.expiresAt }), "invalid_state");
    expect((await registry.info(name))?.expiresAt).toBe(plusYears(T0, 2));
    await rejects(registry.renew({ name, years: 1, currentExpiry: "yesterday" }), "invalid_input");

    const elsewhere = `${freshLabel()}.${tld}`;
    await registeredElsewhere(elsewhere);
    await rejects(registry.renew({ name: elsewhere, years: 1, currentExpiry: "2028-05-04" }), "not_held_here");
    await rejects(
      registry.renew({ name: `${freshLabel()}.${tld}`, years: 1, currentExpiry: "2028-05-04" }),
      "not_found",
    );
  });
});

describe("lifecycle (clock-driven)", () => {
  it("goes from expiry to grace, redemption, pending delete and back to available", async () => {
    const { registry, at } = registryAt();
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    await registry.create({ name, years: 1, ownerId: "first-owner" });
    const expiry = plusYears(T0, 1);

    at(plusDays(expiry, -31));
    expect((await registry.info(name))?.status).toBe("active");
    at(plusDays(expiry, -10));
    expect((await registry.info(name))?.status).toBe("expiring_soon");

    at(plusDays(expiry, 1));
    const grace = await registry.info(name);
    expect(grace).toMatchObject({
      status: "grace_period",
      expiresAt: expiry,
      graceEndsAt: plusDays(expiry, 30),
      redemptionEndsAt: plusDays(expiry, 60),
      releasesAt: plusDays(expiry, 65),
    });
    expect(grace?.maxRenewalYears).toBeGreaterThan(0);

    at(plusDays(expiry, 31));
    expect((await registry.info(name))?.status).toBe("redemption");
    await rejects(registry.renew({ name, years: 1, currentExpiry: expiry }), "invalid_state");
    await rejects(registry.setNameservers(name, ["ns1.example.net"]), "invalid_state");
    expect((await registry.check([name]))[0]).toMatchObject({ available: false, reason: "registered" });

    at(plusDays(expiry, 61));
    expect((await registry.info(name))?.status).toBe("pending_delete");
    await rejects(registry.restore(name), "invalid_state");
    await rejects(registry.create({ name, years: 1, ownerId: "someone-else" }), "not_available");

    at(plusDays(expiry, 65));
    expect(await registry.info(name)).toBeNull();
    expect(await registry.check([name])).toEqual([{ name, available: true, premium: false }]);
    expect((await registry.checkLabel(name.slice(0, name.lastIndexOf(".")), [tld]))[0]!.available).toBe(true);
    await rejects(registry.renew({ name, years: 1, currentExpiry: expiry }), "not_found");

    const again = await registry.create({ name, years: 2, ownerId: "someone-else" });
    expect(again).toMatchObject({ status: "active", ownerId: "someone-else", createdAt: plusDays(expiry, 65) });
  });

  it("renews in the grace period from the old expiry date", async () => {
    const { registry, at } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registry.create({ name, years: 1, ownerId: "u" });
    const expiry = plusYears(T0, 1);
    at(plusDays(expiry, 20));
    const renewed = await registry.renew({ name, years: 1, currentExpiry: expiry });
    expect(renewed).toMatchObject({ status: "active", expiresAt: plusYears(T0, 2) });
    expect(renewed.graceEndsAt).toBeUndefined();
  });

  it("delete puts a name into redemption, restore brings it back, and unrestored it is released", async () => {
    const { registry, at } = registryAt();
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    await registry.create({ name, years: 2, ownerId: "u" });

    at(plusDays(T0, 10));
    const deleted = await registry.delete(name);
    expect(deleted).toMatchObject({
      status: "redemption",
      maxRenewalYears: 0,
      redemptionEndsAt: plusDays(T0, 40),
      releasesAt: plusDays(T0, 45),
    });
    await rejects(registry.delete(name), "invalid_state");
    await rejects(registry.getAuthCode(name), "invalid_state");

    at(plusDays(T0, 20));
    const restored = await registry.restore(name);
    expect(restored).toMatchObject({ status: "active", expiresAt: plusYears(T0, 2), maxRenewalYears: 8 });
    await rejects(registry.restore(name), "invalid_state");

    await registry.delete(name);
    at(plusDays(T0, 51));
    expect((await registry.info(name))?.status).toBe("pending_delete");
    at(plusDays(T0, 55));
    expect(await registry.info(name)).toBeNull();
    expect((await registry.check([name]))[0]!.available).toBe(true);
  });

  it("restores an expired name in redemption with its expiry moved a year ahead", async () => {
    const { registry, at } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registry.create({ name, years: 1, ownerId: "u" });
    const expiry = plusYears(T0, 1);
    at(plusDays(expiry, 40));
    const restored = await registry.restore(name);
    expect(restored).toMatchObject({ status: "active", expiresAt: plusYears(T0, 2) });
  });

  it("keeps names held elsewhere registered: the registry renews them every year", async () => {
    const { registry, at } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registeredElsewhere(name, { expiresAt: "2026-06-01T00:00:00.000Z" });
    at("2031-08-01T00:00:00.000Z");
    expect(await registry.info(name)).toMatchObject({
      status: "active",
      expiresAt: "2032-06-01T00:00:00.000Z",
      heldHere: false,
    });
    expect((await registry.check([name]))[0]!.available).toBe(false);
  });
});

describe("transfer in", () => {
  it("asks with the right auth code, shows pending and is approved by the registry after 5 days", async () => {
    const { registry, after } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registeredElsewhere(name, { registrar: "Gandi SAS", expiresAt: "2028-05-04T10:00:00.000Z" });
    expect(await registry.transferQuery(name)).toBeNull();

    const requested = await registry.transferRequest({
      name,
      authCode: ` ${await simulatedAuthCode(name)} `,
      years: 1,
      ownerId: "user-7",
    });
    expect(requested).toEqual({
      name,
      direction: "in",
      status: "pending",
      gainingRegistrar: SIMULATED_REGISTRAR,
      losingRegistrar: "Gandi SAS",
      requestedAt: T0,
      actionBy: plusDays(T0, 5),
      years: 1,
      expiresAt: "2029-05-04T10:00:00.000Z",
      ownerId: "user-7",
    });
    expect(await registry.info(name)).toMatchObject({
      status: "pending_transfer",
      heldHere: false,
      registrar: "Gandi SAS",
    });
    await rejects(
      registry.transferRequest({ name, authCode: await simulatedAuthCode(name), years: 1, ownerId: "x" }),
      "pending_transfer",
    );

    after(4.9);
    expect((await registry.transferQuery(name))?.status).toBe("pending");

    after(5.1);
    expect(await registry.transferQuery(name)).toMatchObject({
      status: "approved",
      resolvedBy: "server",
      resolvedAt: plusDays(T0, 5),
      expiresAt: "2029-05-04T10:00:00.000Z",
    });
    const info = await registry.info(name);
    expect(info).toMatchObject({
      status: "active",
      heldHere: true,
      ownerId: "user-7",
      registrar: SIMULATED_REGISTRAR,
      expiresAt: "2029-05-04T10:00:00.000Z",
      transferredAt: plusDays(T0, 5),
      locked: true,
      nameservers: ["dns1.registrar-servers.com"],
    });
    const code = await registry.getAuthCode(name);
    expect(code).toMatch(/^[A-Za-z0-9!#]{16}$/);
    expect(code).not.toBe(await simulatedAuthCode(name));
    await rejects(registry.transferRequest({ name, authCode: code, years: 1, ownerId: "user-7" }), "already_held_here");
  });

  it("refuses a wrong auth code and creates no transfer", async () => {
    const { registry } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registeredElsewhere(name);
    const other = await simulatedAuthCode(`x${name}`);
    await rejects(registry.transferRequest({ name, authCode: other, years: 1, ownerId: "u" }), "invalid_auth_code");
    await rejects(registry.transferRequest({ name, authCode: "", years: 1, ownerId: "u" }), "invalid_input");
    expect(await registry.transferQuery(name)).toBeNull();
    expect((await registry.info(name))?.status).toBe("active");
  });

  it("refuses locked, protected, recently registered, unknown names and periods other than 1 year", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const locked = `${freshLabel()}.${tld}`;
    const corporate = `${freshLabel()}.${tld}`;
    const recent = `${freshLabel()}.${tld}`;
    await registeredElsewhere(locked, { locked: true });
    await registeredElsewhere(corporate, { registrar: "MarkMonitor Inc.", locked: true, transferable: false });
    await registeredElsewhere(recent, { createdAt: plusDays(T0, -10) });
    const codes = new Map<string, string>();
    for (const name of [locked, corporate, recent]) codes.set(name, await simulatedAuthCode(name));
    const ask = (name: string, years = 1) =>
      registry.transferRequest({ name, authCode: codes.get(name) ?? "some-code", years, ownerId: "u" });

    expect((await rejects(ask(locked), "locked")).message).toMatch(/unlock/);
    expect((await rejects(ask(corporate), "not_transferable")).message).toMatch(/cannot be transferred/);
    expect((await rejects(ask(recent), "not_transferable")).message).toMatch(/60 days/);
    await rejects(ask(`${freshLabel()}.${tld}`), "not_found");
    await rejects(ask(locked, 2), "invalid_period");
    await rejects(ask(locked, 0), "invalid_period");
    expect(await registry.info(corporate)).toMatchObject({
      locked: true,
      transferable: false,
      registrar: "MarkMonitor Inc.",
    });
  });

  it("can be approved, rejected or cancelled before the 5 days are over", async () => {
    const { registry, after } = registryAt();
    const tld = await extension();
    const named = (label: string) => `${label}.${tld}`;
    const [approved, rejected, cancelled] = [named(freshLabel()), named(freshLabel()), named(freshLabel())];
    for (const name of [approved, rejected, cancelled]) {
      await registeredElsewhere(name);
      await registry.transferRequest({ name, authCode: await simulatedAuthCode(name), years: 1, ownerId: "u" });
    }
    after(1);
    expect(await registry.transferApprove(approved)).toMatchObject({
      status: "approved",
      resolvedBy: "client",
      resolvedAt: plusDays(T0, 1),
    });
    expect(await registry.info(approved)).toMatchObject({ heldHere: true, ownerId: "u" });

    expect(await registry.transferReject(rejected)).toMatchObject({ status: "rejected", resolvedBy: "client" });
    expect(await registry.info(rejected)).toMatchObject({
      status: "active",
      heldHere: false,
      registrar: "NameCheap, Inc.",
    });

    expect(await registry.transferCancel(cancelled)).toMatchObject({ status: "cancelled", resolvedBy: "client" });
    after(10);
    expect(await registry.info(cancelled)).toMatchObject({ heldHere: false });
    await rejects(registry.transferApprove(cancelled), "invalid_state");
    await rejects(registry.transferCancel(approved), "invalid_state");
  });

  it("adds one year but never more than 10 years ahead", async () => {
    const { registry } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registeredElsewhere(name, { expiresAt: plusDays(plusYears(T0, 9), 200) });
    await registry.transferRequest({ name, authCode: await simulatedAuthCode(name), years: 1, ownerId: "u" });
    const approved = await registry.transferApprove(name);
    expect(approved.expiresAt).toBe(plusYears(T0, 10));
    expect((await registry.info(name))?.expiresAt).toBe(plusYears(T0, 10));
  });
});

describe("transfer out (simulated other registrar)", () => {
  it("needs the name unlocked and its auth code, shows transfer_out_pending, and we can reject or approve", async () => {
    const { registry, at } = registryAt();
    const name = `${freshLabel()}.${await extension()}`;
    await registry.create({ name, years: 2, ownerId: "u" });
    const code = await registry.getAuthCode(name);
    const ask = (authCode: string) => registry.requestTransferOut({ name, authCode, gainingRegistrar: "Porkbun LLC" });

    at(plusDays(T0, 30));
    await rejects(ask(code), "not_transferable");
    at(plusDays(T0, 61));
    await rejects(ask(code), "locked");
    await registry.setLock(name, false);
    await rejects(ask("wrong-code"), "invalid_auth_code");

    expect(await ask(code)).toMatchObject({ direction: "out", status: "pending", gainingRegistrar: "Porkbun LLC" });
    expect((await registry.info(name))?.status).toBe("transfer_out_pending");
    await rejects(registry.delete(name), "pending_transfer");
    await rejects(registry.renew({ name, years: 1, currentExpiry: plusYears(T0, 2) }), "pending_transfer");
    await rejects(registry.transferCancel(name), "invalid_state");
    expect(await registry.transferReject(name)).toMatchObject({ status: "rejected" });
    expect((await registry.info(name))?.status).toBe("active");

    await ask(code);
    expect(await registry.transferApprove(name)).toMatchObject({ status: "approved", expiresAt: plusYears(T0, 3) });
    expect(await registry.info(name)).toMatchObject({ heldHere: false, registrar: "Porkbun LLC", status: "active" });
    expect((await registry.info(name))?.ownerId).toBeUndefined();
    await rejects(registry.getAuthCode(name), "not_held_here");
  });
});

describe("lock, nameservers, auth code", () => {
  it("changes names held here and refuses names held elsewhere", async () => {
    const { registry } = registryAt();
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    await registry.create({ name, years: 1, ownerId: "u" });

    expect((await registry.setLock(name, false)).locked).toBe(false);
    expect((await registry.setLock(name, false)).locked).toBe(false);
    expect((await registry.setLock(name, true)).locked).toBe(true);

    const ns = await registry.setNameservers(name, ["NS1.Host.example.", "ns2.host.example", "ns1.host.example"]);
    expect(ns.nameservers).toEqual(["ns1.host.example", "ns2.host.example"]);
    await rejects(registry.setNameservers(name, []), "invalid_input");
    await rejects(registry.setNameservers(name, ["bad host"]), "invalid_input");
    await rejects(
      registry.setNameservers(
        name,
        Array.from({ length: 14 }, (_, i) => `ns${i}.host.example`),
      ),
      "invalid_input",
    );

    const code = await registry.getAuthCode(name);
    expect(code).toMatch(/^[A-Za-z0-9!#]{16}$/);
    expect(await registry.getAuthCode(name)).toBe(code);

    const elsewhere = `${freshLabel()}.${tld}`;
    await registeredElsewhere(elsewhere);
    await rejects(registry.setLock(elsewhere, true), "not_held_here");
    await rejects(registry.setNameservers(elsewhere, ["ns1.host.example"]), "not_held_here");
    await rejects(registry.getAuthCode(elsewhere), "not_held_here");
    await rejects(registry.delete(elsewhere), "not_held_here");
    await rejects(registry.restore(elsewhere), "not_held_here");
    await rejects(registry.setLock(`${freshLabel()}.${tld}`, true), "not_found");
  });

  it("derives the auth code of a name held elsewhere from the name alone", async () => {
    const first = await simulatedAuthCode("example-shop.com");
    expect(first).toMatch(/^[A-Za-z0-9!#]{16}$/);
    expect(await simulatedAuthCode("example-shop.com")).toBe(first);
    expect(await simulatedAuthCode("example-shop.net")).not.toBe(first);
  });
});

describe("createRegistry", () => {
  it("uses the simulated registry by default and the gateway for REGISTRY_ADAPTER=http", async () => {
    const tld = await extension();
    const name = `${freshLabel()}.${tld}`;
    const simulated = createRegistry({ DB: env.DB });
    expect((await simulated.check([name]))[0]!.available).toBe(true);
    expect((await createRegistry({ DB: env.DB, REGISTRY_ADAPTER: "simulated" }).check([name]))[0]!.available).toBe(
      true,
    );

    let called = false;
    const http = createRegistry(
      { DB: env.DB, REGISTRY_ADAPTER: "http" },
      {
        fetch: async () => {
          called = true;
          return new Response("{}");
        },
      },
    );
    const error = await rejects(http.check([name]), "unavailable");
    expect(error.message).toMatch(/REGISTRY_API_URL, REGISTRY_API_TOKEN, REGISTRY_CLIENT_ID/);
    expect(called).toBe(false);

    const unknown = createRegistry({ DB: env.DB, REGISTRY_ADAPTER: "epp" });
    expect((await rejects(unknown.info(name), "unavailable")).message).toMatch(/REGISTRY_ADAPTER is "epp"/);
  });
});
