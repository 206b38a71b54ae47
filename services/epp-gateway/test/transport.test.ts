// The EPP transport (issue 23): RFC 5734 framing, the TLS session (greeting, login, hello,
// time-outs, lost answers) and the session pool, against the loopback EPP test server over real TLS
// with certificates made for this file. Time-outs here are a few hundred ms so the file stays quick.
import { connect as tlsConnect } from "node:tls";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildXml } from "../src/epp/build";
import { createLogger, redact, type EppLogger } from "../src/log";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, FrameError, encodeFrame } from "../src/transport/frame";
import { EppPool } from "../src/transport/pool";
import { EppSession, EppTransportError, type SessionOptions } from "../src/transport/session";
import type { EppCommand } from "../src/types";
import {
  EXT_URIS,
  OBJ_URIS,
  greetingXml,
  responseXml,
  startEppTestServer,
  type EppTestServer,
  type EppTestServerOptions,
} from "./support/epp-test-server";
import { makeTestCa, type TestCa } from "./support/test-ca";

const PASSWORD = "s3cret-Login-PW";
const AUTH_CODE = "Auth-Code-7781";

let certs: TestCa;
beforeAll(() => {
  certs = makeTestCa();
});
afterAll(() => certs.cleanup());

const servers: EppTestServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
  await Promise.allSettled(servers.splice(0).map((server) => server.close()));
});

async function server(options: Omit<EppTestServerOptions, "certs"> = {}): Promise<EppTestServer> {
  const started = await startEppTestServer({ certs, ...options });
  servers.push(started);
  return started;
}

/** Every log line of the file, for the test that no secret ever appears in one. */
const logLines: string[] = [];
const logger: EppLogger = createLogger({ sink: (line) => logLines.push(line) });

function options(target: EppTestServer, overrides: Partial<SessionOptions> = {}): SessionOptions {
  return {
    host: target.host,
    port: target.port,
    cert: certs.client.cert,
    key: certs.client.key,
    ca: certs.ca,
    clID: "registrar-1",
    pw: PASSWORD,
    registry: "test",
    connectTimeoutMs: 2_000,
    greetingTimeoutMs: 2_000,
    commandTimeoutMs: 2_000,
    helloIntervalMs: 0,
    logoutTimeoutMs: 500,
    logger,
    ...overrides,
  };
}

async function open(target: EppTestServer, overrides: Partial<SessionOptions> = {}): Promise<EppSession> {
  const session = await EppSession.open(options(target, overrides));
  closers.push(() => session.close());
  return session;
}

function pool(target: EppTestServer, maxSessions: number, overrides: Partial<SessionOptions> = {}): EppPool {
  const made = new EppPool({ ...options(target, overrides), maxSessions });
  closers.push(() => made.close());
  return made;
}

/** The rejection of `promise`, which must reject with an EppTransportError. */
async function failure(promise: Promise<unknown>): Promise<EppTransportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EppTransportError) return error;
    throw error;
  }
  throw new Error("expected an EppTransportError, the call succeeded");
}

const check = (name = "example.com"): EppCommand => ({ kind: "domain:check", names: [name] });
const create = (name = "example.com"): EppCommand => ({ kind: "domain:create", name, authInfo: AUTH_CODE });

const CHECK_DATA =
  `<domain:chkData xmlns:domain="${OBJ_URIS.domain}"><domain:cd>` +
  `<domain:name avail="1">example.com</domain:name></domain:cd></domain:chkData>`;

