// Accounts in D1 (migrations/0004_accounts.sql, 0018_code_flows.sql): users, sessions, refresh tokens, one-time codes,
// login history and two-factor recovery codes. Every user-owned query filters by user_id.
import { deviceName } from "../../../core/user-agent";

export interface UserRow {
  id: string;
  username: string;
  email: string;
  email_verified: number;
  password_hash: string;
  seed_key_hash: string;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_enabled: number;
  totp_last_step: number | null;
  last_login: string | null;
  /** The language of the account's mails: the one it registered or last signed in with (0020_user_locale.sql). */
  locale: "en" | "tr";
  created_at: string;
  updated_at: string;
}

/** SPEC §3 User as the API answers it (domains and payment methods come with later issues). */
export interface UserView {
  id: string;
  username: string;
  email: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  last_login: string | null;
  total_domains: number;
  domains: string[];
  expiring_soon_count: number;
  expired_domains_count: number;
  created_at: string;
  updated_at: string;
  paymentMethods: string[];
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    email_verified: row.email_verified === 1,
    two_factor_enabled: row.totp_enabled === 1,
    last_login: row.last_login,
    total_domains: 0,
    domains: [],
    expiring_soon_count: 0,
    expired_domains_count: 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    paymentMethods: [],
  };
}

export function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?1").bind(id).first<UserRow>();
}

/** The account read by its username (a statement, for callers that batch it with other reads). */
export function findUserByUsernameStatement(db: D1Database, username: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM users WHERE username = ?1").bind(username);
}

export function findUserByUsername(db: D1Database, username: string): Promise<UserRow | null> {
  return findUserByUsernameStatement(db, username).first<UserRow>();
}

export function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE email = ?1").bind(email).first<UserRow>();
}

export async function usernameExists(db: D1Database, username: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS x FROM users WHERE username = ?1").bind(username).first()) !== null;
}

export async function emailExists(db: D1Database, email: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS x FROM users WHERE email = ?1").bind(email).first()) !== null;
}

export type InsertUserOutcome = "created" | "username_taken" | "email_exists";

export async function insertUser(
  db: D1Database,
  user: {
    id: string;
    username: string;
    email: string;
    passwordHash: string;
    seedKeyHash: string;
    locale?: "en" | "tr";
  },
  now: Date,
): Promise<InsertUserOutcome> {
  const at = now.toISOString();
  try {
    await db
      .prepare(
        "INSERT INTO users (id, username, email, email_verified, password_hash, seed_key_hash, locale, created_at, updated_at) VALUES (?1, ?2, ?3, 0, ?4, ?5, ?7, ?6, ?6)",
      )
      .bind(user.id, user.username, user.email, user.passwordHash, user.seedKeyHash, at, user.locale ?? "en")
      .run();
    return "created";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/UNIQUE/iu.test(message) && /username/iu.test(message)) return "username_taken";
    if (/UNIQUE/iu.test(message) && /email/iu.test(message)) return "email_exists";
    throw error;
  }
}

/** The columns a caller may set on a user (with `updated_at`, which every change sets). */
export type UserFields = Partial<
  Pick<
    UserRow,
    | "username"
    | "email"
    | "email_verified"
    | "password_hash"
    | "seed_key_hash"
    | "totp_secret"
    | "totp_pending"
    | "totp_enabled"
    | "totp_last_step"
    | "last_login"
    | "locale"
  >
>;

/** The UPDATE that sets `fields` on the user, for a caller that batches it with other writes. */
export function updateUserFieldsStatement(
  db: D1Database,
  userId: string,
  fields: UserFields,
  now: Date,
): D1PreparedStatement {
  const entries = Object.entries(fields);
  const sets = entries.map(([key], index) => `${key} = ?${index + 3}`);
  return db
    .prepare(`UPDATE users SET ${[...sets, "updated_at = ?2"].join(", ")} WHERE id = ?1`)
    .bind(userId, now.toISOString(), ...entries.map(([, value]) => value));
}

export async function updateUserFields(db: D1Database, userId: string, fields: UserFields, now: Date): Promise<void> {
  await updateUserFieldsStatement(db, userId, fields, now).run();
}

/** Deletes the user and every row they own, in one transaction. */
export async function deleteUser(db: D1Database, userId: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM refresh_tokens WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM sessions WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM verification_codes WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM recovery_browsers WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM recovery_codes WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM addresses WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM login_history WHERE user_id = ?1").bind(userId),
    db.prepare("UPDATE carts SET user_id = NULL WHERE user_id = ?1").bind(userId),
    db.prepare("DELETE FROM users WHERE id = ?1").bind(userId),
  ]);
}

// ─── Sessions and refresh tokens ─────────────────────────────────────────────────────────────

