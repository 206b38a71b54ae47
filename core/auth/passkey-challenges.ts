// The store of WebAuthn challenges (issue 24): a challenge is issued with a flow token (32 random
// bytes, base64url) that the client sends back beside the credential; the server keeps only the
// token's SHA-256. Taking a challenge removes it whatever the outcome, so each one is answered at
// most once (a replayed or second answer finds nothing); it lives CHALLENGE_TTL_MS; it is for one
// purpose; and it is bound to what asked for it (the session for register and confirm, the
// two-factor challenge for second_factor, nothing for a discoverable sign-in). Where rows live is
// the storage port's business (D1 in the API: workers/api/db/passkeys.ts; a Map in the tests).
import { z } from "../zod";
import { sha256Hex, toBase64Url } from "./password";
import { RECOVERY_TOKEN_PATTERN } from "./recovery-token";

export const PASSKEY_PURPOSES = ["register", "sign_in", "second_factor", "confirm"] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

/** Long enough for a person to answer the browser's prompt, short enough that a copy goes stale. */
export const CHALLENGE_TTL_MS = 3 * 60_000;

/** A flow token as sent back by a client: the recovery flows' token shape (32 bytes, base64url). */
export const passkeyFlowTokenSchema = z
  .string({ error: "is required" })
  .regex(RECOVERY_TOKEN_PATTERN, { error: "is not a valid token" });

export interface StoredChallenge {
  /** SHA-256 (hex) of the flow token. */
  id: string;
  /** The challenge as the options carried it (base64url). */
  challenge: string;
  purpose: PasskeyPurpose;
  /** The account the challenge is for; null for a discoverable sign-in (the credential names it). */
  userId: string | null;
  /** What the answer must come with: a session id, a hash of a two-factor challenge, or null. */
  binding: string | null;
  expiresAtMs: number;
}

export interface ChallengeStorage {
  put(row: StoredChallenge): Promise<void>;
  /** Removes and returns the row in one step (two concurrent takes: one gets it, the other null). */
  take(id: string): Promise<StoredChallenge | null>;
  /** Drops rows expired by `nowMs` (housekeeping; expired rows are refused anyway). */
  sweep(nowMs: number): Promise<void>;
}

export interface ChallengeStore {
  issue(input: {
    challenge: string;
    purpose: PasskeyPurpose;
    userId: string | null;
    binding: string | null;
  }): Promise<{ flowToken: string; expiresAt: Date }>;
  /**
   * The challenge of this flow token when it is for `purpose`, bound to `binding`, unexpired and not
   * taken before; else null. Either way the challenge is gone afterwards.
   */
  take(
    flowToken: string,
    expected: { purpose: PasskeyPurpose; binding: string | null },
  ): Promise<{ challenge: string; userId: string | null } | null>;
}

export function newFlowToken(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return toBase64Url(random(new Uint8Array(32)));
}

export function createChallengeStore(
  storage: ChallengeStorage,
  options: { now: () => Date; newToken?: () => string; ttlMs?: number },
): ChallengeStore {
  const ttl = options.ttlMs ?? CHALLENGE_TTL_MS;
  const newToken = options.newToken ?? (() => newFlowToken());
  return {
    async issue({ challenge, purpose, userId, binding }) {
      const nowMs = options.now().getTime();
      await storage.sweep(nowMs);
      const flowToken = newToken();
      const expiresAtMs = nowMs + ttl;
      await storage.put({ id: await sha256Hex(flowToken), challenge, purpose, userId, binding, expiresAtMs });
      return { flowToken, expiresAt: new Date(expiresAtMs) };
    },
    async take(flowToken, expected) {
      if (!RECOVERY_TOKEN_PATTERN.test(flowToken)) return null;
      const row = await storage.take(await sha256Hex(flowToken));
      if (!row) return null;
      if (row.expiresAtMs <= options.now().getTime()) return null;
      if (row.purpose !== expected.purpose || row.binding !== expected.binding) return null;
      return { challenge: row.challenge, userId: row.userId };
    },
  };
}

/** A storage in memory (tests, and a reference for what the D1 storage must do). */
export function memoryChallengeStorage(): ChallengeStorage & { size(): number } {
  const rows = new Map<string, StoredChallenge>();
  return {
    put: async (row) => {
      rows.set(row.id, row);
    },
    take: async (id) => {
      const row = rows.get(id) ?? null;
      rows.delete(id);
      return row;
    },
    sweep: async (nowMs) => {
      for (const [id, row] of rows) if (row.expiresAtMs <= nowMs) rows.delete(id);
    },
    size: () => rows.size,
  };
}