describe("RFC 5734 data units", () => {
  it("a unit's header is its total length, header included, and the XML is UTF-8", () => {
    const xml = "<epp>æøå ✓</epp>";
    const frame = encodeFrame(xml);
    expect(frame.readUInt32BE(0)).toBe(frame.length);
    expect(frame.length).toBe(4 + Buffer.byteLength(xml, "utf8"));
    expect(new FrameDecoder().push(frame)).toEqual([xml]);
  });

  it("reads units split across chunks, byte by byte, and several coalesced in one chunk", () => {
    const units = ["<a/>", "<epp>ü</epp>", "<b>" + "x".repeat(5000) + "</b>"];
    const bytes = Buffer.concat(units.map(encodeFrame));

    const byteByByte = new FrameDecoder();
    const seen: string[] = [];
    for (let i = 0; i < bytes.length; i += 1) seen.push(...byteByByte.push(bytes.subarray(i, i + 1)));
    expect(seen).toEqual(units);
    expect(byteByByte.pendingBytes).toBe(0);

    // Two and a half units in the first chunk, the rest in the second.
    const cut = encodeFrame(units[0] ?? "").length + encodeFrame(units[1] ?? "").length + 7;
    const coalesced = new FrameDecoder();
    expect(coalesced.push(bytes.subarray(0, cut))).toEqual(units.slice(0, 2));
    expect(coalesced.push(bytes.subarray(cut))).toEqual(units.slice(2));
  });

  it("decodes any chunking of any sequence of units to the same units (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (units, cuts) => {
          const bytes = Buffer.concat(units.map(encodeFrame));
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const decoder = new FrameDecoder();
          const seen: string[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            seen.push(...decoder.push(bytes.subarray(from, point)));
            from = point;
          }
          expect(seen).toEqual(units);
          expect(decoder.pendingBytes).toBe(0);
        },
      ),
    );
  });

  it("refuses a 2 GB header at once, without allocating it, and stays failed", () => {
    const before = process.memoryUsage().arrayBuffers;
    const decoder = new FrameDecoder();
    const header = Buffer.alloc(4);
    header.writeUInt32BE(0x7fffffff, 0);
    expect(() => decoder.push(header)).toThrow(FrameError);
    expect(decoder.pendingBytes).toBe(0);
    expect(() => decoder.push(encodeFrame("<epp/>"))).toThrow(FrameError);
    // Nothing near the announced size was reserved (the default maximum is 4 MiB).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(DEFAULT_MAX_FRAME_BYTES);
  });

  it("refuses headers under 5 bytes, units over a configured maximum, and bytes that are not UTF-8", () => {
    for (const length of [0, 4]) {
      const header = Buffer.alloc(4);
      header.writeUInt32BE(length, 0);
      expect(() => new FrameDecoder().push(header)).toThrow(FrameError);
    }
    const small = new FrameDecoder({ maxFrameBytes: 100 });
    expect(small.push(encodeFrame("x".repeat(96)))).toEqual(["x".repeat(96)]);
    expect(() => small.push(encodeFrame("x".repeat(97)))).toThrow(/over the 100-byte maximum/);

    const latin1 = Buffer.from([0, 0, 0, 6, 0xe6, 0xf8]);
    expect(() => new FrameDecoder().push(latin1)).toThrow(/not UTF-8/);
  });

  it("a session whose server announces a 2 GB unit fails with `frame` and closes the connection", async () => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(0x80000000, 0);
    const target = await server({ greetingRaw: header });
    const error = await failure(EppSession.open(options(target)));
    expect(error.kind).toBe("frame");
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
  });

  it("a 2 GB unit announced as a command's answer: `frame` with sent=true, session ended", async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(0x7fffffff, 0);
    const target = await server({
      script: (request, next) => (request.command === "domain:info" ? { raw: header } : next(request)),
    });
    const session = await open(target);
    const error = await failure(session.send({ kind: "domain:info", name: "example.com" }));
    expect([error.kind, error.sent, session.alive]).toEqual(["frame", true, false]);
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
  });

  it("the test server closes a connection that sends it a 2 GB header", async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(0x7fffffff, 0);
    const target = await server();
    // Straight onto the socket, past the session's framing: what a broken client would send.
    const raw = tlsConnect({
      host: target.host,
      port: target.port,
      cert: certs.client.cert,
      key: certs.client.key,
      ca: certs.ca,
    });
    await new Promise<void>((resolve) => raw.once("secureConnect", () => resolve()));
    raw.write(header);
    await new Promise<void>((resolve) => raw.once("close", () => resolve()));
    expect(target.connections.frameErrors).toBe(1);
  });
});

