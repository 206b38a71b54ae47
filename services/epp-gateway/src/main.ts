// The gateway process: configuration + secrets → one session pool per registry → the HTTP server
// and the poll loops. SIGTERM/SIGINT: stop accepting, let in-flight commands finish (bounded),
// stop polling, log out of every session, exit 0.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { createOwnerDirectory, linkFromPool, type RegistryRoute } from "./commands";
import { ConfigError, loadConfig, resolveFrom, type LoadedConfig } from "./config";
import { createLogger, type EppLogger } from "./log";
import { createPoller, type Poller } from "./poll";
import { createGatewayApp } from "./server";
import { EppPool } from "./transport/pool";

export interface RunningGateway {
  url: string;
  pools: Map<string, EppPool>;
  stop(): Promise<void>;
}

export interface StartOptions {
  loaded: LoadedConfig;
  logger?: EppLogger;
  /** One JSON line per gateway event (stdout by default). */
  log?: (entry: Record<string, unknown>) => void;
  readFile?: (path: string) => string;
  fetch?: typeof fetch;
  /** How long shutdown waits for in-flight commands. */
  drainMs?: number;
}

export async function startGateway(options: StartOptions): Promise<RunningGateway> {
  const { config, secrets, baseDir } = options.loaded;
  const read = options.readFile ?? ((path: string) => readFileSync(path, "utf8"));
  const log =
    options.log ??
    ((entry: Record<string, unknown>) =>
      process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...entry })}\n`));
  const logger = options.logger ?? createLogger();
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;

  const pools = new Map<string, EppPool>();
  const routes: RegistryRoute[] = config.registries.map((registry) => {
    const pool = new EppPool({
      host: registry.host,
      port: registry.port,
      ...(registry.servername ? { servername: registry.servername } : {}),
      cert: read(resolveFrom(baseDir, registry.certFile)),
      key: read(resolveFrom(baseDir, registry.keyFile)),
      ...(registry.caFile ? { ca: read(resolveFrom(baseDir, registry.caFile)) } : {}),
      clID: registry.clID,
      pw: secrets.passwords.get(registry.id) ?? "",
      registry: registry.id,
      maxSessions: registry.maxSessions,
      waitMs: requestTimeoutMs,
      greetingTimeoutMs: registry.greetingTimeoutSeconds * 1000,
      commandTimeoutMs: registry.commandTimeoutSeconds * 1000,
      helloIntervalMs: registry.helloSeconds * 1000,
      logger,
    });
    pools.set(registry.id, pool);
    const route: RegistryRoute = {
      id: registry.id,
      clID: registry.clID,
      tlds: registry.tlds,
      checkBatch: registry.checkBatch,
      link: linkFromPool(pool, { waitMs: requestTimeoutMs }),
    };
    if (registry.fee) route.fee = registry.fee;
    return route;
  });

  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  const app = createGatewayApp({
    token: secrets.token,
    requestTimeoutMs,
    commands: {
      registries: routes,
      owners: createOwnerDirectory({
        ...(config.contactsFile ? { file: resolveFrom(baseDir, config.contactsFile) } : {}),
        onSaveError: (error) => log({ event: "contacts_file_error", error: String(error) }),
      }),
      ...(options.loaded.registrar?.name ? { registrarName: options.loaded.registrar.name } : {}),
      events: { followUp: (entry) => log({ event: "follow_up", ...entry }) },
    },
    health: () =>
      config.registries.map((registry) => ({
        id: registry.id,
        tlds: registry.tlds,
        maxSessions: registry.maxSessions,
        sessions: pools.get(registry.id)?.stats(),
      })),
    onLateAnswer: (entry) => log({ event: "late_answer", ...entry }),
    isStopping: () => stopping,
    track: (work) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => undefined);
      return work;
    },
  });

  const pollers: Poller[] = [];
  if (config.poll && secrets.callbackToken) {
    for (const route of routes) {
      const poller = createPoller({
        registry: route.id,
        link: route.link,
        callbackUrl: config.poll.callbackUrl,
        callbackToken: secrets.callbackToken,
        everySeconds: config.poll.everySeconds,
        log,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      poller.start();
      pollers.push(poller);
    }
  }

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: config.listen.host, port: config.listen.port }, () =>
      resolve(started),
    );
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  log({ event: "listening", url, registries: config.registries.map((registry) => registry.id) });

  let stopped: Promise<void> | null = null;
  return {
    url,
    pools,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const drainMs = options.drainMs ?? requestTimeoutMs + 5_000;
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => setTimeout(resolve, drainMs).unref()),
        ]);
        await Promise.all(pollers.map((poller) => poller.stop()));
        await Promise.all([...pools.values()].map((pool) => pool.close()));
        log({ event: "stopped" });
      })();
      return stopped;
    },
  };
}

async function main(): Promise<void> {
  let loaded: LoadedConfig;
  try {
    loaded = loadConfig({ env: process.env });
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const gateway = await startGateway({ loaded });
  const shutdown = (signal: string) => {
    process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), event: "shutdown", signal })}\n`);
    void gateway.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

// Run only as the entry point (tests import startGateway).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
