// The HTTP side: the bearer token, the envelopes of bad requests, /health, and what the storefront's
// own `http` registry adapter makes of all of it (it is pointed at the gateway for real). Then the
// process wiring (startGateway: configuration → pools → server) and its graceful shutdown.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHttpRegistry, isRegistryError, RegistryError } from "../../../workers/api/adapters/registry";
import { parseConfig, type LoadedConfig } from "../src/config";
import { startGateway } from "../src/main";
import { startEppTestServer } from "./support/epp-test-server";
import { startHarness, TOKEN, type Harness } from "./support/gateway-harness";
import { createRegistryScript } from "./support/registry-script";
import { makeTestCa, type TestCa } from "./support/test-ca";

const CLID = "trinity";
const OWNER = "7a0d5c1e-2b3f-4e6a-8c9d-112233445566";

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

async function stack() {
  const registry = createRegistryScript({ clID: CLID, tlds: ["test"] });
  harness = await startHarness(ca, [{ id: "reg-a", clID: CLID, tlds: ["test"], script: registry.script }]);
  return { registry, gw: harness };
}

async function post(url: string, body: string, token = TOKEN) {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  return {
    status: response.status,
    json: (await response.json()) as { result: { code: number; msg: string; reason?: string } },
  };
}

describe("the HTTP contract", () => {
  it("refuses a missing or wrong token with 401 and an envelope", async () => {
    const { gw } = await stack();
    const wrong = await post(`${gw.url}/domain/check`, JSON.stringify({ names: ["a.test"] }), "not-the-token");
    expect(wrong.status).toBe(401);
    expect(wrong.json.result.code).toBe(2200);
    const none = await fetch(`${gw.url}/domain/check`, { method: "POST", body: "{}" });
    expect(none.status).toBe(401);
    expect(gw.servers.get("reg-a")?.requests).toEqual([]);
  });

  it("answers malformed JSON with 400 / 2001 and an unknown command with 404 / 2000", async () => {
    const { gw } = await stack();
    const malformed = await post(`${gw.url}/domain/check`, '{"names": ["a.test"');
    expect(malformed.status).toBe(400);
    expect(malformed.json.result).toMatchObject({
      code: 2001,
      msg: "Command syntax error",
      reason: expect.stringMatching(/JSON/),
    });
    const array = await post(`${gw.url}/domain/check`, "[1,2]");
    expect(array.status).toBe(400);
    const unknown = await post(`${gw.url}/domain/frobnicate`, "{}");
    expect(unknown.status).toBe(404);
    expect(unknown.json.result).toMatchObject({ code: 2000, msg: "Unknown command" });
    const huge = await post(`${gw.url}/domain/check`, JSON.stringify({ names: ["a.test"], pad: "x".repeat(300_000) }));
    expect(huge.status).toBe(413);
    expect(huge.json.result.code).toBe(2001);
    const elsewhere = await post(`${gw.url}/nothing/here`, "{}");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.result.code).toBe(2000);
  });

  it("GET /health answers the registries' session figures without secrets", async () => {
    const { gw } = await stack();
    await gw.call("check", { names: ["h.test"] });
    const response = await fetch(`${gw.url}/health`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      ok: true,
      registries: [{ id: "reg-a", sessions: { logins: 1, commands: 1 } }],
    });
    expect(text).not.toMatch(/secret-password|test-gateway-token/);
  });
});

describe("the storefront's http adapter against the gateway", () => {
  it("registers, locks, changes nameservers, sets a DS, deletes and restores; the owner reads back", async () => {
    const { gw, registry } = await stack();
    const adapter = createHttpRegistry({ baseUrl: gw.url, token: TOKEN, clientId: CLID, timeoutMs: 3_000 });
    const name = `adapter-${Math.random().toString(36).slice(2, 8)}.test`;
    const [check] = await adapter.check([name]);
    expect(check).toMatchObject({ name, available: true });
    const created = await adapter.create({
      name,
      years: 1,
      ownerId: OWNER,
      nameservers: ["ns1.trinity.example", "ns2.trinity.example"],
    });
    expect(created).toMatchObject({ name, heldHere: true, ownerId: OWNER, locked: true, status: "active" });
    expect((await adapter.setLock(name, false)).locked).toBe(false);
    expect((await adapter.setNameservers(name, ["ns1.trinity.example", "ns9.other.example"])).nameservers).toEqual([
      "ns1.trinity.example",
      "ns9.other.example",
    ]);
    const ds = `12345 13 2 ${"B".repeat(64)}`;
    expect((await adapter.setDsRecords(name, [ds])).ds).toEqual([ds]);
    const deleted = await adapter.delete(name);
    expect(deleted.status).toBe("redemption");
    const restored = await adapter.restore(name);
    expect(restored.status).toBe("active");
    expect(registry.state.domains.get(name)?.rgp).toBeUndefined();

    const renewed = await adapter.renew({ name, years: 1, currentExpiry: restored.expiresAt });
    expect(renewed.expiresAt.slice(0, 4)).toBe(String(Number(restored.expiresAt.slice(0, 4)) + 1));
    await expect(adapter.create({ name, years: 1, ownerId: "someone-else" })).rejects.toMatchObject({
      code: "not_available",
    });
  });

  it("turns the gateway's refusals into clear adapter errors", async () => {
    const { gw } = await stack();
    const wrongToken = createHttpRegistry({ baseUrl: gw.url, token: "wrong-token", clientId: CLID });
    await expect(wrongToken.info("a.test")).rejects.toSatisfy((error) => isRegistryError(error, "unavailable"));

    // What the adapter makes of an unknown command (404 / 2000) and of malformed JSON (400 / 2001).
    const rewrite = (transform: (url: string, init?: RequestInit) => [string, RequestInit | undefined]) =>
      createHttpRegistry({
        baseUrl: gw.url,
        token: TOKEN,
        clientId: CLID,
        fetch: (input, init) => fetch(...transform(String(input), init)),
      });
    const unknownCommand = rewrite((url, init) => [url.replace(/\/domain\/\w+$/, "/domain/frobnicate"), init]);
    const error = await unknownCommand.info("a.test").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RegistryError);
    expect(error).toMatchObject({ code: "unavailable", eppCode: 2000 });
    const malformed = rewrite((url, init) => [url, { ...init, body: "{not json" }]);
    await expect(malformed.info("a.test")).rejects.toMatchObject({ code: "invalid_input", eppCode: 2001 });
  });
});