export interface SessionRow {
  id: string;
  user_id: string;
  remember_me: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** The INSERTs of a new session and its first refresh token, for a caller that batches them with other writes. */
export function createSessionStatements(
  db: D1Database,
  session: { id: string; userId: string; rememberMe: boolean; expiresAt: Date; tokenHash: string },
  now: Date,
): D1PreparedStatement[] {
  const at = now.toISOString();
  const expires = session.expiresAt.toISOString();
  return [
    db
      .prepare("INSERT INTO sessions (id, user_id, remember_me, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(session.id, session.userId, session.rememberMe ? 1 : 0, at, expires),
    db
      .prepare(
        "INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
      )
      .bind(session.tokenHash, session.id, session.userId, at, expires),
  ];
}

export function findSession(db: D1Database, sessionId: string, userId: string): Promise<SessionRow | null> {
  return db
    .prepare("SELECT * FROM sessions WHERE id = ?1 AND user_id = ?2")
    .bind(sessionId, userId)
    .first<SessionRow>();
}

export interface RefreshTokenRow {
  token_hash: string;
  session_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  remember_me: number;
  revoked_at: string | null;
  session_expires_at: string;
}

export function findRefreshToken(db: D1Database, tokenHash: string): Promise<RefreshTokenRow | null> {
  return db
    .prepare(
      `SELECT t.token_hash, t.session_id, t.user_id, t.expires_at, t.used_at, s.remember_me, s.revoked_at, s.expires_at AS session_expires_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = ?1`,
    )
    .bind(tokenHash)
    .first<RefreshTokenRow>();
}

/** Marks a refresh token used; false when it was already used (a concurrent or replayed refresh). */
export async function markRefreshTokenUsed(db: D1Database, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare("UPDATE refresh_tokens SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL")
    .bind(tokenHash, now.toISOString())
    .run();
  return result.meta.changes === 1;
}

export async function rotateRefreshToken(
  db: D1Database,
  token: { sessionId: string; userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  const expires = token.expiresAt.toISOString();
  await db.batch([
    db
      .prepare(
        "INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
      )
      .bind(token.tokenHash, token.sessionId, token.userId, now.toISOString(), expires),
    db.prepare("UPDATE sessions SET expires_at = ?2 WHERE id = ?1").bind(token.sessionId, expires),
  ]);
}

export async function revokeSession(db: D1Database, sessionId: string, now: Date): Promise<void> {
  await db
    .prepare("UPDATE sessions SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL")
    .bind(sessionId, now.toISOString())
    .run();
}

/** Revokes every session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: D1Database,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .prepare("UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL AND id != ?3")
    .bind(userId, now.toISOString(), keepSessionId ?? "")
    .run();
}

// ─── One-time codes (bound to flows, issue 18) ───────────────────────────────────────────────

export type CodePurpose = "verify_email" | "reset_password";

/** How many codes may wait at once per user and purpose (the newest ones stay). */
export const MAX_PENDING_CODES = 5;

export interface CodeRow {
  flow_hash: string;
  user_id: string;
  purpose: CodePurpose;
  email: string;
  code_hash: string;
  link_hash: string;
  expires_at: string;
  attempts: number;
}

/** Stores a new flow's code; older flows of the user and purpose stay, up to MAX_PENDING_CODES. */
export async function putCode(
  db: D1Database,
  code: {
    userId: string;
    purpose: CodePurpose;
    email: string;
    flowHash: string;
    codeHash: string;
    linkHash: string;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  await db.batch([
    db
      .prepare("DELETE FROM verification_codes WHERE user_id = ?1 AND expires_at <= ?2")
      .bind(code.userId, now.toISOString()),
    db
      .prepare(
        "INSERT INTO verification_codes (flow_hash, user_id, purpose, email, code_hash, link_hash, expires_at, attempts, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, ?8)",
      )
      .bind(
        code.flowHash,
        code.userId,
        code.purpose,
        code.email,
        code.codeHash,
        code.linkHash,
        code.expiresAt.toISOString(),
        now.toISOString(),
      ),
    db
      .prepare(
        `DELETE FROM verification_codes WHERE user_id = ?1 AND purpose = ?2 AND flow_hash NOT IN
           (SELECT flow_hash FROM verification_codes WHERE user_id = ?1 AND purpose = ?2 ORDER BY created_at DESC, rowid DESC LIMIT ?3)`,
      )
      .bind(code.userId, code.purpose, MAX_PENDING_CODES),
  ]);
}

/** The flow's code, when it belongs to this user and purpose. */
export function findFlowCode(
  db: D1Database,
  userId: string,
  purpose: CodePurpose,
  flowHash: string,
): Promise<CodeRow | null> {
  return db
    .prepare("SELECT * FROM verification_codes WHERE flow_hash = ?1 AND user_id = ?2 AND purpose = ?3")
    .bind(flowHash, userId, purpose)
    .first<CodeRow>();
}

/** Every waiting code of the user and purpose (a signed-in owner may try any of them). */
export async function findUserCodes(db: D1Database, userId: string, purpose: CodePurpose): Promise<CodeRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM verification_codes WHERE user_id = ?1 AND purpose = ?2 ORDER BY created_at DESC")
    .bind(userId, purpose)
    .all<CodeRow>();
  return results;
}

export function findLinkCode(db: D1Database, purpose: CodePurpose, linkHash: string): Promise<CodeRow | null> {
  return db
    .prepare("SELECT * FROM verification_codes WHERE link_hash = ?1 AND purpose = ?2")
    .bind(linkHash, purpose)
    .first<CodeRow>();
}

/** Counts a wrong try against these flows only. */
export async function countCodeAttempt(db: D1Database, flowHashes: readonly string[]): Promise<void> {
  if (flowHashes.length === 0) return;
  await db.batch(
    flowHashes.map((hash) =>
      db.prepare("UPDATE verification_codes SET attempts = attempts + 1 WHERE flow_hash = ?1").bind(hash),
    ),
  );
}

/**
 * Consumes the flow's code and, with it, every other waiting code of the user and purpose (the
 * task is done); false when it was consumed concurrently.
 */
export async function consumeFlow(
  db: D1Database,
  row: Pick<CodeRow, "flow_hash" | "user_id" | "purpose">,
): Promise<boolean> {
  const [own] = await db.batch([
    db.prepare("DELETE FROM verification_codes WHERE flow_hash = ?1").bind(row.flow_hash),
    db.prepare("DELETE FROM verification_codes WHERE user_id = ?1 AND purpose = ?2").bind(row.user_id, row.purpose),
  ]);
  if (!own) throw new Error("D1 batch: a statement has no result");
  return own.meta.changes === 1;
}

// ─── Recovery browsers (issue 18) ────────────────────────────────────────────────────────────

/** How many remembered browsers an account keeps (the newest ones). */
export const MAX_RECOVERY_BROWSERS = 10;

export async function putRecoveryBrowser(
  db: D1Database,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM recovery_browsers WHERE user_id = ?1 AND expires_at <= ?2").bind(userId, now.toISOString()),
    db
      .prepare("INSERT INTO recovery_browsers (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(tokenHash, userId, now.toISOString(), expiresAt.toISOString()),
    db
      .prepare(
        `DELETE FROM recovery_browsers WHERE user_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM recovery_browsers WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(userId, MAX_RECOVERY_BROWSERS),
  ]);
}

/** The account a remembered browser's token belongs to, while it is valid. */
export async function recoveryBrowserUser(db: D1Database, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .prepare("SELECT user_id FROM recovery_browsers WHERE token_hash = ?1 AND expires_at > ?2")
    .bind(tokenHash, now.toISOString())
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

// ─── Login history and attempts ──────────────────────────────────────────────────────────────

export interface LoginHistoryEntry {
  at: string;
  ip: string;
  /** The short device name (core/user-agent.ts), null when unknown: never the raw header. */
  device: string | null;
  success: boolean;
}

/** The INSERT of one line of the sign-in history, for a caller that batches it with other writes. */
export function recordLoginStatement(
  db: D1Database,
  entry: { userId: string | null; username: string; ip: string; userAgent: string | null; success: boolean },
  now: Date,
): D1PreparedStatement {
  return (
    db
      .prepare(
        "INSERT INTO login_history (user_id, username, at, ip, user_agent, success) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
      )
      // Only the short device name is kept: a stranger's failed sign-in writes this row (issue 18).
      .bind(
        entry.userId,
        entry.username,
        now.toISOString(),
        entry.ip,
        deviceName(entry.userAgent),
        entry.success ? 1 : 0,
      )
  );
}

export async function loginHistory(db: D1Database, userId: string, limit = 50): Promise<LoginHistoryEntry[]> {
  const { results } = await db
    .prepare("SELECT at, ip, user_agent, success FROM login_history WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2")
    .bind(userId, limit)
    .all<{ at: string; ip: string; user_agent: string | null; success: number }>();
  // Rows written before issue 18 hold the raw header: they are named the same way on the way out.
  return results.map((row) => ({
    at: row.at,
    ip: row.ip,
    device: deviceName(row.user_agent),
    success: row.success === 1,
  }));
}

// ─── Two-factor recovery codes ───────────────────────────────────────────────────────────────

export async function replaceRecoveryCodes(db: D1Database, userId: string, hashes: string[]): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM recovery_codes WHERE user_id = ?1").bind(userId),
    ...hashes.map((hash) =>
      db.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?1, ?2)").bind(userId, hash),
    ),
  ]);
}

/** Uses a recovery code once; false when unknown or already used. */
export async function useRecoveryCode(db: D1Database, userId: string, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare("UPDATE recovery_codes SET used_at = ?3 WHERE user_id = ?1 AND code_hash = ?2 AND used_at IS NULL")
    .bind(userId, hash, now.toISOString())
    .run();
  return result.meta.changes === 1;
}

export async function deleteRecoveryCodes(db: D1Database, userId: string): Promise<void> {
  await db.prepare("DELETE FROM recovery_codes WHERE user_id = ?1").bind(userId).run();
}
