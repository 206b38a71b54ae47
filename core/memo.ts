/**
 * A small per-isolate memo for public data every visitor sees the same (e.g. the home page's
 * three prices): one value per key for `ttlMs`, concurrent callers share one in-flight load,
 * and failures are never kept. Workers reuse isolates, so this saves a service-binding hop and a
 * KV read on most requests; it is not a store (an isolate may be evicted at any time).
 */
export function createMemo<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return function memo(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    const value = load();
    entries.set(key, { value, expires: now() + ttlMs });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
