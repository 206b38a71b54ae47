// Security notices to an account's owner, in the owner's language (adapters/mail/templates.ts).
import type { MailMessage } from "../adapters/mail";
import { fill, mailLanguage, type MailLocale } from "../adapters/mail";

interface GuessingFacts {
  at: Date;
  ip: string;
  failures: number;
}

/** Sent when password confirmations of a signed-in session reach their limit (issue 18). */
export function passwordGuessingMail(
  locale: MailLocale,
  user: { username: string; email: string },
  facts: GuessingFacts,
): MailMessage {
  const language = mailLanguage(locale);
  const t = language.texts.password_guessing;
  return {
    to: user.email,
    subject: t.subject,
    text: fill(t.body, {
      username: user.username,
      failures: facts.failures,
      when: language.dateTime(facts.at),
      ip: facts.ip,
    }),
  };
}

/** Sent when a passkey is added to or removed from the account (issue 24). */
export function passkeyChangeMail(
  locale: MailLocale,
  change: "passkey_added" | "passkey_removed",
  user: { username: string; email: string },
  facts: { name: string; at: Date; ip: string },
): MailMessage {
  const language = mailLanguage(locale);
  const t = language.texts[change];
  return {
    to: user.email,
    subject: t.subject,
    text: fill(t.body, { username: user.username, name: facts.name, when: language.dateTime(facts.at), ip: facts.ip }),
  };
}
