// A loopback EPP server for tests only (RFC 5730/5734): TLS that demands a client certificate of
// the test CA (test-ca.ts), 4-byte framing, a greeting on connect, and each request answered by the
// test's own `script`. It records every request, so tests assert what a registry would have seen
// (how many creates arrived, how many logins on which connection).
import { createServer, type Server, type TLSSocket } from "node:tls";
import { FrameDecoder, encodeFrame } from "../../src/transport/frame";

export const EPP_NS = "urn:ietf:params:xml:ns:epp-1.0";
export const OBJ_URIS = {
  domain: "urn:ietf:params:xml:ns:domain-1.0",
  host: "urn:ietf:params:xml:ns:host-1.0",
  contact: "urn:ietf:params:xml:ns:contact-1.0",
} as const;
export const EXT_URIS = {
  secDNS: "urn:ietf:params:xml:ns:secDNS-1.1",
  rgp: "urn:ietf:params:xml:ns:rgp-1.0",
  fee: "urn:ietf:params:xml:ns:epp:fee-1.0",
} as const;

export interface GreetingOptions {
  svID?: string;
  svDate?: string;
  versions?: string[];
  langs?: string[];
  objURIs?: string[];
  extURIs?: string[];
}

export interface EppRequest {
  /** The whole XML document the client sent. */
  xml: string;
  /** "hello", "login", "logout", "poll", or object:verb ("domain:create", "contact:info" …); "unknown" when unreadable. */
  command: string;
  clTRID?: string;
  /** The connection's number on this server, from 1 in the order they were accepted. */
  session: number;
}

export type ScriptAnswer =
  | string
  | { xml: string; delayMs?: number }
  /** Close the socket without answering: the "answer lost" case. */
  | { drop: true; delayMs?: number }
  /** Answer, then close the socket. */
  | { close: true; xml: string; delayMs?: number }
  /** Write these bytes as they are (no framing): broken or hostile servers. */
  | { raw: Uint8Array; delayMs?: number };

/** `fallback` is the default script with this server's greeting (for the requests a test leaves alone). */
export type Script = (
  request: EppRequest,
  fallback: (request: EppRequest) => ScriptAnswer,
) => ScriptAnswer | Promise<ScriptAnswer>;

export interface EppTestServerOptions {
  /** The test CA's certificate (clients must present one it signed) and the server's pair. */
  certs: { ca: string; server: { cert: string; key: string } };
  /** What the greeting offers; `false`: never send one. */
  greeting?: GreetingOptions | false;
  greetingDelayMs?: number;
  /** Bytes sent on connect instead of the greeting (a non-EPP or broken server). */
  greetingRaw?: Uint8Array;
  script?: Script;
  maxFrameBytes?: number;
}

export interface EppTestServer {
  host: string;
  port: number;
  /** Every request received, in order. */
  requests: EppRequest[];
  /** Requests of one command (e.g. "domain:create"). */
  received(command: string): EppRequest[];
  connections: {
    /** TLS connections that completed the handshake. */
    accepted: number;
    /** Handshakes refused (no certificate, another CA's …). */
    refused: number;
    open: number;
    /** The most open at one time. */
    peak: number;
    /** Connections closed because the client sent a bad data unit. */
    frameErrors: number;
  };
  /** Closes every open connection at once (the registry restarts or expires its sessions). */
  dropAll(): void;
  close(): Promise<void>;
}

