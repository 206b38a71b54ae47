import type { ForgotResources } from "./forgot.en";

/** Turkish texts of the "forgot" namespace: exactly the keys of forgot.en.ts. */
const forgot: ForgotResources = {
  metaTitle: "Parolamı unuttum",
  title: "Parolanızı sıfırlayın",
  steps: {
    label: "İlerleme",
    request: "Kod gönder",
    reset: "Yeni parola",
    done: "Tamamlandı",
    current: "(şu anki adım)",
  },
  request: {
    intro:
      "Hesabınızın e-posta adresini girin. Yeni bir parola belirlemeniz için bu adrese 6 haneli bir kod göndereceğiz.",
    submit: "Kod gönder",
  },
  reset: {
    sent: "{{email}} adresini kullanan bir hesap varsa, bu adrese bir kod gönderdik. Kod 15 dakika geçerlidir.",
    intro: "E-postadaki kodu girin ve yeni bir parola belirleyin ya da e-postadaki bağlantıyı açın.",
    codeLabel: "6 haneli kod",
    submit: "Yeni parolayı kaydet",
    resendPrompt: "E-posta gelmedi mi?",
    resend: "Kodu tekrar gönder",
    resent: "Bu adresi kullanan bir hesap varsa, bu adrese yeni bir kod gönderdik.",
    otherEmail: "Başka bir e-posta adresi kullan",
  },
  link: {
    intro: "Hesabınız için yeni bir parola belirleyin. E-postadaki bağlantı bir kez ve 15 dakika boyunca çalışır.",
    newLink: "Yeni bir bağlantı iste",
  },
  done: {
    heading: "Parolanız değiştirildi",
    text: "Yeni parolanızla giriş yapın. Hesabınızın diğer tüm oturumları kapatıldı.",
    signIn: "Giriş sayfasına git",
  },
  errors: {
    codeInvalid: "Doğrulama kodu geçersiz veya süresi dolmuş",
    noFlow: "Bu kodu bu tarayıcı istemedi. E-postadaki bağlantıyı açın ya da buradan yeni bir kod gönderin.",
    linkInvalid: "Bu bağlantı geçersiz veya süresi dolmuş. Yeni bir bağlantı isteyin.",
  },
  backToSignIn: "Girişe dön",
};

export default forgot;
