/**
 * SSL check through the Qualys SSL Labs API (v4: every call carries the registered `email`
 * header). The first call asks for a cached report (`fromCache=on&maxAge=24`), which starts a new
 * assessment when there is none; the page then polls the same call until READY. Finished
 * reports are kept in KV; running ones are not. Errors map to the SPEC §8 SSL texts: 429 rate
 * limit, registration required, 503/529 overloaded (try in 15 to 30 minutes), not found.
 */
import { mapSslLabsHost, type SslCheck, type SslResult } from "../../core/ssl";
import { cached, remember } from "./cache";
import { LookupFailure, upstreamTimeout, type LookupEnv } from "./env";

export const DEFAULT_SSLLABS_URL = "https://api.ssllabs.com/api/v4/";

function failure(status: number, body: unknown): LookupFailure {
  const errors = (body as { errors?: { field?: string; message?: string }[] } | null)?.errors ?? [];
  const first = errors[0];
  if (status === 441 || (status === 400 && first?.field === "email")) {
    console.error(
      "SSL Labs refuses our email: register it (POST /api/v4/register) and set SSLLABS_EMAIL",
      first?.message,
    );
    return new LookupFailure(
      503,
      "ssl_registration_required",
      "The grading service requires registration: our SSL Labs email is not registered.",
    );
  }
  if (status === 429)
    return new LookupFailure(
      429,
      "ssl_rate_limited",
      "Rate limit exceeded at the grading service. Please try again in a few minutes.",
      300,
    );
  if (status === 503 || status === 529) {
    return new LookupFailure(
      503,
      "ssl_overloaded",
      "The grading service is overloaded. Please try again in 15 to 30 minutes.",
      900,
    );
  }
  if (status === 400)
    return new LookupFailure(400, "ssl_invalid_host", first?.message ?? "The grading service refused this host.");
  return new LookupFailure(502, "ssl_failed", `The SSL check failed: the grading service answered ${status}.`);
}

/** One poll of the assessment of `host` (ASCII). */
export async function checkSsl(
  env: LookupEnv,
  host: string,
  options: { now?: () => Date; waitUntil?: (work: Promise<unknown>) => void } = {},
): Promise<{ check: SslCheck; cache: "hit" | "miss" }> {
  const now = options.now ?? (() => new Date());
  const report = await cached<SslResult>(env.CACHE, "ssl", host);
  if (report) return { check: { state: "ready", host, result: report }, cache: "hit" };

  const base = (env.SSLLABS_API_URL || DEFAULT_SSLLABS_URL).replace(/\/?$/, "/");
  const url = new URL("analyze", base);
  url.search = new URLSearchParams({ host, fromCache: "on", maxAge: "24", all: "done", publish: "off" }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json", ...(env.SSLLABS_EMAIL ? { email: env.SSLLABS_EMAIL } : {}) },
      signal: AbortSignal.timeout(upstreamTimeout(env)),
    });
  } catch (cause) {
    console.error("SSL Labs unreachable", cause);
    throw new LookupFailure(502, "ssl_failed", "The SSL check failed: the grading service could not be reached.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, body);
  if (!body || typeof body !== "object")
    throw new LookupFailure(502, "ssl_failed", "The SSL check failed: the grading service gave an unreadable answer.");

  const status = (body as { status?: unknown }).status;
  if (status === "ERROR") {
    const message = (body as { statusMessage?: unknown }).statusMessage;
    throw new LookupFailure(
      404,
      "ssl_not_found",
      `Not found: ${typeof message === "string" ? message : `${host} could not be assessed`}.`,
    );
  }
  const check = mapSslLabsHost(body, host, now());
  if (check.state === "ready") {
    // Keep the report (an hour, like SSL Labs' own cache) so repeated views do not poll again.
    await remember(env.CACHE, "ssl", host, check.result, { waitUntil: options.waitUntil });
  }
  return { check, cache: "miss" };
}
