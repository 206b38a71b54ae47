// Every mail the API sends, in English and Turkish: one catalogue, rendered in the RECIPIENT's
// language (the account's stored `users.locale`, docs/decisions/2026-11-27-mail-language.md).
// Texts hold `{name}` placeholders; money, dates and counts are formatted with Intl for the
// recipient's locale (en-US, tr-TR) before they are put in. tests: templates.test.ts checks that
// both languages have every text with the same placeholders and that no English is left in Turkish.
import { BILLING_CYCLES, type BillingCycle } from "../../../../core/servers";

export type MailLocale = "en" | "tr";
export const MAIL_LOCALES = ["en", "tr"] as const satisfies readonly MailLocale[];
/** The Intl locale a mail's numbers, money and dates are formatted for. */
export const MAIL_INTL_LOCALE: Record<MailLocale, string> = { en: "en-US", tr: "tr-TR" };

/** The code mails (one-time code and link). */
export type MailTemplate = "verify_email" | "reset_password";

/** A supported language named by an Accept-Language header (its first choice), else null. */
export function localeFromHeader(acceptLanguage: string | null | undefined): MailLocale | null {
  const first = (acceptLanguage ?? "").split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (first === "tr" || first.startsWith("tr-")) return "tr";
  if (first === "en" || first.startsWith("en-")) return "en";
  return null;
}

/** Accept-Language's language, English by default (for a visitor who has no account). */
export function localeFrom(acceptLanguage: string | null | undefined): MailLocale {
  return localeFromHeader(acceptLanguage) ?? "en";
}

/** A stored `users.locale` (or anything else) as a mail language: English unless it is Turkish. */
export function mailLocaleOf(value: string | null | undefined): MailLocale {
  return value === "tr" ? "tr" : "en";
}

