/**
 * Pages that every visitor without an account or cart sees the same may be kept, rendered, for a
 * while (workers/page-cache.ts, docs/decisions/2026-11-27-page-cache.md). A route opts in with
 * `handle.pageCache` (seconds); `entry.server.tsx` reads it from the leaf route.
 *
 * `hydrate: false` (read by root.tsx) ships no JavaScript bundle with the page: a page of text
 * whose every control works as a plain link or form gets no React in the browser, only the inline
 * STATIC_PAGE_SCRIPT (header menus, toast buttons). Links from it are document loads.
 */
export type PageCacheHandle = { pageCache?: number; hydrate?: boolean };

/**
 * Set by entry.server.tsx on a page that may be shared: how many seconds. The worker's page cache
 * (workers/page-cache.ts) reads it and removes it before answering.
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache-Seconds";

/** The home page: as long as its three prices are kept (the 30 s memo in `_index.tsx`). */
export const HOME_PAGE_SECONDS = 30;
/** Blog posts and info pages: their text changes with a deploy, which starts new isolates anyway. */
export const CONTENT_PAGE_SECONDS = 300;

/** Blog posts and info pages: kept rendered, no JavaScript bundle. */
export const STATIC_CONTENT_PAGE = {
  pageCache: CONTENT_PAGE_SECONDS,
  hydrate: false,
} as const satisfies PageCacheHandle;
