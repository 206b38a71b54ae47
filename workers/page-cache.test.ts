import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PAGE_CACHE_HEADER,
  SHARED_COOKIES,
  cachedResponse,
  createPageCache,
  pageCacheKey,
  storeIfShared,
} from "./page-cache";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`https://trinity.example${path}`, { method, headers: { "user-agent": BROWSER, ...headers } });

/** A rendered page as entry.server.tsx answers it, with `nonce` in its scripts. */
function rendered(
  nonce: string,
  init: { status?: number; seconds?: string | null; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Language": "en",
    ...init.headers,
  });
  if (init.seconds !== null) headers.set(PAGE_CACHE_HEADER, init.seconds ?? "30");
  return new Response(`<html><script nonce="${nonce}">boot()</script><p>Hello</p></html>`, {
    status: init.status ?? 200,
    headers,
  });
}

/** Stores `response` under `key` and waits for the copy to be kept; returns what the visitor got. */
async function store(cache: ReturnType<typeof createPageCache>, key: string | null, response: Response, nonce: string) {
  const pending: Promise<unknown>[] = [];
  const answer = storeIfShared(key, response, nonce, cache, (promise) => pending.push(promise));
  const text = await answer.text();
  await Promise.all(pending);
  return { answer, text };
}

describe("pageCacheKey: who may share a rendered page", () => {
  it("shares among visitors with no cookie or only the language, theme and JS cookies, in any order", () => {
    const plain = pageCacheKey(get("/blog"));
    expect(plain).not.toBeNull();
    expect(pageCacheKey(get("/blog", { cookie: "theme=dark; js=1" }))).toBe(
      pageCacheKey(get("/blog", { cookie: "js=1;theme=dark" })),
    );
    expect(pageCacheKey(get("/blog", { cookie: "theme=dark" }))).not.toBe(plain);
  });

  it("never shares a signed-in, cart or message visitor's page, a post, a data request or an authorised call", () => {
    for (const cookie of ["__session=abc", "cart=xyz", "toast=1", "theme=dark; cart=xyz", "signin_2fa=1"]) {
      expect(pageCacheKey(get("/", { cookie }))).toBeNull();
    }
    expect(pageCacheKey(get("/", {}, "POST"))).toBeNull();
    expect(pageCacheKey(get("/blog.data"))).toBeNull();
    expect(pageCacheKey(get("/", { authorization: "Bearer x" }))).toBeNull();
  });

  it("keeps apart what the render depends on: address and query, the language asked for, bots (sent whole)", () => {
    const base = pageCacheKey(get("/"));
    expect(pageCacheKey(get("/?lang=tr"))).not.toBe(base);
    expect(pageCacheKey(get("/", { "accept-language": "tr-TR,tr;q=0.9" }))).not.toBe(base);
    expect(pageCacheKey(get("/", { "accept-language": "en-GB,en;q=0.9" }))).toBe(
      pageCacheKey(get("/", { "accept-language": "en-US" })),
    );
    expect(pageCacheKey(get("/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).not.toBe(base);
  });

  it("returns null for any cookie header naming a cookie that is not shared (generated)", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/).filter((n) => !SHARED_COOKIES.has(n));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...SHARED_COOKIES), { maxLength: 3 }),
        name,
        fc.string({ maxLength: 20 }),
        (shared, other, value) => {
          const cookie = [...shared.map((n) => `${n}=1`), `${other}=${value.replace(/[;\r\n]/g, "")}`].join("; ");
          expect(pageCacheKey(get("/", { cookie }))).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("storeIfShared and cachedResponse", () => {
  it("keeps a shared page and answers it again with a fresh nonce, without the internal header", async () => {
    const cache = createPageCache();
    const key = pageCacheKey(get("/"));
    const { answer, text } = await store(cache, key, rendered("first-nonce"), "first-nonce");
    expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(text).toContain('nonce="first-nonce"');
    const hit = cache.get(key ?? "");
    expect(hit).toBeDefined();
    const again = cachedResponse(hit!, "second-nonce");
    const body = await again.text();
    expect(body).toContain('nonce="second-nonce"');
    expect(body).not.toContain("first-nonce");
    expect(again.status).toBe(200);
    expect(again.headers.get("Content-Language")).toBe("en");
    expect(again.headers.get("Server-Timing")).toContain("page-cache");
  });

  it("does not keep a page that set a cookie, failed, was not HTML, did not opt in, or had no key", async () => {
    const cases: [string | null, Response][] = [
      ["k", rendered("n", { headers: { "Set-Cookie": "theme=dark" } })],
      ["k", rendered("n", { status: 404 })],
      ["k", rendered("n", { headers: { "Content-Type": "application/json" } })],
      ["k", rendered("n", { seconds: null })],
      ["k", rendered("n", { seconds: "0" })],
      ["k", rendered("n", { seconds: "soon" })],
      [null, rendered("n")],
    ];
    for (const [key, response] of cases) {
      const cache = createPageCache();
      const { answer } = await store(cache, key, response, "n");
      expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
      expect(cache.size).toBe(0);
    }
  });

  it("does not keep a page that says no-store or private (a home page whose pricing call failed), and passes that header on", async () => {
    for (const cacheControl of ["no-store", "private, max-age=0", "max-age=0, NO-STORE"]) {
      const cache = createPageCache();
      const { answer } = await store(cache, "k", rendered("n", { headers: { "Cache-Control": cacheControl } }), "n");
      expect(answer.headers.get("Cache-Control")).toBe(cacheControl);
      expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
      expect(cache.size).toBe(0);
    }
    const cache = createPageCache();
    await store(cache, "k", rendered("n", { headers: { "Cache-Control": "max-age=0, must-revalidate" } }), "n");
    expect(cache.size).toBe(1);
  });

  it("forgets a page after its seconds and the least recently used one beyond its size", async () => {
    let now = 1_000;
    const cache = createPageCache({ now: () => now, maxEntries: 2 });
    await store(cache, "a", rendered("n", { seconds: "30" }), "n");
    now += 29_000;
    expect(cache.get("a")).toBeDefined();
    now += 1_000;
    expect(cache.get("a")).toBeUndefined();

    await store(cache, "a", rendered("n"), "n");
    await store(cache, "b", rendered("n"), "n");
    cache.get("a"); // "b" is now the least recently used
    await store(cache, "c", rendered("n"), "n");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("holds at most its total length: many query strings of a big page push the oldest out", async () => {
    const page = (n: number) => ({ body: "x".repeat(1_000 + n), status: 200, headers: [] as [string, string][] });
    const cache = createPageCache({ maxEntries: 1_000, maxTotalLength: 10_000 });
    for (let i = 0; i < 50; i++) cache.set(`/vps?x=${i}`, page(i), 300);
    expect(cache.length).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get("/vps?x=49")).toBeDefined();
    expect(cache.get("/vps?x=0")).toBeUndefined();
    cache.set("big", { ...page(0), body: "y".repeat(600 * 1024) }, 300);
    expect(cache.get("big")).toBeUndefined();
  });
});