describe("TLS", () => {
  it("the server refuses a client without a certificate", async () => {
    const target = await server();
    const error = await failure(EppSession.open({ ...options(target), cert: "", key: "" }));
    expect(error.kind).toBe("tls");
    expect(error.sent).toBe(false);
    expect(target.requests).toEqual([]);
    expect(target.connections.accepted).toBe(0);
  });

  it("the server refuses a client certificate from another CA", async () => {
    const target = await server();
    const error = await failure(
      EppSession.open({ ...options(target), cert: certs.otherClient.cert, key: certs.otherClient.key }),
    );
    expect(error.kind).toBe("tls");
    expect(target.requests).toEqual([]);
    expect(target.connections.accepted).toBe(0);
    expect(target.connections.refused).toBeGreaterThanOrEqual(1);
  });

  it("the client refuses a server whose certificate it does not trust", async () => {
    const target = await server();
    const error = await failure(EppSession.open({ ...options(target), ca: certs.otherCa }));
    expect(error.kind).toBe("tls");
    expect(target.requests).toEqual([]);
  });

  it("a key that cannot be loaded is a `tls` failure, not a crash", async () => {
    const target = await server();
    const error = await failure(EppSession.open({ ...options(target), key: "-----BEGIN PRIVATE KEY-----\nnope\n" }));
    expect(error.kind).toBe("tls");
    expect(target.connections.accepted).toBe(0);
  });

  it("nobody listening is a `connect` failure", async () => {
    const target = await server();
    const port = target.port;
    await target.close();
    const error = await failure(EppSession.open({ ...options(target), port }));
    expect(error.kind).toBe("connect");
  });
});

