// The front of scripts/serve.mjs on $PORT: HTTP/1.1 and cleartext HTTP/2 ("h2c" with prior
// knowledge, RFC 9113 §3.3) on one port. workerd speaks HTTP/1.1 only; DNS-over-HTTPS clients
// (`dig +http-plain=/dns-query`) speak HTTP/2 only. A connection that opens with the HTTP/2
// preface goes to Node's http2 server, which forwards each request to workerd; any other is
// spliced to workerd byte for byte (no parsing, so the browser suite pays next to nothing).
import http2 from "node:http2";
import net from "node:net";
import { Duplex } from "node:stream";

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n");
/** Hop-by-hop and HTTP/2 pseudo headers: not forwarded. */
const SKIPPED = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "http2-settings", "host"]);

/** Listens on 127.0.0.1:`port`, forwarding to `target` (workerd's own http://127.0.0.1:N/). */
export function listenFront(port, target) {
  const h2 = http2.createServer();
  h2.on("stream", (stream, headers) => void forward(stream, headers, target));
  h2.on("sessionError", () => {});
  const front = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    // No Nagle on either side of the splice: a response written in two pieces (headers, then
    // body) otherwise waited for the client's delayed ACK, ~40 ms on a quarter of the requests
    // (found by the EPP bench, docs/bench.md "EPP gateway").
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < PREFACE.length && PREFACE.subarray(0, head.length).equals(head)) return;
      socket.off("data", onData);
      socket.pause();
      if (head.subarray(0, PREFACE.length).equals(PREFACE)) {
        // nghttp2 reads a net.Socket's handle directly, past any unshifted bytes: hand it a
        // stream that replays the bytes already read, then the socket's.
        h2.emit("connection", replaying(socket, head));
        socket.resume();
        return;
      }
      const upstream = net.connect(Number(target.port), target.hostname);
      upstream.setNoDelay(true);
      upstream.on("error", () => socket.destroy());
      socket.on("close", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
      upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
      socket.resume();
    };
    socket.on("data", onData);
  });
  return new Promise((resolve, reject) => {
    front.once("error", reject);
    front.listen(port, "127.0.0.1", () => resolve(front));
  });
}

/** One HTTP/2 request forwarded to workerd over HTTP/1.1, its answer streamed back. */
async function forward(stream, headers, target) {
  stream.on("error", () => {});
  try {
    const method = headers[":method"] ?? "GET";
    const url = new URL(headers[":path"] ?? "/", target);
    const forwarded = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (name.startsWith(":") || SKIPPED.has(name) || value === undefined) continue;
      forwarded.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    forwarded.set("host", headers[":authority"] ?? target.host);
    const chunks = [];
    if (method !== "GET" && method !== "HEAD") for await (const chunk of stream) chunks.push(chunk);
    const response = await fetch(url, {
      method,
      headers: forwarded,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const answer = { ":status": response.status };
    for (const [name, value] of response.headers) if (!SKIPPED.has(name)) answer[name] = value;
    stream.respond(answer);
    stream.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (!stream.headersSent) stream.respond({ ":status": 502, "content-type": "text/plain; charset=utf-8" });
    stream.end(`The local server did not answer: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** A duplex stream over `socket` whose readable side starts with `head`. */
function replaying(socket, head) {
  const duplex = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk, encoding, callback) {
      socket.write(chunk, encoding, callback);
    },
    final(callback) {
      socket.end(callback);
    },
    destroy(error, callback) {
      socket.destroy();
      callback(error);
    },
  });
  duplex.push(head);
  socket.on("data", (chunk) => {
    if (!duplex.push(chunk)) socket.pause();
  });
  socket.on("end", () => duplex.push(null));
  socket.on("close", () => duplex.destroy());
  return duplex;
}
