// The fuzz harness (issue 12): sends generated requests to the worker in-process and checks the
// properties every answer must have, whatever was sent:
//   1. never a 5xx;
//   2. on /api/v1, every error (4xx) is the one error shape of workers/api/errors.ts;
//   3. a refusal (4xx) writes nothing to D1 (triggers on every table log each write; a route may
//      name the few tables a refusal legitimately writes, e.g. the sign-in attempt counters);
//   4. a redirect's Location resolves to the site's own origin.
// Every property runs with the seed vitest.api.config.ts provides (tests/api/fuzz/seed.ts: FUZZ_SEED,
// else a hash of the commit under test) and prints it, so any run replays. A counterexample any
// run finds becomes a fixed case, with its seed, in tests/api/fuzz-regressions.test.ts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { inject } from "vitest";

import { ORIGIN } from "./arbitraries";

export { ORIGIN };

/** Cases per route. fast-check's default is 100; issue 12 asks for at least 1,000. */
export const RUNS_PER_ROUTE = 1000;

/**
 * Tables any refusal may write: the attempt counters of workers/api/auth/rate-limit.ts. A wrong
 * password or code is a 4xx, and counting it is how guessing gets stopped.
 */
export const ALWAYS_WRITABLE_ON_4XX = ["login_attempts"] as const;

/** A request as the fuzzers generate it (plain data, so fast-check can print and shrink it). */
export interface FuzzRequest {
  method: string;
  /** Path and query, percent-encoded or raw as generated (the URL parser normalises as a browser would). */
  target: string;
  headers: [string, string][];
  body?: string;
}

export function toRequest(input: FuzzRequest): Request {
  // Every request that reaches the worker names the site in Host (the URL is made from it).
  const headers = new Headers({ host: new URL(ORIGIN).host });
  for (const [name, value] of input.headers) if (name.toLowerCase() !== "host") headers.append(name, value);
  const hasBody = input.body !== undefined && !["GET", "HEAD"].includes(input.method);
  return new Request(`${ORIGIN}${input.target}`, {
    method: input.method,
    headers,
    body: hasBody ? input.body : undefined,
    redirect: "manual",
  });
}

/**
 * The D1 write log: the worker under test gets the real database behind a recorder that notes,
 * for every statement it runs, the table of each INSERT, UPDATE or DELETE that changed rows
 * (D1's own `meta.changes`). Nothing is added to the database, so the app sees D1 exactly as it
 * is (triggers would inflate the `meta.changes` counts it relies on).
 */
export class WriteLog {
  private tables: string[] = [];

  /** The tables written since the last call (and empties the log). */
  take(): string[] {
    const written = [...new Set(this.tables)].sort();
    this.tables = [];
    return written;
  }

  note(sql: string, changes: number | undefined): void {
    if (!changes) return;
    this.tables.push(writtenTable(sql) ?? `? ${sql.slice(0, 60)}`);
  }

  /** `db` with every statement recorded here. */
  wrap(db: D1Database): D1Database {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the wrapped statements' methods record into this log
    const log = this;
    const real = new WeakMap<object, D1PreparedStatement>();
    const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
      const wrapped = {
        bind: (...values: unknown[]) => wrapStatement(statement.bind(...values), sql),
        async run() {
          const result = await statement.run();
          log.note(sql, result.meta.changes);
          return result;
        },
        async all() {
          const result = await statement.all();
          log.note(sql, result.meta.changes);
          return result;
        },
        async first(column?: string) {
          if (!isWrite(sql)) return column === undefined ? statement.first() : statement.first(column);
          // A write read with first(): run it as all() to see its meta, answer as first() would.
          const { results, meta } = await statement.all<Record<string, unknown>>();
          log.note(sql, meta.changes);
          const row = results[0] ?? null;
          return column === undefined || row === null ? row : row[column];
        },
        async raw(options?: { columnNames?: boolean }) {
          if (isWrite(sql)) log.note(sql, 1);
          return statement.raw(options as { columnNames: true });
        },
      } as unknown as D1PreparedStatement;
      real.set(wrapped, statement);
      sqlOf.set(wrapped, sql);
      return wrapped;
    };
    return new Proxy(db, {
      get(target, property) {
        if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), sql);
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            const results = await target.batch(statements.map((statement) => real.get(statement) ?? statement));
            statements.forEach((statement, index) => {
              const sql = sqlOf.get(statement);
              if (sql !== undefined) log.note(sql, results[index]?.meta.changes);
            });
            return results;
          };
        }
        if (property === "exec") {
          return async (sql: string) => {
            const result = await target.exec(sql);
            if (isWrite(sql)) log.note(sql, 1);
            return result;
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

const sqlOf = new WeakMap<object, string>();

const WRITE = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;
const TABLE = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`[]?(\w+)/i;

function isWrite(sql: string): boolean {
  return WRITE.test(sql);
}

/** The table an INSERT, UPDATE or DELETE statement writes. */
export function writtenTable(sql: string): string | null {
  return TABLE.exec(sql)?.[1] ?? null;
}

export interface Expectations {
  /** /api/v1 answers: errors must be the one error shape. */
  api: boolean;
  /** Tables a refusal of this route may write besides ALWAYS_WRITABLE_ON_4XX. */
  writesOn4xx?: readonly string[];
  /** Keys an error body may carry besides the one shape (SPEC-mandated only). */
  errorExtraKeys?: readonly string[];
  /** The route's errors follow a standard of their own (the reason): the one-shape check is skipped. */
  ownErrorShape?: string;
  /** 5xx codes (the one error shape's `code`) answered when an outside service is unreachable. */
  upstreamErrors?: readonly string[];
}

function upstreamCode(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

/** Sends a request to the worker; `writes` logs what it wrote to D1. */
export type Send = ((request: Request) => Promise<Response>) & { writes: WriteLog };

/** Sends one generated request and checks the four properties; throws a readable failure. */
export async function sendAndCheck(input: FuzzRequest, send: Send, expectations: Expectations): Promise<Response> {
  send.writes.take();
  let request: Request;
  try {
    request = toRequest(input);
  } catch (error) {
    // Not a request any client can send (the fetch API refuses it before the wire).
    throw new Error(`generator made an unsendable request: ${String(error)}`, { cause: error });
  }
  const response = await send(request);
  const text = await response.text();
  const writes = send.writes.take();
  const where = `${input.method} ${input.target} → ${response.status}`;

  // The tests run offline: a tool whose upstream is unreachable rightly answers 502/503 with its code.
  const upstream =
    (response.status === 502 || response.status === 503) &&
    Boolean(expectations.upstreamErrors?.length) &&
    (input.method === "HEAD" || expectations.upstreamErrors?.includes(upstreamCode(text) ?? ""));
  if (response.status >= 500 && !upstream) throw new Error(`${where}: server error: ${text.slice(0, 500)}`);

  // (A HEAD answer has no body to check.)
  if (
    expectations.api &&
    !expectations.ownErrorShape &&
    response.status >= 400 &&
    response.status < 500 &&
    input.method !== "HEAD"
  ) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${where}: error body is not JSON: ${text.slice(0, 200)}`);
    }
    const problem = errorShapeProblem(body, expectations.errorExtraKeys);
    if (problem) throw new Error(`${where}: error body is not the one error shape (${problem}): ${text.slice(0, 300)}`);
  }

  if (response.status >= 400 && response.status < 500) {
    const allowed = new Set<string>([...ALWAYS_WRITABLE_ON_4XX, ...(expectations.writesOn4xx ?? [])]);
    const forbidden = writes.filter((table) => !allowed.has(table));
    if (forbidden.length > 0) throw new Error(`${where}: a refusal wrote to D1: ${forbidden.join(", ")}`);
  }

  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location");
    if (location !== null) {
      const problem = redirectProblem(location);
      if (problem) throw new Error(`${where}: redirect ${JSON.stringify(location)} ${problem}`);
    }
  }
  return response;
}

