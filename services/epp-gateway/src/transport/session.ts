// One EPP session (RFC 5730 §2, RFC 5734): TLS with our client certificate, the server's
// <greeting>, <login> with the services both sides speak, then one command at a time. A command's
// answer is the next data unit on the stream, so anything that breaks that pairing (a time-out, an
// unreadable answer, an answer for another clTRID) ends the session rather than risk matching a
// late answer to the next command.
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from "node:tls";
import { buildXml } from "../epp/build";
import { parseGreeting, parseResponse } from "../epp/parse";
import { createLogger, type EppLogger } from "../log";
import type { EppCommand, EppResponse, Greeting } from "../types";
import { FrameDecoder, encodeFrame } from "./frame";

/** The object mappings we speak (RFC 5731–5733). */
export const SUPPORTED_OBJ_URIS = [
  "urn:ietf:params:xml:ns:domain-1.0",
  "urn:ietf:params:xml:ns:host-1.0",
  "urn:ietf:params:xml:ns:contact-1.0",
] as const;
/** The extensions we speak: secDNS-1.1 (RFC 5910), rgp-1.0 (RFC 3915), fee-1.0 (RFC 8748). */
export const SUPPORTED_EXT_URIS = [
  "urn:ietf:params:xml:ns:secDNS-1.1",
  "urn:ietf:params:xml:ns:rgp-1.0",
  "urn:ietf:params:xml:ns:epp:fee-1.0",
] as const;

export type TransportErrorKind =
  "connect" | "tls" | "greeting_timeout" | "closed" | "timeout" | "frame" | "not_epp" | "login";

/**
 * A command that got no usable answer, or a session that could not be opened. `sent` says whether
 * the command's bytes were written before the failure: when true the registry may have carried it
 * out, so a create must be checked (info), not repeated blindly.
 */
export class EppTransportError extends Error {
  override name = "EppTransportError";
  readonly kind: TransportErrorKind;
  readonly sent: boolean;
  /** The login's answer when kind is "login" (never holds the password: it is the server's answer). */
  readonly response?: EppResponse;

  constructor(
    kind: TransportErrorKind,
    message: string,
    options: { sent?: boolean; cause?: unknown; response?: EppResponse } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.sent = options.sent ?? false;
    this.response = options.response;
  }

  /** The same failure, for a command whose bytes were (or were not) written. */
  withSent(sent: boolean): EppTransportError {
    if (sent === this.sent) return this;
    return new EppTransportError(this.kind, this.message, { sent, cause: this.cause, response: this.response });
  }
}

export interface EppCodec {
  build(cmd: EppCommand, clTRID?: string): string;
  parseGreeting(xml: string): Greeting;
  parseResponse(xml: string): EppResponse;
}

export const defaultCodec: EppCodec = { build: buildXml, parseGreeting, parseResponse };

export interface SessionOptions {
  host: string;
  port: number;
  /** TLS SNI and the name checked on the server's certificate; default `host` unless it is an IP. */
  servername?: string;
  /** Our client certificate and key (PEM). */
  cert: string | Buffer;
  key: string | Buffer;
  /** Trust anchors for the server's certificate; default: the system's. */
  ca?: string | Buffer | (string | Buffer)[];
  clID: string;
  pw: string;
  newPW?: string;
  /** The registry's name in the log. Default `host`. */
  registry?: string;
  /** TCP connect + TLS handshake. Default 10 s. */
  connectTimeoutMs?: number;
  /** From the handshake to the <greeting>. Default 10 s. */
  greetingTimeoutMs?: number;
  /** From a command's bytes written to its answer. Default 30 s. */
  commandTimeoutMs?: number;
  /** A <hello> after this long without a command, so the registry keeps the session. Default 5 min; 0 = never. */
  helloIntervalMs?: number;
  /** How long close() waits for the <logout> answer and the socket's end. Default 2 s. */
  logoutTimeoutMs?: number;
  maxFrameBytes?: number;
  logger?: EppLogger;
  codec?: EppCodec;
  connect?: (options: ConnectionOptions) => TLSSocket;
  newClTRID?: () => string;
  /** The session's number in the log (the pool numbers its sessions). */
  id?: number;
}

