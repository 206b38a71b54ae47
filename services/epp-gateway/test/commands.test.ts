// The contract's commands end to end: HTTP (fetch, bearer token) → the gateway app → the session
// pool → TLS → the loopback EPP server running the stateful registry script. Each test makes its own
// names, registries and faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contactIdFor, createOwnerDirectory } from "../src/commands";
import { startHarness, type Harness, type HarnessRegistry } from "./support/gateway-harness";
import { responseXml } from "./support/epp-test-server";
import { createRegistryScript, type RegistryScriptOptions } from "./support/registry-script";
import { makeTestCa, type TestCa } from "./support/test-ca";
import { EPP_SCHEMA_WITH_FEE, validateEpp } from "./support/xsd";

const CLID = "trinity";
const OWNER = "3f1c2a9e-8d7b-4c1e-9a55-0d2b7c4e6f10";
const CONTACT = {
  name: "Ada Lovelace",
  street: ["12 Rue de la Paix"],
  city: "Paris",
  pc: "75002",
  cc: "FR",
  voice: "+33.123456789",
  email: "ada@example.test",
};

let ca: TestCa;
let harness: Harness | undefined;

beforeAll(() => {
  ca = makeTestCa();
});
afterAll(() => ca.cleanup());
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function stack(
  script: Partial<RegistryScriptOptions> = {},
  registry: Partial<HarnessRegistry> = {},
  options: Parameters<typeof startHarness>[2] = {},
  /** Collects the registry script's answers (to validate them too). */
  answers?: string[],
) {
  const registryScript = createRegistryScript({ clID: CLID, tlds: ["test", "example"], ...script });
  const recorded: typeof registryScript.script = async (request) => {
    const answer = await registryScript.script(request);
    if (typeof answer === "string") answers?.push(answer);
    return answer;
  };
  harness = await startHarness(
    ca,
    [{ id: "reg-a", clID: CLID, tlds: ["test", "example"], script: recorded, ...registry }],
    options,
  );
  return { registry: registryScript, gw: harness, server: harness.servers.get("reg-a") };
}

const uniq = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

async function expectAllValid(requests: { xml: string; command: string }[]): Promise<void> {
  const problems = await Promise.all(
    requests
      .filter((request) => request.command !== "hello")
      .map(async (request) => ({
        command: request.command,
        errors: await validateEpp(request.xml, EPP_SCHEMA_WITH_FEE),
      })),
  );
  expect(problems.filter((problem) => problem.errors.length > 0)).toEqual([]);
}

