/**
 * API error codes → words, in one place (issue 20). A page that shows an /api/v1 refusal names
 * where it is (`ApiErrorPlace`: the page, or one of its forms) and gets the text: each place maps
 * the codes it has a text for (a record over `ApiErrorCode`, so a code the API cannot send does not
 * compile) and ends in a fallback that reads the status (too many attempts, server error, the
 * server's own message). Keys are written with their namespace ("ns:key"), so any `t` that has
 * the namespace loaded (every server translator, a page's `useTranslation`) finds them.
 *
 * A code a page treats specially (a field error, a redirect, another status) is tested with
 * `isCode(answer, "invalid_password")`, whose codes are `ApiErrorCode`s: no string ladders.
 */
import { MAX_API_TOKENS } from "../../core/auth/api-token-limits";
import { DOMAIN_NAME_ERRORS } from "../../core/domain-name-errors";
import { CARD_ERROR_CODES } from "../../core/payments/card-codes";
import { isApiErrorCode, type ApiErrorCode } from "../../workers/api/contract/errors";

/** What a page knows of a refused call: readApi's failure (status, code, message, Retry-After). */
export type ApiFailure = { status: number; code: string; message: string; retryAfter: number | null };

/** A text to show: its key ("ns:key") and values; `raw` is the API's own message, shown as is. */
export type ApiErrorText = { key: string; values?: Record<string, string | number> } | { raw: string };

/** A code's text: a key (no values), or a function of the failure. */
type Rule = string | ((failure: ApiFailure) => ApiErrorText);

type Place = {
  /** The codes this place has its own text for. */
  codes: Partial<Record<ApiErrorCode, Rule>>;
  /** Any other code (and a code the API may add later): by status, else a generic text. */
  fallback: (failure: ApiFailure) => ApiErrorText;
};

/** Minutes to wait from Retry-After (at least one; a minute when the header is missing). */
export function minutesToWait(retryAfter: number | null): number {
  return Math.max(1, Math.ceil((retryAfter ?? 60) / 60));
}

const text = (key: string, values?: Record<string, string | number>): ApiErrorText =>
  values ? { key, values } : { key };
const withMessage = (key: string) => (failure: ApiFailure) => text(key, { message: failure.message });
const tooManyAttempts = (failure: ApiFailure) =>
  text("account:tooManyAttempts", { count: minutesToWait(failure.retryAfter) });

/** The generic text of a refusal no place has words for. */
export const GENERIC_API_ERROR_KEY = "translation:errors.text";

/** Codes whose text key is a prefix and the code itself ("payment:errors." + "card_declined"). */
function named(prefix: string, codes: readonly ApiErrorCode[]): Partial<Record<ApiErrorCode, Rule>> {
  const rules: Partial<Record<ApiErrorCode, Rule>> = {};
  for (const code of codes) rules[code] = `${prefix}${code}`;
  return rules;
}

/** The card and payment refusals a payment form shows. */
const PAYMENT_CODES = named("payment:errors.", [
  ...CARD_ERROR_CODES,
  "payment_failed",
  "three_d_secure_failed",
  "authentication_required",
  "server_error",
]);

/** The domain-name input rules: the one list in core/domain-name.ts. */
const DOMAIN_NAME_CODES: readonly ApiErrorCode[] = DOMAIN_NAME_ERRORS;

/** Settings, transfer-out and DNS forms of a domain held here (SPEC §8). */
const DOMAIN_CODES = named("domains:errors.", [
  "invalid_password",
  "domain_not_manageable",
  "domain_locked",
  "transfer_too_soon",
  "payment_method_required",
  "no_pending_transfer",
  "already_in_cart",
]);

function domainFallback(server: string) {
  return (failure: ApiFailure): ApiErrorText => {
    if (failure.status >= 500) return text(server);
    if (failure.status === 429)
      return text("domains:errors.too_many_attempts", { count: minutesToWait(failure.retryAfter) });
    if (failure.status === 403) return text("domains:errors.access_denied");
    return text("domains:errors.failed", { message: failure.message });
  };
}