describe("the process: startGateway", () => {
  it("reads its configuration, serves, polls nothing when not configured, and on stop logs out of every session", async () => {
    const registry = createRegistryScript({ clID: CLID, tlds: ["test"] });
    const server = await startEppTestServer({
      certs: { ca: ca.ca, server: { cert: ca.server.cert, key: ca.server.key } },
      script: registry.script,
    });
    const config = parseConfig({
      listen: { host: "127.0.0.1", port: 0 },
      registries: [
        {
          id: "reg-a",
          host: server.host,
          port: server.port,
          tlds: ["test"],
          clID: CLID,
          passwordEnv: "REG_A_PASSWORD",
          certFile: ca.client.certPath,
          keyFile: ca.client.keyPath,
          caFile: ca.caPath,
          maxSessions: 2,
          helloSeconds: 300,
          commandTimeoutSeconds: 2,
          checkBatch: 5,
        },
      ],
    });
    const loaded: LoadedConfig = {
      config,
      secrets: { token: TOKEN, passwords: new Map([["reg-a", "secret-password-1"]]) },
      registrar: { name: "Trinity Test Registrar" },
      baseDir: ca.dir,
    };
    const logs: Record<string, unknown>[] = [];
    const gateway = await startGateway({
      loaded,
      log: (entry) => logs.push(entry),
      logger: { command() {}, event() {} },
    });
    try {
      const answer = await post(`${gateway.url}/domain/check`, JSON.stringify({ names: ["p.test", "q.test"] }));
      expect(answer.json.result.code).toBe(1000);
      expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
      // The registrar's name from config/registrar.json is answered for names we sponsor.
      const adapter = createHttpRegistry({ baseUrl: gateway.url, token: TOKEN, clientId: CLID });
      const created = await adapter.create({ name: "mine.test", years: 1, ownerId: OWNER });
      expect(created).toMatchObject({ registrar: "Trinity Test Registrar", heldHere: true, ownerId: OWNER });
    } finally {
      await gateway.stop();
    }
    expect(server.received("logout")).toHaveLength(1);
    await expect(fetch(`${gateway.url}/health`)).rejects.toThrow();
    expect(logs.map((entry) => entry.event)).toEqual(["listening", "stopped"]);
    await server.close();
  });

  it("as a process: SIGTERM logs out of the registry and exits 0", async () => {
    const registry = createRegistryScript({ clID: CLID, tlds: ["test"] });
    const server = await startEppTestServer({
      certs: { ca: ca.ca, server: { cert: ca.server.cert, key: ca.server.key } },
      script: registry.script,
    });
    const configPath = join(ca.dir, "gateway.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        listen: { host: "127.0.0.1", port: 0 },
        registries: [
          {
            id: "reg-a",
            host: server.host,
            port: server.port,
            tlds: ["test"],
            clID: CLID,
            passwordEnv: "REG_A_PASSWORD",
            certFile: ca.client.certPath,
            keyFile: ca.client.keyPath,
            caFile: ca.caPath,
          },
        ],
      }),
    );
    const cwd = fileURLToPath(new URL("..", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd,
      env: {
        ...process.env,
        EPP_GATEWAY_CONFIG: configPath,
        GATEWAY_TOKEN: TOKEN,
        REG_A_PASSWORD: "secret-password-1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: string) => {
        output += chunk;
        const match = /"event":"listening","url":"([^"]+)"/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then(() => reject(new Error(`the gateway exited: ${output}`)));
    });
    try {
      const answer = await post(`${url}/domain/check`, JSON.stringify({ names: ["signal.test"] }));
      expect(answer.json.result.code).toBe(1000);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(server.received("logout")).toHaveLength(1);
    expect(output).toMatch(/"event":"stopped"/);
    expect(output).not.toContain("secret-password-1");
    await server.close();
  }, 20_000);
});