export interface SendResult {
  response: EppResponse;
  /** The answer as received (for a caller that must log it: redact() it first). */
  xml: string;
  ms: number;
}

/** Result codes after which the server closes the connection (RFC 5730 §3). */
const CLOSING_CODES = new Set([2500, 2501, 2502]);

type Stage = "tcp" | "tls" | "greeting" | "login" | "ready" | "ended";

let sessionCounter = 0;

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return "";
}

/** TLS failures: OpenSSL's alerts and errors, Node's certificate checks. */
function isTlsError(code: string): boolean {
  return (
    code.startsWith("ERR_SSL") ||
    code.startsWith("ERR_TLS") ||
    /CERT|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|HOSTNAME/.test(code)
  );
}

export class EppSession {
  readonly id: number;
  readonly registry: string;
  /** The server's greeting (set once open() resolves). */
  greeting: Greeting = { svID: "", versions: [], langs: [], objURIs: [], extURIs: [] };
  /** Commands answered on this session, not counting login, logout and hello. */
  commands = 0;
  /** Resolves when the socket has closed, for whatever reason. */
  readonly closed: Promise<void>;

  private readonly options: SessionOptions;
  private readonly codec: EppCodec;
  private readonly logger: EppLogger;
  private readonly newClTRID: () => string;
  private readonly socket: TLSSocket;
  private readonly decoder: FrameDecoder;
  private stage: Stage = "tcp";
  private failure: EppTransportError | null = null;
  /** Data units that arrived with nobody waiting: the stream is out of step if one is there. */
  private inbox: string[] = [];
  private waiter: { resolve: (xml: string) => void; reject: (error: EppTransportError) => void } | null = null;
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private helloTimer: NodeJS.Timeout | null = null;
  private closing = false;
  private bytesReceived = 0;
  private resolveClosed: () => void = () => {};

  private constructor(options: SessionOptions) {
    this.options = options;
    this.id = options.id ?? ++sessionCounter;
    this.registry = options.registry ?? options.host;
    this.codec = options.codec ?? defaultCodec;
    this.logger = options.logger ?? createLogger();
    this.newClTRID = options.newClTRID ?? (() => `gw-${randomUUID()}`);
    this.decoder = new FrameDecoder({ maxFrameBytes: options.maxFrameBytes });
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    const connect = options.connect ?? tlsConnect;
    this.socket = connect({
      host: options.host,
      port: options.port,
      servername: options.servername ?? (isIP(options.host) ? undefined : options.host),
      cert: options.cert,
      key: options.key,
      ca: options.ca,
      minVersion: "TLSv1.2",
      rejectUnauthorized: true,
    });
    this.socket.on("connect", () => {
      if (this.stage === "tcp") this.stage = "tls";
    });
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    this.socket.on("error", (error) => this.fail(this.classify(error)));
    this.socket.on("close", () => this.onClose());
  }

  /** Connects, reads the greeting and logs in; rejects with an EppTransportError (sent=false). */
  static async open(options: SessionOptions): Promise<EppSession> {
    let session: EppSession;
    try {
      session = new EppSession(options);
    } catch (error) {
      // tls.connect throws at once on a certificate or key it cannot load.
      throw new EppTransportError(
        "tls",
        `cannot set up TLS: ${error instanceof Error ? error.message : "bad options"}`,
        {
          cause: error,
        },
      );
    }
    try {
      await session.handshake();
      return session;
    } catch (error) {
      session.socket.destroy();
      throw error instanceof EppTransportError
        ? error.withSent(false)
        : // The codec refusing our own login (an unusable clID or password) is a login failure.
          new EppTransportError("login", "the login could not be sent", { cause: error });
    }
  }

  /** Logged in, socket open, not closing: can take commands. */
  get alive(): boolean {
    return this.stage === "ready" && this.failure === null && !this.closing;
  }

  /** Commands waiting or in flight on this session. */
  get pending(): number {
    return this.queued;
  }