describe("commands through the gateway", () => {
  it("buys, renews, locks, changes nameservers, adds a DS, deletes and restores; every message sent validates", async () => {
    const answers: string[] = [];
    const { registry, gw, server } = await stack(
      { premium: { "gold.test": { create: "250.00", renew: "90.00" } } },
      { fee: { currency: "USD" } },
      {},
      answers,
    );
    const name = `${uniq("shop")}.test`;

    const check = await gw.call("check", {
      names: [name, "gold.test", "x.unknowntld", name.toUpperCase()],
      clTRID: "c-1",
    });
    expect(check.status).toBe(200);
    expect(check.json.result.code).toBe(1000);
    expect(check.json.trID.clTRID).toBe("c-1");
    expect(check.json.resData?.cd).toEqual([
      expect.objectContaining({ name, avail: true }),
      expect.objectContaining({
        name: "gold.test",
        avail: true,
        fee: expect.objectContaining({ class: "premium", create: "250.00" }),
      }),
      { name: "x.unknowntld", avail: false, reason: "unsupported tld" },
      expect.objectContaining({ name, avail: true }),
    ]);

    const create = await gw.call("create", {
      name,
      period: { unit: "y", value: 2 },
      ns: ["ns1.trinity.example", "ns2.trinity.example"],
      registrant: OWNER,
      contact: CONTACT,
      authInfo: { pw: "Auth-Code-123!" },
      clTRID: "c-2",
    });
    expect(create.json.result.code).toBe(1000);
    expect(create.json.resData).toMatchObject({ name });
    expect(create.json.trID.clTRID).toBe("c-2");
    // The storefront's clTRID is the EPP command's.
    expect(server?.received("domain:create").map((request) => request.clTRID)).toEqual(["c-2"]);
    const contactId = contactIdFor(OWNER, CONTACT);
    expect(contactId).toMatch(/^[a-z0-9]{16}$/);
    expect(registry.state.contacts.get(contactId)).toMatchObject({ ...CONTACT, id: contactId });
    expect(registry.state.domains.get(name)?.registrant).toBe(contactId);

    // The same owner and data: the contact is reused, not created again.
    const second = `${uniq("shop")}.test`;
    expect(
      (await gw.call("create", { name: second, registrant: OWNER, contact: CONTACT, authInfo: { pw: "x-Auth-2" } }))
        .json.result.code,
    ).toBe(1000);
    expect(server?.received("contact:create")).toHaveLength(1);
    expect(server?.received("contact:check")).toHaveLength(2);

    // info answers the storefront's owner id as registrant (the registry knows the contact id).
    const info = await gw.call("info", { name, hosts: "all" });
    expect(info.json.result.code).toBe(1000);
    expect(info.json.resData).toMatchObject({ name, clID: CLID, registrant: OWNER, registrantContact: contactId });
    expect(info.json.resData?.ns).toEqual(["ns1.trinity.example", "ns2.trinity.example"]);
    const exDate = String(info.json.resData?.exDate);

    // A name we sponsor whose registrant the gateway did not make (another tool made it, or the
    // owner map was lost): the owner is left out, never the contact id in its place — the
    // storefront would read a contact id as another owner and the name as gone.
    const foreign = `${uniq("kept")}.test`;
    registry.state.domains.set(foreign, {
      ...structuredClone(registry.state.domains.get(name)!),
      name: foreign,
      roid: "FOREIGN-1",
      registrant: "made-elsewhere",
    });
    const unknown = await gw.call("info", { name: foreign, hosts: "all" });
    expect(unknown.json.result.code).toBe(1000);
    expect(unknown.json.resData).toMatchObject({ name: foreign, clID: CLID, registrantContact: "made-elsewhere" });
    expect(unknown.json.resData).not.toHaveProperty("registrant");

    const renew = await gw.call("renew", { name, curExpDate: exDate.slice(0, 10), period: { unit: "y", value: 1 } });
    expect(renew.json.result.code).toBe(1000);
    expect(String(renew.json.resData?.exDate).slice(0, 4)).toBe(String(Number(exDate.slice(0, 4)) + 1));
    // A stale curExpDate: the registry refuses, so a retried renew never renews twice.
    expect(
      (await gw.call("renew", { name, curExpDate: exDate.slice(0, 10), period: { unit: "y", value: 1 } })).json.result
        .code,
    ).toBe(2306);

    expect((await gw.call("update", { name, add: { status: ["clientTransferProhibited"] } })).json.result.code).toBe(
      1000,
    );
    expect(registry.state.domains.get(name)?.status.has("clientTransferProhibited")).toBe(true);
    expect((await gw.call("update", { name, rem: { status: ["clientTransferProhibited"] } })).json.result.code).toBe(
      1000,
    );
    expect(registry.state.domains.get(name)?.status.has("clientTransferProhibited")).toBe(false);

    expect(
      (await gw.call("update", { name, add: { ns: ["ns3.other.example"] }, rem: { ns: ["ns2.trinity.example"] } })).json
        .result.code,
    ).toBe(1000);
    expect(registry.state.domains.get(name)?.ns).toEqual(["ns1.trinity.example", "ns3.other.example"]);

    const ds = { keyTag: 12345, alg: 13, digestType: 2, digest: "A".repeat(64) };
    expect(
      (await gw.call("update", { name, secDNS: { rem: { all: true }, add: { dsData: [ds] } } })).json.result.code,
    ).toBe(1000);
    const withDs = await gw.call("info", { name, hosts: "all" });
    expect(withDs.json.resData?.secDNS).toEqual({
      dsData: [expect.objectContaining({ keyTag: 12345, digest: "A".repeat(64) })],
    });

    const deleted = await gw.call("delete", { name });
    expect(deleted.json.result.code).toBe(1001);
    expect((await gw.call("info", { name, hosts: "all" })).json.resData?.rgpStatus).toEqual(["redemptionPeriod"]);

    const restored = await gw.call("update", { name, chg: {}, rgp: { restore: { op: "request" } } });
    expect(restored.json.result.code).toBe(1000);
    expect(restored.json.result.msg).toMatch(/reported/);
    const back = await gw.call("info", { name, hosts: "all" });
    expect(back.json.resData?.rgpStatus ?? []).toEqual([]);
    expect(back.json.resData?.status).not.toContain("pendingDelete");
    const reports = server?.received("domain:update").filter((request) => /op="report"/.test(request.xml)) ?? [];
    expect(reports).toHaveLength(1);
    expect(reports[0]?.xml).toMatch(/<rgp:preData>/);

    await expectAllValid(server?.requests ?? []);
    // The registry script's own answers are schema-valid EPP too (the storefront's end-to-end test relies on it).
    expect(answers.length).toBeGreaterThan(20);
    await expectAllValid(
      answers.filter((xml) => !xml.includes("<greeting>")).map((xml) => ({ xml, command: "answer" })),
    );
    // No password or auth code in any log line.
    expect(gw.lines.join("\n")).not.toMatch(/secret-password|Auth-Code-123/);
  });

  it("transfers a name in: request, query, the losing registrar approves, and cancel/reject answers", async () => {
    const { registry, gw, server } = await stack();
    const name = `${uniq("moving")}.example`;
    registry.addForeign(name, { authInfo: "Foreign-Code-9" });

    const wrong = await gw.call("transfer", {
      op: "request",
      name,
      period: { unit: "y", value: 1 },
      authInfo: { pw: "nope" },
    });
    expect(wrong.json.result.code).toBe(2202);
    const asked = await gw.call("transfer", {
      op: "request",
      name,
      period: { unit: "y", value: 1 },
      authInfo: { pw: "Foreign-Code-9" },
      registrant: OWNER,
    });
    expect(asked.json.result.code).toBe(1001);
    expect(asked.json.resData).toMatchObject({ name, trStatus: "pending", reID: CLID, acID: "otherreg" });
    expect((await gw.call("transfer", { op: "query", name })).json.resData).toMatchObject({ trStatus: "pending" });

    registry.resolveIncoming(name, "clientApproved");
    const info = await gw.call("info", { name, hosts: "all" });
    expect(info.json.resData).toMatchObject({ clID: CLID, registrant: OWNER });

    // Nothing pending now: approve/reject/cancel answer 2301 (the adapter's invalid_state).
    expect((await gw.call("transfer", { op: "cancel", name })).json.result.code).toBe(2301);

    // A transfer out, answered by us.
    registry.requestTransferOut(name);
    const rejected = await gw.call("transfer", { op: "reject", name });
    expect(rejected.json.result.code).toBe(1000);
    expect(rejected.json.resData).toMatchObject({ trStatus: "clientRejected" });
    await expectAllValid(server?.requests ?? []);
  });

  it("checks more names than one batch in the registry's batches, in input order; > 100 names is a syntax error", async () => {
    const { gw, server, registry } = await stack({}, { checkBatch: 3 });
    const names = Array.from({ length: 8 }, (_, index) => `${uniq(`n${index}`)}.test`);
    registry.addForeign(names[4] ?? "");
    const check = await gw.call("check", { names });
    expect(check.json.result.code).toBe(1000);
    const cd = check.json.resData?.cd as { name: string; avail: boolean; reason?: string }[];
    expect(cd.map((entry) => entry.name)).toEqual(names);
    expect(cd.map((entry) => entry.avail)).toEqual([true, true, true, true, false, true, true, true]);
    expect(server?.received("domain:check")).toHaveLength(3);

    const tooMany = await gw.call("check", { names: Array.from({ length: 101 }, (_, index) => `n${index}.test`) });
    expect(tooMany.json.result).toMatchObject({ code: 2001, reason: expect.stringMatching(/100 names/) });
    expect(server?.received("domain:check")).toHaveLength(3);
  });

  it("answers names of extensions no registry serves without asking one", async () => {
    const { gw, server } = await stack();
    expect((await gw.call("info", { name: "a.nowhere" })).json.result).toMatchObject({
      code: 2303,
      reason: expect.stringMatching(/unsupported tld/),
    });
    expect((await gw.call("create", { name: "a.nowhere", authInfo: { pw: "x-Auth-1" } })).json.result.code).toBe(2306);
    expect((await gw.call("renew", { name: "a.nowhere", curExpDate: "2027-01-01" })).json.result.code).toBe(2303);
    expect(server?.requests.filter((request) => request.command.startsWith("domain:"))).toEqual([]);
  });

  it("passes a name the registry refuses through with its code and reason", async () => {
    const { gw } = await stack({ reserved: ["forbidden"] });
    const refused = await gw.call("create", { name: "forbidden.test", authInfo: { pw: "x-Auth-1" } });
    expect(refused.status).toBe(200);
    expect(refused.json.result).toMatchObject({ code: 2306, reason: "Reserved name" });
    const check = await gw.call("check", { names: ["forbidden.test"] });
    expect(check.json.resData?.cd).toEqual([expect.objectContaining({ avail: false, reason: "Reserved" })]);
    // A body the contract does not allow is refused before EPP.
    expect((await gw.call("create", { name: "bad name.test", authInfo: { pw: "x" } })).json.result.code).toBe(2005);
    expect((await gw.call("create", { authInfo: { pw: "x" } })).json.result.code).toBe(2003);
  });
});