/** Why a parsed body is not `{ success:false, code, message, errors? }`, or null when it is. */
export function errorShapeProblem(body: unknown, extraKeys: readonly string[] = []): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "not an object";
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter(
    (key) => !["success", "code", "message", "errors", ...extraKeys].includes(key),
  );
  if (extra.length > 0) return `unexpected keys ${extra.join(", ")}`;
  if (record.success !== false) return "success is not false";
  if (typeof record.code !== "string" || !/^[a-z0-9_]+$/.test(record.code)) return "code is not a snake_case string";
  if (typeof record.message !== "string" || record.message.trim() === "") return "message is empty";
  if (record.errors !== undefined) {
    if (!Array.isArray(record.errors)) return "errors is not a list";
    for (const entry of record.errors) {
      if (typeof entry !== "object" || entry === null) return "an errors entry is not an object";
      const { path, message } = entry as Record<string, unknown>;
      if (typeof path !== "string" || typeof message !== "string") return "an errors entry lacks path/message";
    }
  }
  return null;
}

/** Why a Location header is unsafe (leaves the site, or is not a clean URL), or null. */
export function redirectProblem(location: string): string | null {
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return "holds control characters or a backslash";
  let resolved: URL;
  try {
    resolved = new URL(location, `${ORIGIN}/some/page`);
  } catch {
    return "is not a URL";
  }
  if (resolved.origin !== ORIGIN) return `leaves the site (origin ${resolved.origin})`;
  return null;
}

/** The seed of this run's properties, as vitest.api.config.ts provides it. */
export function fuzzSeed(): number {
  return inject("fuzzSeed");
}

/**
 * Runs the property RUNS_PER_ROUTE times with this run's seed, printed first as
 * `fuzz <route> seed=<n>` (replay with FUZZ_SEED=<n>); fast-check shrinks any failure to a small
 * case and prints its seed and path.
 */
export async function fuzzRoute(
  route: string,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  send: Send,
  expectations: Expectations,
  runs = RUNS_PER_ROUTE,
): Promise<void> {
  const seed = fuzzSeed();
  console.log(`fuzz ${route} seed=${seed}`);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      await sendAndCheck(input, send, expectations);
    }),
    { seed, numRuns: runs, endOnFailure: false, interruptAfterTimeLimit: undefined },
  );
}

/** The worker's fetch, in-process (no network hop), with D1 recorded, waiting for its background work. */
export function inProcess(handler: {
  fetch(request: Request, env: never, ctx: ExecutionContext): Response | Promise<Response>;
}): Send {
  const writes = new WriteLog();
  const db = writes.wrap(env.DB);
  const recordedEnv = new Proxy(env, {
    get: (target, property) => (property === "DB" ? db : Reflect.get(target, property)),
  });
  const send = async (request: Request) => {
    const ctx = createExecutionContext();
    // The request ends (its signal aborts) once answered, as a request's context ends in
    // production: Remix's single fetch clears its 5 s stream timer only on that signal, and
    // thousands of requests inside one test would otherwise exhaust workerd's timer quota.
    const ended = new AbortController();
    const response = await handler.fetch(new Request(request, { signal: ended.signal }), recordedEnv as never, ctx);
    await waitOnExecutionContext(ctx);
    const body = await response.arrayBuffer();
    ended.abort();
    return new Response(
      response.status === 204 || response.status === 304 || request.method === "HEAD" ? null : body,
      response,
    );
  };
  return Object.assign(send, { writes });
}