  /**
   * Sends one command and waits for its answer (after the commands queued before it). A `hello`
   * resolves with the greeting as a 1000 response. Result 2500–2502 resolves, and ends the session.
   */
  send(cmd: EppCommand, clTRID?: string): Promise<SendResult> {
    if (!this.alive) {
      return Promise.reject(
        new EppTransportError("closed", this.endedMessage(), { sent: false, cause: this.failure ?? undefined }),
      );
    }
    return this.enqueue(() => this.exchange(cmd, clTRID, this.options.commandTimeoutMs ?? 30_000));
  }

  /**
   * Ends the session: waits for the commands already queued, sends <logout> (waiting at most
   * logoutTimeoutMs for its answer), then closes the socket.
   */
  async close(): Promise<void> {
    if (this.closing) return this.closed;
    const wasReady = this.stage === "ready" && this.failure === null;
    this.closing = true;
    this.clearHello();
    const logoutTimeoutMs = this.options.logoutTimeoutMs ?? 2_000;
    if (wasReady) {
      const started = performance.now();
      try {
        const { response } = await this.enqueue(() => this.exchange({ kind: "logout" }, undefined, logoutTimeoutMs));
        this.logger.event({
          registry: this.registry,
          event: "logout",
          session: this.id,
          code: response.result.code,
          ms: performance.now() - started,
        });
      } catch (error) {
        this.logger.event({
          registry: this.registry,
          event: "logout",
          session: this.id,
          ms: performance.now() - started,
          reason: error instanceof EppTransportError ? error.kind : "error",
        });
      }
    }
    this.socket.end();
    const timer = setTimeout(() => this.socket.destroy(), logoutTimeoutMs);
    await this.closed;
    clearTimeout(timer);
  }

  private async handshake(): Promise<void> {
    await this.withTimer(
      new Promise<void>((resolve, reject) => {
        this.socket.once("secureConnect", () => resolve());
        this.socket.once("close", () =>
          reject(this.failure ?? new EppTransportError("connect", "connection closed before TLS was set up")),
        );
      }),
      this.options.connectTimeoutMs ?? 10_000,
      () =>
        new EppTransportError(
          this.stage === "tcp" ? "connect" : "tls",
          this.stage === "tcp" ? "TCP connect timed out" : "TLS handshake timed out",
        ),
    );
    this.stage = "greeting";
    const greetingXml = await this.nextFrame(this.options.greetingTimeoutMs ?? 10_000, "greeting_timeout");
    try {
      this.greeting = this.codec.parseGreeting(greetingXml);
    } catch (error) {
      throw this.kill(
        new EppTransportError("not_epp", "the server's first message is not an EPP greeting", { cause: error }),
      );
    }

    this.stage = "login";
    const started = performance.now();
    const offered = (ours: readonly string[], theirs: string[]) => ours.filter((uri) => theirs.includes(uri));
    const login: EppCommand = {
      kind: "login",
      clID: this.options.clID,
      pw: this.options.pw,
      ...(this.options.newPW === undefined ? {} : { newPW: this.options.newPW }),
      // RFC 5730 knows one version; we speak English (a server must offer "en", §2.4).
      version: "1.0",
      lang:
        this.greeting.langs.includes("en") || this.greeting.langs.length === 0
          ? "en"
          : (this.greeting.langs[0] ?? "en"),
      objURIs: offered(SUPPORTED_OBJ_URIS, this.greeting.objURIs),
      extURIs: offered(SUPPORTED_EXT_URIS, this.greeting.extURIs),
    };
    if (login.objURIs.length === 0) {
      throw this.kill(
        new EppTransportError(
          "login",
          "the server offers none of the object mappings we speak (domain, host, contact)",
        ),
      );
    }
    let response: EppResponse;
    try {
      ({ response } = await this.exchange(login, undefined, this.options.commandTimeoutMs ?? 30_000));
    } catch (error) {
      this.logger.event({
        registry: this.registry,
        event: "login",
        session: this.id,
        ms: performance.now() - started,
        reason: error instanceof EppTransportError ? error.kind : "login_not_sent",
      });
      throw error;
    }
    const code = response.result.code;
    this.logger.event({
      registry: this.registry,
      event: "login",
      session: this.id,
      code,
      ms: performance.now() - started,
      reason: code === 1000 ? undefined : "login_refused",
    });
    if (code !== 1000) {
      throw this.kill(
        new EppTransportError("login", `login refused: ${code} ${response.result.msg}`, { sent: true, response }),
      );
    }
    this.stage = "ready";
    this.scheduleHello();
  }