describe("session", () => {
  it("a server that never greets: `greeting_timeout`", async () => {
    const target = await server({ greeting: false });
    const error = await failure(EppSession.open(options(target, { greetingTimeoutMs: 200 })));
    expect(error.kind).toBe("greeting_timeout");
    expect(target.requests).toEqual([]);
  });

  it("a greeting slower than greetingTimeoutMs: `greeting_timeout`, no login sent", async () => {
    const target = await server({ greetingDelayMs: 1_500 });
    const error = await failure(EppSession.open(options(target, { greetingTimeoutMs: 200 })));
    expect(error.kind).toBe("greeting_timeout");
    expect(target.received("login")).toEqual([]);
  });

  it("a first message that is not a greeting: `not_epp`", async () => {
    const target = await server({ greeting: false, greetingRaw: encodeFrame(responseXml({ code: 1000 })) });
    const error = await failure(EppSession.open(options(target)));
    expect(error.kind).toBe("not_epp");
  });

  it("login carries exactly the URIs the greeting offers that we support", async () => {
    const target = await server({
      greeting: {
        objURIs: [OBJ_URIS.domain, "urn:ietf:params:xml:ns:org-1.0", OBJ_URIS.contact],
        extURIs: [EXT_URIS.fee, "urn:ietf:params:xml:ns:launch-1.0", EXT_URIS.rgp, "urn:ietf:params:xml:ns:fee-0.8"],
      },
    });
    const session = await open(target);
    expect(session.greeting.objURIs).toContain("urn:ietf:params:xml:ns:org-1.0");
    const [login] = target.received("login");
    const values = (tag: string) =>
      [...(login?.xml ?? "").matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1]).sort();
    expect(values("objURI")).toEqual([OBJ_URIS.contact, OBJ_URIS.domain].sort());
    expect(values("extURI")).toEqual([EXT_URIS.fee, EXT_URIS.rgp].sort());
    expect(values("clID")).toEqual(["registrar-1"]);
    expect(values("version")).toEqual(["1.0"]);

    const full = await server();
    await open(full);
    const [fullLogin] = full.received("login");
    expect(fullLogin?.xml.match(/<objURI>/g)).toHaveLength(3);
    expect(fullLogin?.xml.match(/<extURI>/g)).toHaveLength(3);
  });

  it("a server offering none of our object mappings: `login`, nothing sent", async () => {
    const target = await server({ greeting: { objURIs: ["urn:ietf:params:xml:ns:org-1.0"] } });
    const error = await failure(EppSession.open(options(target)));
    expect([error.kind, error.sent]).toEqual(["login", false]);
    expect(target.requests).toEqual([]);
  });

  it("a refused login: `login` with the server's answer, connection closed", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "login" ? responseXml({ code: 2200, clTRID: request.clTRID }) : next(request),
    });
    const error = await failure(EppSession.open(options(target)));
    expect(error.kind).toBe("login");
    expect(error.response?.result.code).toBe(2200);
    expect(error.message).not.toContain(PASSWORD);
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
  });

  it("sends a command with a generated clTRID and returns the parsed answer", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "domain:check"
          ? responseXml({ code: 1000, clTRID: request.clTRID, svTRID: "SV-1", resData: CHECK_DATA })
          : next(request),
    });
    const session = await open(target);
    const { response, xml, ms } = await session.send(check());
    expect(response.result.code).toBe(1000);
    expect(response.trID.svTRID).toBe("SV-1");
    expect(response.trID.clTRID).toMatch(/^gw-[0-9a-f-]{36}$/);
    expect(target.received("domain:check")[0]?.clTRID).toBe(response.trID.clTRID);
    expect(xml).toContain("<domain:chkData");
    expect(ms).toBeGreaterThanOrEqual(0);

    const mine = await session.send(check(), "my-trid-1");
    expect(mine.response.trID.clTRID).toBe("my-trid-1");
  });

  it("one command at a time per session: parallel sends are queued, answered in order", async () => {
    let answered = 0;
    let overlapping = false;
    const target: EppTestServer = await server({
      script: (request, next) => {
        if (request.command !== "domain:check") return next(request);
        // Every request this connection sent so far must have been answered, but this one.
        const sent = target.requests.filter((r) => r.session === request.session && r.command === "domain:check");
        if (sent.length !== answered + 1) overlapping = true;
        answered += 1;
        return { xml: responseXml({ code: 1000, clTRID: request.clTRID }), delayMs: 20 };
      },
    });
    const session = await open(target);
    const ids = ["t-1", "t-2", "t-3", "t-4", "t-5"];
    const results = await Promise.all(ids.map((id) => session.send(check(), id)));
    expect(results.map((r) => r.response.trID.clTRID)).toEqual(ids);
    expect(target.received("domain:check").map((r) => r.clTRID)).toEqual(ids);
    expect(overlapping).toBe(false);
  });

  it("sends <hello> when idle for helloIntervalMs, and the session stays usable", async () => {
    const target = await server();
    const session = await open(target, { helloIntervalMs: 100 });
    await vi.waitFor(() => expect(target.received("hello").length).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    expect(session.alive).toBe(true);
    expect((await session.send(check())).response.result.code).toBe(2400);
  });

  it("an answer slower than commandTimeoutMs: `timeout` with sent=true, and the session is ended", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "domain:create"
          ? { xml: responseXml({ code: 1000, clTRID: request.clTRID }), delayMs: 1_500 }
          : next(request),
    });
    const session = await open(target, { commandTimeoutMs: 200 });
    // The check waits behind the create on the same session.
    const [error, queued] = await Promise.all([failure(session.send(create())), failure(session.send(check()))]);
    expect(error.kind).toBe("timeout");
    expect(error.sent).toBe(true);
    expect(target.received("domain:create")).toHaveLength(1);
    // A late answer would pair with the next command: the session is not used again, and the
    // queued command never leaves (`closed`, unsent: a caller may take it to a new session).
    expect(session.alive).toBe(false);
    expect([queued.kind, queued.sent]).toEqual(["closed", false]);
    expect(target.received("domain:check")).toEqual([]);
  });

  it("the connection dropped mid-command: `closed` with sent=true", async () => {
    const target = await server({
      script: (request, next) => (request.command === "domain:create" ? { drop: true } : next(request)),
    });
    const session = await open(target);
    const error = await failure(session.send(create()));
    expect(error.kind).toBe("closed");
    expect(error.sent).toBe(true);
    expect(target.received("domain:create")).toHaveLength(1);
    expect(session.alive).toBe(false);
  });

  it("a command on a session the server already closed: `closed` with sent=false", async () => {
    const target = await server();
    const session = await open(target);
    target.dropAll();
    await session.closed;
    const error = await failure(session.send(create()));
    expect(error.kind).toBe("closed");
    expect(error.sent).toBe(false);
    expect(target.received("domain:create")).toEqual([]);
  });

  it("2500 is answered to the caller and ends the session", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "domain:check"
          ? { close: true, xml: responseXml({ code: 2500, clTRID: request.clTRID }) }
          : next(request),
    });
    const session = await open(target);
    const { response } = await session.send(check());
    expect(response.result.code).toBe(2500);
    expect(session.alive).toBe(false);
  });

  it("an answer for another clTRID, or one that is not EPP: `not_epp` with sent=true", async () => {
    const target = await server({
      script: (request, next) => {
        if (request.command === "domain:check") return responseXml({ code: 1000, clTRID: "someone-else" });
        if (request.command === "domain:info") return "<html>not EPP</html>";
        return next(request);
      },
    });
    const first = await open(target);
    const mismatch = await failure(first.send(check()));
    expect([mismatch.kind, mismatch.sent, first.alive]).toEqual(["not_epp", true, false]);

    const second = await open(target);
    const garbage = await failure(second.send({ kind: "domain:info", name: "example.com" }));
    expect([garbage.kind, garbage.sent, second.alive]).toEqual(["not_epp", true, false]);
  });

  it("close() sends <logout> and ends the connection; later sends are refused unsent", async () => {
    const target = await server();
    const session = await open(target);
    await session.close();
    expect(target.received("logout")).toHaveLength(1);
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
    const error = await failure(session.send(check()));
    expect([error.kind, error.sent]).toEqual(["closed", false]);
  });

  it("close() does not hang on a server that never answers the logout", async () => {
    const target = await server({
      script: (request, next) => (request.command === "logout" ? new Promise(() => {}) : next(request)),
    });
    const session = await open(target, { logoutTimeoutMs: 150 });
    await session.close();
    expect(target.received("logout")).toHaveLength(1);
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
  });
});

