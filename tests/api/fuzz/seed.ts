// The seed of every fast-check property (the fuzz suites and the unit properties), chosen in Node
// when a vitest config loads and handed to the tests through `provide`/`inject` (the API tests run
// inside workerd, which has no process.env and no git). Same commit, same cases: a local
// `bash .ci/run` and CI explore the same inputs; each new commit explores new ones.
import { execFileSync } from "node:child_process";

declare module "vitest" {
  export interface ProvidedContext {
    /** The fast-check seed of this run (fuzzSeed below), read with inject("fuzzSeed"). */
    fuzzSeed: number;
  }
}

/** The seed when neither FUZZ_SEED nor git is available (a source tarball, a CI without .git). */
export const FALLBACK_FUZZ_SEED = 20261125;

/** FNV-1a over the text, as a signed 32-bit integer (what fast-check's `seed` option takes). */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The commit checked out, or null when git or the repository is missing. */
function headCommit(): string | null {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

/**
 * The seed for this run: `FUZZ_SEED` (a signed 32-bit integer, e.g. the one a failure printed), else a
 * hash of the commit under test, else FALLBACK_FUZZ_SEED. `source` says which, for the log.
 */
export function fuzzSeed(fromEnv: string | undefined): { seed: number; source: string } {
  if (fromEnv !== undefined && fromEnv.trim() !== "") {
    const text = fromEnv.trim();
    const seed = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
      throw new Error(
        `FUZZ_SEED must be a signed 32-bit integer (as a fuzz failure prints it), not ${JSON.stringify(fromEnv)}`,
      );
    }
    return { seed, source: "FUZZ_SEED" };
  }
  const commit = headCommit();
  if (commit) return { seed: hashSeed(commit), source: `commit ${commit.slice(0, 12)}` };
  return { seed: FALLBACK_FUZZ_SEED, source: "fixed fallback, no git" };
}
