// The content area's mails (release emails, support centre), in English and Turkish.
import { SUPPORT_RESPONSE_HOURS } from "../../core/content-forms";
import type { MailMessage } from "./adapters/mail";

type Locale = "en" | "tr";
const { min, max } = SUPPORT_RESPONSE_HOURS;

export function releaseConfirmMail(locale: Locale, to: string, links: { confirm: string; unsubscribe: string }): MailMessage {
  return locale === "tr"
    ? {
        to,
        subject: "Trinity sürüm e-postalarını onaylayın",
        text: `Merhaba,\n\nTrinity'nin yeni sürümleri çıktığında e-posta almak için bu adresi kaydettiniz. Onaylamak için bağlantıyı açın:\n\n${links.confirm}\n\nBunu siz istemediyseniz bu mesajı dikkate almayın; onaylanmayan adrese başka e-posta gönderilmez.\n\nAbonelikten çıkmak için: ${links.unsubscribe}\n`,
      }
    : {
        to,
        subject: "Confirm your Trinity release emails",
        text: `Hello,\n\nThis address was signed up for an email when a new Trinity release is out. Open this link to confirm:\n\n${links.confirm}\n\nIf you did not ask for it, ignore this message: an address that is not confirmed gets no further email.\n\nTo unsubscribe: ${links.unsubscribe}\n`,
      };
}

export function ticketReceivedMail(locale: Locale, to: string, ticket: { subject: string; url: string }): MailMessage {
  return locale === "tr"
    ? {
        to,
        subject: `Destek talebiniz alındı: ${ticket.subject}`,
        text: `Merhaba,\n\n"${ticket.subject}" konulu talebinizi aldık. ${min} ila ${max} saat içinde yanıt veririz.\n\nTalebi görüntüleyin: ${ticket.url}\n`,
      }
    : {
        to,
        subject: `We received your support ticket: ${ticket.subject}`,
        text: `Hello,\n\nWe received your ticket "${ticket.subject}". We answer within ${min} to ${max} hours.\n\nView the ticket: ${ticket.url}\n`,
      };
}

export function ticketReplyMail(locale: Locale, to: string, ticket: { subject: string; url: string }): MailMessage {
  return locale === "tr"
    ? { to, subject: `Talebinize yanıt var: ${ticket.subject}`, text: `Merhaba,\n\nDestek ekibi "${ticket.subject}" konulu talebinizi yanıtladı.\n\nYanıtı okuyun: ${ticket.url}\n` }
    : { to, subject: `New reply to your ticket: ${ticket.subject}`, text: `Hello,\n\nOur support team replied to your ticket "${ticket.subject}".\n\nRead the reply: ${ticket.url}\n` };
}
