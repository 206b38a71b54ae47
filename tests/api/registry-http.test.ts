// The registrar/EPP gateway adapter (workers/api/adapters/registry/http.ts) against a fake
// fetch that answers as the gateway contract in workers/api/adapters/registry/README.md says.
import { describe, expect, it } from "vitest";
import { RegistryError, createHttpRegistry, heldBy, type RegistryErrorCode } from "../../workers/api/adapters/registry";

const BASE = "https://epp-gateway.test/v1";
const NOW = new Date("2026-03-01T12:00:00.000Z");
const US = "trinity-reg";

interface Sent {
  url: string;
  command: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

type Reply = { code: number; msg?: string; reason?: string; resData?: Record<string, unknown> } | Response;

/** A gateway whose answers the test scripts per command; records what was sent. */
function gateway(answer: (command: string, body: Record<string, unknown>) => Reply) {
  const sent: Sent[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const command = url.slice(`${BASE}/domain/`.length);
    sent.push({ url, command, body, authorization: new Headers(init?.headers).get("authorization") });
    const reply = answer(command, body);
    if (reply instanceof Response) return reply;
    return Response.json({
      result: { code: reply.code, msg: reply.msg ?? "Command completed successfully", reason: reply.reason },
      resData: reply.resData,
      trID: { clTRID: body.clTRID, svTRID: "sv-1" },
    });
  };
  const registry = createHttpRegistry({
    baseUrl: `${BASE}/`,
    token: "secret-token",
    clientId: US,
    fetch: fetcher,
    now: () => NOW,
  });
  return { registry, sent };
}

function infoData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "shop.com",
    roid: "D1-COM",
    status: [{ s: "ok" }],
    registrant: "user-1",
    ns: ["NS1.HOST.EXAMPLE", { hostObj: "ns2.host.example" }],
    clID: US,
    crDate: "2020-05-04T10:00:00.0Z",
    upDate: "2025-01-02T03:04:05.0Z",
    exDate: "2027-05-04T10:00:00.0Z",
    authInfo: { pw: "Secret-Auth-1" },
    ...overrides,
  };
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

describe("http registry: check", () => {
  it("maps EPP check answers (avail, reasons, fee extension) in input order, in chunks", async () => {
    const { sent } = gateway(() => ({ code: 1000 }));
    const fetcher: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { names: string[] };
      sent.push({
        url: String(input),
        command: "check",
        body,
        authorization: new Headers(init?.headers).get("authorization"),
      });
      const cd = body.names.map((name) => {
        if (name.startsWith("taken.")) return { name, avail: "0", reason: "In use" };
        if (name.startsWith("nic.")) return { name, avail: 0, reason: "Reserved by registry policy" };
        if (name.endsWith(".zz")) return { name, avail: "false", reason: "TLD not supported" };
        if (name.startsWith("ai."))
          return { name, avail: true, fee: { class: "premium", create: "2500.00", renew: "120.5" } };
        return { name, avail: "1", fee: { class: "standard", create: "10.44" } };
      });
      return Response.json({ result: { code: 1000, msg: "ok" }, resData: { cd: cd.reverse() } });
    };
    const registry = createHttpRegistry({
      baseUrl: BASE,
      token: "secret-token",
      clientId: US,
      fetch: fetcher,
      checkBatchSize: 2,
    });

    const names = ["free.com", "taken.com", "nic.io", "ai.io", "x.zz", "free.com"];
    expect(await registry.check(names)).toEqual([
      { name: "free.com", available: true, premium: false },
      { name: "taken.com", available: false, reason: "registered", premium: false },
      { name: "nic.io", available: false, reason: "reserved", premium: false },
      { name: "ai.io", available: true, premium: true, premiumPriceCents: 250_000, premiumRenewalCents: 12_050 },
      { name: "x.zz", available: false, reason: "unsupported_tld", premium: false },
      { name: "free.com", available: true, premium: false },
    ]);
    // Five distinct names, two per command.
    expect(sent.map((request) => request.body.names)).toEqual([
      ["free.com", "taken.com"],
      ["nic.io", "ai.io"],
      ["x.zz"],
    ]);
    expect(sent.every((request) => request.url === `${BASE}/domain/check`)).toBe(true);
    expect(sent.every((request) => request.authorization === "Bearer secret-token")).toBe(true);

    const labels = await registry.checkLabel("taken", ["com", "net"]);
    expect(labels.map((result) => [result.name, result.reason])).toEqual([
      ["taken.com", "registered"],
      ["taken.net", "registered"],
    ]);
  });

  it("fails as unavailable when the gateway leaves a name out", async () => {
    const { registry } = gateway(() => ({ code: 1000, resData: { cd: [{ name: "a.com", avail: 1 }] } }));
    await rejects(registry.check(["a.com", "b.com"]), "unavailable");
  });
});