const EN = {
  verify_email: {
    subject: "Verify your email address",
    body: "Hello {username},\n\nYour verification code is {code}. It expires in 15 minutes.\n\nOr open this link to verify your address in one click (from any browser):\n{link}\n\nIf you did not ask for it, ignore this message.\n",
  },
  reset_password: {
    subject: "Reset your password",
    body: "Hello {username},\n\nYour password reset code is {code}. It expires in 15 minutes.\n\nOr open this link to choose a new password without the code (from any browser):\n{link}\n\nIf you did not ask for it, ignore this message; your password stays the same.\n",
  },
  password_guessing: {
    subject: "Several wrong passwords were entered for your account",
    body: "Hello {username},\n\nA signed-in browser or API token entered your account password wrongly {failures} times (last try {when}, from {ip}). Actions that need your password are paused for 15 minutes.\n\nIf this was not you, sign in and change your password on the Security page: that signs out every other session.\n",
  },
  passkey_added: {
    subject: "A passkey was added to your account",
    body: 'Hello {username},\n\nA passkey named "{name}" was added to your account on {when} (from {ip}). It can now sign you in and confirm actions without your password.\n\nIf this was not you, sign in, remove it on the Security page and change your password.\n',
  },
  passkey_removed: {
    subject: "A passkey was removed from your account",
    body: 'Hello {username},\n\nThe passkey named "{name}" was removed from your account on {when} (from {ip}). It can no longer sign you in.\n\nIf this was not you, sign in and change your password on the Security page.\n',
  },
  release_confirm: {
    subject: "Confirm your Trinity release emails",
    body: "Hello,\n\nThis address was signed up for an email when a new Trinity release is out. Open this link to confirm:\n\n{confirm}\n\nIf you did not ask for it, ignore this message: an address that is not confirmed gets no further email.\n\nTo unsubscribe: {unsubscribe}\n",
  },
  ticket_received: {
    subject: "We received your support ticket: {subject}",
    body: 'Hello,\n\nWe received your ticket "{subject}". We answer within {min} to {max} hours.\n\nView the ticket: {url}\n',
  },
  ticket_reply: {
    subject: "New reply to your ticket: {subject}",
    body: 'Hello,\n\nOur support team replied to your ticket "{subject}".\n\nRead the reply: {url}\n',
  },
  receipt: {
    subject: "Your Trinity receipt for order #{number}",
    intro: "Thank you for your order.",
    line: "- {name} ({what}, {period}): {amount}{note}",
    total: "Total: {amount}",
    charged: "Charged: {amount}",
    refunded: "Refunded: {amount}",
    status: "Status: {status}",
    noteRefunded: " — refunded",
    noteNotCharged: " — not charged; the hold on your card was released ({reason})",
  },
  not_charged: {
    subject: "Your Trinity order #{number} could not be completed",
    intro: "Your order could not be completed:",
    line: "- {name} ({what}): {reason}",
    footer: "You were not charged; the hold of {amount} on your card was released.",
  },
  domain_reminder: {
    subject: "{name} expires in {days}",
    body: "Your domain {name} expires on {date} (UTC).\n\n{next}\n",
    autoRenewOn: "Auto-renewal is on: we will renew it with your default card {days} before it expires.",
    renewYourself: "Renew it in your account: My domains → {name} → Renew.",
  },
  domain_renew_failed: {
    subject: "Auto-renewal of {name} failed",
    body: "We could not renew {name} automatically: {reason}\n\nIt expires on {date} (UTC). Update your card or renew it yourself in My domains.\n",
  },
  server_reminder: {
    subject: "{hostname} expires in {days}",
    body: "Your server {hostname} is paid until {date} (UTC).\n\n{next}\n",
    autoRenewOn: "Auto-renewal is on: we will renew it with your default card {days} before it expires.",
    renewYourself:
      "Renew it in your account: My VPSs → {hostname} → Renew. Unpaid, it is stopped on that date and deleted {grace} later.",
  },
  server_renew_failed: {
    subject: "Auto-renewal of {hostname} failed",
    body: "We could not renew your server {hostname} automatically: {reason}\n\nIt is paid until {date} (UTC); unpaid after that date it is suspended. Update your card or renew it yourself in My VPSs.\n",
  },
  /** Why an order line was not carried out. */
  itemFailure: {
    invalid_auth_code: "the registry did not accept the auth code",
    other: "it could not be carried out (error code {code})",
  },
  /** What an order line is: `domain.<operation>` or `vps.<operation>`. */
  operations: {
    domain: {
      registration: "registration",
      renewal: "renewal",
      transfer: "transfer",
      restore: "restore",
      bulk_purchase: "bulk purchase",
    },
    vps: { registration: "new server", renewal: "server renewal" },
    other: "order line",
  },
  cycles: {
    monthly: "monthly",
    quarterly: "every 3 months",
    annually: "yearly",
    biennially: "every 2 years",
  } satisfies Record<BillingCycle, string>,
  orderStatus: {
    pending: "awaiting payment",
    paid: "paid",
    fulfilling: "being carried out",
    completed: "completed",
    completed_with_refunds: "completed, partly refunded",
    failed: "failed",
    cancelled: "cancelled",
    refunded: "refunded",
  },
  units: { year_one: "{count} year", year_other: "{count} years", day_one: "{count} day", day_other: "{count} days" },
};

export type MailTexts = typeof EN;

