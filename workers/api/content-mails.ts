// The content area's mails (release emails, support centre), in the recipient's language
// (adapters/mail/templates.ts).
import { SUPPORT_RESPONSE_HOURS } from "../../core/content-forms";
import type { MailMessage } from "./adapters/mail";
import { fill, MAIL_TEXTS, type MailLocale } from "./adapters/mail";

const { min, max } = SUPPORT_RESPONSE_HOURS;

export function releaseConfirmMail(
  locale: MailLocale,
  to: string,
  links: { confirm: string; unsubscribe: string },
): MailMessage {
  const t = MAIL_TEXTS[locale].release_confirm;
  return { to, subject: t.subject, text: fill(t.body, links) };
}

export function ticketReceivedMail(
  locale: MailLocale,
  to: string,
  ticket: { subject: string; url: string },
): MailMessage {
  const t = MAIL_TEXTS[locale].ticket_received;
  return {
    to,
    subject: fill(t.subject, { subject: ticket.subject }),
    text: fill(t.body, { subject: ticket.subject, url: ticket.url, min, max }),
  };
}

export function ticketReplyMail(locale: MailLocale, to: string, ticket: { subject: string; url: string }): MailMessage {
  const t = MAIL_TEXTS[locale].ticket_reply;
  return { to, subject: fill(t.subject, { subject: ticket.subject }), text: fill(t.body, ticket) };
}