describe("a lost answer is never repeated blindly", () => {
  it("create dropped after the registry made it: one create, an info, success confirmed by info", async () => {
    const { gw, server, registry } = await stack({
      after: (request) => (request.command === "domain:create" ? { drop: true } : undefined),
    });
    const name = `${uniq("lost")}.test`;
    const answer = await gw.call("create", {
      name,
      registrant: OWNER,
      contact: CONTACT,
      authInfo: { pw: "x-Auth-1" },
      clTRID: "c-lost",
    });
    expect(answer.json.result.code).toBe(1000);
    expect(answer.json.result.msg).toMatch(/confirmed by info/);
    expect(answer.json.resData).toMatchObject({ name });
    expect(answer.json.trID.clTRID).toBe("c-lost");
    expect(server?.received("domain:create")).toHaveLength(1);
    expect(server?.received("domain:info").length).toBeGreaterThanOrEqual(1);
    expect(registry.state.domains.get(name)?.clID).toBe(CLID);
    expect(gw.followUps).toEqual([expect.objectContaining({ command: "domain:create", code: 1000, clTRID: "c-lost" })]);
  });

  it("create whose answer comes after the command time-out: not repeated, confirmed by info", async () => {
    const { gw, server } = await stack(
      {
        after: (request, xml) => (request.command === "domain:create" ? { xml, delayMs: 700 } : undefined),
      },
      { commandTimeoutMs: 250 },
    );
    const name = `${uniq("slowcreate")}.test`;
    const answer = await gw.call("create", { name, authInfo: { pw: "x-Auth-1" } });
    expect(answer.json.result).toMatchObject({ code: 1000, msg: expect.stringMatching(/confirmed by info/) });
    expect(server?.received("domain:create")).toHaveLength(1);
  });

  it("create dropped before the registry made it: one create, an info, 2400 not created", async () => {
    const { gw, server, registry } = await stack({
      fault: (request) => (request.command === "domain:create" ? { drop: true } : undefined),
    });
    const name = `${uniq("never")}.test`;
    const answer = await gw.call("create", { name, authInfo: { pw: "x-Auth-1" } });
    expect(answer.json.result).toMatchObject({ code: 2400, reason: expect.stringMatching(/not created/) });
    expect(server?.received("domain:create")).toHaveLength(1);
    expect(server?.received("domain:info").length).toBeGreaterThanOrEqual(1);
    expect(registry.state.domains.has(name)).toBe(false);
  });

  it("renew and delete whose answers were lost are confirmed by info, not sent twice", async () => {
    let dropNext = "";
    const { gw, server } = await stack({
      after: (request) => (request.command === dropNext ? ((dropNext = ""), { drop: true }) : undefined),
    });
    const name = `${uniq("keep")}.test`;
    await gw.call("create", { name, authInfo: { pw: "x-Auth-1" } });
    const exDate = String((await gw.call("info", { name })).json.resData?.exDate).slice(0, 10);
    dropNext = "domain:renew";
    const renewed = await gw.call("renew", { name, curExpDate: exDate, period: { unit: "y", value: 1 } });
    expect(renewed.json.result).toMatchObject({ code: 1000, msg: expect.stringMatching(/confirmed by info/) });
    expect(server?.received("domain:renew")).toHaveLength(1);
    dropNext = "domain:delete";
    const deleted = await gw.call("delete", { name });
    expect(deleted.json.result).toMatchObject({ code: 1001, msg: expect.stringMatching(/confirmed by info/) });
    expect(server?.received("domain:delete")).toHaveLength(1);
  });
});

