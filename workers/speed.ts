/**
 * Speed-test endpoints for `@cloudflare/speedtest` (reference/external-services.md §4), served by
 * the storefront worker: `GET /__down?bytes=N` answers exactly N bytes, `POST /__up` reads and
 * discards the body. Both are bounded, never cached, and report the server's own time in
 * `server-timing: cfRequestDuration;dur=…` so the engine can subtract it from its measurements.
 */

/** Largest download the page asks for is 25 MB; the engine's own defaults go up to 250 MB. */
export const MAX_DOWN_BYTES = 250_000_000;
export const MAX_UP_BYTES = 100_000_000;
const CHUNK = new Uint8Array(64 * 1024);

function headers(started: number, extra: Record<string, string> = {}): Headers {
  return new Headers({
    "cache-control": "no-store, no-transform",
    "server-timing": `cfRequestDuration;dur=${Math.max(0, Date.now() - started)}`,
    "timing-allow-origin": "*",
    ...extra,
  });
}

function refuse(status: number, message: string, allow?: string): Response {
  return new Response(
    JSON.stringify({ success: false, code: status === 405 ? "method_not_allowed" : "invalid_parameter", message }),
    {
      status,
      headers: { "content-type": "application/json", "cache-control": "no-store", ...(allow ? { allow } : {}) },
    },
  );
}

export function isSpeedPath(pathname: string): boolean {
  return pathname === "/__down" || pathname === "/__up";
}

export async function handleSpeed(request: Request): Promise<Response> {
  const started = Date.now();
  const url = new URL(request.url);
  if (url.pathname === "/__down") {
    if (request.method !== "GET" && request.method !== "HEAD")
      return refuse(405, "Use GET /__down?bytes=N.", "GET, HEAD");
    const raw = url.searchParams.get("bytes") ?? "0";
    if (!/^\d{1,9}$/.test(raw) || Number(raw) > MAX_DOWN_BYTES) {
      return refuse(400, `Parameter "bytes" must be a whole number from 0 to ${MAX_DOWN_BYTES}.`);
    }
    let left = Number(raw);
    const body =
      left === 0 || request.method === "HEAD"
        ? null
        : new ReadableStream<Uint8Array>({
            pull(controller) {
              const size = Math.min(left, CHUNK.byteLength);
              controller.enqueue(size === CHUNK.byteLength ? CHUNK.slice() : CHUNK.slice(0, size));
              left -= size;
              if (left === 0) controller.close();
            },
          });
    return new Response(body, {
      status: 200,
      headers: headers(started, { "content-type": "application/octet-stream" }),
    });
  }
  if (request.method !== "POST") return refuse(405, "Use POST /__up with the bytes as the body.", "POST");
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > MAX_UP_BYTES) {
        await reader.cancel();
        return refuse(413, `At most ${MAX_UP_BYTES} bytes.`);
      }
    }
  }
  return new Response(null, { status: 200, headers: headers(started, { "x-received-bytes": String(received) }) });
}
