// The EPP gateway for the storefront's end-to-end test (tests/api/registry-gateway.test.ts),
// started in Node by tests/fakes/global-setup.ts before the workerd pool: the real gateway
// (services/epp-gateway: its HTTP app, session pool and commands) in front of the loopback EPP
// test server (TLS with a test CA) answering from the stateful registry script. The storefront
// reaches it with REGISTRY_ADAPTER=http exactly as production reaches a deployed gateway.
//
// Beside it, a small control server for the test: what the registry holds (domains, contacts),
// the other registrars' moves (a name held elsewhere, their answer to our transfer, their request
// for one of ours), and the poll queue. The gateway's poller delivers each message with its own
// fetch, which here hands the request (bearer token and body as sent) to the test — the storefront
// runs inside workerd, not on a port Node can call — and answers the poller with the storefront's
// answer, so the poller acks (or retries) on what /api/v1/registry/notices really said.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { linkFromPool } from "../../services/epp-gateway/src/commands";
import { createPoller, type Poller } from "../../services/epp-gateway/src/poll";
import { startHarness, TOKEN, type Harness } from "../../services/epp-gateway/test/support/gateway-harness";
import { createRegistryScript, type RegistryScript } from "../../services/epp-gateway/test/support/registry-script";
import type { EppRequest } from "../../services/epp-gateway/test/support/epp-test-server";
import { makeTestCa } from "../../services/epp-gateway/test/support/test-ca";

/** Our EPP client id at the test registry: the storefront's REGISTRY_CLIENT_ID. */
export const GATEWAY_CLIENT_ID = "trinity-e2e";
const REGISTRY_ID = "e2e";
/** The extensions the test registry serves (the storefront's sample catalogue prices them). */
const TLDS = ["com", "net", "org"];

export interface FakeEppGateway {
  /** The gateway's base URL (REGISTRY_API_URL). */
  url: string;
  /** Its bearer token (REGISTRY_API_TOKEN). */
  token: string;
  clientId: string;
  /** The control server of the test (see the routes below). */
  controlUrl: string;
  close(): Promise<void>;
}

/** A poll delivery waiting for the storefront's answer. */
interface Delivery {
  seq: number;
  authorization: string | null;
  body: string;
  answer: (response: Response) => void;
}