describe("pool", () => {
  it("10 parallel commands with maxSessions 2: never more than 2 connections, all answered", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "domain:check"
          ? { xml: responseXml({ code: 1000, clTRID: request.clTRID, resData: CHECK_DATA }), delayMs: 20 }
          : next(request),
    });
    const epp = pool(target, 2);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => epp.send(check(`name${i}.com`))));
    expect(answers.map((a) => a.response.result.code)).toEqual(Array(10).fill(1000));
    expect(target.connections.peak).toBeLessThanOrEqual(2);
    expect(target.connections.accepted).toBeLessThanOrEqual(2);
    expect(target.received("login").length).toBe(target.connections.accepted);
    expect(target.received("domain:check")).toHaveLength(10);
    const stats = epp.stats();
    expect(stats.logins).toBe(target.connections.accepted);
    expect(stats.commands).toBe(10);
    expect([stats.busy, stats.waiting]).toEqual([0, 0]);
    expect(stats.open).toBeLessThanOrEqual(2);
  });

  it("reuses a session: sequential commands log in once", async () => {
    const target = await server();
    const epp = pool(target, 3);
    for (let i = 0; i < 4; i += 1) await epp.send(check());
    expect(target.received("login")).toHaveLength(1);
    expect(epp.stats()).toMatchObject({ logins: 1, open: 1, busy: 0 });
  });

  it("waiters are served in order; one that waits longer than waitMs gets `timeout` unsent", async () => {
    const target = await server();
    const epp = pool(target, 1);
    let release = () => {};
    const holding = epp.use(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await vi.waitFor(() => expect(epp.stats().busy).toBe(1));

    const late = failure(epp.send(check(), undefined, { waitMs: 100 }));
    const order: number[] = [];
    const queued = [1, 2, 3].map((n) =>
      epp.use(
        async (session) => {
          order.push(n);
          return session.send(check());
        },
        { waitMs: 5_000 },
      ),
    );
    expect(epp.stats().waiting).toBe(4);
    const error = await late;
    expect([error.kind, error.sent]).toEqual(["timeout", false]);
    expect(epp.stats().waiting).toBe(3);

    release();
    await holding;
    await Promise.all(queued);
    expect(order).toEqual([1, 2, 3]);
    expect(target.received("login")).toHaveLength(1);
    expect(target.received("domain:check")).toHaveLength(3);
  });

  it("logs in anew after the server ends the session with 2500", async () => {
    let first = true;
    const target = await server({
      script: (request, next) => {
        if (request.command !== "domain:check") return next(request);
        if (first) {
          first = false;
          return { close: true, xml: responseXml({ code: 2500, clTRID: request.clTRID }) };
        }
        return responseXml({ code: 1000, clTRID: request.clTRID, resData: CHECK_DATA });
      },
    });
    const epp = pool(target, 1);
    expect((await epp.send(check())).response.result.code).toBe(2500);
    expect((await epp.send(check())).response.result.code).toBe(1000);
    expect(target.received("login").map((r) => r.session)).toEqual([1, 2]);
    expect(epp.stats()).toMatchObject({ logins: 2, open: 1 });
  });

  it("logs in anew after the server closes an idle session's connection", async () => {
    const target = await server();
    const epp = pool(target, 2);
    await epp.send(check());
    target.dropAll();
    await vi.waitFor(() => expect(epp.stats().open).toBe(0));
    expect((await epp.send(check())).response.result.code).toBe(2400);
    expect(target.received("login").map((r) => r.session)).toEqual([1, 2]);
    expect(epp.stats().logins).toBe(2);
  });

  it("a registry that cannot be reached fails the caller, and the next caller tries again", async () => {
    const target = await server({ greeting: false });
    const epp = pool(target, 1, { greetingTimeoutMs: 100 });
    expect((await failure(epp.send(check()))).kind).toBe("greeting_timeout");
    expect((await failure(epp.send(check()))).kind).toBe("greeting_timeout");
    expect(target.connections.accepted).toBe(2);
    expect(epp.stats()).toMatchObject({ logins: 0, open: 0, busy: 0 });
  });

  it("close() logs out of every session, and the pool then refuses commands unsent", async () => {
    const target = await server({
      script: (request, next) =>
        request.command === "domain:check"
          ? { xml: responseXml({ code: 1000, clTRID: request.clTRID }), delayMs: 30 }
          : next(request),
    });
    const epp = pool(target, 2);
    await Promise.all([epp.send(check()), epp.send(check()), epp.send(check())]);
    const sessions = target.connections.accepted;
    expect(sessions).toBe(2);
    await epp.close();
    expect(target.received("logout")).toHaveLength(sessions);
    expect(epp.stats().open).toBe(0);
    await vi.waitFor(() => expect(target.connections.open).toBe(0));
    const error = await failure(epp.send(check()));
    expect([error.kind, error.sent]).toEqual(["closed", false]);
  });
});

