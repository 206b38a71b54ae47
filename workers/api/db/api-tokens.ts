// Personal API tokens (issue 20, migrations/0021_api_tokens.sql). The secret is `trn_` + 32
// random bytes (base64url): high-entropy, so SHA-256 is its stored form (like refresh tokens).
import { sha256Hex, toBase64Url } from "../../../core/auth/password";
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
} from "../contract/api-tokens";

export interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of scopes. */
  scopes: string;
  token_hash: string;
  hint: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A fresh secret: `trn_` and 43 base64url characters. */
export function newApiTokenSecret(): string {
  return API_TOKEN_PREFIX + toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export function isApiTokenSecret(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** The stored scopes, keeping only known ones (in their canonical order). */
export function scopesOf(row: Pick<ApiTokenRow, "scopes">): ApiTokenScope[] {
  let stored: unknown;
  try {
    stored = JSON.parse(row.scopes);
  } catch {
    return [];
  }
  return Array.isArray(stored) ? API_TOKEN_SCOPES.filter((scope) => stored.includes(scope)) : [];
}

export function toApiTokenView(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    hint: row.hint,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}

/** Usable now: not revoked and not expired. */
export function isApiTokenActive(row: Pick<ApiTokenRow, "revoked_at" | "expires_at">, now: Date): boolean {
  return row.revoked_at === null && (row.expires_at === null || Date.parse(row.expires_at) > now.getTime());
}

/**
 * Stores a new token for the user and returns it with its secret, or null when the user already
 * holds MAX_API_TOKENS tokens that are not revoked (counted in the same statement as the insert,
 * so parallel requests cannot pass the cap).
 */
export async function createApiToken(
  db: D1Database,
  input: { userId: string; name: string; scopes: readonly ApiTokenScope[]; expiresAt: Date | null },
  now: Date,
): Promise<{ row: ApiTokenRow; secret: string } | null> {
  const secret = newApiTokenSecret();
  const row: ApiTokenRow = {
    id: crypto.randomUUID(),
    user_id: input.userId,
    name: input.name,
    scopes: JSON.stringify(input.scopes),
    token_hash: await sha256Hex(secret),
    hint: `${API_TOKEN_PREFIX}…${secret.slice(-4)}`,
    created_at: now.toISOString(),
    expires_at: input.expiresAt?.toISOString() ?? null,
    last_used_at: null,
    revoked_at: null,
  };
  const result = await db
    .prepare(
      `INSERT INTO api_tokens (id, user_id, name, scopes, token_hash, hint, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
       WHERE (SELECT COUNT(*) FROM api_tokens WHERE user_id = ?2 AND revoked_at IS NULL) < ?9`,
    )
    .bind(
      row.id,
      row.user_id,
      row.name,
      row.scopes,
      row.token_hash,
      row.hint,
      row.created_at,
      row.expires_at,
      MAX_API_TOKENS,
    )
    .run();
  return result.meta.changes === 1 ? { row, secret } : null;
}

/** The user's tokens that are not revoked, newest first. */
export async function listApiTokens(db: D1Database, userId: string): Promise<ApiTokenRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM api_tokens WHERE user_id = ?1 AND revoked_at IS NULL ORDER BY created_at DESC, id")
    .bind(userId)
    .all<ApiTokenRow>();
  return results;
}

export function findApiTokenByHash(db: D1Database, tokenHash: string): Promise<ApiTokenRow | null> {
  return db.prepare("SELECT * FROM api_tokens WHERE token_hash = ?1").bind(tokenHash).first<ApiTokenRow>();
}

/** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
export async function revokeApiToken(db: D1Database, userId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare("UPDATE api_tokens SET revoked_at = ?3 WHERE id = ?1 AND user_id = ?2 AND revoked_at IS NULL")
    .bind(id, userId, now.toISOString())
    .run();
  return result.meta.changes === 1;
}

/** How stale last_used_at may get: a busy script writes it once a minute, not on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Records a use, unless one was recorded within the last minute. */
export async function touchApiToken(
  db: D1Database,
  row: Pick<ApiTokenRow, "id" | "last_used_at">,
  now: Date,
): Promise<void> {
  if (row.last_used_at !== null && now.getTime() - Date.parse(row.last_used_at) < LAST_USED_RESOLUTION_MS) return;
  await db.prepare("UPDATE api_tokens SET last_used_at = ?2 WHERE id = ?1").bind(row.id, now.toISOString()).run();
}
