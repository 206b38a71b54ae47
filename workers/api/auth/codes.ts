// One-time 6-digit codes (email verification, password reset): stored as SHA-256 bound to the
// user and purpose, valid 15 minutes, dead after 5 wrong tries, one active code per purpose.
import { sha256Hex } from "../../../core/auth/password";
import { localeFrom, renderMail } from "../adapters/mail";
import type { MailSender } from "../adapters/mail";
import { countCodeAttempt, deleteCode, findCode, putCode, type CodePurpose } from "../db/users";
import { ApiError } from "../errors";

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export const codeInvalid = () => new ApiError(400, "code_invalid", "Verification code is invalid or expired");

/** A uniform 6-digit code (rejection sampling, no modulo bias). */
export function newCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return String(buffer[0] % 1_000_000).padStart(6, "0");
  }
}

const codeHash = (userId: string, purpose: CodePurpose, code: string) => sha256Hex(`${purpose}:${userId}:${code}`);

/** Makes a fresh code (replacing the old one) and mails it to `to`. */
export async function issueCode(
  db: D1Database,
  mail: MailSender,
  user: { id: string; username: string },
  to: string,
  purpose: CodePurpose,
  acceptLanguage: string | undefined,
  now: Date,
): Promise<void> {
  const code = newCode();
  await putCode(db, user.id, purpose, await codeHash(user.id, purpose, code), new Date(now.getTime() + CODE_TTL_MS), now);
  await mail.send(renderMail(purpose, localeFrom(acceptLanguage), to, code, user.username));
}

/** Consumes the code or throws `code_invalid` (counting the try). */
export async function consumeCode(db: D1Database, userId: string, purpose: CodePurpose, code: string, now: Date): Promise<void> {
  const row = await findCode(db, userId, purpose);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS || Date.parse(row.expires_at) <= now.getTime()) throw codeInvalid();
  const hash = await codeHash(userId, purpose, code);
  if (hash !== row.code_hash) {
    await countCodeAttempt(db, userId, purpose);
    throw codeInvalid();
  }
  if (!(await deleteCode(db, userId, purpose, hash))) throw codeInvalid();
}
