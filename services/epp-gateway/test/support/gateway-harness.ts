// The whole gateway for tests: a loopback EPP test server (TLS, the test CA) answering from a
// script, one EppPool per registry, and the HTTP app served on a loopback port — so a test speaks
// to it exactly as the storefront's http adapter does (fetch, bearer token, JSON).
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createOwnerDirectory, linkFromPool, type CommandEvents, type RegistryRoute } from "../../src/commands";
import { createLogger, type EppLogger } from "../../src/log";
import { createGatewayApp, type GatewayAppDeps } from "../../src/server";
import { EppPool } from "../../src/transport/pool";
import type { EppResponse } from "../../src/types";
import { startEppTestServer, type EppTestServer, type EppTestServerOptions, type Script } from "./epp-test-server";
import type { TestCa } from "./test-ca";

export const TOKEN = "test-gateway-token-0123456789";

export interface HarnessRegistry {
  id: string;
  clID: string;
  tlds: string[];
  script?: Script;
  checkBatch?: number;
  fee?: { currency: string };
  maxSessions?: number;
  commandTimeoutMs?: number;
  greetingTimeoutMs?: number;
  server?: Omit<EppTestServerOptions, "certs" | "script">;
}

export interface Harness {
  url: string;
  servers: Map<string, EppTestServer>;
  pools: Map<string, EppPool>;
  /** Log lines (JSON) of the pools. */
  lines: string[];
  followUps: Parameters<CommandEvents["followUp"]>[0][];
  late: unknown[];
  call(
    command: string,
    body: unknown,
    init?: { token?: string; raw?: string },
  ): Promise<{ status: number; json: EppResponse }>;
  close(): Promise<void>;
}

export async function startHarness(
  ca: TestCa,
  registries: HarnessRegistry[],
  options: { requestTimeoutMs?: number; logger?: EppLogger; app?: Partial<GatewayAppDeps> } = {},
): Promise<Harness> {
  const servers = new Map<string, EppTestServer>();
  const pools = new Map<string, EppPool>();
  const lines: string[] = [];
  const logger = options.logger ?? createLogger({ sink: (line) => lines.push(line) });
  const followUps: Harness["followUps"] = [];
  const late: unknown[] = [];
  const routes: RegistryRoute[] = [];
  for (const registry of registries) {
    const server = await startEppTestServer({
      certs: { ca: ca.ca, server: { cert: ca.server.cert, key: ca.server.key } },
      ...(registry.script ? { script: registry.script } : {}),
      ...registry.server,
    });
    servers.set(registry.id, server);
    const pool = new EppPool({
      host: server.host,
      port: server.port,
      cert: ca.client.cert,
      key: ca.client.key,
      ca: ca.ca,
      clID: registry.clID,
      pw: "secret-password-1",
      registry: registry.id,
      maxSessions: registry.maxSessions ?? 2,
      waitMs: 2_000,
      connectTimeoutMs: 2_000,
      greetingTimeoutMs: registry.greetingTimeoutMs ?? 1_000,
      commandTimeoutMs: registry.commandTimeoutMs ?? 1_000,
      helloIntervalMs: 0,
      logoutTimeoutMs: 200,
      logger,
    });
    pools.set(registry.id, pool);
    const route: RegistryRoute = {
      id: registry.id,
      clID: registry.clID,
      tlds: registry.tlds,
      checkBatch: registry.checkBatch ?? 5,
      link: linkFromPool(pool, { waitMs: 2_000 }),
    };
    if (registry.fee) route.fee = registry.fee;
    routes.push(route);
  }
  const app = createGatewayApp({
    token: TOKEN,
    requestTimeoutMs: options.requestTimeoutMs ?? 3_000,
    commands: {
      registries: routes,
      owners: createOwnerDirectory(),
      followUpDelayMs: 0,
      events: { followUp: (entry) => followUps.push(entry) },
    },
    health: () => [...pools].map(([id, pool]) => ({ id, sessions: pool.stats() })),
    onLateAnswer: (entry) => late.push(entry),
    ...options.app,
  });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(started));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    servers,
    pools,
    lines,
    followUps,
    late,
    async call(command, body, init = {}) {
      const response = await fetch(`${url}/domain/${command}`, {
        method: "POST",
        headers: { authorization: `Bearer ${init.token ?? TOKEN}`, "content-type": "application/json" },
        body: init.raw ?? JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as EppResponse };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      await Promise.all([...servers.values()].map((epp) => epp.close()));
    },
  };
}