const RESULT_MESSAGES: Record<number, string> = {
  1000: "Command completed successfully",
  1001: "Command completed successfully; action pending",
  1300: "Command completed successfully; no messages",
  1301: "Command completed successfully; ack to dequeue",
  1500: "Command completed successfully; ending session",
  2001: "Command syntax error",
  2200: "Authentication error",
  2302: "Object exists",
  2303: "Object does not exist",
  2400: "Command failed",
  2500: "Command failed; server closing connection",
  2501: "Authentication error; server closing connection",
  2502: "Session limit exceeded; server closing connection",
};

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A `<greeting>` (RFC 5730 §2.4) offering domain/host/contact and secDNS/rgp/fee unless told otherwise. */
export function greetingXml(options: GreetingOptions = {}): string {
  const versions = options.versions ?? ["1.0"];
  const langs = options.langs ?? ["en"];
  const objURIs = options.objURIs ?? Object.values(OBJ_URIS);
  const extURIs = options.extURIs ?? Object.values(EXT_URIS);
  const extensions =
    extURIs.length > 0
      ? `<svcExtension>${extURIs.map((uri) => `<extURI>${escapeXml(uri)}</extURI>`).join("")}</svcExtension>`
      : "";
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n` +
    `<epp xmlns="${EPP_NS}"><greeting>` +
    `<svID>${escapeXml(options.svID ?? "EPP test server")}</svID>` +
    `<svDate>${escapeXml(options.svDate ?? new Date().toISOString())}</svDate>` +
    `<svcMenu>` +
    versions.map((v) => `<version>${escapeXml(v)}</version>`).join("") +
    langs.map((l) => `<lang>${escapeXml(l)}</lang>`).join("") +
    objURIs.map((uri) => `<objURI>${escapeXml(uri)}</objURI>`).join("") +
    extensions +
    `</svcMenu>` +
    `<dcp><access><all/></access><statement><purpose><admin/><prov/></purpose>` +
    `<recipient><ours/><public/></recipient><retention><stated/></retention></statement></dcp>` +
    `</greeting></epp>`
  );
}

export interface ResponseOptions {
  code: number;
  /** Default: the RFC 5730 §3 text for the code. */
  msg?: string;
  clTRID?: string;
  /** Default: a fresh server id. */
  svTRID?: string;
  /** The inside of `<resData>` (elements with their own namespaces). */
  resData?: string;
  /** The inside of `<extension>`. */
  extension?: string;
  msgQ?: { count: number; id: string; qDate?: string; msg?: string };
  /** A reason given in `<extValue>` (RFC 5730 §2.6). */
  reason?: string;
}

let svCounter = 0;

/** A `<response>` (RFC 5730 §2.6) in schema order: result, msgQ, resData, extension, trID. */
export function responseXml(options: ResponseOptions): string {
  const msg = options.msg ?? RESULT_MESSAGES[options.code] ?? "Command completed";
  const reason =
    options.reason === undefined
      ? ""
      : `<extValue><value><undef/></value><reason>${escapeXml(options.reason)}</reason></extValue>`;
  const msgQ = options.msgQ
    ? `<msgQ count="${options.msgQ.count}" id="${escapeXml(options.msgQ.id)}">` +
      (options.msgQ.qDate ? `<qDate>${escapeXml(options.msgQ.qDate)}</qDate>` : "") +
      (options.msgQ.msg ? `<msg>${escapeXml(options.msgQ.msg)}</msg>` : "") +
      `</msgQ>`
    : "";
  svCounter += 1;
  const svTRID = options.svTRID ?? `sv-test-${svCounter}`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n` +
    `<epp xmlns="${EPP_NS}"><response>` +
    `<result code="${options.code}"><msg>${escapeXml(msg)}</msg>${reason}</result>` +
    msgQ +
    (options.resData === undefined ? "" : `<resData>${options.resData}</resData>`) +
    (options.extension === undefined ? "" : `<extension>${options.extension}</extension>`) +
    `<trID>` +
    (options.clTRID === undefined ? "" : `<clTRID>${escapeXml(options.clTRID)}</clTRID>`) +
    `<svTRID>${escapeXml(svTRID)}</svTRID></trID>` +
    `</response></epp>`
  );
}

const OBJECTS: Record<string, string> = {
  [OBJ_URIS.domain]: "domain",
  [OBJ_URIS.host]: "host",
  [OBJ_URIS.contact]: "contact",
};

/**
 * What a request is: its command ("login", "domain:create" …) and clTRID. Read with patterns rather
 * than a parser on purpose: the test server must still name, and answer, a request the codec
 * under test got wrong.
 */
