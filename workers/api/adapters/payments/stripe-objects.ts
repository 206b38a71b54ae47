// Stripe's wire objects (PaymentIntent, Refund, PaymentMethod, Event) as far as we read them, and
// their mapping to the port's types. Both adapters use it: the Stripe adapter for what the API
// answers, the test provider because it describes its own ledger in the same shapes (its events
// are Stripe-shaped, so one webhook mapping serves both). The `Stripe-Signature` scheme is here
// too, for the test provider (the Stripe adapter verifies through the SDK).
import type { CardBrand } from "../../../../core/payments/card";
import {
  WebhookSignatureError,
  type CardPaymentMethod,
  type PaymentErrorCode,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentOutcome,
  type PaymentStatus,
  type RefundOutcome,
  type RefundStatus,
} from "./types";

export interface StripeErrorShape {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
}

export interface StripeCardShape {
  brand?: string | null;
  last4?: string | null;
  exp_month?: number | null;
  exp_year?: number | null;
  fingerprint?: string | null;
}

export interface StripePaymentMethodShape {
  id: string;
  object?: "payment_method";
  customer?: string | null;
  card?: StripeCardShape | null;
}

export interface StripeChargeShape {
  id: string;
  amount_refunded?: number;
  payment_method?: string | null;
  payment_method_details?: { card?: StripeCardShape | null } | null;
}

export interface StripePaymentIntentShape {
  id: string;
  object?: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret?: string | null;
  last_payment_error?: StripeErrorShape | null;
  next_action?: { type?: string; redirect_to_url?: { url?: string | null; return_url?: string | null } | null } | null;
  metadata?: Record<string, string> | null;
  payment_method?: string | StripePaymentMethodShape | null;
  latest_charge?: string | StripeChargeShape | null;
  /** Taken so far (less than `amount` after a partial capture). */
  amount_received?: number;
  capture_method?: string;
}

export interface StripeRefundShape {
  id: string;
  object?: "refund";
  amount: number;
  currency: string;
  status?: string | null;
  payment_intent?: string | { id: string } | null;
}

export interface StripeEventShape {
  id: string;
  object?: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const BRANDS: readonly CardBrand[] = ["visa", "mastercard", "amex", "discover", "diners", "jcb", "unionpay"];

/** Stripe's card brand ("visa", "amex", "mastercard"…; older APIs "Visa", "American Express"). */
export function brandFromStripe(brand: string | null | undefined): CardBrand {
  const value = (brand ?? "").toLowerCase().replace(/\s+/g, "_");
  if (value === "american_express") return "amex";
  if (value === "diners_club") return "diners";
  return (BRANDS as readonly string[]).includes(value) ? (value as CardBrand) : "unknown";
}

export function cardFromStripe(id: string, card: StripeCardShape | null | undefined): CardPaymentMethod | undefined {
  if (!card || !card.last4) return undefined;
  return {
    paymentMethodRef: id,
    brand: brandFromStripe(card.brand),
    last4: card.last4,
    expMonth: card.exp_month ?? 0,
    expYear: card.exp_year ?? 0,
    ...(card.fingerprint ? { fingerprint: card.fingerprint } : {}),
  };
}

/**
 * A Stripe error (`code`, `decline_code`) as a SPEC §8 payment error. Declines for reasons a
 * shopper should not be told in detail (lost, stolen, fraudulent, do_not_honor…) read as
 * "card declined", as Stripe recommends.
 */
export function errorCodeFromStripe(error: StripeErrorShape): PaymentErrorCode {
  const code = error.code ?? "";
  const decline = error.decline_code ?? "";
  if (decline === "insufficient_funds" || code === "insufficient_funds") return "insufficient_funds";
  if (decline === "expired_card" || code === "expired_card") return "expired_card";
  if (decline === "incorrect_cvc" || decline === "invalid_cvc" || code === "incorrect_cvc" || code === "invalid_cvc")
    return "incorrect_cvc";
  if (decline === "processing_error" || code === "processing_error") return "processing_error";
  if (decline === "authentication_required" || code === "authentication_required") return "authentication_required";
  if (code === "payment_intent_authentication_failure" || code === "setup_intent_authentication_failure")
    return "three_d_secure_failed";
  if (code === "incorrect_number" || code === "invalid_number") return "invalid_number";
  if (code === "incomplete_number") return "incomplete_number";
  if (code === "invalid_expiry_month" || code === "invalid_expiry_year" || code === "incomplete_expiry")
    return "incomplete_expiry";
  if (code === "incomplete_cvc") return "incomplete_cvc";
  if (code === "card_declined" || error.type === "card_error") return "card_declined";
  return "payment_failed";
}

export function failureFromStripe(error: StripeErrorShape): PaymentFailure {
  return {
    code: errorCodeFromStripe(error),
    message: error.message ?? "The payment was refused.",
    ...(error.decline_code ? { declineCode: error.decline_code } : {}),
  };
}

/** Stripe's PaymentIntent status (+ last_payment_error) in the port's words. */
export function statusFromStripe(status: string, hasError: boolean): PaymentStatus {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
      return "processing";
    case "requires_capture":
      return "requires_capture";
    case "requires_action":
      return "requires_action";
    case "canceled":
      return "canceled";
    case "requires_payment_method":
    case "requires_confirmation":
    case "requires_source":
      return hasError ? "failed" : "requires_payment_method";
    default:
      return "failed";
  }
}