describe("log", () => {
  it("one JSON line per command and per session event, with no password or auth code", async () => {
    const lines: string[] = [];
    const target = await server({
      script: (request, next) =>
        request.command === "domain:create" || request.command === "domain:info"
          ? responseXml({ code: 1000, clTRID: request.clTRID, svTRID: "SV-LOG" })
          : next(request),
    });
    const session = await EppSession.open(
      options(target, { logger: createLogger({ sink: (line) => lines.push(line) }), registry: "example-registry" }),
    );
    await session.send(create("logged.example"), "log-1");
    await session.send({ kind: "domain:info", name: "logged.example", authInfo: AUTH_CODE });
    await session.close();
    // The server did receive the secrets: the log is the only place they must not be.
    expect(target.received("login")[0]?.xml).toContain(PASSWORD);
    expect(target.received("domain:create")[0]?.xml).toContain(AUTH_CODE);

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const created = parsed.find((entry) => entry.command === "domain:create");
    expect(created).toMatchObject({ registry: "example-registry", clTRID: "log-1", svTRID: "SV-LOG", code: 1000 });
    expect(typeof created?.ms).toBe("number");
    expect(typeof created?.t).toBe("string");
    expect(parsed.filter((entry) => "event" in entry && entry.event !== undefined).map((entry) => entry.event)).toEqual(
      ["login", "logout", "closed"],
    );
    for (const line of [...lines, ...logLines]) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain(AUTH_CODE);
      expect(line).not.toContain("<");
      expect(line.includes("\n")).toBe(false);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });

  it("redact() blanks passwords and authInfo in any XML, and leaves the rest", () => {
    const login = buildXml(
      {
        kind: "login",
        clID: "registrar-1",
        pw: PASSWORD,
        newPW: "new-" + PASSWORD,
        version: "1.0",
        lang: "en",
        objURIs: [OBJ_URIS.domain],
        extURIs: [],
      },
      "r-1",
    );
    const created = buildXml(create("redact.example"), "r-2");
    const info = `<domain:infData xmlns:domain="${OBJ_URIS.domain}"><domain:name>a.example</domain:name><domain:authInfo><domain:pw roid="X">${AUTH_CODE}</domain:pw></domain:authInfo></domain:infData>`;
    for (const xml of [login, created, info]) {
      const clean = redact(xml);
      expect(clean).not.toContain(PASSWORD);
      expect(clean).not.toContain(AUTH_CODE);
      expect(clean).toContain("***");
    }
    expect(redact(login)).toContain("<clID>registrar-1</clID>");
    expect(redact(created)).toContain("redact.example");
    const greeting = greetingXml({ svDate: "2026-11-29T00:00:00.0Z" });
    expect(redact(greeting)).toBe(greeting);
  });
});