const TR: MailTexts = {
  verify_email: {
    subject: "E-posta adresinizi doğrulayın",
    body: "Merhaba {username},\n\nDoğrulama kodunuz {code}. Kod 15 dakika geçerlidir.\n\nYa da adresinizi tek tıkla doğrulamak için bu bağlantıyı açın (herhangi bir tarayıcıdan):\n{link}\n\nBu isteği siz yapmadıysanız bu mesajı dikkate almayın.\n",
  },
  reset_password: {
    subject: "Parolanızı sıfırlayın",
    body: "Merhaba {username},\n\nParola sıfırlama kodunuz {code}. Kod 15 dakika geçerlidir.\n\nYa da kod girmeden yeni parola belirlemek için bu bağlantıyı açın (herhangi bir tarayıcıdan):\n{link}\n\nBu isteği siz yapmadıysanız bu mesajı dikkate almayın; parolanız değişmez.\n",
  },
  password_guessing: {
    subject: "Hesabınızda art arda yanlış parola girildi",
    body: "Merhaba {username},\n\nOturumu açık bir tarayıcıdan veya bir API anahtarıyla hesap parolanız {failures} kez yanlış girildi (son deneme {when}, adres {ip}). Hesabınızda parola onayı gerektiren işlemler 15 dakika durduruldu.\n\nBunu siz yapmadıysanız hesabınıza girip Güvenlik sayfasından parolanızı değiştirin: bu, diğer bütün oturumları kapatır.\n",
  },
  passkey_added: {
    subject: "Hesabınıza bir geçiş anahtarı eklendi",
    body: 'Merhaba {username},\n\n"{name}" adlı bir geçiş anahtarı {when} tarihinde hesabınıza eklendi (adres {ip}). Artık parolanız olmadan giriş yapabilir ve işlemleri onaylayabilir.\n\nBunu siz yapmadıysanız hesabınıza girip Güvenlik sayfasından anahtarı kaldırın ve parolanızı değiştirin.\n',
  },
  passkey_removed: {
    subject: "Hesabınızdan bir geçiş anahtarı kaldırıldı",
    body: 'Merhaba {username},\n\n"{name}" adlı geçiş anahtarı {when} tarihinde hesabınızdan kaldırıldı (adres {ip}). Artık giriş yapmak için kullanılamaz.\n\nBunu siz yapmadıysanız hesabınıza girip Güvenlik sayfasından parolanızı değiştirin.\n',
  },
  release_confirm: {
    subject: "Trinity sürüm e-postalarını onaylayın",
    body: "Merhaba,\n\nTrinity'nin yeni sürümleri çıktığında e-posta almak için bu adresi kaydettiniz. Onaylamak için bağlantıyı açın:\n\n{confirm}\n\nBunu siz istemediyseniz bu mesajı dikkate almayın; onaylanmayan adrese başka e-posta gönderilmez.\n\nAbonelikten çıkmak için: {unsubscribe}\n",
  },
  ticket_received: {
    subject: "Destek talebiniz alındı: {subject}",
    body: 'Merhaba,\n\n"{subject}" konulu talebinizi aldık. {min} ila {max} saat içinde yanıt veririz.\n\nTalebi görüntüleyin: {url}\n',
  },
  ticket_reply: {
    subject: "Talebinize yanıt var: {subject}",
    body: 'Merhaba,\n\nDestek ekibimiz "{subject}" konulu talebinizi yanıtladı.\n\nYanıtı okuyun: {url}\n',
  },
  receipt: {
    subject: "#{number} numaralı Trinity siparişinizin makbuzu",
    intro: "Siparişiniz için teşekkür ederiz.",
    line: "- {name} ({what}, {period}): {amount}{note}",
    total: "Toplam: {amount}",
    charged: "Tahsil edilen: {amount}",
    refunded: "İade edilen: {amount}",
    status: "Durum: {status}",
    noteRefunded: " — iade edildi",
    noteNotCharged: " — ücret alınmadı; kartınızdaki provizyon kaldırıldı ({reason})",
  },
  not_charged: {
    subject: "#{number} numaralı Trinity siparişiniz tamamlanamadı",
    intro: "Siparişiniz tamamlanamadı:",
    line: "- {name} ({what}): {reason}",
    footer: "Sizden ücret alınmadı; kartınızdaki {amount} tutarındaki provizyon kaldırıldı.",
  },
  domain_reminder: {
    subject: "{name} alan adının süresi {days} sonra doluyor",
    body: "{name} alan adınızın süresi {date} (UTC) tarihinde doluyor.\n\n{next}\n",
    autoRenewOn: "Otomatik yenileme açık: süresi dolmadan {days} önce varsayılan kartınızla yenileyeceğiz.",
    renewYourself: "Hesabınızdan yenileyin: Alan adlarım → {name} → Yenile.",
  },
  domain_renew_failed: {
    subject: "{name} otomatik olarak yenilenemedi",
    body: "{name} alan adını otomatik olarak yenileyemedik: {reason}\n\nSüresi {date} (UTC) tarihinde doluyor. Kartınızı güncelleyin ya da Alan adlarım sayfasından kendiniz yenileyin.\n",
  },
  server_reminder: {
    subject: "{hostname} sunucusunun süresi {days} sonra doluyor",
    body: "{hostname} sunucunuzun ödemesi {date} (UTC) tarihine kadar yapılmış durumda.\n\n{next}\n",
    autoRenewOn: "Otomatik yenileme açık: süresi dolmadan {days} önce varsayılan kartınızla yenileyeceğiz.",
    renewYourself:
      "Hesabınızdan yenileyin: VPS'lerim → {hostname} → Yenile. Ödenmezse o tarihte durdurulur ve {grace} sonra silinir.",
  },
  server_renew_failed: {
    subject: "{hostname} otomatik olarak yenilenemedi",
    body: "{hostname} sunucunuzu otomatik olarak yenileyemedik: {reason}\n\nÖdemesi {date} (UTC) tarihine kadar yapılmış durumda; bu tarihten sonra ödenmezse askıya alınır. Kartınızı güncelleyin ya da VPS'lerim sayfasından kendiniz yenileyin.\n",
  },
  itemFailure: {
    invalid_auth_code: "kayıt merkezi transfer kodunu (auth code) kabul etmedi",
    other: "gerçekleştirilemedi (hata kodu {code})",
  },
  operations: {
    domain: {
      registration: "kayıt",
      renewal: "yenileme",
      transfer: "transfer",
      restore: "geri yükleme",
      bulk_purchase: "toplu satın alma",
    },
    vps: { registration: "yeni sunucu", renewal: "sunucu yenileme" },
    other: "sipariş kalemi",
  },
  cycles: { monthly: "aylık", quarterly: "üç aylık", annually: "yıllık", biennially: "iki yıllık" },
  orderStatus: {
    pending: "ödeme bekleniyor",
    paid: "ödendi",
    fulfilling: "işleniyor",
    completed: "tamamlandı",
    completed_with_refunds: "tamamlandı, kısmen iade edildi",
    failed: "başarısız",
    cancelled: "iptal edildi",
    refunded: "iade edildi",
  },
  units: { year_one: "{count} yıl", year_other: "{count} yıl", day_one: "{count} gün", day_other: "{count} gün" },
};

