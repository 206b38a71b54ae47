// Passkeys, their pending challenges and the passkey proofs of password confirmations (issue 24,
// migrations/0024_passkeys.sql). Every read and write of a passkey names its owner, except the
// discoverable sign-in's lookup by credential id (the credential names the account).
import { sha256Hex, toBase64Url } from "../../../core/auth/password";
import type { ChallengeStorage, PasskeyPurpose, StoredChallenge } from "../../../core/auth/passkey-challenges";
import { PASSKEY_PURPOSES } from "../../../core/auth/passkey-challenges";

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON array of the transports the authenticator named. */
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 20;

/** The stored transports, as strings (unknown ones are kept: the browser reads them). */
export function transportsOf(row: Pick<PasskeyRow, "transports">): string[] {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
  } catch {
    return [];
  }
}

export async function listPasskeys(db: D1Database, userId: string): Promise<PasskeyRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM passkeys WHERE user_id = ?1 ORDER BY created_at, id")
    .bind(userId)
    .all<PasskeyRow>();
  return results;
}

export function countPasskeys(db: D1Database, userId: string): Promise<number> {
  return db
    .prepare("SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>()
    .then((row) => row?.n ?? 0);
}

export function findPasskey(db: D1Database, userId: string, id: string): Promise<PasskeyRow | null> {
  return db.prepare("SELECT * FROM passkeys WHERE id = ?1 AND user_id = ?2").bind(id, userId).first<PasskeyRow>();
}

/** The passkey of a credential id, whoever holds it (discoverable sign-in). */
export function findPasskeyByCredential(db: D1Database, credentialId: string): Promise<PasskeyRow | null> {
  return db.prepare("SELECT * FROM passkeys WHERE credential_id = ?1").bind(credentialId).first<PasskeyRow>();
}

/** Stores a new passkey; "exists" when the credential id is already stored (for any account). */
export async function insertPasskey(
  db: D1Database,
  row: Omit<PasskeyRow, "created_at" | "last_used_at">,
  now: Date,
): Promise<"ok" | "exists"> {
  const result = await db
    .prepare(
      `INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (credential_id) DO NOTHING`,
    )
    .bind(
      row.id,
      row.user_id,
      row.credential_id,
      row.public_key,
      row.counter,
      row.transports,
      row.device_type,
      row.backed_up,
      row.name,
      now.toISOString(),
    )
    .run();
  return result.meta.changes === 1 ? "ok" : "exists";
}

/**
 * Records a verified use: the new signature counter and backup state. The counter is written only
 * if it still is the one the verification read, so two racing answers cannot both pass.
 */
export async function recordPasskeyUse(
  db: D1Database,
  row: PasskeyRow,
  update: { counter: number; backedUp: boolean; deviceType: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .prepare(
      "UPDATE passkeys SET counter = ?1, backed_up = ?2, device_type = ?3, last_used_at = ?4 WHERE id = ?5 AND counter = ?6",
    )
    .bind(update.counter, update.backedUp ? 1 : 0, update.deviceType, now.toISOString(), row.id, row.counter)
    .run();
  return result.meta.changes === 1;
}

export async function renamePasskey(db: D1Database, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .prepare("UPDATE passkeys SET name = ?1 WHERE id = ?2 AND user_id = ?3")
    .bind(name, id, userId)
    .run();
  return result.meta.changes === 1;
}

export async function deletePasskey(db: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM passkeys WHERE id = ?1 AND user_id = ?2").bind(id, userId).run();
  return result.meta.changes === 1;
}

interface ChallengeRow {
  id: string;
  challenge: string;
  purpose: string;
  user_id: string | null;
  binding: string | null;
  expires_at_ms: number;
}

const isPurpose = (value: string): value is PasskeyPurpose => (PASSKEY_PURPOSES as readonly string[]).includes(value);

/** The challenge store's rows in D1: taken with DELETE … RETURNING, so a challenge is answered once. */
export function d1ChallengeStorage(db: D1Database): ChallengeStorage {
  return {
    async put(row: StoredChallenge) {
      await db
        .prepare(
          "INSERT INTO passkey_challenges (id, challenge, purpose, user_id, binding, expires_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .bind(row.id, row.challenge, row.purpose, row.userId, row.binding, row.expiresAtMs)
        .run();
    },
    async take(id: string) {
      const row = await db
        .prepare("DELETE FROM passkey_challenges WHERE id = ?1 RETURNING *")
        .bind(id)
        .first<ChallengeRow>();
      if (!row || !isPurpose(row.purpose)) return null;
      return {
        id: row.id,
        challenge: row.challenge,
        purpose: row.purpose,
        userId: row.user_id,
        binding: row.binding,
        expiresAtMs: row.expires_at_ms,
      };
    },
    async sweep(nowMs: number) {
      await db.prepare("DELETE FROM passkey_challenges WHERE expires_at_ms <= ?1").bind(nowMs).run();
    },
  };
}

/** A password confirmation proven with a passkey: `pkc_` + 32 random bytes (base64url). */
export const PASSKEY_PROOF_PREFIX = "pkc_";
export const PASSKEY_PROOF_TTL_MS = 2 * 60_000;

export async function issuePasskeyProof(
  db: D1Database,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = PASSKEY_PROOF_PREFIX + toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAtMs = now.getTime() + PASSKEY_PROOF_TTL_MS;
  await db.batch([
    db.prepare("DELETE FROM passkey_proofs WHERE expires_at_ms <= ?1").bind(now.getTime()),
    db
      .prepare("INSERT INTO passkey_proofs (id, user_id, session_id, expires_at_ms) VALUES (?1, ?2, ?3, ?4)")
      .bind(await sha256Hex(token), userId, sessionId, expiresAtMs),
  ]);
  return { token, expiresAt: new Date(expiresAtMs) };
}

/** Whether `token` is an unexpired proof of this account and session; it is spent either way. */
export async function takePasskeyProof(
  db: D1Database,
  token: string,
  userId: string,
  sessionId: string | null,
  now: Date,
): Promise<boolean> {
  if (!token.startsWith(PASSKEY_PROOF_PREFIX)) return false;
  const row = await db
    .prepare("DELETE FROM passkey_proofs WHERE id = ?1 RETURNING user_id, session_id, expires_at_ms")
    .bind(await sha256Hex(token))
    .first<{ user_id: string; session_id: string; expires_at_ms: number }>();
  return row !== null && row.user_id === userId && row.session_id === sessionId && row.expires_at_ms > now.getTime();
}
