/**
 * KV read-through cache for lookups. Keys are `v1:<kind>:<key>`; bump the version when the shape
 * of a cached value changes. KV is only a cache (DESIGN §4): when it fails, the lookup still
 * answers from the source.
 */

/** Seconds a successful result stays cached, per kind of lookup. */
export const CACHE_TTL_SECONDS = {
  pricing: 300,
  whois: 3600,
  ssl: 3600,
  dns: 300,
  /** A PageSpeed run (10–60 s, counted against the quota): repeated asks within 10 minutes share it. */
  pagespeed: 600,
  /** IANA's RDAP bootstrap file changes a few times a month (RFC 9224 §8: do not fetch per query). */
  "rdap-bootstrap": 86400,
  /** A TLD's port-43 WHOIS server, as IANA's WHOIS names it. */
  "whois-server": 86400,
} as const satisfies Record<string, number>;

export type CacheKind = keyof typeof CACHE_TTL_SECONDS;

/** KV refuses an expirationTtl below 60 seconds. */
export const KV_MIN_TTL_SECONDS = 60;

/** Seconds a "does not exist" answer stays cached, so floods of unknown keys do not reach the source. */
export const NEGATIVE_TTL_SECONDS = 60;

const CACHE_VERSION = "v1";

/** hit: every key came from KV; miss: none did; partial: some did. */
export type CacheStatus = "hit" | "miss" | "partial";

/** What is stored under a key: a value, or the remembered absence of one. */
type Entry<T> = { found: true; value: T } | { found: false };

export interface ReadThroughOptions {
  /** Overrides the kind's TTL (clamped to KV's minimum). */
  ttl?: number;
  /** Runs the KV writes after the response (pass `c.executionCtx.waitUntil`); without it they are awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export function cacheKey(kind: CacheKind, key: string): string {
  return `${CACHE_VERSION}:${kind}:${key}`;
}

/** Seconds to keep an entry: the kind's TTL (or the override), never below KV's minimum. */
export function ttlFor(kind: CacheKind, found: boolean, override?: number): number {
  const positive = Math.max(KV_MIN_TTL_SECONDS, Math.floor(override ?? CACHE_TTL_SECONDS[kind]));
  return found ? positive : Math.min(positive, Math.max(KV_MIN_TTL_SECONDS, NEGATIVE_TTL_SECONDS));
}

/**
 * One key: answer from KV, else from `load` (null means "does not exist", which is cached for
 * NEGATIVE_TTL_SECONDS). A `load` that throws is not cached.
 */
export async function readThrough<T>(
  kv: KVNamespace,
  kind: CacheKind,
  key: string,
  load: () => Promise<T | null>,
  options: ReadThroughOptions = {},
): Promise<{ value: T | null; status: "hit" | "miss" }> {
  const cached = await readEntry<T>(kv, cacheKey(kind, key));
  if (cached) return { value: cached.found ? cached.value : null, status: "hit" };
  const value = await load();
  await schedule(options, writeEntry(kv, kind, key, value, options.ttl));
  return { value, status: "miss" };
}

/**
 * Many keys: all KV reads in parallel, then ONE call to `loadMissing` with the keys KV did not
 * have (it returns the ones that exist), then the misses are written back, the absent ones as
 * negative entries. The result has an entry for every requested key (null = does not exist).
 */
export async function readThroughMany<T>(
  kv: KVNamespace,
  kind: CacheKind,
  keys: readonly string[],
  loadMissing: (keys: string[]) => Promise<Map<string, T>>,
  options: ReadThroughOptions = {},
): Promise<{ values: Map<string, T | null>; status: CacheStatus }> {
  const unique = [...new Set(keys)];
  const cached = await Promise.all(unique.map((key) => readEntry<T>(kv, cacheKey(kind, key))));

  const values = new Map<string, T | null>();
  const missing: string[] = [];
  unique.forEach((key, index) => {
    const entry = cached[index];
    if (entry) values.set(key, entry.found ? entry.value : null);
    else missing.push(key);
  });

  if (missing.length > 0) {
    const loaded = await loadMissing(missing);
    const writes = missing.map((key) => {
      const value = loaded.get(key) ?? null;
      values.set(key, value);
      return writeEntry(kv, kind, key, value, options.ttl);
    });
    await schedule(options, Promise.all(writes));
  }

  const status: CacheStatus = missing.length === 0 ? "hit" : missing.length === unique.length ? "miss" : "partial";
  return { values, status };
}

/** Stores a value found elsewhere (a finished SSL report) under the kind's TTL. */
export async function remember<T>(
  kv: KVNamespace,
  kind: CacheKind,
  key: string,
  value: T,
  options: ReadThroughOptions = {},
): Promise<void> {
  await schedule(options, writeEntry(kv, kind, key, value, options.ttl));
}

/** The cached value of a key, if any (null: not cached, or cached as absent). */
export async function cached<T>(kv: KVNamespace, kind: CacheKind, key: string): Promise<T | null> {
  const entry = await readEntry<T>(kv, cacheKey(kind, key));
  return entry?.found ? entry.value : null;
}

async function readEntry<T>(kv: KVNamespace, key: string): Promise<Entry<T> | null> {
  let raw: unknown;
  try {
    raw = await kv.get(key, "json");
  } catch (error) {
    console.error(`cache read failed for ${key}`, error);
    return null;
  }
  if (typeof raw !== "object" || raw === null || !("found" in raw)) return null;
  if (raw.found === false) return { found: false };
  // Only this module writes under the versioned key, so a stored value has the caller's shape.
  if (raw.found === true && "value" in raw) return { found: true, value: raw.value as T };
  return null;
}

async function writeEntry<T>(
  kv: KVNamespace,
  kind: CacheKind,
  key: string,
  value: T | null,
  ttlOverride: number | undefined,
): Promise<void> {
  const entry: Entry<T> = value === null ? { found: false } : { found: true, value };
  try {
    await kv.put(cacheKey(kind, key), JSON.stringify(entry), {
      expirationTtl: ttlFor(kind, value !== null, ttlOverride),
    });
  } catch (error) {
    console.error(`cache write failed for ${cacheKey(kind, key)}`, error);
  }
}

async function schedule(options: ReadThroughOptions, work: Promise<unknown>): Promise<void> {
  if (options.waitUntil) options.waitUntil(work);
  else await work;
}