export function describeRequest(xml: string): { command: string; clTRID?: string } {
  const clTRID = /<(?:[\w.-]+:)?clTRID>([^<]*)<\/(?:[\w.-]+:)?clTRID>/.exec(xml)?.[1];
  if (/<(?:[\w.-]+:)?hello\s*\/?>/.test(xml)) return { command: "hello" };
  // The first element inside <command>, then (object commands) the first element inside that.
  const inCommand = /<(?:[\w.-]+:)?command>\s*<(?:[\w.-]+:)?([A-Za-z]+)([^>]*)>([\s\S]*)/.exec(xml);
  if (!inCommand) return { command: "unknown", clTRID };
  const verb = inCommand[1] ?? "unknown";
  if (verb === "login" || verb === "logout" || verb === "poll") return { command: verb, clTRID };
  const objectElement = /^\s*<(?:[\w.-]+:)?[A-Za-z]+((?:\s+[^>]*)?)>/.exec(inCommand[3] ?? "");
  const uri = /xmlns(?::[\w.-]+)?="([^"]+)"/.exec(objectElement?.[1] ?? "")?.[1];
  const object = uri ? OBJECTS[uri] : undefined;
  return { command: object ? `${object}:${verb}` : verb, clTRID };
}

/** login/logout answered 1000/1500, hello with the greeting, anything else 2400. */
export function defaultAnswer(request: EppRequest, greeting: GreetingOptions = {}): ScriptAnswer {
  switch (request.command) {
    case "hello":
      return greetingXml(greeting);
    case "login":
      return responseXml({ code: 1000, clTRID: request.clTRID });
    case "logout":
      return { close: true, xml: responseXml({ code: 1500, clTRID: request.clTRID }) };
    default:
      return responseXml({ code: 2400, clTRID: request.clTRID });
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startEppTestServer(options: EppTestServerOptions): Promise<EppTestServer> {
  const greeting = options.greeting === false ? null : (options.greeting ?? {});
  const fallback = (request: EppRequest) => defaultAnswer(request, greeting ?? {});
  const script: Script = options.script ?? ((request, next) => next(request));
  const requests: EppRequest[] = [];
  const sockets = new Set<TLSSocket>();
  const connections = { accepted: 0, refused: 0, open: 0, peak: 0, frameErrors: 0 };

  const server: Server = createServer({
    key: options.certs.server.key,
    cert: options.certs.server.cert,
    ca: options.certs.ca,
    // RFC 5734 §9: both peers authenticate; a client without a certificate of our CA is refused.
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: "TLSv1.2",
  });
  server.on("tlsClientError", () => {
    connections.refused += 1;
  });

  server.on("secureConnection", (socket: TLSSocket) => {
    connections.accepted += 1;
    const session = connections.accepted;
    connections.open += 1;
    connections.peak = Math.max(connections.peak, connections.open);
    sockets.add(socket);
    const decoder = new FrameDecoder({ maxFrameBytes: options.maxFrameBytes });
    // One answer at a time, in order, as a real server's session does.
    let queue = Promise.resolve();
    let closed = false;
    socket.on("close", () => {
      closed = true;
      sockets.delete(socket);
      connections.open -= 1;
    });
    socket.on("error", () => {
      // A client vanishing mid-answer is part of what these tests do.
    });

    const write = (bytes: Uint8Array) => {
      if (!closed && !socket.destroyed) socket.write(bytes);
    };
    const answer = async (request: EppRequest) => {
      const reply = await script(request, fallback);
      const delayMs = typeof reply === "string" ? 0 : (reply.delayMs ?? 0);
      if (delayMs > 0) await delay(delayMs);
      if (closed) return;
      if (typeof reply === "string") write(encodeFrame(reply));
      else if ("drop" in reply) socket.destroy();
      else if ("raw" in reply) write(reply.raw);
      else if ("close" in reply) {
        write(encodeFrame(reply.xml));
        socket.end();
      } else write(encodeFrame(reply.xml));
    };

    void (async () => {
      if (options.greetingDelayMs) await delay(options.greetingDelayMs);
      if (options.greetingRaw) write(options.greetingRaw);
      else if (greeting) write(encodeFrame(greetingXml(greeting)));
    })();

    socket.on("data", (chunk: Buffer) => {
      let frames: string[];
      try {
        frames = decoder.push(chunk);
      } catch {
        connections.frameErrors += 1;
        socket.destroy();
        return;
      }
      for (const xml of frames) {
        const request: EppRequest = { xml, ...describeRequest(xml), session };
        requests.push(request);
        queue = queue
          .then(() => answer(request))
          .catch(() => {
            // A script that throws is a broken test: the client sees the connection end.
            socket.destroy();
          });
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    host: "127.0.0.1",
    port,
    requests,
    received: (command) => requests.filter((request) => request.command === command),
    connections,
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
