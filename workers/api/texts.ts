// The API's own texts that reach a page, in English and Turkish: error messages (the `message` of
// the one error shape, DESIGN §6) and the reasons an automatic renewal failed (`renew_error`).
// The API answers them in the request's language (Accept-Language; the storefront forwards the
// page's language), English by default. Throw sites keep writing the English text: an English
// message that matches one of this catalogue's English texts for its code (placeholders match any
// text, e.g. a domain name) is answered with the Turkish text, the placeholders carried over; a
// message the catalogue does not know stays English. tests: texts.test.ts (en/tr parity).
import { localeFromHeader, type MailLocale } from "./adapters/mail";

export type ApiLocale = MailLocale;

/** The request's language: Accept-Language's first choice when it is Turkish, else English. */
export function requestLocale(acceptLanguage: string | null | undefined): ApiLocale {
  return localeFromHeader(acceptLanguage) ?? "en";
}

const EN = {
  /** Keyed by error code, or `code.variant` when one code has several texts. */
  errors: {
    // Accounts and sign-in
    unauthorized: "Your session has expired. Please log in again.",
    "unauthorized.support": "A valid support token is required.",
    challenge_expired: "Your session has expired. Please log in again.",
    invalid_credentials: "Invalid username, password or seed key",
    username_taken: "This username is already taken",
    email_exists: "This email is already in use",
    challenge_locked: "Too many wrong codes. Please sign in again.",
    invalid_two_factor_code: "The two-factor code is invalid.",
    refresh_in_progress: "This session was refreshed a moment ago. Use the newest token.",
    token_reused: "This session was ended for security reasons. Please log in again.",
    email_already_verified: "This email address is already verified.",
    email_not_verified: "Verify your email address before you check out.",
    code_invalid: "Verification code is invalid or expired",
    link_invalid: "This link is invalid or expired. Ask for a new one.",
    invalid_password: "The password is incorrect.",
    server_misconfigured: "Sign-in is not available right now.",
    "server_misconfigured.root": "Root passwords are not available right now.",
    "too_many_attempts.passwords":
      "Too many wrong passwords. Password confirmations are paused for 15 minutes; we sent you an email.",
    "too_many_attempts.accounts": "Too many accounts were created from this address. Please try again later.",
    "too_many_attempts.codes": "Too many codes were requested. Please try again later.",
    "too_many_attempts.code_checks": "Too many code attempts. Please try again later.",
    "too_many_attempts.signups": "Too many sign-ups. Please try again later.",
    "too_many_attempts.tickets": "Too many tickets. Please add to an open ticket or try again later.",
    "too_many_attempts.two_factor": "Too many wrong codes. Please sign in again.",
    email_unchanged: "The new email must differ from the current one.",
    username_unchanged: "The new username must differ from the current one.",
    two_factor_already_enabled: "Two-factor authentication is already on.",
    two_factor_not_set_up: "Start the two-factor setup first.",
    two_factor_not_enabled: "Two-factor authentication is off.",
    address_not_found: "No such address.",
    // Personal API tokens (issue 20)
    "unauthorized.api_token": "This API token is not valid: it was revoked, it expired or it never existed.",
    // The registry gateway's poll callback (POST /api/v1/registry/notices)
    "unauthorized.registry_callback": "The registry callback token is missing or wrong.",
    "service_not_configured.registry_callback":
      "The registry callback is not configured (set the REGISTRY_CALLBACK_TOKEN secret).",
    insufficient_scope: "This API token's scopes do not allow this call.",
    "too_many_attempts.api_token": "Too many calls with this API token. Please slow down.",
    api_token_not_found: "No such API token.",
    too_many_api_tokens: "You already have {max} API tokens. Revoke one first.",
    // Passkeys (issue 24)
    passkey_invalid: "The passkey could not be verified.",
    "passkey_invalid.host": "Passkeys work only on this site's own address.",
    passkey_challenge_invalid: "This passkey request expired or was already used. Please try again.",
    passkey_not_found: "No such passkey.",
    passkey_already_registered: "This passkey is already registered.",
    too_many_passkeys: "You already have {max} passkeys. Remove one first.",
    // Domain names
    required: "Please enter a domain name.",
    invalid_format: "Invalid domain format.",
    too_long: "Domain name is too long.",
    invalid_characters: "Domain name contains invalid characters.",
    invalid_context:
      "Domain name uses a character where it is not allowed (for example “·” needs an “l” on each side).",
    unknown_extension: "This extension is not supported.",
    invalid_domain: "Invalid domain.",
    domain_available: "{name} is available: you can register it instead of making an offer.",
    // Cart and checkout
    invalid_cart: 'Header "X-Cart-Id" must be a cart id.',
    cart_not_found: "There is no such cart.",
    cart_empty: "Your cart is empty.",
    cart_full: "Your cart is full. Check out or remove an item first.",
    "not_available.cart": "{name} is not available for registration.",
    "not_available.checkout": "{name} is no longer available for registration.",
    already_being_registered: "{name} is already being registered by someone else.",
    auth_code_required: "The transfer auth code (EPP code) is required.",
    invalid_auth_code: "The auth code must be 6 to 128 printable characters without spaces.",
    "already_in_cart.domain": "{name} is already in your cart.",
    "already_in_cart.server": "A server named {name} is already in your cart.",
    "already_in_cart.renewal": "The renewal of {name} is already in your cart.",
    item_not_found: "That item is not in the cart.",
    invalid_years: "That period is not allowed for this item (or the item is not in the cart).",
    discount_required: "Please enter a discount code.",
    discount_signin_required: "Sign in to use a discount code.",
    discount_not_applicable: "This code applies only to .com, .xyz, .net and .org domains.",
    discount_min_order: "This code needs an order of at least 10.00 USD.",
    discount_invalid: "Invalid discount code",
    "pricing_unavailable.item": "Pricing for {name} is not available. Please contact support.",
    "pricing_unavailable.tld": "Pricing for .{tld} is not available. Please contact support.",
    "pricing_unavailable.transfer": "Transfer pricing is not available for .{tld}.",
    order_in_progress: "This cart is already being paid for.",
    invalid_contact_id: "Invalid contact id: choose an address from your address book.",
    payment_method_not_found: "No such payment method.",
    payment_not_found: "No such payment.",
    order_not_found: "No such order.",
    invoice_not_found: "No such invoice.",
    payment_method_required: "Auto-renewal needs a saved payment method. Add a card first.",
    payment_provider_unavailable: "The payment service could not be reached. Please try again.",
    // My domains, DNS, transfers
    domain_not_found: "No such domain in your account.",
    domain_not_manageable: "{name} cannot be changed while its status is {status}.",
    cannot_renew: "{name} cannot be renewed now (status {status}; a domain may run at most 10 years ahead).",
    no_pricing: "Pricing is not available for this extension.",
    domain_locked: "Unlock the domain before transferring it to another registrar.",
    transfer_too_soon:
      "A domain cannot be transferred within {days} days of its registration or last transfer (possible from {date}).",
    no_pending_transfer: "There is no pending transfer request for this domain.",
    transfer_not_found: "There is no transfer for this domain.",
    not_registered: "{name} is not registered, so it cannot be transferred. You can register it instead.",
    already_registered_here: "{name} is already registered with us.",
    corporate_domain: "{name} is a protected corporate domain and cannot be transferred.",
    locked_at_registrar: "{name} is locked at {registrar}. Unlock it there first.",
    "server_error.registry": "The registry cannot be reached. Please try again later.",
    record_not_found: "No such DNS record.",
    zone_full: "A zone holds at most {max} records.",
    version_not_found: "No such zone version.",
    // Servers
    server_not_found: "No such server in your account.",
    server_suspended: "This server is suspended because its renewal was not paid. Pay the renewal or contact support.",
    "invalid_state.hosting": "Hosting accounts cannot be stopped or started.",
    "invalid_state.action": "The server is {status}: it cannot {action} now.",
    "invalid_state.renew_page": "The server is {status}: renew it from its page instead.",
    "invalid_state.ended": "This server has ended and cannot be renewed.",
    plan_unavailable: "This plan is no longer sold; contact support to renew.",
    root_password_unavailable:
      "This server has no root password on record (sign in with your SSH key, or reinstall to get a new one).",
    // Content, tools and the rest
    invalid_link: "This link is not valid or has expired.",
    ticket_not_found: "No such ticket.",
    mail_unavailable: "The confirmation email could not be sent. Please try again.",
    calendar_not_found: "No such calendar.",
    lookup_unavailable: "The lookup service is unavailable. Please try again shortly.",
    lookup_bad_response: "The lookup service gave an unreadable answer.",
    invalid_type: 'Parameter "type" must be one of A, AAAA, CNAME, MX, NS, TXT, SRV, CAA, SOA.',
    internal_error: "Something went wrong on our side.",
    not_found: "No API endpoint at {method} {path}.",
    "not_found.test_provider": "The test payment provider is not in use.",
    invalid_signature: "The webhook signature is missing or wrong.",
    "not_transferable.pending": "{name} cannot be transferred now: a transfer is already pending.",
    "not_transferable.state": "{name} cannot be transferred now: its status at the registry is {status}.",
    "not_transferable.too_soon":
      "{name} cannot be transferred now: it was registered or transferred less than {days} days ago (possible from {date}).",
    "not_transferable.ten_years":
      "{name} cannot be transferred now: a transfer adds one year and the registration cannot exceed {max} years.",
    bad_request: "The request body must be JSON (Content-Type: application/json).",
    "invalid_parameter.json": "The request body must be JSON.",
  },
  /** Why an automatic renewal (domain or server) failed: stored on the row, shown and mailed. */
  renewal: {
    no_payment_method: "No saved payment method.",
    no_pricing: "Pricing is not available for this extension.",
    no_address: "No billing address: add one in your address book.",
    plan_not_sold: "This plan is no longer sold: contact support to renew it.",
    authentication_required: "Your bank asks you to confirm this payment; renew it yourself.",
    declined: "The card was declined ({code}).",
    not_carried_out: "The renewal could not be carried out ({code}); the charge was refunded.",
  },
  /** The registry's refusals (its code, or `code.variant`) that a customer meets on a page. */
  registry: {
    not_found: "{name} is not registered.",
    "not_available.extension": ".{tld} is not an extension we offer.",
    "not_available.reserved": "{name} is reserved by the registry.",
    "not_available.registered": "{name} is already registered.",
    not_held_here: "{name} is registered with another registrar.",
    already_held_here: "{name} is already registered with us.",
    invalid_auth_code: "The auth code for {name} is not correct.",
    "invalid_input.auth_code": "The transfer auth code (EPP code) is required.",
    "invalid_input.nameserver_required": "At least one nameserver is required.",
    "invalid_input.nameservers_max": "At most {max} nameservers are allowed.",
    "invalid_input.nameserver_host": '"{host}" is not a valid nameserver host name.',
    "pending_transfer.already": "A transfer of {name} is already pending.",
    "pending_transfer.renew": "{name} has a pending transfer and cannot be renewed now.",
    "pending_transfer.delete": "{name} has a pending transfer and cannot be deleted now.",
    "invalid_state.redemption": "{name} is in redemption: restore it before you {change}.",
    "invalid_state.pending_delete": "{name} is pending deletion: it can no longer be changed.",
    "invalid_state.no_transfer": "{name} has no transfer.",
    "invalid_state.no_pending_transfer": "{name} has no pending transfer.",
    "invalid_state.no_pending_transfer_last": "{name} has no pending transfer (the last one was {status}).",
    "invalid_state.being_deleted": "{name} is being deleted and cannot be transferred.",
    "invalid_state.suspended": "{name} is suspended and cannot be transferred.",
    "invalid_state.deleted": "{name} is already deleted.",
    "invalid_state.changed": "{name} changed while we were updating it; please try again.",
    "invalid_period.exactly": "A {what} is for exactly {min} year.",
    "invalid_period.range": "A {what} is for {min} to {max} years (asked for {years}).",
  },
  /** The values a text names by their code (`{status}`, `{action}`, …), said in the text's language. */
  values: {
    status: {
      active: "active",
      running: "running",
      online: "online",
      pending: "pending",
      provisioning: "provisioning",
      configuring: "configuring",
      installing: "installing",
      deploying: "deploying",
      maintenance: "in maintenance",
      updating: "updating",
      rebooting: "rebooting",
      migrating: "migrating",
      stopped: "stopped",
      offline: "offline",
      shutoff: "shut off",
      suspended: "suspended",
      terminated: "terminated",
      error: "in error",
      failed: "failed",
      expired: "expired",
      cancelled: "cancelled",
      pending_manual_intervention: "waiting for our team",
      pending_transfer: "pending transfer",
      transfer_out_pending: "transferring out",
      transferred_out: "transferred out",
      expiring_soon: "expiring soon",
      grace_period: "in its grace period",
      redemption: "in redemption",
      pending_delete: "pending deletion",
      deleted: "deleted",
    },
    action: { reboot: "reboot", stop: "stop", start: "start", reinstall: "reinstall" },
    what: { registration: "registration", renewal: "renewal", transfer: "transfer" },
    change: {
      "renew it": "renew it",
      "change its lock": "change its lock",
      "change its nameservers": "change its nameservers",
      "transfer it": "transfer it",
    },
  },
};