describe("a lost transfer request", () => {
  it("is confirmed by a transfer query when the registry took it, and not sent twice", async () => {
    const { gw, server, registry } = await stack({
      after: (request) =>
        request.command === "domain:transfer" && /op="request"/.test(request.xml) ? { drop: true } : undefined,
    });
    const name = `${uniq("inbound")}.test`;
    registry.addForeign(name, { authInfo: "Foreign-Code-1" });
    const answer = await gw.call("transfer", {
      op: "request",
      name,
      period: { unit: "y", value: 1 },
      authInfo: { pw: "Foreign-Code-1" },
    });
    expect(answer.json.result).toMatchObject({
      code: 1001,
      msg: expect.stringMatching(/confirmed by a transfer query/),
    });
    expect(answer.json.resData).toMatchObject({ name, trStatus: "pending", reID: CLID });
    expect(server?.received("domain:transfer").filter((request) => /op="request"/.test(request.xml))).toHaveLength(1);
  });

  it("answers 2400 not requested when the registry never got it", async () => {
    const { gw, server, registry } = await stack({
      fault: (request) =>
        request.command === "domain:transfer" && /op="request"/.test(request.xml) ? { drop: true } : undefined,
    });
    const name = `${uniq("inbound")}.test`;
    registry.addForeign(name, { authInfo: "Foreign-Code-1" });
    const answer = await gw.call("transfer", {
      op: "request",
      name,
      period: { unit: "y", value: 1 },
      authInfo: { pw: "Foreign-Code-1" },
    });
    expect(answer.json.result).toMatchObject({ code: 2400, reason: expect.stringMatching(/not requested/) });
    expect(server?.received("domain:transfer").filter((request) => /op="request"/.test(request.xml))).toHaveLength(1);
    expect(registry.state.domains.get(name)?.transfer).toBeUndefined();
  });
});

