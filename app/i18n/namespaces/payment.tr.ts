import type { PaymentResources } from "./payment.en";

/** Turkish texts of the "payment" namespace: exactly the keys of payment.en.ts. */
const payment: PaymentResources = {
  card: {
    legend: "Kart bilgileri",
    number: "Kart numarası",
    numberHint: "Kartın önündeki 13 ile 19 haneli numara.",
    expiry: "Son kullanma tarihi (AA / YY)",
    cvc: "Güvenlik kodu (CVC)",
    cvcHint: "Arkada 3 hane; American Express kartlarda önde 4 hane.",
    name: "Kart üzerindeki isim (isteğe bağlı)",
    nameTooLong: "Kart üzerindeki isim en fazla 100 karakter olabilir.",
    testHint:
      "Test ödemeleri: gerçek bir karttan çekim yapılmaz. 4242 4242 4242 4242 numarasını, ileri bir tarihi ve herhangi bir 3 haneli kodu kullanın.",
    secretsCleared: "Güvenliğiniz için kart numarasını ve güvenlik kodunu yeniden girin.",
  },
  stripe: {
    loading: "Güvenli kart alanı yükleniyor…",
    needsJs:
      "Güvenli kart alanı Stripe tarafından sağlanır ve JavaScript gerektirir. Kart eklemek için lütfen JavaScript'i açın ya da kayıtlı bir kartınızı kullanın.",
  },
  brands: {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
    diners: "Diners Club",
    jcb: "JCB",
    unionpay: "UnionPay",
    unknown: "Kart",
  },
  errors: {
    payment_failed: "Ödeme başarısız oldu. Lütfen yeniden deneyin ya da başka bir kart kullanın.",
    card_declined: "Kartınız reddedildi.",
    insufficient_funds: "Kartınızın bakiyesi yetersiz.",
    expired_card: "Kartınızın süresi dolmuş.",
    incorrect_cvc: "Kartınızın güvenlik kodu hatalı.",
    processing_error: "Kartınız işlenirken bir hata oluştu. Lütfen yeniden deneyin.",
    incomplete_number: "Kart numaranız eksik.",
    invalid_number: "Kart numaranız geçersiz.",
    incomplete_expiry: "Kartınızın son kullanma tarihi eksik.",
    incomplete_cvc: "Kartınızın güvenlik kodu eksik.",
    three_d_secure_failed:
      "3-D Secure doğrulaması başarısız oldu. Lütfen yeniden deneyin ya da başka bir kart kullanın.",
    authentication_required: "Bankanız bu ödemeyi onaylamanızı istiyor (kimlik doğrulama gerekli).",
    network_error: "Ağ hatası: ödeme hizmetine ulaşılamıyor. Lütfen yeniden deneyin.",
    not_initialized: "Ödeme sistemi hazır değil. Lütfen sayfayı yenileyin.",
    payment_start_failed: "Ödeme başlatılamadı. Lütfen yeniden deneyin.",
    address_save_failed: "Adres kaydedilemedi.",
    invalid_address: "Adres geçerli değil.",
    server_error: "Sunucu hatası. Lütfen daha sonra yeniden deneyin.",
  },
};

export default payment;