  /** Runs `task` after every task queued before it, whatever they ended with. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.queued += 1;
    this.clearHello();
    const run = this.tail.then(task);
    this.tail = run.then(
      () => this.settled(),
      () => this.settled(),
    );
    return run;
  }

  private settled(): void {
    this.queued -= 1;
    if (this.queued === 0) this.scheduleHello();
  }

  /** Writes one command and reads its answer; every failure is an EppTransportError saying whether it was sent. */
  private async exchange(cmd: EppCommand, clTRID: string | undefined, timeoutMs: number): Promise<SendResult> {
    const loggingIn = cmd.kind === "login" && this.stage === "login";
    // A session ended by an earlier failure: this command never left, and may go on a new session.
    if (this.failure) throw new EppTransportError("closed", this.endedMessage(), { sent: false, cause: this.failure });
    if (this.stage !== "ready" && !loggingIn) {
      throw new EppTransportError("closed", "the EPP session is not logged in", { sent: false });
    }
    if (this.inbox.length > 0) {
      throw this.kill(new EppTransportError("not_epp", "the server sent a message nobody asked for"));
    }
    const id = cmd.kind === "hello" ? undefined : (clTRID ?? this.newClTRID());
    // A command the codec refuses (EppBuildError) is the caller's mistake: it leaves as it is, unsent.
    const xml = this.codec.build(cmd, id);
    const started = performance.now();
    const logFailure = (error: EppTransportError) =>
      this.logger.command({
        registry: this.registry,
        command: cmd.kind,
        clTRID: id,
        ms: performance.now() - started,
        session: this.id,
        error: error.kind,
      });

    this.socket.write(encodeFrame(xml));
    let answer: string;
    try {
      answer = await this.nextFrame(timeoutMs, "timeout");
    } catch (error) {
      const failure =
        error instanceof EppTransportError
          ? error.withSent(true)
          : new EppTransportError("closed", "no answer", { sent: true });
      logFailure(failure);
      throw failure;
    }

    let response: EppResponse;
    try {
      response = cmd.kind === "hello" ? this.helloAnswer(answer) : this.codec.parseResponse(answer);
    } catch (error) {
      const failure = this.kill(
        new EppTransportError("not_epp", "the answer is not an EPP response", { sent: true, cause: error }),
      );
      logFailure(failure);
      throw failure;
    }
    const answeredFor = response.trID.clTRID;
    if (id !== undefined && answeredFor !== undefined && answeredFor !== id) {
      const failure = this.kill(
        new EppTransportError("not_epp", "the answer is for another command (clTRID differs)", { sent: true }),
      );
      logFailure(failure);
      throw failure;
    }
    const ms = performance.now() - started;
    if (cmd.kind !== "login" && cmd.kind !== "logout" && cmd.kind !== "hello") this.commands += 1;
    this.logger.command({
      registry: this.registry,
      command: cmd.kind,
      clTRID: id,
      svTRID: response.trID.svTRID,
      code: response.result.code,
      ms,
      session: this.id,
    });
    if (CLOSING_CODES.has(response.result.code)) {
      this.kill(new EppTransportError("closed", `the server ended the session (${response.result.code})`));
    }
    return { response, xml: answer, ms };
  }

  /** <hello> is answered with a <greeting> (RFC 5730 §2.3); a server answering a <response> is tolerated. */
  private helloAnswer(xml: string): EppResponse {
    try {
      this.greeting = this.codec.parseGreeting(xml);
      return { result: { code: 1000, msg: "greeting" }, trID: {} };
    } catch (error) {
      try {
        return this.codec.parseResponse(xml);
      } catch {
        throw error;
      }
    }
  }