const tooManyOrServer = (failure: ApiFailure) =>
  failure.status === 429 ? tooManyAttempts(failure) : text("account:serverError");

function paymentMethodsPlace(fallback: string): Place {
  return {
    codes: { ...PAYMENT_CODES, payment_provider_unavailable: "billing:methods.unavailable" },
    fallback: (failure) => {
      if (failure.status === 404) return text("billing:methods.notFound");
      if (failure.status === 503) return text("billing:methods.unavailable");
      if (failure.status >= 500) return text("payment:errors.server_error");
      return text(fallback);
    },
  };
}

function toolsPlace(own: Partial<Record<ApiErrorCode, Rule>>): Place {
  return {
    codes: {
      ...own,
      dns_failed: "tools:errors.dns_failed",
      rate_limited: (failure) => text("tools:errors.rate_limited", { seconds: failure.retryAfter ?? 60 }),
      lookup_unavailable: "tools:errors.lookup_unavailable",
      lookup_bad_response: "tools:errors.lookup_unavailable",
      ...named("tools:inputErrors.", DOMAIN_NAME_CODES),
    },
    fallback: withMessage("tools:errors.generic"),
  };
}

/** Every place that shows API refusals, with its words. */
export const API_ERROR_PLACES = {
  /** The shell's generic text (no page-specific words). */
  generic: { codes: {}, fallback: () => text(GENERIC_API_ERROR_KEY) },

  signin: {
    codes: {
      invalid_two_factor_code: "signin:twoFactor.invalid",
      challenge_expired: "signin:twoFactor.expired",
      challenge_locked: "signin:twoFactor.locked",
      passkey_invalid: "signin:passkey.failed",
      passkey_challenge_invalid: "signin:passkey.expired",
      passkey_not_found: "signin:passkey.none",
    },
    fallback: (failure) => {
      if (failure.status === 401) return text("signin:errors.invalidCredentials");
      if (failure.status === 429) return tooManyAttempts(failure);
      if (failure.status >= 500) return text("signin:errors.server");
      return text("signin:errors.failed", { message: failure.message });
    },
  },
  signup: {
    codes: { username_taken: "signup:errors.usernameTaken", email_exists: "signup:errors.emailExists" },
    fallback: (failure) =>
      failure.status === 429
        ? text("signup:errors.tooManySignups", { count: minutesToWait(failure.retryAfter) })
        : text("signup:errors.registrationFailed"),
  },
  verifyEmail: {
    codes: { code_invalid: "signup:verify.invalidCode" },
    fallback: (failure) => (failure.status === 429 ? tooManyAttempts(failure) : text("signup:verify.failed")),
  },
  forgot: {
    codes: { code_invalid: "forgot:errors.codeInvalid", link_invalid: "forgot:errors.linkInvalid" },
    fallback: tooManyOrServer,
  },

  /** Settings: username, email, verification code. */
  profile: {
    codes: {
      invalid_password: "dashboard:profile.wrongPassword",
      username_taken: "dashboard:profile.username.taken",
      username_unchanged: "dashboard:profile.username.unchanged",
      email_exists: "dashboard:profile.email.inUse",
      email_unchanged: "dashboard:profile.email.unchanged",
      code_invalid: "dashboard:profile.verify.invalidCode",
      email_already_verified: "dashboard:profile.verify.alreadyVerified",
    },
    fallback: (failure) => {
      if (failure.status === 429) return tooManyAttempts(failure);
      if (failure.status >= 500) return text("account:serverError");
      return text("dashboard:profile.failed", { message: failure.message });
    },
  },
  addresses: {
    codes: { address_not_found: "dashboard:addresses.notFound" },
    fallback: (failure) => {
      if (failure.status === 404) return text("dashboard:addresses.notFound");
      if (failure.status >= 500) return text("account:serverError");
      return text("dashboard:addresses.failed", { message: failure.message });
    },
  },
  security: {
    codes: {
      invalid_password: "security:password.wrongCurrent",
      invalid_two_factor_code: "security:twoFactor.invalidCode",
      two_factor_already_enabled: "security:twoFactor.alreadyOn",
      two_factor_not_set_up: "security:twoFactor.notSetUp",
      two_factor_not_enabled: "security:twoFactor.notOn",
      too_many_api_tokens: () => text("security:apiTokens.tooMany", { max: MAX_API_TOKENS }),
      api_token_not_found: "security:apiTokens.notFound",
      passkey_invalid: "security:passkeys.failed",
      passkey_challenge_invalid: "security:passkeys.expired",
      passkey_not_found: "security:passkeys.notFound",
      passkey_already_registered: "security:passkeys.exists",
      too_many_passkeys: "security:passkeys.tooMany",
    },
    fallback: tooManyOrServer,
  },

  checkout: {
    codes: {
      ...PAYMENT_CODES,
      invalid_contact_id: "checkout:errors.invalid_contact_id",
      payment_method_not_found: "checkout:errors.payment_method_not_found",
      already_being_registered: "checkout:errors.already_being_registered",
      order_in_progress: "checkout:errors.order_in_progress",
      cart_empty: "checkout:errors.cart_empty",
      pricing_unavailable: "checkout:errors.pricing_unavailable",
      not_available: withMessage("checkout:errors.not_available"),
      payment_provider_unavailable: "payment:errors.network_error",
      payment_request_refused: "payment:errors.payment_start_failed",
      not_supported_by_provider: "payment:errors.payment_start_failed",
    },
    fallback: (failure) =>
      text(failure.status >= 500 ? "payment:errors.server_error" : "payment:errors.payment_start_failed"),
  },
  /** Saving a card (billing → payment methods). */
  "paymentMethods.save": paymentMethodsPlace("billing:methods.saveFailed"),
  /** Removing a card or making it the default. */
  "paymentMethods.remove": paymentMethodsPlace("billing:methods.removeFailed"),

  cart: {
    codes: {
      ...named("translation:domainErrors.", DOMAIN_NAME_CODES),
      ...named("translation:cart.errors.", [
        "already_in_cart",
        "not_available",
        "not_registered",
        "not_transferable",
        "already_registered_here",
        "cart_full",
        "invalid_years",
      ]),
    },
    fallback: withMessage("translation:cart.errors.generic"),
  },
  "cart.discount": {
    codes: named("translation:cart.discount.reasons.", [
      "discount_required",
      "discount_signin_required",
      "discount_invalid",
      "discount_not_applicable",
      "discount_min_order",
    ]),
    fallback: () => text("translation:cart.discount.reasons.error"),
  },
  domainSearch: {
    codes: named("translation:domainErrors.", DOMAIN_NAME_CODES),
    fallback: withMessage("translation:domainErrors.generic"),
  },
  /** An offer on a taken name (domain search). */
  "domainSearch.offer": {
    codes: { domain_available: "translation:search.offerErrors.domain_available" },
    fallback: withMessage("translation:domainErrors.generic"),
  },
  /** A domain held here: renew, lock, privacy, DNSSEC, name servers, delete, DNS, transfer out. */
  domains: { codes: DOMAIN_CODES, fallback: domainFallback("domains:errors.server") },
  /** Turning auto-renew on or off: one text, unless a saved card is missing. */
  "domains.autoRenew": {
    codes: { payment_method_required: "domains:errors.payment_method_required" },
    fallback: () => text("domains:detail.autoRenewFailed"),
  },
  /** Approving or rejecting an outgoing transfer. */
  "domains.transferOutAnswer": { codes: DOMAIN_CODES, fallback: domainFallback("domains:errors.approvalFailed") },

  /** A power action on a server (start, stop, reboot…). */
  "vps.action": {
    codes: { server_suspended: "servers:dashboard.suspendedRefused" },
    fallback: withMessage("servers:dashboard.actionRefused"),
  },
  /** Revealing a server's root password. */
  "vps.reveal": {
    codes: {
      invalid_password: "servers:dashboard.wrongPassword",
      root_password_unavailable: "servers:dashboard.noRootPassword",
    },
    fallback: (failure) =>
      failure.status === 429
        ? text("servers:dashboard.tooManyReveals", { count: minutesToWait(failure.retryAfter) })
        : { raw: failure.message },
  },
  "vps.autoRenew": {
    codes: { payment_method_required: "servers:dashboard.autoRenewNeedsCard" },
    fallback: () => text("servers:dashboard.autoRenewFailed"),
  },
  /** Ordering a server (into the cart). */
  "vps.order": {
    codes: { already_in_cart: "servers:errors.already_in_cart", cart_full: "servers:errors.cart_full" },
    fallback: withMessage("servers:order.failed"),
  },

  analytics: {
    codes: {
      rate_limited: (failure) => text("tools:analytics.errors.rate_limited", { seconds: failure.retryAfter ?? 60 }),
      pagespeed_rate_limited: "tools:analytics.errors.pagespeed_rate_limited",
      pagespeed_unreachable: withMessage("tools:analytics.errors.pagespeed_unreachable"),
      invalid_parameter: "tools:analytics.inputErrors.invalid_url",
      pagespeed_failed: "tools:analytics.errors.pagespeed_failed",
    },
    fallback: () => text("tools:analytics.errors.unavailable"),
  },
  /** The DNS lookup tool. */
  tools: toolsPlace({}),
  "tools.whois": toolsPlace({
    whois_not_found: withMessage("tools:whois.errors.whois_not_found"),
    whois_no_rdap: withMessage("tools:whois.errors.whois_no_rdap"),
    whois_rate_limited: withMessage("tools:whois.errors.whois_rate_limited"),
    whois_failed: withMessage("tools:whois.errors.whois_failed"),
  }),
  "tools.ssl": toolsPlace({
    ssl_rate_limited: withMessage("tools:ssl.errors.ssl_rate_limited"),
    ssl_registration_required: withMessage("tools:ssl.errors.ssl_registration_required"),
    ssl_overloaded: withMessage("tools:ssl.errors.ssl_overloaded"),
    ssl_not_found: withMessage("tools:ssl.errors.ssl_not_found"),
    ssl_failed: withMessage("tools:ssl.errors.ssl_failed"),
    ssl_invalid_host: withMessage("tools:ssl.errors.ssl_invalid_host"),
  }),
} as const satisfies Record<string, Place>;