describe("faults", () => {
  it("logs in again after the registry closed the sessions", async () => {
    const { gw, server } = await stack();
    const name = `${uniq("relogin")}.test`;
    expect((await gw.call("check", { names: [name] })).json.result.code).toBe(1000);
    server?.dropAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await gw.call("check", { names: [name] })).json.result.code).toBe(1000);
    expect(server?.received("login")).toHaveLength(2);
    expect(gw.pools.get("reg-a")?.stats().logins).toBe(2);
  });

  it("a registry that never greets: 2400 with the reason, quickly", async () => {
    const { gw } = await stack({}, { greetingTimeoutMs: 150, server: { greeting: false } });
    const answer = await gw.call("info", { name: "a.test" });
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({ code: 2400, reason: expect.stringMatching(/greeting/) });
  });

  it("2400, 2500 and 2502 answers are returned as they are; after 25xx the next command has a new session", async () => {
    const codes = [2400, 2500, 2502];
    const { gw, server } = await stack({
      fault: (request) => {
        if (request.command !== "domain:info") return undefined;
        const code = codes.shift();
        if (code === undefined) return undefined;
        const xml = responseXml({ code, clTRID: request.clTRID, reason: `test ${code}` });
        return code >= 2500 ? { close: true, xml } : xml;
      },
    });
    for (const code of [2400, 2500, 2502]) {
      const answer = await gw.call("info", { name: "x.test" });
      expect(answer.json.result).toMatchObject({ code, reason: `test ${code}` });
    }
    expect((await gw.call("info", { name: "x.test" })).json.result.code).toBe(2303);
    expect(server?.received("login").length).toBe(3);
  });

  it("a slow registry: the request answers 2400 at its limit, and the command's outcome is still logged", async () => {
    const { gw } = await stack(
      {
        fault: (request) =>
          request.command === "domain:check" ? { xml: slowCheck(request.clTRID), delayMs: 600 } : undefined,
      },
      { commandTimeoutMs: 2_000 },
      { requestTimeoutMs: 200 },
    );
    const answer = await gw.call("check", { names: ["slow.test"] });
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({ code: 2400, reason: expect.stringMatching(/no answer within/) });
    await expect.poll(() => gw.late.length, { timeout: 3_000, interval: 50 }).toBe(1);
    expect(gw.late[0]).toMatchObject({ command: "check", code: 1000 });
  });

  it("more parallel requests than sessions: all answered, never more connections than the cap", async () => {
    const { gw, server } = await stack({}, { maxSessions: 2 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => gw.call("check", { names: [`p${index}.test`] })),
    );
    expect(answers.map((answer) => answer.json.result.code)).toEqual(Array(8).fill(1000));
    expect(server?.connections.peak).toBeLessThanOrEqual(2);
    expect(gw.pools.get("reg-a")?.stats().logins).toBeLessThanOrEqual(2);
  });

  it("an answer that is not EPP, or a frame header of 2 GB: 2400, and the next command works on a new session", async () => {
    const faults: ({ xml: string; delayMs: number } | { raw: Uint8Array })[] = [
      { xml: "<html><body>Bad gateway</body></html>", delayMs: 0 },
      { raw: Uint8Array.from([0x7f, 0xff, 0xff, 0xff, 0x3c]) },
    ];
    const { gw, server } = await stack({
      fault: (request) => (request.command === "domain:info" ? faults.shift() : undefined),
    });
    const notEpp = await gw.call("info", { name: "a.test" });
    expect(notEpp.json.result).toMatchObject({
      code: 2400,
      reason: expect.stringMatching(/not_epp|not an EPP|frame|closed/i),
    });
    const huge = await gw.call("info", { name: "a.test" });
    expect(huge.json.result).toMatchObject({ code: 2400, reason: expect.stringMatching(/frame|closed/i) });
    expect((await gw.call("info", { name: "a.test" })).json.result.code).toBe(2303);
    expect(server?.received("login").length).toBeGreaterThanOrEqual(2);
  });
});