function relay() {
  const waiting: Delivery[] = [];
  const open = new Map<number, Delivery>();
  /** Drains (by the test's run id) that have ended: their `next` answers null once nothing waits. */
  const finished = new Set<string>();
  let wakers: (() => void)[] = [];
  let seq = 0;
  const wake = () => {
    const woken = wakers;
    wakers = [];
    for (const resolve of woken) resolve();
  };
  const fetcher: typeof fetch = (_input, init) =>
    new Promise<Response>((resolve) => {
      const delivery: Delivery = {
        seq: ++seq,
        authorization: new Headers(init?.headers).get("authorization"),
        body: typeof init?.body === "string" ? init.body : "",
        answer: resolve,
      };
      open.set(delivery.seq, delivery);
      waiting.push(delivery);
      wake();
    });
  return {
    fetch: fetcher,
    /** The next delivery of drain `run`; null once that drain ended with nothing left (or after `ms`). */
    async next(run: string, ms: number): Promise<Delivery | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const ready = waiting.shift();
        if (ready) return ready;
        const left = deadline - Date.now();
        if (finished.has(run) || left <= 0) return null;
        await new Promise<void>((resolve) => {
          wakers.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    finish(run: string): void {
      finished.add(run);
      wake();
    },
    answer(seqNo: number, status: number, body: string): boolean {
      const delivery = open.get(seqNo);
      if (!delivery) return false;
      open.delete(seqNo);
      delivery.answer(new Response(body, { status, headers: { "content-type": "application/json" } }));
      return true;
    },
    /** Ends the deliveries still waiting (shutdown): the poller sees a failure and stops. */
    abandon(): void {
      for (const delivery of open.values()) delivery.answer(new Response(null, { status: 503 }));
      open.clear();
      wake();
    },
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** What the registry holds of a name, with its registrant contact (for the test's assertions). */
function domainView(script: RegistryScript, name: string) {
  const domain = script.state.domains.get(name);
  if (!domain) return null;
  return {
    name: domain.name,
    clID: domain.clID,
    registrant: domain.registrant ?? null,
    contact: domain.registrant ? (script.state.contacts.get(domain.registrant) ?? null) : null,
    ns: domain.ns,
    status: [...domain.status],
    rgp: domain.rgp ?? null,
    exDate: domain.exDate,
    ds: domain.ds,
    transfer: domain.transfer ?? null,
  };
}

/** The registry approves another registrar's pending request for one of our names (its 5 days ran out). */
function approveOut(script: RegistryScript, name: string): void {
  const domain = script.state.domains.get(name);
  const transfer = domain?.transfer;
  if (!domain || !transfer || transfer.trStatus !== "pending") throw new Error(`${name}: no pending transfer`);
  const at = new Date().toISOString();
  transfer.trStatus = "serverApproved";
  transfer.acDate = at;
  domain.status.delete("pendingTransfer");
  domain.status.delete("clientTransferProhibited");
  domain.clID = transfer.reID;
  domain.trDate = at;
  if (transfer.exDate) domain.exDate = transfer.exDate;
  script.enqueueNotice({ msg: "Transfer approved by the registry", transfer: { name, ...transfer } });
}

export async function startFakeEppGateway(): Promise<FakeEppGateway> {
  const ca = makeTestCa();
  /** The next command of this kind is carried out but its answer is lost (the connection drops). */
  let loseAnswerOf: string | null = null;
  const script = createRegistryScript({
    clID: GATEWAY_CLIENT_ID,
    tlds: TLDS,
    after: (request) => {
      if (request.command !== loseAnswerOf) return undefined;
      loseAnswerOf = null;
      return { drop: true };
    },
  });
  // Every command the registry received, as sent (the test reads the contact the gateway made).
  const received: { command: string; xml: string }[] = [];
  const recorded = (request: EppRequest) => {
    received.push({ command: request.command, xml: request.xml });
    return script.script(request);
  };
  let harness: Harness;
  try {
    harness = await startHarness(
      ca,
      [{ id: REGISTRY_ID, clID: GATEWAY_CLIENT_ID, tlds: TLDS, script: recorded, maxSessions: 2 }],
      { requestTimeoutMs: 10_000 },
    );
  } catch (error) {
    ca.cleanup();
    throw error;
  }
  const pool = harness.pools.get(REGISTRY_ID);
  if (!pool) throw new Error("the gateway harness started without its pool");
  const deliveries = relay();
  let poller: Poller | null = null;

  const control = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://control");
      try {
        if (request.method === "GET" && url.pathname === "/domain") {
          return send(response, 200, { domain: domainView(script, url.searchParams.get("name") ?? "") });
        }
        if (request.method === "GET" && url.pathname === "/applied") {
          // The commands the registry carried out for a name ("domain:create example.com", …).
          const name = url.searchParams.get("name") ?? "";
          return send(response, 200, { applied: script.state.applied.filter((entry) => entry.endsWith(` ${name}`)) });
        }
        if (request.method === "GET" && url.pathname === "/follow-ups") {
          // The gateway's follow-ups of lost answers (it asked the registry what happened).
          return send(response, 200, { followUps: harness.followUps });
        }
        if (request.method === "GET" && url.pathname === "/received") {
          const command = url.searchParams.get("command");
          return send(response, 200, {
            received: received
              .filter((entry) => command === null || entry.command === command)
              .map((entry) => entry.xml),
          });
        }
        if (request.method !== "POST") return send(response, 404, { error: "no such control route" });
        const body = await readJson(request);
        const name = typeof body.name === "string" ? body.name : "";
        switch (url.pathname) {
          case "/foreign":
            script.addForeign(name, { authInfo: String(body.authInfo ?? "Foreign-Auth-1") });
            return send(response, 200, { domain: domainView(script, name) });
          case "/resolve-incoming":
            script.resolveIncoming(name, body.trStatus === "clientRejected" ? "clientRejected" : "clientApproved");
            return send(response, 200, { queued: script.state.queue.length });
          case "/transfer-out":
            script.requestTransferOut(name);
            return send(response, 200, { queued: script.state.queue.length });
          case "/registry-delete": {
            // The registry deletes one of our names itself (e.g. a court order, a registrar's
            // request by another channel) and says so with a pending-action notice.
            const domain = script.state.domains.get(name);
            if (!domain) throw new Error(`${name}: not registered`);
            domain.rgp = "redemptionPeriod";
            domain.status.add("pendingDelete");
            domain.upDate = new Date().toISOString();
            script.enqueueNotice({ msg: "Domain deleted", pan: { name, paResult: true } });
            return send(response, 200, { queued: script.state.queue.length });
          }
          case "/lose-next-answer":
            loseAnswerOf = String(body.command ?? "");
            return send(response, 200, { command: loseAnswerOf });
          case "/approve-out":
            approveOut(script, name);
            return send(response, 200, { queued: script.state.queue.length });
          case "/poll": {
            // One drain of the queue, delivered to `callbackUrl` (only its path matters: the relay
            // hands each delivery to the test); answers how many messages were acked.
            poller = createPoller({
              registry: REGISTRY_ID,
              link: linkFromPool(pool, { waitMs: 2_000 }),
              callbackUrl: String(body.callbackUrl ?? "http://storefront.test/api/v1/registry/notices"),
              callbackToken: String(body.callbackToken ?? ""),
              everySeconds: 3600,
              fetch: deliveries.fetch,
              backoff: { initialMs: 20, maxMs: 100 },
            });
            const run = String(body.run ?? "");
            try {
              const acked = await poller.drain();
              return send(response, 200, { acked, queued: script.state.queue.length });
            } finally {
              deliveries.finish(run);
            }
          }
          case "/poll/next": {
            const delivery = await deliveries.next(String(body.run ?? ""), Number(body.waitMs ?? 10_000));
            return send(
              response,
              200,
              delivery ? { seq: delivery.seq, authorization: delivery.authorization, body: delivery.body } : null,
            );
          }
          case "/poll/answer":
            return send(response, 200, {
              answered: deliveries.answer(Number(body.seq), Number(body.status), String(body.body ?? "")),
            });
          default:
            return send(response, 404, { error: "no such control route" });
        }
      } catch (error) {
        return send(response, 500, { error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", () => resolve()));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return {
    url: harness.url,
    token: TOKEN,
    clientId: GATEWAY_CLIENT_ID,
    controlUrl,
    async close() {
      deliveries.abandon();
      await poller?.stop();
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await harness.close();
      ca.cleanup();
    },
  };
}
