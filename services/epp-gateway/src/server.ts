// The gateway's HTTP side: the JSON contract of workers/api/adapters/registry/http.ts.
//   POST /domain/{command}  Authorization: Bearer <token>; body = the command's fields + clTRID
//   GET  /health            the registries' session figures (no secrets, no token needed)
// Every answer, errors included, is the contract's envelope `{ result: { code, msg, reason? },
// resData?, trID }`, so the adapter always reads a result code and maps it (README table):
//   401 bad token → 2200 (unavailable); 400 malformed JSON → 2001 (invalid_input);
//   404 unknown command → 2000 (unavailable: gateway and storefront disagree); time limit → 2400.
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { handleCommand, type CommandDeps } from "./commands";
import type { EppResponse } from "./types";

export interface GatewayAppDeps {
  /** The bearer token the storefront sends (REGISTRY_API_TOKEN on its side). */
  token: string;
  commands: CommandDeps;
  /** Per-request limit (the contract's 15 s). */
  requestTimeoutMs?: number;
  /** The registries' session figures for /health. */
  health?: () => Record<string, unknown>[];
  /** A command that outlived its request: its eventual answer, for the operator's log. */
  onLateAnswer?: (entry: { command: string; clTRID?: string; code: number; msg: string; reason?: string }) => void;
  /** Refuse new commands (graceful shutdown); GET /health then says so with 503. */
  isStopping?: () => boolean;
  /** Track in-flight commands (shutdown waits for them). */
  track?: <T>(work: Promise<T>) => Promise<T>;
  handle?: typeof handleCommand;
  maxBodyBytes?: number;
}

function answer(code: number, msg: string, reason?: string, clTRID?: string): EppResponse {
  const response: EppResponse = { result: { code, msg }, trID: {} };
  if (reason !== undefined) response.result.reason = reason;
  if (clTRID !== undefined) response.trID.clTRID = clTRID;
  return response;
}

/** Equal-time comparison of the presented token with ours (hashes: equal lengths whatever is sent). */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

export function createGatewayApp(deps: GatewayAppDeps): Hono {
  const app = new Hono();
  const limitMs = deps.requestTimeoutMs ?? 15_000;
  const handle = deps.handle ?? handleCommand;
  const maxBody = deps.maxBodyBytes ?? 256 * 1024;
  const track = deps.track ?? (<T>(work: Promise<T>) => work);

  app.get("/health", (c) => {
    const stopping = deps.isStopping?.() ?? false;
    return c.json({ ok: !stopping, stopping, registries: deps.health?.() ?? [] }, stopping ? 503 : 200);
  });

  app.use("/domain/*", async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !tokenMatches(match[1] ?? "", deps.token)) {
      c.header("WWW-Authenticate", 'Bearer realm="epp-gateway"');
      return c.json(answer(2200, "Authentication error", "missing or wrong bearer token"), 401);
    }
    await next();
    return undefined;
  });

  // Refused while streaming: a huge body is never buffered whole.
  app.use(
    "/domain/*",
    bodyLimit({
      maxSize: maxBody,
      onError: (c) => c.json(answer(2001, "Command syntax error", `the body is larger than ${maxBody} bytes`), 413),
    }),
  );

  app.post("/domain/:command", async (c) => {
    const command = c.req.param("command");
    const raw = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (error) {
      return c.json(
        answer(
          2001,
          "Command syntax error",
          `malformed JSON: ${error instanceof Error ? error.message : "unreadable"}`,
        ),
        400,
      );
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return c.json(answer(2001, "Command syntax error", "the body must be a JSON object"), 400);
    }
    const clTRID = "clTRID" in body && typeof body.clTRID === "string" ? body.clTRID.slice(0, 64) : undefined;
    if (!/^(check|info|create|renew|transfer|update|delete)$/.test(command)) {
      return unknown(c, command, clTRID);
    }
    if (deps.isStopping?.()) {
      return c.json(answer(2400, "Command failed", "the gateway is shutting down; try again shortly", clTRID), 503);
    }
    const work = track(handle(command, body, deps.commands));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<"expired">((resolve) => {
      timer = setTimeout(() => resolve("expired"), limitMs);
    });
    const outcome = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (outcome === "expired") {
      // The command goes on: a create that reached the registry is still followed up (info) by
      // commands.ts, and its outcome is logged. The storefront learns it with its next info.
      void work.then(
        (late) => deps.onLateAnswer?.({ command, clTRID, ...late.result }),
        () => undefined,
      );
      return c.json(
        answer(
          2400,
          "Command failed",
          `no answer within ${Math.round(limitMs / 1000)} s; the command may still complete at the registry (ask info before repeating it)`,
          clTRID,
        ),
        200,
      );
    }
    return c.json(outcome, 200);
  });

  const unknown = (c: Context, command: string, clTRID?: string) =>
    c.json(answer(2000, "Unknown command", `"${command}" is not a command of this gateway`, clTRID), 404);

  app.notFound((c) => unknown(c, c.req.path));

  app.onError((error, c) =>
    c.json(
      answer(2400, "Command failed", `gateway error: ${error instanceof Error ? error.message : String(error)}`),
      500,
    ),
  );

  return app;
}
