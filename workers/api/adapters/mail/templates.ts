// The account mails in English and Turkish (English is the fallback), chosen by Accept-Language.
export type MailLocale = "en" | "tr";
export type MailTemplate = "verify_email" | "reset_password";

export function localeFrom(acceptLanguage: string | undefined): MailLocale {
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("tr") ? "tr" : "en";
}

const TEXTS: Record<MailLocale, Record<MailTemplate, { subject: string; body: (code: string, username: string, link: string) => string }>> = {
  en: {
    verify_email: {
      subject: "Verify your email address",
      body: (code, username, link) =>
        `Hello ${username},\n\nYour verification code is ${code}. It expires in 15 minutes.\n\nOr open this link to verify your address in one click (from any browser):\n${link}\n\nIf you did not ask for it, ignore this message.\n`,
    },
    reset_password: {
      subject: "Reset your password",
      body: (code, username, link) =>
        `Hello ${username},\n\nYour password reset code is ${code}. It expires in 15 minutes.\n\nOr open this link to choose a new password without the code (from any browser):\n${link}\n\nIf you did not ask for it, ignore this message; your password stays the same.\n`,
    },
  },
  tr: {
    verify_email: {
      subject: "E-posta adresinizi doğrulayın",
      body: (code, username, link) =>
        `Merhaba ${username},\n\nDoğrulama kodunuz ${code}. Kod 15 dakika geçerlidir.\n\nYa da adresinizi tek tıkla doğrulamak için bu bağlantıyı açın (herhangi bir tarayıcıdan):\n${link}\n\nBu isteği siz yapmadıysanız bu mesajı dikkate almayın.\n`,
    },
    reset_password: {
      subject: "Şifrenizi sıfırlayın",
      body: (code, username, link) =>
        `Merhaba ${username},\n\nŞifre sıfırlama kodunuz ${code}. Kod 15 dakika geçerlidir.\n\nYa da kod girmeden yeni şifre belirlemek için bu bağlantıyı açın (herhangi bir tarayıcıdan):\n${link}\n\nBu isteği siz yapmadıysanız bu mesajı dikkate almayın; şifreniz değişmez.\n`,
    },
  },
};

/** The code mail: the 6-digit code and the one-click link (`link`, absolute URL). */
export function renderMail(template: MailTemplate, locale: MailLocale, to: string, code: string, username: string, link: string) {
  const t = TEXTS[locale][template];
  return { to, subject: t.subject, text: t.body(code, username, link) };
}