export function outcomeFromIntent(intent: StripePaymentIntentShape): PaymentOutcome {
  const error = intent.last_payment_error ?? null;
  const status = statusFromStripe(intent.status, error !== null);
  const charge =
    typeof intent.latest_charge === "object" && intent.latest_charge !== null ? intent.latest_charge : null;
  const pm = typeof intent.payment_method === "object" && intent.payment_method !== null ? intent.payment_method : null;
  const pmId =
    pm?.id ?? (typeof intent.payment_method === "string" ? intent.payment_method : (charge?.payment_method ?? ""));
  const card = cardFromStripe(pmId, pm?.card ?? charge?.payment_method_details?.card ?? null);
  const redirect = intent.next_action?.redirect_to_url?.url;
  return {
    paymentRef: intent.id,
    status,
    amountCents: intent.amount,
    currency: intent.currency.toLowerCase(),
    refundedCents: charge?.amount_refunded ?? 0,
    capturedCents: intent.amount_received ?? (status === "succeeded" ? intent.amount : 0),
    ...(error && (status === "failed" || status === "canceled") ? { error: failureFromStripe(error) } : {}),
    ...(status === "requires_action" && redirect ? { nextAction: { redirectUrl: redirect } } : {}),
    ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
    ...(card ? { card } : {}),
    metadata: { orderId: intent.metadata?.order_id ?? "", userId: intent.metadata?.user_id ?? "" },
  };
}

export function refundStatusFromStripe(status: string | null | undefined): RefundStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

export function refundFromStripe(refund: StripeRefundShape): RefundOutcome {
  const pi = refund.payment_intent;
  return {
    refundRef: refund.id,
    paymentRef: typeof pi === "string" ? pi : (pi?.id ?? ""),
    status: refundStatusFromStripe(refund.status),
    amountCents: refund.amount,
    currency: refund.currency.toLowerCase(),
  };
}

const PAYMENT_EVENTS: Record<string, Extract<PaymentEvent, { payment: PaymentOutcome }>["type"]> = {
  "payment_intent.succeeded": "payment.succeeded",
  // An authorisation (manual capture) is in place: the money is held, ready to capture.
  "payment_intent.amount_capturable_updated": "payment.requires_capture",
  "payment_intent.payment_failed": "payment.failed",
  "payment_intent.processing": "payment.processing",
  "payment_intent.requires_action": "payment.requires_action",
  "payment_intent.canceled": "payment.canceled",
};

/** A verified Stripe(-shaped) event in the port's words. */
export function eventFromStripe(event: StripeEventShape): PaymentEvent {
  const object = event.data?.object ?? {};
  const paymentType = PAYMENT_EVENTS[event.type];
  if (paymentType) {
    return {
      id: event.id,
      type: paymentType,
      created: event.created,
      payment: outcomeFromIntent(object as unknown as StripePaymentIntentShape),
    };
  }
  if (
    event.type === "refund.created" ||
    event.type === "refund.updated" ||
    event.type === "refund.failed" ||
    event.type === "charge.refund.updated"
  ) {
    return {
      id: event.id,
      type: "refund.updated",
      created: event.created,
      refund: refundFromStripe(object as unknown as StripeRefundShape),
    };
  }
  if (event.type === "setup_intent.succeeded") {
    const setup = object as { id?: string; customer?: string | null; payment_method?: string | null };
    return {
      id: event.id,
      type: "setup.succeeded",
      created: event.created,
      setupRef: setup.id ?? "",
      ...(setup.customer ? { customerRef: setup.customer } : {}),
      ...(setup.payment_method ? { paymentMethodRef: setup.payment_method } : {}),
    };
  }
  return { id: event.id, type: "ignored", created: event.created, providerType: event.type };
}

/** Stripe's default webhook tolerance (seconds between the signature's `t` and now). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>` — the Stripe-Signature header. */
export async function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, `${timestampSeconds}.${payload}`)}`;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Checks a Stripe-Signature header as Stripe's SDK does (any matching v1, within the tolerance). */
export async function verifyWebhookSignature(
  payload: string,
  header: string | null,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Promise<void> {
  if (!header) throw new WebhookSignatureError("missing", "No Stripe-Signature header.");
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.flatMap(([key, value]) => (key === "v1" && value ? [value] : []));
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError("malformed", "The Stripe-Signature header has no timestamp or no v1 signature.");
  }
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((signature) => constantTimeEqual(signature, expected))) {
    throw new WebhookSignatureError("mismatch", "The webhook signature does not match the payload.");
  }
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError("expired", "The webhook signature is too old (replayed?).");
  }
}

/** A verified body as a Stripe event envelope, or WebhookSignatureError("invalid_payload"). */
export function parseEventEnvelope(payload: string): StripeEventShape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw new WebhookSignatureError("invalid_payload", "The webhook body is not JSON.");
  }
  const event = parsed as Partial<StripeEventShape> | null;
  if (
    !event ||
    typeof event.id !== "string" ||
    typeof event.type !== "string" ||
    typeof event.created !== "number" ||
    typeof event.data?.object !== "object"
  ) {
    throw new WebhookSignatureError("invalid_payload", "The webhook body is not an event.");
  }
  return event as StripeEventShape;
}
