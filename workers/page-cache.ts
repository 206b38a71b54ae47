/**
 * A per-isolate cache of rendered pages for visitors without an account, cart or message
 * (docs/decisions/2026-11-27-page-cache.md). A page opts in through its route `handle`
 * (`pageCache: seconds`); `entry.server.tsx` passes that on in the internal
 * `PAGE_CACHE_HEADER`, which never leaves the worker. Only a GET whose cookies are all in
 * `SHARED_COOKIES` is looked up or stored, and only a 200 HTML answer without `Set-Cookie` or
 * `Cache-Control: no-store`/`private` (a render the page itself marks as not to be shared);
 * bounded in entries and in characters held (least recently used out first).
 * The CSP nonce is the one per-request value inside a document: it is stored as a placeholder
 * and every answer gets a fresh one.
 */
import { isbot } from "isbot";
import { PAGE_CACHE_HEADER } from "../app/config/page-cache";
import { localeFromAcceptLanguage } from "../core/locale";

export { PAGE_CACHE_HEADER };
/** Cookies that only choose between variants every visitor can see (language, theme, "has run JS"). */
export const SHARED_COOKIES: ReadonlySet<string> = new Set(["locale", "theme", "js"]);
/** Stands for the nonce in a stored body (never produced by base64). */
const NONCE_PLACEHOLDER = "\u0000nonce\u0000";

export interface CachedPage {
  body: string;
  status: number;
  headers: [string, string][];
  expires: number;
}

export interface PageCacheOptions {
  now?: () => number;
  /** Most pages kept per isolate (the least recently used goes first). */
  maxEntries?: number;
  /** Larger documents are not kept (characters). */
  maxBodyLength?: number;
  /**
   * All kept documents together, in characters (a query string makes a new key, so a client can
   * fill the cache: this bounds the memory, ~2 bytes a character, well inside an isolate's 128 MB).
   */
  maxTotalLength?: number;
}

export function createPageCache({
  now = Date.now,
  maxEntries = 200,
  maxBodyLength = 512 * 1024,
  maxTotalLength = 4 * 1024 * 1024,
}: PageCacheOptions = {}) {
  const entries = new Map<string, CachedPage>();
  let totalLength = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalLength -= entry.body.length;
  };
  return {
    get(key: string): CachedPage | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      remove(key);
      if (hit.expires <= now()) return undefined;
      entries.set(key, hit); // most recently used last
      totalLength += hit.body.length;
      return hit;
    },
    set(key: string, page: Omit<CachedPage, "expires">, seconds: number): void {
      if (page.body.length > maxBodyLength || !(seconds > 0)) return;
      remove(key);
      entries.set(key, { ...page, expires: now() + seconds * 1000 });
      totalLength += page.body.length;
      while (entries.size > maxEntries || totalLength > maxTotalLength) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },
    get size(): number {
      return entries.size;
    },
    /** Characters held by all kept documents. */
    get length(): number {
      return totalLength;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name !== "");
}

/**
 * The key a request's page is shared under, or null when it must be rendered for this visitor
 * alone. The key holds everything the shared render depends on: the URL (path, query, the
 * `lang` parameter), the shared cookies as sent, the language Accept-Language asks for, and
 * whether the document is streamed (browsers that ran our JS) or sent whole (bots, no JS).
 */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  const names = cookieNames(cookie);
  if (names.some((name) => !SHARED_COOKIES.has(name))) return null;
  const shared = cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .sort()
    .join("; ");
  const language = localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? "-";
  const bot = isbot(request.headers.get("User-Agent") ?? "") ? "bot" : "browser";
  return [url.href, shared, language, bot].join("\n");
}

/** A page that says `Cache-Control: no-store` or `private` (e.g. the home page rendered after its pricing call failed) is never kept. */
function mustNotStore(headers: Headers): boolean {
  return /(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/iu.test(headers.get("Cache-Control") ?? "");
}

/** A fresh answer from a stored page, with `nonce` where the stored one was. */
export function cachedResponse(page: CachedPage, nonce: string): Response {
  const headers = new Headers(page.headers);
  headers.append("Server-Timing", "page-cache;desc=hit");
  return new Response(page.body.split(NONCE_PLACEHOLDER).join(nonce), { status: page.status, headers });
}

/**
 * Takes the internal header off a rendered page and, when the page may be shared, keeps a copy
 * (read from a second branch of the body, so a streamed document is not held up).
 */
export function storeIfShared(
  key: string | null,
  response: Response,
  nonce: string,
  cache: PageCache,
  waitUntil: (promise: Promise<unknown>) => void,
): Response {
  const seconds = Number(response.headers.get(PAGE_CACHE_HEADER));
  if (!response.headers.has(PAGE_CACHE_HEADER)) return response;
  const answer = new Response(response.body, response);
  answer.headers.delete(PAGE_CACHE_HEADER);
  const shareable =
    key !== null &&
    seconds > 0 &&
    answer.status === 200 &&
    answer.body !== null &&
    !mustNotStore(answer.headers) &&
    !answer.headers.has("Set-Cookie") &&
    (answer.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!shareable || !answer.body) return answer;
  const [toClient, toCache] = answer.body.tee();
  const headers = [...answer.headers].filter(([name]) => name.toLowerCase() !== "set-cookie");
  waitUntil(
    new Response(toCache)
      .text()
      .then((body) =>
        cache.set(key, { body: body.split(nonce).join(NONCE_PLACEHOLDER), status: answer.status, headers }, seconds),
      )
      .catch(() => undefined),
  );
  return new Response(toClient, answer);
}