export type ApiTexts = typeof EN;

const TR: ApiTexts = {
  errors: {
    unauthorized: "Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.",
    "unauthorized.support": "Geçerli bir destek anahtarı gerekiyor.",
    challenge_expired: "Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.",
    invalid_credentials: "Kullanıcı adı, parola veya kurtarma anahtarı hatalı",
    username_taken: "Bu kullanıcı adı zaten alınmış",
    email_exists: "Bu e-posta adresi zaten kullanılıyor",
    challenge_locked: "Çok fazla yanlış kod girildi. Lütfen yeniden giriş yapın.",
    invalid_two_factor_code: "İki adımlı doğrulama kodu geçersiz.",
    refresh_in_progress: "Bu oturum az önce yenilendi. En yeni anahtarı kullanın.",
    token_reused: "Bu oturum güvenlik nedeniyle sonlandırıldı. Lütfen yeniden giriş yapın.",
    email_already_verified: "Bu e-posta adresi zaten doğrulanmış.",
    email_not_verified: "Ödemeye geçmeden önce e-posta adresinizi doğrulayın.",
    code_invalid: "Doğrulama kodu geçersiz veya süresi dolmuş",
    link_invalid: "Bu bağlantı geçersiz veya süresi dolmuş. Yenisini isteyin.",
    invalid_password: "Parola yanlış.",
    server_misconfigured: "Giriş şu anda kullanılamıyor.",
    "server_misconfigured.root": "Root parolaları şu anda gösterilemiyor.",
    "too_many_attempts.passwords":
      "Çok fazla yanlış parola girildi. Parola onayları 15 dakika durduruldu; size bir e-posta gönderdik.",
    "too_many_attempts.accounts": "Bu adresten çok fazla hesap oluşturuldu. Lütfen daha sonra yeniden deneyin.",
    "too_many_attempts.codes": "Çok fazla kod istendi. Lütfen daha sonra yeniden deneyin.",
    "too_many_attempts.code_checks": "Çok fazla kod denemesi yapıldı. Lütfen daha sonra yeniden deneyin.",
    "too_many_attempts.signups": "Çok fazla kayıt yapıldı. Lütfen daha sonra yeniden deneyin.",
    "too_many_attempts.tickets":
      "Çok fazla talep açıldı. Lütfen açık bir talebe ekleyin ya da daha sonra yeniden deneyin.",
    "too_many_attempts.two_factor": "Çok fazla yanlış kod girildi. Lütfen yeniden giriş yapın.",
    email_unchanged: "Yeni e-posta adresi mevcut adresten farklı olmalı.",
    username_unchanged: "Yeni kullanıcı adı mevcut addan farklı olmalı.",
    two_factor_already_enabled: "İki adımlı doğrulama zaten açık.",
    two_factor_not_set_up: "Önce iki adımlı doğrulama kurulumunu başlatın.",
    two_factor_not_enabled: "İki adımlı doğrulama kapalı.",
    address_not_found: "Böyle bir adres yok.",
    "unauthorized.api_token": "Bu API belirteci geçerli değil: iptal edilmiş, süresi dolmuş ya da hiç var olmamış.",
    "unauthorized.registry_callback": "Kayıt merkezi geri çağrı belirteci eksik ya da yanlış.",
    "service_not_configured.registry_callback":
      "Kayıt merkezi geri çağrısı yapılandırılmamış (REGISTRY_CALLBACK_TOKEN gizli değerini ayarlayın).",
    insufficient_scope: "Bu API belirtecinin kapsamları bu çağrıya izin vermiyor.",
    "too_many_attempts.api_token": "Bu API belirteciyle çok fazla çağrı yapıldı. Lütfen yavaşlayın.",
    api_token_not_found: "Böyle bir API belirteci yok.",
    too_many_api_tokens: "Zaten {max} API belirteciniz var. Önce birini iptal edin.",
    passkey_invalid: "Geçiş anahtarı doğrulanamadı.",
    "passkey_invalid.host": "Geçiş anahtarları yalnızca sitenin kendi adresinde çalışır.",
    passkey_challenge_invalid:
      "Bu geçiş anahtarı isteğinin süresi doldu ya da zaten kullanıldı. Lütfen yeniden deneyin.",
    passkey_not_found: "Böyle bir geçiş anahtarı yok.",
    passkey_already_registered: "Bu geçiş anahtarı zaten kayıtlı.",
    too_many_passkeys: "Zaten {max} geçiş anahtarınız var. Önce birini kaldırın.",
    required: "Lütfen bir alan adı girin.",
    invalid_format: "Geçersiz alan adı biçimi.",
    too_long: "Alan adı çok uzun.",
    invalid_characters: "Alan adında geçersiz karakterler var.",
    invalid_context:
      "Alan adında bir karakter izin verilmeyen bir yerde kullanılmış (örneğin “·” iki yanında “l” ister).",
    unknown_extension: "Bu uzantı desteklenmiyor.",
    invalid_domain: "Geçersiz alan adı.",
    domain_available: "{name} müsait: teklif vermek yerine kaydedebilirsiniz.",
    invalid_cart: '"X-Cart-Id" başlığı bir sepet numarası olmalı.',
    cart_not_found: "Böyle bir sepet yok.",
    cart_empty: "Sepetiniz boş.",
    cart_full: "Sepetiniz dolu. Önce ödemeyi tamamlayın ya da bir ürünü çıkarın.",
    "not_available.cart": "{name} kayıt için müsait değil.",
    "not_available.checkout": "{name} artık kayıt için müsait değil.",
    already_being_registered: "{name} şu anda başka biri tarafından kaydediliyor.",
    auth_code_required: "Transfer kodu (EPP kodu) gerekli.",
    invalid_auth_code: "Transfer kodu boşluk içermeyen, 6 ila 128 yazdırılabilir karakter olmalı.",
    "already_in_cart.domain": "{name} zaten sepetinizde.",
    "already_in_cart.server": "{name} adlı bir sunucu zaten sepetinizde.",
    "already_in_cart.renewal": "{name} yenilemesi zaten sepetinizde.",
    item_not_found: "Bu ürün sepette değil.",
    invalid_years: "Bu süre bu ürün için seçilemez (ya da ürün sepette değil).",
    discount_required: "Lütfen bir indirim kodu girin.",
    discount_signin_required: "İndirim kodu kullanmak için giriş yapın.",
    discount_not_applicable: "Bu kod yalnızca .com, .xyz, .net ve .org alan adlarında geçerli.",
    discount_min_order: "Bu kod en az 10,00 USD tutarında bir sipariş gerektirir.",
    discount_invalid: "Geçersiz indirim kodu",
    "pricing_unavailable.item": "{name} için fiyat bilgisi yok. Lütfen destek ekibiyle iletişime geçin.",
    "pricing_unavailable.tld": ".{tld} için fiyat bilgisi yok. Lütfen destek ekibiyle iletişime geçin.",
    "pricing_unavailable.transfer": ".{tld} için transfer fiyatı yok.",
    order_in_progress: "Bu sepetin ödemesi zaten yapılıyor.",
    invalid_contact_id: "Geçersiz kişi numarası: adres defterinizden bir adres seçin.",
    payment_method_not_found: "Böyle bir ödeme yöntemi yok.",
    payment_not_found: "Böyle bir ödeme yok.",
    order_not_found: "Böyle bir sipariş yok.",
    invoice_not_found: "Böyle bir fatura yok.",
    payment_method_required: "Otomatik yenileme için kayıtlı bir ödeme yöntemi gerekir. Önce bir kart ekleyin.",
    payment_provider_unavailable: "Ödeme hizmetine ulaşılamadı. Lütfen yeniden deneyin.",
    domain_not_found: "Hesabınızda böyle bir alan adı yok.",
    domain_not_manageable: "{name} şu anda değiştirilemez (durumu: {status}).",
    cannot_renew:
      "{name} şu anda yenilenemez (durumu: {status}; bir alan adı en fazla 10 yıl ileriye kadar yenilenebilir).",
    no_pricing: "Bu uzantı için fiyat bilgisi yok.",
    domain_locked: "Alan adını başka bir kayıt firmasına taşımadan önce kilidini açın.",
    transfer_too_soon:
      "Bir alan adı, kaydından veya son transferinden sonraki {days} gün içinde transfer edilemez ({date} tarihinden itibaren mümkün).",
    no_pending_transfer: "Bu alan adı için bekleyen bir transfer isteği yok.",
    transfer_not_found: "Bu alan adı için bir transfer yok.",
    not_registered: "{name} kayıtlı değil, bu yüzden transfer edilemez. Bunun yerine kaydedebilirsiniz.",
    already_registered_here: "{name} zaten bizde kayıtlı.",
    corporate_domain: "{name} korunan bir kurumsal alan adı; transfer edilemez.",
    locked_at_registrar: "{name}, {registrar} firmasında kilitli. Önce orada kilidini açın.",
    "server_error.registry": "Kayıt merkezine ulaşılamıyor. Lütfen daha sonra yeniden deneyin.",
    record_not_found: "Böyle bir DNS kaydı yok.",
    zone_full: "Bir bölge en fazla {max} kayıt tutabilir.",
    version_not_found: "Bölgenin böyle bir sürümü yok.",
    server_not_found: "Hesabınızda böyle bir sunucu yok.",
    server_suspended:
      "Bu sunucu, yenileme ücreti ödenmediği için askıya alındı. Yenilemeyi ödeyin ya da destek ekibiyle iletişime geçin.",
    "invalid_state.hosting": "Barındırma hesapları durdurulamaz veya başlatılamaz.",
    "invalid_state.action": "Sunucunun durumu: {status}. Şu anda bu işlem ({action}) yapılamaz.",
    "invalid_state.renew_page": "Sunucunun durumu: {status}. Bunun yerine sunucu sayfasından yenileyin.",
    "invalid_state.ended": "Bu sunucunun hizmeti sona erdi; yenilenemez.",
    plan_unavailable: "Bu paket artık satılmıyor; yenilemek için destek ekibiyle iletişime geçin.",
    root_password_unavailable:
      "Bu sunucunun kayıtlı bir root parolası yok (SSH anahtarınızla bağlanın ya da yeni bir parola için yeniden kurun).",
    invalid_link: "Bu bağlantı geçersiz veya süresi dolmuş.",
    ticket_not_found: "Böyle bir talep yok.",
    mail_unavailable: "Onay e-postası gönderilemedi. Lütfen yeniden deneyin.",
    calendar_not_found: "Böyle bir takvim yok.",
    lookup_unavailable: "Sorgu hizmeti şu anda kullanılamıyor. Lütfen biraz sonra yeniden deneyin.",
    lookup_bad_response: "Sorgu hizmeti okunamayan bir yanıt verdi.",
    invalid_type: '"type" parametresi A, AAAA, CNAME, MX, NS, TXT, SRV, CAA veya SOA olmalı.',
    internal_error: "Bizim tarafımızda bir sorun oluştu.",
    not_found: "{method} {path} adresinde bir API uç noktası yok.",
    "not_found.test_provider": "Test ödeme sağlayıcısı kullanılmıyor.",
    invalid_signature: "Webhook imzası eksik veya yanlış.",
    "not_transferable.pending": "{name} şu anda transfer edilemez: zaten bekleyen bir transfer var.",
    "not_transferable.state": "{name} şu anda transfer edilemez: kayıt merkezindeki durumu: {status}.",
    "not_transferable.too_soon":
      "{name} şu anda transfer edilemez: {days} günden kısa süre önce kaydedildi veya transfer edildi ({date} tarihinden itibaren mümkün).",
    "not_transferable.ten_years":
      "{name} şu anda transfer edilemez: transfer kayda bir yıl ekler ve kayıt süresi {max} yılı geçemez.",
    bad_request: "İstek gövdesi JSON olmalı (Content-Type: application/json).",
    "invalid_parameter.json": "İstek gövdesi JSON olmalı.",
  },
  renewal: {
    no_payment_method: "Kayıtlı bir ödeme yöntemi yok.",
    no_pricing: "Bu uzantı için fiyat bilgisi yok.",
    no_address: "Fatura adresi yok: adres defterinize bir adres ekleyin.",
    plan_not_sold: "Bu paket artık satılmıyor: yenilemek için destek ekibiyle iletişime geçin.",
    authentication_required: "Bankanız bu ödemeyi onaylamanızı istiyor; kendiniz yenileyin.",
    declined: "Kart reddedildi ({code}).",
    not_carried_out: "Yenileme gerçekleştirilemedi ({code}); ücret iade edildi.",
  },
  registry: {
    not_found: "{name} kayıtlı değil.",
    "not_available.extension": ".{tld} sunduğumuz bir uzantı değil.",
    "not_available.reserved": "{name} kayıt merkezi tarafından ayrılmış.",
    "not_available.registered": "{name} zaten kayıtlı.",
    not_held_here: "{name} başka bir kayıt firmasında kayıtlı.",
    already_held_here: "{name} zaten bizde kayıtlı.",
    invalid_auth_code: "{name} için transfer kodu doğru değil.",
    "invalid_input.auth_code": "Transfer kodu (EPP kodu) gerekli.",
    "invalid_input.nameserver_required": "En az bir ad sunucusu gerekli.",
    "invalid_input.nameservers_max": "En fazla {max} ad sunucusu girilebilir.",
    "invalid_input.nameserver_host": '"{host}" geçerli bir ad sunucusu adı değil.',
    "pending_transfer.already": "{name} için zaten bekleyen bir transfer var.",
    "pending_transfer.renew": "{name} için bekleyen bir transfer olduğundan şu anda yenilenemez.",
    "pending_transfer.delete": "{name} için bekleyen bir transfer olduğundan şu anda silinemez.",
    "invalid_state.redemption": "{name} kurtarma döneminde: {change} için önce geri yükleyin.",
    "invalid_state.pending_delete": "{name} silinmek üzere: artık değiştirilemez.",
    "invalid_state.no_transfer": "{name} için bir transfer yok.",
    "invalid_state.no_pending_transfer": "{name} için bekleyen bir transfer yok.",
    "invalid_state.no_pending_transfer_last": "{name} için bekleyen bir transfer yok (sonuncusunun durumu: {status}).",
    "invalid_state.being_deleted": "{name} siliniyor; transfer edilemez.",
    "invalid_state.suspended": "{name} askıya alınmış; transfer edilemez.",
    "invalid_state.deleted": "{name} zaten silinmiş.",
    "invalid_state.changed": "{name} biz güncellerken değişti; lütfen yeniden deneyin.",
    "invalid_period.exactly": "Bu işlem ({what}) tam olarak {min} yıllıktır.",
    "invalid_period.range": "Bu işlem ({what}) {min} ila {max} yıllıktır ({years} yıl istendi).",
  },
  values: {
    status: {
      active: "etkin",
      running: "çalışıyor",
      online: "çevrimiçi",
      pending: "bekliyor",
      provisioning: "hazırlanıyor",
      configuring: "yapılandırılıyor",
      installing: "kuruluyor",
      deploying: "dağıtılıyor",
      maintenance: "bakımda",
      updating: "güncelleniyor",
      rebooting: "yeniden başlatılıyor",
      migrating: "taşınıyor",
      stopped: "durduruldu",
      offline: "çevrimdışı",
      shutoff: "kapatıldı",
      suspended: "askıya alındı",
      terminated: "sonlandırıldı",
      error: "hatalı",
      failed: "başarısız",
      expired: "süresi doldu",
      cancelled: "iptal edildi",
      pending_manual_intervention: "ekibimizi bekliyor",
      pending_transfer: "transfer bekleniyor",
      transfer_out_pending: "dışarı transfer bekleniyor",
      transferred_out: "transfer edildi",
      expiring_soon: "yakında sona eriyor",
      grace_period: "ek sürede",
      redemption: "kurtarma döneminde",
      pending_delete: "silinmek üzere",
      deleted: "silindi",
    },
    action: { reboot: "yeniden başlatma", stop: "durdurma", start: "başlatma", reinstall: "yeniden kurma" },
    what: { registration: "kayıt", renewal: "yenileme", transfer: "transfer" },
    change: {
      "renew it": "yenilemek",
      "change its lock": "kilidini değiştirmek",
      "change its nameservers": "ad sunucularını değiştirmek",
      "transfer it": "transfer etmek",
    },
  },
};