describe("http registry: info and changes", () => {
  it("maps info (statuses, sponsor, dates, nameservers) and null for 2303", async () => {
    const { registry, sent } = gateway((_, body) =>
      body.name === "gone.com"
        ? { code: 2303, msg: "Object does not exist" }
        : { code: 1000, resData: infoData({ status: ["clientTransferProhibited", "serverTransferProhibited"] }) },
    );
    expect(await registry.info("shop.com")).toEqual({
      name: "shop.com",
      status: "active",
      registrar: US,
      createdAt: "2020-05-04T10:00:00.000Z",
      expiresAt: "2027-05-04T10:00:00.000Z",
      updatedAt: "2025-01-02T03:04:05.000Z",
      locked: true,
      transferable: false,
      heldHere: true,
      ownerId: "user-1",
      nameservers: ["ns1.host.example", "ns2.host.example"],
      maxRenewalYears: 8,
    });
    expect(sent[0]!.body).toMatchObject({ name: "shop.com", hosts: "all" });
    expect(typeof sent[0]!.body.clTRID).toBe("string");
    expect(await registry.info("gone.com")).toBeNull();
  });

  it("leaves the owner out when the gateway cannot name it, and our records decide (heldBy)", async () => {
    // The gateway answers registrant only for contacts it made (services/epp-gateway: withOwner).
    const { registry } = gateway((_, body) =>
      body.name === "theirs.com"
        ? { code: 1000, resData: infoData({ name: "theirs.com", clID: "other-registrar" }) }
        : body.name === "another.com"
          ? { code: 1000, resData: infoData({ name: "another.com", registrant: "user-2" }) }
          : { code: 1000, resData: infoData({ registrant: undefined, registrantContact: "c1234567abcdef01" }) },
    );
    const unnamed = await registry.info("shop.com");
    expect(unnamed).toMatchObject({ heldHere: true });
    expect(unnamed).not.toHaveProperty("ownerId");
    expect(heldBy(unnamed, "user-1")).toBe(true);
    expect(heldBy(await registry.info("another.com"), "user-1")).toBe(false);
    expect(heldBy(await registry.info("theirs.com"), "user-1")).toBe(false);
    expect(heldBy(null, "user-1")).toBe(false);
  });

  it("reads the DS records of secDNS infData (RFC 5910)", async () => {
    const { registry } = gateway(() => ({
      code: 1000,
      resData: infoData({
        secDNS: { dsData: [{ keyTag: 12345, alg: 13, digestType: 2, digest: "AB".repeat(32) }, { keyTag: "x" }] },
      }),
    }));
    expect((await registry.info("shop.com"))?.ds).toEqual([`12345 13 2 ${"AB".repeat(32)}`]);
  });

  it("maps EPP and RGP statuses to SPEC statuses", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: ["pendingCreate"] }, "pending"],
      [{ status: ["pendingDelete"], rgpStatus: [{ s: "redemptionPeriod" }] }, "redemption"],
      [{ status: ["pendingDelete"], rgpStatus: ["pendingDelete"] }, "pending_delete"],
      [{ status: ["pendingTransfer"] }, "transfer_out_pending"],
      [{ status: ["pendingTransfer"], clID: "other-registrar" }, "pending_transfer"],
      [{ status: ["serverHold"] }, "suspended"],
      [{ status: ["ok"], rgpStatus: ["autoRenewPeriod"] }, "grace_period"],
      [{ exDate: "2026-03-20T00:00:00Z" }, "expiring_soon"],
      [{ exDate: "2026-02-20T00:00:00Z" }, "grace_period"],
    ];
    for (const [overrides, status] of cases) {
      const { registry } = gateway(() => ({ code: 1000, resData: infoData(overrides) }));
      expect((await registry.info("shop.com"))?.status, JSON.stringify(overrides)).toBe(status);
    }
    const { registry } = gateway(() => ({ code: 1000, resData: infoData({ clID: "other", authInfo: undefined }) }));
    const elsewhere = await registry.info("shop.com");
    expect(elsewhere).toMatchObject({ heldHere: false, maxRenewalYears: 0 });
    expect(elsewhere?.ownerId).toBeUndefined();
    await rejects(registry.getAuthCode("shop.com"), "not_held_here");
  });

  it("creates with period, nameservers and registrant, then locks and reads it back", async () => {
    const { registry, sent } = gateway((command) =>
      command === "create"
        ? { code: 1000, resData: { name: "new.com", crDate: "2026-03-01T12:00:00Z", exDate: "2028-03-01T12:00:00Z" } }
        : command === "update"
          ? { code: 1000 }
          : { code: 1000, resData: infoData({ name: "new.com", status: ["clientTransferProhibited"] }) },
    );
    const info = await registry.create({
      name: "new.com",
      years: 2,
      ownerId: "user-9",
      nameservers: ["NS1.Host.Example"],
    });
    expect(info).toMatchObject({ name: "new.com", locked: true, heldHere: true });
    expect(sent.map((request) => request.command)).toEqual(["create", "update", "info"]);
    expect(sent[0]!.body).toMatchObject({
      name: "new.com",
      period: { unit: "y", value: 2 },
      ns: ["ns1.host.example"],
      registrant: "user-9",
    });
    expect(sent[1]!.body).toMatchObject({ name: "new.com", add: { status: ["clientTransferProhibited"] } });
    await rejects(registry.create({ name: "new.com", years: 11, ownerId: "u" }), "invalid_period");
    expect(sent).toHaveLength(3);
  });

  it("renews with curExpDate as a date, updates lock and nameservers, reads the auth code, deletes and restores", async () => {
    const { registry, sent } = gateway((command, body) => {
      if (command === "info") return { code: 1000, resData: infoData() };
      if (command === "delete") return { code: 1001, msg: "Command completed successfully; action pending" };
      return { code: 1000, resData: body.name ? {} : undefined };
    });
    await registry.renew({ name: "shop.com", years: 1, currentExpiry: "2027-05-04T10:00:00.000Z" });
    expect(sent[0]).toMatchObject({
      command: "renew",
      body: { curExpDate: "2027-05-04", period: { unit: "y", value: 1 } },
    });

    await registry.setLock("shop.com", false);
    expect(sent.at(-2)).toMatchObject({ command: "update", body: { rem: { status: ["clientTransferProhibited"] } } });

    sent.length = 0;
    await registry.setNameservers("shop.com", ["ns2.host.example", "ns3.host.example"]);
    expect(sent.map((request) => request.command)).toEqual(["info", "update", "info"]);
    expect(sent[1]!.body).toMatchObject({ add: { ns: ["ns3.host.example"] }, rem: { ns: ["ns1.host.example"] } });

    expect(await registry.getAuthCode("shop.com")).toBe("Secret-Auth-1");

    // DNSSEC: RFC 5910 secDNS update, all DS removed and the new set added in one command.
    sent.length = 0;
    await registry.setDsRecords("shop.com", [`2371 13 2 ${"c0".repeat(32)}`]);
    expect(sent.map((request) => request.command)).toEqual(["info", "update", "info"]);
    expect(sent[1]!.body).toMatchObject({
      name: "shop.com",
      secDNS: {
        rem: { all: true },
        add: { dsData: [{ keyTag: 2371, alg: 13, digestType: 2, digest: "C0".repeat(32) }] },
      },
    });
    sent.length = 0;
    await registry.setDsRecords("shop.com", []);
    expect(sent[1]!.body).toEqual(expect.objectContaining({ secDNS: { rem: { all: true } } }));
    await rejects(registry.setDsRecords("shop.com", ["not a ds"]), "invalid_input");

    sent.length = 0;
    await registry.delete("shop.com");
    expect(sent.map((request) => request.command)).toEqual(["info", "delete", "info"]);
    await registry.restore("shop.com");
    expect(sent.at(-2)).toMatchObject({ command: "update", body: { rgp: { restore: { op: "request" } } } });
  });

  it("sends the registrant contact beside the owner id, in the gateway's ContactData shape", async () => {
    const { registry, sent } = gateway((command) =>
      command === "info"
        ? { code: 1000, resData: infoData({ name: "new.com", status: ["clientTransferProhibited"] }) }
        : { code: 1000 },
    );
    await registry.create({
      name: "new.com",
      years: 1,
      ownerId: "user-9",
      registrant: {
        name: "Ada Lovelace",
        org: "Analytical Engines Ltd",
        street: ["12 Rue de Rivoli\nBâtiment B", "  "],
        city: "Paris",
        postalCode: "75001",
        countryCode: "fr",
        phone: "+33 1 23 45 67 89",
        email: "ada@example.test",
      },
    });
    expect(sent[0]!.body).toMatchObject({
      registrant: "user-9",
      contact: {
        name: "Ada Lovelace",
        org: "Analytical Engines Ltd",
        street: ["12 Rue de Rivoli", "Bâtiment B"],
        city: "Paris",
        pc: "75001",
        cc: "FR",
        voice: "+33.123456789",
        email: "ada@example.test",
      },
    });
    expect(sent[0]!.body.contact).not.toHaveProperty("sp");

    // A national number (no country code) is left out rather than guessed; long addresses fit 3 lines.
    sent.length = 0;
    await registry.create({
      name: "new.com",
      years: 1,
      ownerId: "user-9",
      registrant: {
        name: "Bob",
        street: ["1 A St\n2 B St\n3 C St\n4 D St"],
        city: "Austin",
        state: "TX",
        countryCode: "US",
        phone: "(512) 555-0100",
        email: "bob@example.test",
      },
    });
    expect(sent[0]!.body.contact).toEqual({
      name: "Bob",
      street: ["1 A St", "2 B St", "3 C St, 4 D St"],
      city: "Austin",
      sp: "TX",
      cc: "US",
      email: "bob@example.test",
    });

    // Without a contact (the simulated registry's callers, older orders) the body has none.
    sent.length = 0;
    await registry.create({ name: "new.com", years: 1, ownerId: "user-9" });
    expect(sent[0]!.body).not.toHaveProperty("contact");
  });

  it("takes a 2302 on create for a name held here by the same owner as its own earlier create", async () => {
    const { registry, sent } = gateway((command) => {
      if (command === "create") return { code: 2302, msg: "Object exists" };
      if (command === "update") return { code: 1000 };
      return { code: 1000, resData: infoData({ name: "lost.com", registrant: "user-9", status: ["ok"] }) };
    });
    const info = await registry.create({ name: "lost.com", years: 1, ownerId: "user-9" });
    expect(info).toMatchObject({ name: "lost.com", heldHere: true, ownerId: "user-9" });
    // Never a second create; the lock the lost run did not reach is set now.
    expect(sent.map((request) => request.command)).toEqual(["create", "info", "update", "info"]);

    // Someone else's name (another owner here, or another registrar): still not available.
    await rejects(registry.create({ name: "lost.com", years: 1, ownerId: "user-2" }), "not_available");
    const elsewhere = gateway((command) =>
      command === "create"
        ? { code: 2302, msg: "Object exists" }
        : { code: 1000, resData: infoData({ name: "lost.com", registrant: "user-9", clID: "other-registrar" }) },
    );
    await rejects(elsewhere.registry.create({ name: "lost.com", years: 1, ownerId: "user-9" }), "not_available");
    expect(elsewhere.sent.map((request) => request.command)).toEqual(["create", "info"]);
  });

  it("takes a 2306/2105 on renew as its own earlier renewal when the expiry already moved by those years", async () => {
    for (const code of [2306, 2105]) {
      const { registry, sent } = gateway((command) =>
        command === "renew"
          ? { code, msg: "Parameter value policy error", reason: "curExpDate does not match" }
          : { code: 1000, resData: infoData({ exDate: "2029-05-04T10:00:00.0Z" }) },
      );
      const renewed = await registry.renew({ name: "shop.com", years: 2, currentExpiry: "2027-05-04T10:00:00.000Z" });
      expect(renewed.expiresAt).toBe("2029-05-04T10:00:00.000Z");
      expect(sent.map((request) => request.command)).toEqual(["renew", "info"]);
      // Any other expiry: the refusal stands (a stale view, not our renewal).
      await rejects(registry.renew({ name: "shop.com", years: 1, currentExpiry: "2027-05-04" }), "invalid_period");
    }
  });

  it("reports a delete that purged the name at once as deleted", async () => {
    let deleted = false;
    const { registry } = gateway((command) => {
      if (command === "delete") {
        deleted = true;
        return { code: 1000 };
      }
      return deleted ? { code: 2303, msg: "Object does not exist" } : { code: 1000, resData: infoData() };
    });
    expect(await registry.delete("shop.com")).toMatchObject({
      name: "shop.com",
      status: "deleted",
      maxRenewalYears: 0,
    });
  });
});

