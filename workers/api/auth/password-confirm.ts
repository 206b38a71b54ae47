// The one gate for the account password of a signed-in user (issue 18): every route that asks
// for it to confirm an action (transfer auth code, domain lock, delete a domain, change email,
// username or password, delete the account, turn two-factor off, reveal a server's root password)
// goes through `confirmAccountPassword`. After LIMITS.passwordCheckPerUser.max wrong passwords in
// its window every confirmation of that account answers 429 with Retry-After, the right password
// too, so a stolen session or token is not a password oracle; the owner is told by mail when the
// limit is reached. Sign-in keeps its own rule (rate-limit.ts: slow a stranger, never lock out).
import type { MailSender } from "../adapters/mail";
import { mailLocaleOf } from "../adapters/mail";
import { takePasskeyProof } from "../db/passkeys";
import type { UserRow } from "../db/users";
import { ApiError } from "../errors";
import { LIMITS, releaseAttempt, takeAttempt, type Counter } from "./rate-limit";
import { passwordGuessingMail } from "./security-mails";
import { checkPassword } from "./sessions";

export const TOO_MANY_PASSWORDS =
  "Too many wrong passwords. Password confirmations are paused for 15 minutes; we sent you an email.";

export const wrongPassword = () => new ApiError(403, "invalid_password", "The password is incorrect.");

export interface PasswordConfirmation {
  db: D1Database;
  mail: MailSender;
  now: Date;
  /** Where the confirmation came from, named in the owner's alert mail. */
  ip: string;
  /** The session confirming: a passkey proof (issue 24) counts only for the session it was given to. */
  sessionId?: string;
}

/** The parts of a Hono context a confirmation needs (any route's context fits). */
export interface ConfirmingRequest {
  env: { DB: D1Database };
  var: { services: { mail: MailSender; now: () => Date }; clientIp: string; auth?: { sessionId: string } };
  req: { header(name: string): string | undefined };
}

/** The confirmation of one request. */
export function confirmationOf(c: ConfirmingRequest): PasswordConfirmation {
  return {
    db: c.env.DB,
    mail: c.var.services.mail,
    now: c.var.services.now(),
    ip: c.var.clientIp,
    sessionId: c.var.auth?.sessionId,
  };
}

/**
 * Passes when `password` is the account's, or a passkey proof (`pkc_…`, POST /auth/passkeys/confirm)
 * given to this account and session and not used yet (issue 24: a passkey confirms what the
 * password confirms, through the same field, so no confirming route changed); else 403
 * `invalid_password`, or 429 once limited. A proof that does not hold is checked as a password
 * and counts as a wrong one.
 */
export async function confirmAccountPassword(
  confirmation: PasswordConfirmation,
  user: UserRow,
  password: string,
): Promise<void> {
  const { db, now } = confirmation;
  await confirmAccount(
    confirmation,
    user,
    async () =>
      (await takePasskeyProof(db, password, user.id, confirmation.sessionId ?? null, now)) ||
      checkPassword(db, user, password, now),
    wrongPassword,
  );
}

/**
 * One confirmation under the account's limit: the slot is claimed before `check` runs (parallel
 * guesses count), given back when it passes; the failure that fills the window mails the owner.
 * A failed passkey assertion on a confirmation goes through here too (routes/passkeys.ts).
 */
export async function confirmAccount(
  confirmation: PasswordConfirmation,
  user: UserRow,
  check: () => Promise<boolean>,
  refusal: () => ApiError,
): Promise<void> {
  const { db, now } = confirmation;
  const counter: Counter = [LIMITS.passwordCheckPerUser, user.id];
  const attempt = await takeAttempt(db, counter, now, TOO_MANY_PASSWORDS);
  if (await check()) {
    await releaseAttempt(db, attempt.id);
    return;
  }
  if (attempt.rank === LIMITS.passwordCheckPerUser.max) {
    // The attempt that fills the window tells the owner once; the mail must not turn a wrong
    // password into a 500, so a failed send is only logged.
    const message = passwordGuessingMail(mailLocaleOf(user.locale), user, {
      at: now,
      ip: confirmation.ip,
      failures: attempt.rank,
    });
    await confirmation.mail.send(message).catch((error: unknown) => console.error("password alert mail failed", error));
  }
  throw refusal();
}