function slowCheck(clTRID?: string): string {
  return responseXml({
    code: 1000,
    clTRID,
    resData:
      `<domain:chkData xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">` +
      `<domain:cd><domain:name avail="1">slow.test</domain:name></domain:cd></domain:chkData>`,
  });
}

describe("the owner directory", () => {
  it("keeps contact → owner pairs in its file across restarts; a failed write does not fail the command", () => {
    const file = join(ca.dir, `owners-${uniq("f")}.jsonl`);
    const first = createOwnerDirectory({ file });
    first.rememberContact("c1234567abcdef01", OWNER);
    first.rememberName("Moved.test", OWNER);
    first.rememberName("moved.test", OWNER);
    // One line a new pair, none for a pair it already had.
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(2);
    // A crash mid-write leaves a cut line: skipped, the rest read back; a later line wins.
    appendFileSync(file, `{"name":"moved.test","owner":"user-2"}\n{"contact":"c9`);
    const second = createOwnerDirectory({ file });
    expect(second.ownerOfContact("c1234567abcdef01")).toBe(OWNER);
    expect(second.ownerOfName("moved.test")).toBe("user-2");
    expect(second.ownerOfContact("c9")).toBeUndefined();
    second.rememberContact("c7654321fedcba02", OWNER);
    expect(createOwnerDirectory({ file }).ownerOfContact("c7654321fedcba02")).toBe(OWNER);

    const errors: unknown[] = [];
    const broken = createOwnerDirectory({
      file: join(ca.dir, "no-such-dir", "owners.json"),
      onSaveError: (error) => errors.push(error),
    });
    expect(() => broken.rememberContact("c1", OWNER)).not.toThrow();
    expect(broken.ownerOfContact("c1")).toBe(OWNER);
    expect(errors).toHaveLength(1);
  });
});
