// Security notices to an account's owner, in English and Turkish.
import type { MailMessage } from "../adapters/mail";
import type { MailLocale } from "../adapters/mail/templates";

interface GuessingFacts {
  at: Date;
  ip: string;
  failures: number;
}

/** Sent when password confirmations of a signed-in session reach their limit (issue 18). */
export function passwordGuessingMail(locale: MailLocale, user: { username: string; email: string }, facts: GuessingFacts): MailMessage {
  const when = facts.at.toISOString().replace("T", " ").slice(0, 19) + " UTC";
  return locale === "tr"
    ? {
        to: user.email,
        subject: "Hesabınızda art arda yanlış şifre girildi",
        text:
          `Merhaba ${user.username},\n\nOturum açık bir tarayıcıdan veya API anahtarıyla hesabınızın şifresi ${facts.failures} kez yanlış girildi ` +
          `(son deneme ${when}, adres ${facts.ip}). Hesabınızda şifre onayı gerektiren işlemler 15 dakika durduruldu.\n\n` +
          `Bunu siz yapmadıysanız hesabınıza girip Güvenlik sayfasından şifrenizi değiştirin: bu, diğer bütün oturumları kapatır.\n`,
      }
    : {
        to: user.email,
        subject: "Several wrong passwords were entered for your account",
        text:
          `Hello ${user.username},\n\nA signed-in browser or API token entered your account password wrongly ${facts.failures} times ` +
          `(last try ${when}, from ${facts.ip}). Actions that need your password are paused for 15 minutes.\n\n` +
          `If this was not you, sign in and change your password on the Security page: that signs out every other session.\n`,
      };
}