/** The API's texts of each language (read by the parity test). */
export const API_TEXTS: Record<ApiLocale, ApiTexts> = { en: EN, tr: TR };

type Group = Exclude<keyof ApiTexts, "values">;

const patterns = new Map<string, RegExp>();
/** An English text as a pattern: its placeholders match any text (captured by name). */
function patternOf(text: string): RegExp {
  let pattern = patterns.get(text);
  if (!pattern) {
    const source = text
      .split(/(\{\w+\})/u)
      .map((part) =>
        /^\{\w+\}$/u.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"),
      )
      .join("");
    pattern = new RegExp(`^${source}$`, "u");
    patterns.set(text, pattern);
  }
  return pattern;
}

/** Fills `text`; a value `values` knows by its placeholder's name (`{status}`: "expired") is said in its language. */
function fillText(
  text: string,
  params: Record<string, string>,
  values: Record<string, Record<string, string>>,
): string {
  return text.replace(/\{(\w+)\}/gu, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return values[name]?.[value] ?? value;
  });
}

/**
 * `message` (an English text of `group`) in `locale`: the catalogue's text whose English form it
 * matches (only the keys of `code`, or of `code.*`, when a code is given), the placeholders'
 * values carried over. A text the catalogue does not know is answered as it is.
 */
export function translateApiText(locale: ApiLocale, group: Group, message: string, code?: string): string {
  if (locale === "en") return message;
  const english: Record<string, string> = API_TEXTS.en[group];
  const target: Record<string, string> = API_TEXTS[locale][group];
  // The most specific text wins: of the texts that match, the one with the most fixed words
  // ("A server named {name} is already in your cart." over "{name} is already in your cart.").
  let best: { key: string; params: Record<string, string>; fixed: number } | null = null;
  for (const [key, text] of Object.entries(english)) {
    if (code !== undefined && key !== code && !key.startsWith(`${code}.`)) continue;
    const match = patternOf(text).exec(message);
    const fixed = text.replace(/\{\w+\}/gu, "").length;
    if (match && (!best || fixed > best.fixed)) best = { key, params: match.groups ?? {}, fixed };
  }
  return best ? fillText(target[best.key] ?? message, best.params, API_TEXTS[locale].values) : message;
}