/** The mail texts of each language (read by the parity test). */
export const MAIL_TEXTS: Record<MailLocale, MailTexts> = { en: EN, tr: TR };

/** Puts `params` into a text's `{name}` placeholders (a missing one is an error, not a blank). */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/gu, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`mail text placeholder {${name}} has no value`);
    return String(value);
  });
}

/** A recipient's language: its texts and Intl formatting of money, dates and counts. */
export interface MailLanguage {
  locale: MailLocale;
  texts: MailTexts;
  /** Integer cents in `currency` (ISO 4217), e.g. "$10.62" / "$10,62". */
  money(cents: number, currency?: string): string;
  /** A day (UTC), e.g. "December 1, 2026" / "1 Aralık 2026". */
  date(value: Date | string): string;
  /** A moment (UTC), e.g. "November 27, 2026 at 9:45:37 PM UTC" / "27 Kasım 2026 21:45:37 UTC". */
  dateTime(value: Date | string): string;
  years(count: number): string;
  days(count: number): string;
  cycle(value: string): string;
  status(value: string): string;
  /** What an order line is, e.g. "registration" / "kayıt", "new server" / "yeni sunucu". */
  operation(type: string, operation: string): string;
}

export function mailLanguage(locale: MailLocale): MailLanguage {
  const texts = MAIL_TEXTS[locale];
  const intl = MAIL_INTL_LOCALE[locale];
  const plural = new Intl.PluralRules(intl);
  const count = (unit: "year" | "day", value: number) =>
    fill(texts.units[`${unit}_${plural.select(value) === "one" ? "one" : "other"}`], {
      count: new Intl.NumberFormat(intl).format(value),
    });
  const asDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);
  return {
    locale,
    texts,
    money: (cents, currency = "USD") =>
      new Intl.NumberFormat(intl, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100),
    date: (value) => new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "UTC" }).format(asDate(value)),
    dateTime: (value) =>
      new Intl.DateTimeFormat(intl, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(asDate(value)),
    years: (value) => count("year", value),
    days: (value) => count("day", value),
    cycle: (value) =>
      (BILLING_CYCLES as readonly string[]).includes(value) ? texts.cycles[value as BillingCycle] : value,
    status: (value) =>
      value in texts.orderStatus ? texts.orderStatus[value as keyof MailTexts["orderStatus"]] : value,
    operation: (type, operation) => {
      const table: Record<string, string> = type === "vps" ? texts.operations.vps : texts.operations.domain;
      return table[operation] ?? texts.operations.other;
    },
  };
}

/** The code mail: the 6-digit code and the one-click link (`link`, absolute URL). */
export function renderMail(
  template: MailTemplate,
  locale: MailLocale,
  to: string,
  code: string,
  username: string,
  link: string,
) {
  const t = MAIL_TEXTS[locale][template];
  return { to, subject: t.subject, text: fill(t.body, { code, username, link }) };
}
