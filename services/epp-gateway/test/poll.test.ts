// Poll delivery: the registry's queue (the stateful script over TLS) → POST to a loopback callback
// standing in for the storefront's /api/v1/registry/notices → ack only after a 2xx.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { linkFromPool } from "../src/commands";
import { createPoller } from "../src/poll";
import { EppPool } from "../src/transport/pool";
import { startEppTestServer, type EppTestServer } from "./support/epp-test-server";
import { createRegistryScript, type RegistryScriptOptions } from "./support/registry-script";
import { makeTestCa, type TestCa } from "./support/test-ca";

const CLID = "trinity";
const CALLBACK_TOKEN = "callback-token-abcdef";

interface Delivery {
  authorization?: string;
  body: Record<string, unknown>;
  /** Messages still in the registry's queue when the callback was called. */
  queued: number;
}

let ca: TestCa;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(() => {
  ca = makeTestCa();
});
afterAll(() => ca.cleanup());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(answers: number[], script: Partial<RegistryScriptOptions> = {}) {
  const registry = createRegistryScript({ clID: CLID, tlds: ["test"], ...script });
  const epp: EppTestServer = await startEppTestServer({
    certs: { ca: ca.ca, server: { cert: ca.server.cert, key: ca.server.key } },
    script: registry.script,
  });
  cleanups.push(() => epp.close());
  const pool = new EppPool({
    host: epp.host,
    port: epp.port,
    cert: ca.client.cert,
    key: ca.client.key,
    ca: ca.ca,
    clID: CLID,
    pw: "secret-password-1",
    registry: "reg-a",
    maxSessions: 1,
    commandTimeoutMs: 1_000,
    greetingTimeoutMs: 1_000,
    helloIntervalMs: 0,
    logoutTimeoutMs: 200,
    logger: { command() {}, event() {} },
  });
  cleanups.push(() => pool.close());
  const deliveries: Delivery[] = [];
  // The storefront's endpoint: answers the statuses it is given in turn, then 200.
  const callback: Server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      deliveries.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw),
        queued: registry.state.queue.length,
      });
      response.writeHead(answers.shift() ?? 200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", () => resolve()));
  cleanups.push(() => new Promise<void>((resolve) => callback.close(() => resolve())));
  const logs: Record<string, unknown>[] = [];
  const poller = createPoller({
    registry: "reg-a",
    link: linkFromPool(pool, { waitMs: 1_000 }),
    callbackUrl: `http://127.0.0.1:${(callback.address() as AddressInfo).port}/api/v1/registry/notices`,
    callbackToken: CALLBACK_TOKEN,
    everySeconds: 60,
    backoff: { initialMs: 10, maxMs: 40 },
    log: (entry) => logs.push(entry),
  });
  cleanups.push(() => poller.stop());
  return { registry, epp, poller, deliveries, logs };
}

describe("poll delivery", () => {
  it("delivers a transfer notice with the token, then acks it; an empty queue sends nothing", async () => {
    const { registry, epp, poller, deliveries } = await setup([]);
    const name = "leaving.test";
    registry.state.domains.set(name, {
      name,
      roid: "D1-TEST",
      clID: CLID,
      ns: [],
      status: new Set(),
      crDate: "2025-01-01T00:00:00.000Z",
      exDate: "2027-01-01T00:00:00.000Z",
      authInfo: "x",
      ds: [],
    });
    registry.requestTransferOut(name, "gainer");
    registry.enqueueNotice({ pan: { name: "gone.test", paResult: true } });

    expect(await poller.drain()).toBe(2);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]?.authorization).toBe(`Bearer ${CALLBACK_TOKEN}`);
    expect(deliveries[0]?.body).toMatchObject({
      registry: "reg-a",
      id: "1",
      qDate: expect.any(String),
      msg: "Transfer requested",
      resData: { name, trStatus: "pending", reID: "gainer", acID: CLID },
    });
    expect(deliveries[1]?.body).toMatchObject({
      id: "2",
      resData: { pan: expect.objectContaining({ name: "gone.test" }) },
    });
    expect(registry.state.queue).toEqual([]);
    expect(epp.received("poll").filter((request) => /op="ack"/.test(request.xml))).toHaveLength(2);

    expect(await poller.drain()).toBe(0);
    expect(deliveries).toHaveLength(2);
  });

  it("retries a failing callback and acks only after it answered 2xx", async () => {
    const { registry, epp, poller, deliveries, logs } = await setup([500, 503, 401]);
    registry.enqueueNotice({ msg: "Registry maintenance" });
    expect(await poller.drain()).toBe(1);
    expect(deliveries.map((delivery) => delivery.queued)).toEqual([1, 1, 1, 1]);
    expect(new Set(deliveries.map((delivery) => delivery.body.id)).size).toBe(1);
    expect(registry.state.queue).toEqual([]);
    expect(epp.received("poll").filter((request) => /op="ack"/.test(request.xml))).toHaveLength(1);
    expect(logs.filter((entry) => entry.event === "poll_delivery_failed").map((entry) => entry.status)).toEqual([
      500, 503, 401,
    ]);
    expect(JSON.stringify(logs)).not.toContain(CALLBACK_TOKEN);
  });

  it("a message delivered but not acked (the ack's answer lost) is delivered again with the same id, then acked", async () => {
    let dropAck = true;
    const { registry, poller, deliveries } = await setup([], {
      fault: (request) => {
        if (request.command === "poll" && /op="ack"/.test(request.xml) && dropAck) {
          dropAck = false;
          return { drop: true };
        }
        return undefined;
      },
    });
    registry.enqueueNotice({ msg: "Transfer approved" });
    expect(await poller.drain()).toBe(0);
    expect(registry.state.queue).toHaveLength(1);
    expect(await poller.drain()).toBe(1);
    expect(deliveries.map((delivery) => delivery.body.id)).toEqual(["1", "1"]);
    expect(registry.state.queue).toEqual([]);
  });

  it("stop() ends a delivery that keeps failing without acking it", async () => {
    const { registry, poller, deliveries } = await setup(Array(1000).fill(500));
    registry.enqueueNotice({ msg: "Never delivered" });
    const draining = poller.drain();
    await expect.poll(() => deliveries.length, { timeout: 2_000, interval: 10 }).toBeGreaterThanOrEqual(2);
    await poller.stop();
    expect(await draining).toBe(0);
    expect(registry.state.queue).toHaveLength(1);
  });
});
