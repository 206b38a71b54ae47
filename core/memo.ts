/**
 * A small per-isolate memo for public data every visitor sees the same (e.g. the home page's
 * three prices): one value per key for `ttlMs`, concurrent callers share one in-flight load,
 * and failures are never kept: a rejected load leaves the memo before any waiter sees the
 * rejection, so it reaches only the callers that were already waiting for it and the next caller
 * starts a new load. Workers reuse isolates, so this saves a service-binding hop and a KV read
 * on most requests; it is not a store (an isolate may be evicted at any time).
 */
export function createMemo<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return function memo(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    let started: Promise<T>;
    try {
      started = load();
    } catch (error) {
      started = Promise.reject(error);
    }
    const value: Promise<T> = started.catch((error: unknown) => {
      if (entries.get(key)?.value === value) entries.delete(key);
      throw error;
    });
    entries.set(key, { value, expires: now() + ttlMs });
    return value;
  };
}

/**
 * `load`, and once more if it fails and `mayRetry(error)` allows (e.g. a transient database
 * busy answered as a 502). The second failure is the caller's.
 */
export async function retryOnce<T>(
  load: () => Promise<T>,
  mayRetry: (error: unknown) => boolean = () => true,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!mayRetry(error)) throw error;
    return load();
  }
}