describe("http registry: transfers", () => {
  const trnData = (trStatus: string, reID = US) => ({
    name: "moving.com",
    trStatus,
    reID,
    reDate: "2026-03-01T12:00:00Z",
    acID: "godaddy",
    acDate: "2026-03-06T12:00:00Z",
    exDate: "2028-05-04T10:00:00Z",
  });

  it("requests with period and auth code and maps trnData", async () => {
    const { registry, sent } = gateway(() => ({ code: 1001, resData: trnData("pending") }));
    expect(
      await registry.transferRequest({ name: "moving.com", authCode: " Auth-123 ", years: 1, ownerId: "user-3" }),
    ).toEqual({
      name: "moving.com",
      direction: "in",
      status: "pending",
      gainingRegistrar: US,
      losingRegistrar: "godaddy",
      requestedAt: "2026-03-01T12:00:00.000Z",
      actionBy: "2026-03-06T12:00:00.000Z",
      years: 1,
      expiresAt: "2028-05-04T10:00:00.000Z",
      ownerId: "user-3",
    });
    expect(sent[0]).toMatchObject({
      url: `${BASE}/domain/transfer`,
      body: { op: "request", name: "moving.com", period: { unit: "y", value: 1 }, authInfo: { pw: "Auth-123" } },
    });
    expect(sent[0]!.body).not.toHaveProperty("contact");

    await registry.transferRequest({
      name: "moving.com",
      authCode: "Auth-123",
      years: 1,
      ownerId: "user-3",
      registrant: {
        name: "Grace Hopper",
        street: ["1 Navy Way"],
        city: "Arlington",
        countryCode: "US",
        phone: "+1 555 010 0000",
        email: "grace@example.test",
      },
    });
    expect(sent[1]!.body).toMatchObject({
      registrant: "user-3",
      contact: { name: "Grace Hopper", street: ["1 Navy Way"], cc: "US", voice: "+1.5550100000" },
    });
  });

  it("maps query, approve, reject and cancel answers", async () => {
    const replies: Record<string, Reply> = {
      query: { code: 1000, resData: trnData("serverApproved") },
      approve: { code: 1000, resData: trnData("clientApproved", "other") },
      reject: { code: 1000, resData: trnData("clientRejected", "other") },
      cancel: { code: 1000, resData: trnData("clientCancelled") },
    };
    const { registry, sent } = gateway((_, body) => replies[String(body.op)]!);
    expect(await registry.transferQuery("moving.com")).toMatchObject({
      status: "approved",
      resolvedBy: "server",
      direction: "in",
    });
    expect(await registry.transferApprove("moving.com")).toMatchObject({
      status: "approved",
      resolvedBy: "client",
      direction: "out",
    });
    expect(await registry.transferReject("moving.com")).toMatchObject({ status: "rejected", resolvedBy: "client" });
    expect(await registry.transferCancel("moving.com")).toMatchObject({ status: "cancelled", resolvedBy: "client" });
    expect(sent.map((request) => request.body.op)).toEqual(["query", "approve", "reject", "cancel"]);

    const none = gateway(() => ({ code: 2301, msg: "Object not pending transfer" }));
    expect(await none.registry.transferQuery("moving.com")).toBeNull();
  });

  it("maps EPP error codes to registry error codes", async () => {
    const cases: [
      number,
      string | undefined,
      () => (r: ReturnType<typeof gateway>["registry"]) => Promise<unknown>,
      RegistryErrorCode,
    ][] = [
      [
        2202,
        "Invalid authorization information",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "invalid_auth_code",
      ],
      [
        2304,
        "clientTransferProhibited",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "locked",
      ],
      [
        2304,
        "serverTransferProhibited",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "not_transferable",
      ],
      [
        2106,
        "Object is not eligible for transfer",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "not_transferable",
      ],
      [
        2300,
        "Object pending transfer",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "pending_transfer",
      ],
      [
        2303,
        "Object does not exist",
        () => (r) => r.transferRequest({ name: "a.com", authCode: "x", years: 1, ownerId: "u" }),
        "not_found",
      ],
      [2302, "Object exists", () => (r) => r.create({ name: "a.com", years: 1, ownerId: "u" }), "not_available"],
      [2306, "Reserved name", () => (r) => r.create({ name: "a.com", years: 1, ownerId: "u" }), "not_available"],
      [
        2306,
        "Period would exceed 10 years",
        () => (r) => r.renew({ name: "a.com", years: 9, currentExpiry: "2027-01-01" }),
        "invalid_period",
      ],
      [
        2004,
        "Parameter value range error: period",
        () => (r) => r.renew({ name: "a.com", years: 9, currentExpiry: "2027-01-01" }),
        "invalid_period",
      ],
      [
        2105,
        "Object is not eligible for renewal",
        () => (r) => r.renew({ name: "a.com", years: 9, currentExpiry: "2027-01-01" }),
        "invalid_period",
      ],
      [2201, "Authorization error", () => (r) => r.setLock("a.com", true), "not_held_here"],
      [2304, "Object status prohibits operation", () => (r) => r.delete("a.com"), "invalid_state"],
      [2005, "Parameter value syntax error", () => (r) => r.setLock("a.com", true), "invalid_input"],
      [2400, "Command failed", () => (r) => r.check(["a.com"]), "unavailable"],
      [2200, "Authentication error", () => (r) => r.check(["a.com"]), "unavailable"],
      [2502, "Session limit exceeded", () => (r) => r.check(["a.com"]), "unavailable"],
    ];
    for (const [eppCode, msg, action, expected] of cases) {
      const { registry } = gateway((command) =>
        command === "info" ? { code: 1000, resData: infoData({ name: "a.com" }) } : { code: eppCode, msg },
      );
      const error = await rejects(action()(registry), expected);
      expect(error.eppCode, `${eppCode} ${msg}`).toBe(eppCode);
    }
  });
});

