// Every error code the /api/v1 app can send, with its HTTP status (issue 20). `ApiError` takes
// its code from this map, so a handler that throws an unknown code, or a known code with another
// status, does not compile; the OpenAPI document lists each route's codes from it, and the app
// turns them into words through one map (app/i18n/api-errors.ts).
import { z } from "zod";

/**
 * Code → status. A code a caller may meet at two statuses lists both (the first is the usual
 * one): a card refusal is 402 when a payment is refused and 400 when a card is only checked.
 */
export const API_ERRORS = {
  // Any route: the one error shape's generic codes.
  invalid_parameter: 400,
  bad_request: 400,
  not_found: 404,
  too_many_attempts: 429,
  internal_error: 500,
  server_misconfigured: [503, 500],
  service_not_configured: 503,
  unauthorized: 401,
  token_reused: 401,
  challenge_expired: 401,
  invalid_refresh_token: 401,
  insufficient_scope: 403,

  // Domain names typed anywhere (core/domain-name.ts DomainNameError).
  required: 400,
  invalid_format: 400,
  too_long: 400,
  invalid_characters: 400,
  invalid_context: 400,
  unknown_extension: 400,
  invalid_domain: 400,
  invalid_type: 400,
  invalid_years: 400,

  // Sign-up, sign-in, codes and links.
  invalid_credentials: 401,
  challenge_locked: 401,
  email_exists: 409,
  username_taken: 409,
  email_not_verified: 403,
  email_already_verified: 409,
  code_invalid: 400,
  link_invalid: 400,
  invalid_link: 404,
  mail_unavailable: 503,

  // Account.
  invalid_password: 403,
  email_unchanged: 400,
  username_unchanged: 400,
  invalid_two_factor_code: [400, 401],
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  two_factor_not_set_up: 409,
  address_not_found: 404,
  invalid_contact_id: 400,
  api_token_not_found: 404,
  too_many_api_tokens: 409,
  // Passkeys (issue 24): 401 at sign-in and the two-factor step, 403 confirming an action, 400 adding one.
  passkey_invalid: [401, 403, 400],
  passkey_challenge_invalid: 400,
  passkey_not_found: 404,
  passkey_already_registered: 409,
  too_many_passkeys: 409,

  // Cart and discounts (core/checkout.ts DiscountRefusal).
  cart_not_found: 404,
  cart_empty: 400,
  cart_full: 409,
  invalid_cart: 400,
  item_not_found: 404,
  already_in_cart: 409,
  already_being_registered: 409,
  already_registered_here: 409,
  pricing_unavailable: 409,
  no_pricing: 409,
  plan_unavailable: 409,
  auth_code_required: 400,
  invalid_auth_code: 400,
  discount_required: 400,
  discount_signin_required: 401,
  discount_invalid: 404,
  discount_not_applicable: 400,
  discount_min_order: 400,

  // Orders, payments and saved cards (adapters/payments PaymentErrorCode).
  order_not_found: 404,
  order_in_progress: 409,
  invoice_not_found: 404,
  payment_not_found: 404,
  payment_method_not_found: 404,
  payment_method_required: 409,
  payment_request_refused: 409,
  payment_provider_unavailable: 503,
  not_supported_by_provider: 409,
  invalid_signature: 400,
  card_declined: [402, 400],
  insufficient_funds: [402, 400],
  expired_card: [402, 400],
  incorrect_cvc: [402, 400],
  processing_error: [402, 400],
  incomplete_number: [402, 400],
  invalid_number: [402, 400],
  incomplete_expiry: [402, 400],
  incomplete_cvc: [402, 400],
  authentication_required: 402,
  three_d_secure_failed: 402,
  payment_failed: [402, 400],

  // Domains held here, DNS, transfers (adapters/registry RegistryErrorCode).
  domain_not_found: 404,
  domain_available: 409,
  domain_locked: 409,
  domain_not_manageable: 409,
  not_registered: 409,
  not_available: 409,
  not_transferable: 409,
  locked: 409,
  locked_at_registrar: 409,
  corporate_domain: 409,
  cannot_renew: 409,
  invalid_period: 400,
  invalid_state: 409,
  pending_transfer: 409,
  not_held_here: 403,
  already_held_here: 409,
  invalid_input: 400,
  unavailable: 503,
  transfer_not_found: 404,
  transfer_too_soon: 409,
  no_pending_transfer: 409,
  refresh_in_progress: 409,
  record_not_found: 404,
  invalid_record: 400,
  invalid_zone: 400,
  zone_full: 409,
  version_not_found: 404,
  calendar_not_found: 404,

  // Servers (adapters/provisioning ProvisioningErrorCode).
  server_not_found: 404,
  server_suspended: 409,
  server_error: 503,
  root_password_unavailable: 404,
  conflict: 409,
  provider_unavailable: 503,

  // Tools and content (the lookup worker's codes pass through).
  lookup_unavailable: 503,
  lookup_bad_response: 502,
  rate_limited: 429,
  tld_not_found: 404,
  whois_failed: 502,
  whois_not_found: 404,
  whois_no_rdap: 404,
  whois_rate_limited: 429,
  ssl_invalid_host: 400,
  ssl_not_found: 404,
  ssl_rate_limited: 429,
  ssl_overloaded: 503,
  ssl_failed: 502,
  ssl_registration_required: 503,
  dns_failed: 502,
  pagespeed_unreachable: 400,
  pagespeed_rate_limited: 429,
  pagespeed_failed: 502,
  ticket_not_found: 404,
} as const satisfies Record<string, number | readonly number[]>;

export type ApiErrorCode = keyof typeof API_ERRORS;

type StatusEntry<C extends ApiErrorCode> = (typeof API_ERRORS)[C];
/** The HTTP status(es) a code is sent with. */
export type ApiErrorStatus<C extends ApiErrorCode = ApiErrorCode> = C extends ApiErrorCode
  ? StatusEntry<C> extends readonly (infer S)[]
    ? S
    : StatusEntry<C>
  : never;

export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

/** The statuses of one code, the usual one first. */
export function statusesOf(code: ApiErrorCode): readonly number[] {
  const entry: number | readonly number[] = API_ERRORS[code];
  return typeof entry === "number" ? [entry] : entry;
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && Object.hasOwn(API_ERRORS, value);
}

export const fieldErrorSchema = z.object({
  path: z.string().meta({ description: 'The parameter or body field, dotted ("items.0.years").' }),
  message: z.string(),
});

/** The one error shape (DESIGN §6), with the codes a route can send. */
export function errorBodySchema(codes: readonly [ApiErrorCode, ...ApiErrorCode[]] = API_ERROR_CODES) {
  return z.object({
    success: z.literal(false),
    code: z.enum(codes),
    message: z
      .string()
      .meta({ description: "What went wrong, in the request's language (Accept-Language: en or tr)." }),
    errors: z.array(fieldErrorSchema).optional().meta({ description: "One entry per offending field." }),
  });
}

export type ApiErrorBody = z.infer<ReturnType<typeof errorBodySchema>>;