export type ApiErrorPlace = keyof typeof API_ERROR_PLACES;

/** The text of a refusal at a place: the place's word for its code, else its fallback. */
export function apiErrorKey(failure: ApiFailure, place: ApiErrorPlace = "generic"): ApiErrorText {
  const { codes, fallback }: Place = API_ERROR_PLACES[place];
  const rule = isApiErrorCode(failure.code) ? codes[failure.code] : undefined;
  if (rule === undefined) return fallback(failure);
  return typeof rule === "string" ? text(rule) : rule(failure);
}

/** A translator (i18next's `t`, server or browser). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A refusal as the words a page shows, translated by the page's `t`. `values` adds the page's
 * own values (a domain, a host) to the text's.
 */
export function apiErrorText(
  t: Translate,
  failure: ApiFailure,
  place: ApiErrorPlace = "generic",
  values?: Record<string, string | number>,
): string {
  const found = apiErrorKey(failure, place);
  if ("raw" in found) return found.raw;
  return values || found.values ? t(found.key, { ...values, ...found.values }) : t(found.key);
}

/** Whether a refusal (or a page's failure) carries one of these codes. */
export function isCode(
  failure: { code: string } | null | undefined,
  ...codes: [ApiErrorCode, ...ApiErrorCode[]]
): boolean {
  return failure != null && (codes as readonly string[]).includes(failure.code);
}
