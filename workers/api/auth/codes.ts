// One-time codes (email verification, password reset), bound to flows (issue 18). Each request
// for a code opens a flow: a long random flow token goes back to the asking client, the mail
// carries a 6-digit code and a one-click link with its own long random token. All three are stored
// as SHA-256. The code is tried only by a client holding the flow token (or by the account's own
// signed-in session), and dies after 5 wrong tries of that flow only; the link is never burnt by
// wrong codes. A flow lives 15 minutes; the newest 5 flows per user and purpose may wait at once.
import { sha256Hex } from "../../../core/auth/password";
import { RECOVERY_TOKEN_PATTERN } from "../../../core/auth/recovery-token";
import { renderMail } from "../adapters/mail";
import { mailLocaleOf } from "../adapters/mail/templates";
import type { MailSender } from "../adapters/mail";
import {
  consumeFlow,
  countCodeAttempt,
  findFlowCode,
  findLinkCode,
  findUserCodes,
  putCode,
  putRecoveryBrowser,
  recoveryBrowserUser,
  type CodePurpose,
  type CodeRow,
} from "../db/users";
import { ApiError } from "../errors";

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** How long a browser that completed a verification or reset stays remembered. */
export const RECOVERY_BROWSER_TTL_MS = 180 * 24 * 60 * 60_000;

/** Flow, link and browser tokens: 32 random bytes (256 bits), base64url without padding. */
export const TOKEN_PATTERN = RECOVERY_TOKEN_PATTERN;

export const codeInvalid = () => new ApiError(400, "code_invalid", "Verification code is invalid or expired");
export const linkInvalid = () =>
  new ApiError(400, "link_invalid", "This link is invalid or expired. Ask for a new one.");

/** A uniform 6-digit code (rejection sampling, no modulo bias). */
export function newCode(): string {
  const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
  for (;;) {
    const [value = limit] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) return String(value % 1_000_000).padStart(6, "0");
  }
}

/** A fresh 256-bit token in TOKEN_PATTERN's form. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/gu, "-")
    .replace(/\//gu, "_")
    .replace(/=+$/u, "");
}

const tokenHash = (token: string) => sha256Hex(`token:${token}`);
const codeHash = (row: Pick<CodeRow, "purpose" | "user_id" | "flow_hash">, code: string) =>
  sha256Hex(`${row.purpose}:${row.user_id}:${row.flow_hash}:${code}`);

/** Where the one-click link of a mail points (the storefront pages). */
export function linkPath(purpose: CodePurpose, token: string): string {
  return purpose === "verify_email" ? `/verify-email/confirm?token=${token}` : `/forgot?step=link&token=${token}`;
}

/**
 * Opens a flow: stores a fresh code and link for it and mails both to `to`. Answers the flow token
 * for the asking client. `origin` is the storefront's origin for the link. The mail is in the
 * account's language (`users.locale`).
 */
export async function issueCode(
  db: D1Database,
  mail: MailSender,
  user: { id: string; username: string; locale: string },
  to: string,
  purpose: CodePurpose,
  origin: string,
  now: Date,
): Promise<string> {
  const code = newCode();
  const flowToken = newToken();
  const link = newToken();
  const flowHash = await tokenHash(flowToken);
  await putCode(
    db,
    {
      userId: user.id,
      purpose,
      email: to,
      flowHash,
      codeHash: await codeHash({ purpose, user_id: user.id, flow_hash: flowHash }, code),
      linkHash: await tokenHash(link),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    },
    now,
  );
  await mail.send(
    renderMail(purpose, mailLocaleOf(user.locale), to, code, user.username, `${origin}${linkPath(purpose, link)}`),
  );
  return flowToken;
}

const live = (row: CodeRow, now: Date) => Date.parse(row.expires_at) > now.getTime();
/** A code is tried while it lives, has tries left and went to the user's current address. */
const usable = (row: CodeRow, user: { email: string }, now: Date) =>
  row.attempts < CODE_MAX_ATTEMPTS && live(row, now) && row.email === user.email;

async function finish(row: CodeRow, db: D1Database, invalid: () => ApiError): Promise<CodeRow> {
  if (!(await consumeFlow(db, row))) throw invalid();
  return row;
}

/**
 * Checks `code` against the flow `flowToken` opened for this user and purpose; a wrong code counts
 * against that flow only. On success every waiting code of the user and purpose is consumed.
 */
export async function consumeFlowCode(
  db: D1Database,
  user: { id: string; email: string },
  purpose: CodePurpose,
  flowToken: string,
  code: string,
  now: Date,
): Promise<CodeRow> {
  const row = await findFlowCode(db, user.id, purpose, await tokenHash(flowToken));
  if (!row || !usable(row, user, now)) throw codeInvalid();
  if ((await codeHash(row, code)) !== row.code_hash) {
    await countCodeAttempt(db, [row.flow_hash]);
    throw codeInvalid();
  }
  return finish(row, db, codeInvalid);
}

/**
 * The account's own signed-in session may try the code of any of its waiting flows (only the
 * owner holds it; a wrong code counts against each of them, the owner's own doing).
 */
export async function consumeOwnerCode(
  db: D1Database,
  user: { id: string; email: string },
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeRow> {
  const rows = (await findUserCodes(db, user.id, purpose)).filter((row) => usable(row, user, now));
  for (const row of rows) {
    if ((await codeHash(row, code)) === row.code_hash) return finish(row, db, codeInvalid);
  }
  await countCodeAttempt(
    db,
    rows.map((row) => row.flow_hash),
  );
  throw codeInvalid();
}

/**
 * Consumes the flow of a mailed one-click link (wrong codes never burn it) and answers the
 * user it is for, or throws `link_invalid` (unknown, expired, or mailed to an address the user no
 * longer has).
 */
export async function consumeLink<U extends { email: string }>(
  db: D1Database,
  purpose: CodePurpose,
  token: string,
  userOf: (userId: string) => Promise<U | null>,
  now: Date,
): Promise<U> {
  const row = await findLinkCode(db, purpose, await tokenHash(token));
  if (!row || !live(row, now)) throw linkInvalid();
  const user = await userOf(row.user_id);
  if (!user || user.email !== row.email) throw linkInvalid();
  await finish(row, db, linkInvalid);
  return user;
}

/** Remembers the browser that just completed a verification or reset: answers its token. */
export async function rememberBrowser(db: D1Database, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await putRecoveryBrowser(db, userId, await tokenHash(token), new Date(now.getTime() + RECOVERY_BROWSER_TTL_MS), now);
  return token;
}

/** The account a remembered browser's token belongs to (null when absent, unknown or expired). */
export async function rememberedBrowserUser(
  db: D1Database,
  token: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return recoveryBrowserUser(db, await tokenHash(token), now);
}