  /** The next data unit, or the session's failure; `kind` on time-out (which ends the session). */
  private nextFrame(timeoutMs: number, kind: "timeout" | "greeting_timeout"): Promise<string> {
    const queued = this.inbox.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    const frame = new Promise<string>((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
    return this.withTimer(frame, timeoutMs, () =>
      this.kill(
        new EppTransportError(
          kind,
          kind === "greeting_timeout" ? `no greeting within ${timeoutMs} ms` : `no answer within ${timeoutMs} ms`,
        ),
      ),
    ).finally(() => {
      this.waiter = null;
    });
  }

  private withTimer<T>(promise: Promise<T>, ms: number, onTimeout: () => EppTransportError): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  private endedMessage(): string {
    if (this.failure) return `the EPP session has ended (${this.failure.kind}: ${this.failure.message})`;
    return this.closing ? "the EPP session is closing" : "the EPP session is not logged in";
  }

  /** Why the connection ended, when nothing more precise (an error event, a time-out) said so first. */
  private closeFailure(stage: Stage): EppTransportError {
    if (stage === "tcp") return new EppTransportError("connect", "connection closed before it was set up");
    if (stage === "tls") return new EppTransportError("tls", "connection closed during the TLS handshake");
    if (stage === "greeting" && this.bytesReceived === 0) {
      // Under TLS 1.3 the client's handshake ends before the server has checked our certificate:
      // a server that refuses it may just close, so a close before any byte is reported as TLS.
      return new EppTransportError(
        "tls",
        "the server closed the connection right after the TLS handshake (client certificate refused?)",
      );
    }
    return new EppTransportError("closed", "the server closed the connection");
  }

  private onData(chunk: Buffer): void {
    this.bytesReceived += chunk.length;
    let frames: string[];
    try {
      frames = this.decoder.push(chunk);
    } catch (error) {
      this.kill(
        new EppTransportError("frame", error instanceof Error ? error.message : "bad data unit", { cause: error }),
      );
      return;
    }
    for (const frame of frames) {
      if (this.waiter) {
        const { resolve } = this.waiter;
        this.waiter = null;
        resolve(frame);
      } else {
        this.inbox.push(frame);
      }
    }
  }

  private classify(error: Error): EppTransportError {
    const code = errorCode(error);
    if (this.stage === "tcp")
      return new EppTransportError("connect", `cannot connect: ${error.message}`, { cause: error });
    if (this.stage === "tls" || isTlsError(code)) {
      return new EppTransportError("tls", `TLS failed: ${error.message}`, { cause: error });
    }
    return new EppTransportError("closed", `connection failed: ${error.message}`, { cause: error });
  }

  /** Records the session's end (first cause wins) and fails whoever waits for an answer. */
  private fail(failure: EppTransportError): EppTransportError {
    if (!this.failure) this.failure = failure;
    this.clearHello();
    if (this.waiter) {
      const { reject } = this.waiter;
      this.waiter = null;
      reject(this.failure);
    }
    return this.failure;
  }

  /** Fails the session and closes its socket; returns the failure to throw. */
  private kill(failure: EppTransportError): EppTransportError {
    const recorded = this.fail(failure);
    this.socket.destroy();
    return failure.kind === recorded.kind ? failure : recorded;
  }

  private onClose(): void {
    const wasStage = this.stage;
    this.fail(this.closeFailure(wasStage));
    this.stage = "ended";
    if (wasStage === "ready" || wasStage === "login" || wasStage === "greeting") {
      this.logger.event({
        registry: this.registry,
        event: "closed",
        session: this.id,
        reason: this.closing ? "logout" : (this.failure?.kind ?? "closed"),
      });
    }
    this.resolveClosed();
  }

  private scheduleHello(): void {
    const interval = this.options.helloIntervalMs ?? 300_000;
    this.clearHello();
    if (interval <= 0 || !this.alive || this.queued > 0) return;
    this.helloTimer = setTimeout(() => {
      this.helloTimer = null;
      if (!this.alive || this.queued > 0) return;
      // A failed hello ends the session (the pool then drops it); nobody waits for it.
      this.enqueue(() => this.exchange({ kind: "hello" }, undefined, this.options.commandTimeoutMs ?? 30_000)).catch(
        () => {},
      );
    }, interval);
    // The keep-alive alone must not keep the process running.
    this.helloTimer.unref();
  }

  private clearHello(): void {
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
  }
}
