import type { SigninResources } from "./signin.en";

/** Turkish texts of the sign-in page: exactly the keys of signin.en.ts. */
const signin: SigninResources = {
  metaTitle: "Giriş yap — Trinity",
  title: "Giriş yap",
  intro: "Kullanıcı adınızı, parolanızı ve kayıt olurken kaydettiğiniz 12 kelimelik kurtarma anahtarınızı kullanın.",
  seedKeyHint: "12 kelime, sırasıyla ve boşlukla ayrılmış olarak.",
  forgot: "Parolanızı mı unuttunuz?",
  submit: "Giriş yap",
  submitting: "Giriş yapılıyor…",
  noAccount: "Henüz hesabınız yok mu?",
  signUp: "Kayıt ol",
  errors: {
    invalidCredentials: "Giriş başarısız: kullanıcı adı, parola veya kurtarma anahtarı doğru değil.",
    server: "Bir sunucu hatası nedeniyle giriş yapılamadı. Lütfen tekrar deneyin.",
    failed: "Giriş başarısız: {{message}}",
  },
  twoFactor: {
    metaTitle: "İki adımlı doğrulama — Trinity",
    title: "İki adımlı doğrulama",
    text: "{{username}}, doğrulama uygulamanızdaki 6 haneli kodu veya kurtarma kodlarınızdan birini girin.",
    code: "Doğrulama kodu",
    hint: "6 hane veya xxxx-xxxx-xxxx biçiminde bir kurtarma kodu.",
    submit: "Doğrula ve giriş yap",
    restart: "Baştan başla",
    invalid: "Kod doğru değil. Uygulamanızın saatini kontrol edip tekrar deneyin.",
    expired: "Giriş çok uzun sürdü. Lütfen baştan başlayın.",
    locked: "Çok fazla yanlış kod girildi. Lütfen yeniden giriş yapın.",
  },
  passkey: {
    signIn: "Geçiş anahtarıyla giriş yap",
    secondFactor: "Bunun yerine geçiş anahtarı kullan",
    or: "veya",
    waiting: "Geçiş anahtarınız bekleniyor…",
    failed: "Geçiş anahtarı doğrulanamadı. Yeniden deneyin ya da parolanızla giriş yapın.",
    expired: "Geçiş anahtarı isteğinin süresi doldu. Lütfen yeniden deneyin.",
    none: "Bu hesabın geçiş anahtarı yok.",
  },
};

export default signin;