describe("http registry: transport", () => {
  it("turns a network failure, a timeout, refused credentials and non-EPP answers into 'unavailable'", async () => {
    const offline = createHttpRegistry({
      baseUrl: BASE,
      token: "t",
      clientId: US,
      fetch: async () => {
        throw new TypeError("fetch failed: getaddrinfo ENOTFOUND epp-gateway.test");
      },
    });
    expect((await rejects(offline.check(["a.com"]), "unavailable")).message).toMatch(/registry service is unreachable/);

    const slow = createHttpRegistry({
      baseUrl: BASE,
      token: "t",
      clientId: US,
      timeoutMs: 30,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    expect((await rejects(slow.info("a.com"), "unavailable")).message).toMatch(/no answer within/);

    const refused = gateway(() => new Response("no", { status: 401 }));
    expect((await rejects(refused.registry.info("a.com"), "unavailable")).message).toMatch(/credentials/);

    const broken = gateway(
      () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
    );
    expect((await rejects(broken.registry.info("a.com"), "unavailable")).message).toMatch(/HTTP 502/);
  });

  it("fails clearly without calling anything when it is not configured", async () => {
    let calls = 0;
    const registry = createHttpRegistry({
      baseUrl: "not a url",
      token: "t",
      clientId: US,
      fetch: async () => {
        calls += 1;
        return new Response("{}");
      },
    });
    expect((await rejects(registry.info("a.com"), "unavailable")).message).toMatch(/REGISTRY_API_URL/);
    const missing = createHttpRegistry({ fetch: async () => new Response("{}") });
    expect((await rejects(missing.check(["a.com"]), "unavailable")).message).toMatch(
      /REGISTRY_API_URL, REGISTRY_API_TOKEN, REGISTRY_CLIENT_ID/,
    );
    expect(calls).toBe(0);
  });
});
