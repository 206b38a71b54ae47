// The Workers test pools keep each test file's D1, KV and Durable Object storage in a fresh
// directory under os.tmpdir() (Miniflare's "memory-ish" storage is SQLite files there). On a disk,
// every D1 statement waits for SQLite's fsync before it answers: a `SELECT 1` took 7.7 ms in the
// API pool, 1.2 ms with the directory on tmpfs (docs/decisions/2026-11-28-test-storage.md).
// The storage is thrown away after each run, so nothing is lost by keeping it in memory.
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SHARED_MEMORY = "/dev/shm";

/**
 * Points TMPDIR (read by os.tmpdir() when Miniflare starts) at a directory on /dev/shm when this
 * machine has a writable one; otherwise leaves it alone and the tests run as before, only slower.
 * Called from the Vitest configs of the Workers pools, before the pool starts Miniflare.
 */
export function useMemoryTmpdir(env = process.env) {
  try {
    if (!statSync(SHARED_MEMORY).isDirectory()) return undefined;
    accessSync(SHARED_MEMORY, constants.W_OK);
    const dir = join(SHARED_MEMORY, "trinity-tests");
    mkdirSync(dir, { recursive: true });
    env.TMPDIR = dir;
    return dir;
  } catch {
    return undefined;
  }
}
