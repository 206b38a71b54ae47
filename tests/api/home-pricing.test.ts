// Issue 19 (7): one failed pricing call must not show failed price cards to every visitor. The
// home page through the storefront worker, with a LOOKUP binding that fails on purpose: the
// shared call is retried once, a failure reaches only the renders already waiting for it, and a
// page rendered with failed prices is never kept by the page cache.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";

vi.setConfig({ testTimeout: 60_000 });

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const TLDS = ["com", "net", "org"] as const;

/** How the LOOKUP binding answers the pricing call right now. */
type Mode = "busy" | "real";

/** The real lookup worker behind a switch: "busy" answers pricing calls as a busy database would (502). */
function switchableLookup() {
  const state = { modes: [] as Mode[], fallback: "real" as Mode, pricingCalls: 0, delayMs: 0 };
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      if (new URL(request.url).pathname !== "/pricing") return env.LOOKUP.fetch(request);
      state.pricingCalls++;
      const mode = state.modes.shift() ?? state.fallback;
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (mode === "real") return env.LOOKUP.fetch(request);
      return Response.json(
        { success: false, code: "database_busy", message: "D1_ERROR: SQLITE_BUSY" },
        { status: 502 },
      );
    },
  };
  return { state, fetcher };
}

const lookup = switchableLookup();
const testEnv = new Proxy(env, {
  get: (target, property) => (property === "LOOKUP" ? lookup.fetcher : Reflect.get(target, property)),
});

/** The storefront as a plain fetch handler (as tests/api/fuzz/harness.ts calls it). */
const handler: { fetch(request: Request, env: never, ctx: ExecutionContext): Response | Promise<Response> } =
  storefront;

async function home(): Promise<{ response: Response; prices: string[]; body: string }> {
  const ctx = createExecutionContext();
  const ended = new AbortController();
  const request = new Request(`${ORIGIN}/?v=shared`, { headers: { "user-agent": BROWSER }, signal: ended.signal });
  const response = await handler.fetch(request, testEnv as never, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  ended.abort();
  const prices = TLDS.map(
    (tld) => new RegExp(`data-testid="price-${tld}"[^>]*>([^<]*)<`, "u").exec(body)?.[1] ?? "(missing)",
  );
  return { response, prices, body };
}

const fromCache = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes("page-cache");

describe("home price cards when the pricing call fails", () => {
  it("retries once, never keeps or caches a failure, and shows prices again on the next render", async () => {
    // Both tries fail: N/A (issue 19: never NaN), marked no-store, not kept.
    lookup.state.fallback = "busy";
    const failed = await home();
    expect(failed.response.status).toBe(200);
    expect(failed.prices).toEqual(["N/A", "N/A", "N/A"]);
    expect(failed.body).not.toMatch(/NaN|Infinity/u);
    expect(failed.response.headers.get("Cache-Control")).toBe("no-store");
    expect(lookup.state.pricingCalls).toBe(2);

    // Concurrent renders share one call (and its retry); the page cache served none of them.
    lookup.state.delayMs = 300;
    const together = await Promise.all([home(), home(), home()]);
    lookup.state.delayMs = 0;
    expect(together.map((render) => fromCache(render.response))).toEqual([false, false, false]);
    expect(lookup.state.pricingCalls).toBe(4);

    // The next render starts a new call: a first busy answer is retried and the prices show.
    lookup.state.fallback = "real";
    lookup.state.modes = ["busy"];
    const recovered = await home();
    expect(fromCache(recovered.response)).toBe(false);
    expect(lookup.state.pricingCalls).toBe(6);
    for (const text of recovered.prices) expect(text).toMatch(/^(?:\$\d+\.\d{2}|N\/A)$/u);
    expect(recovered.body).not.toMatch(/NaN|Infinity/u);
    expect(recovered.response.headers.get("Cache-Control")).toBeNull();

    // That good page is kept; the prices are kept too (no further call).
    const again = await home();
    expect(fromCache(again.response)).toBe(true);
    expect(again.prices).toEqual(recovered.prices);
    expect(lookup.state.pricingCalls).toBe(6);
  });
});
