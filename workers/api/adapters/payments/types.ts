/**
 * The payments port (DESIGN §5). Checkout, auto-renew and the saved-card API call only this
 * interface; `createPayments()` (./index.ts) picks the implementation — the embedded test
 * provider on D1 by default (Stripe's test-card semantics, no network), or Stripe.
 *
 * Conventions:
 * - Money is integer cents with a lower-case ISO 4217 currency ("usd").
 * - Every call that creates something takes an `idempotencyKey`: the same key always answers
 *   the same object, never a second charge/refund/customer. Use a key derived from what the
 *   call is for (`order:<id>:attempt:<n>`, `refund:<order id>`), not a random one per request.
 * - A card problem is an answer, not an exception: `createPayment`/`confirmPayment` return
 *   `status: "failed"` with `error.code` (a SPEC §8 payment error); saving a card throws
 *   `CardError`. `PaymentsError` means the provider could not be asked or answered oddly: with
 *   `outcomeUnknown` true (unreachable, timeout) the charge MAY have happened — ask again with
 *   the same idempotency key or `getPayment` later, never with a new key.
 */
import { CARD_ERROR_CODES, type CardBrand, type CardErrorCode, type CardInput } from "../../../../core/payments/card";

export type { CardBrand, CardInput } from "../../../../core/payments/card";

/** Which implementation answers (the UI shows the server card form for "test", the Payment Element for "stripe"). */
export type PaymentsProvider = "test" | "stripe";

/**
 * The SPEC §8 payment errors a payment or a saved card can end with: the card errors of
 * core/payments/card.ts plus `authentication_required` (an off-session charge needs the
 * customer), `three_d_secure_failed` (the customer failed or cancelled 3-D Secure) and
 * `payment_failed` (any other refusal: lost/stolen card, fraud, unsupported card…).
 * `network_error` and `not_initialized` are the UI's own (no answer / the payment form is not
 * ready) and are never returned by an adapter; they are listed so one type covers the texts.
 */
export type PaymentErrorCode =
  | CardErrorCode
  | "authentication_required"
  | "three_d_secure_failed"
  | "payment_failed"
  | "network_error"
  | "not_initialized";

export const PAYMENT_ERROR_CODES: readonly PaymentErrorCode[] = [
  ...CARD_ERROR_CODES,
  "authentication_required",
  "three_d_secure_failed",
  "payment_failed",
  "network_error",
  "not_initialized",
];

/** Why a payment or card was refused. */
export interface PaymentFailure {
  code: PaymentErrorCode;
  /** The issuer's reason when it gave one (Stripe `decline_code`: "generic_decline", "insufficient_funds", "lost_card"…). */
  declineCode?: string;
  /** The provider's English text, for logs and support; the UI shows the translated `code`. */
  message: string;
}

/**
 * Where a payment stands.
 * - `requires_payment_method`: created, waiting for a card (Stripe: the Payment Element confirms it).
 * - `requires_action`: the customer must pass 3-D Secure at `nextAction.redirectUrl`.
 * - `processing`: the provider has it; the outcome comes later (webhook or `getPayment`).
 * - `requires_capture`: authorised (`captureMethod: "manual"`): the money is held on the card,
 *   not taken; `capturePayment` takes it (all or part), `cancelPayment` releases the hold.
 * - `succeeded`: money taken.
 * - `failed`: refused (`error` says why); `confirmPayment` may try again with another card.
 * - `canceled`: given up (or the hold released); nothing was taken.
 */
export type PaymentStatus =
  | "succeeded"
  | "requires_capture"
  | "processing"
  | "requires_action"
  | "requires_payment_method"
  | "failed"
  | "canceled";

/** A saved (or one-off) card as we may keep it: never the number or CVC. */
export interface CardPaymentMethod {
  /** The provider's payment method id ("pm_…"). */
  paymentMethodRef: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's fingerprint of the card number (Stripe `card.fingerprint`): the same card → the same value. */
  fingerprint?: string;
}

export interface PaymentOutcome {
  /** The provider's payment id ("pi_…"): store it on the order. */
  paymentRef: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** Amount refunded so far (0 when none). */
  refundedCents: number;
  /** Amount taken (Stripe's amount_received): all of it once succeeded, or less after a partial capture; 0 before. */
  capturedCents: number;
  /** Set when `status` is `failed` (and on `canceled` after a 3-D Secure failure). */
  error?: PaymentFailure;
  /** Set when `status` is `requires_action`: send the customer's browser there (303). */
  nextAction?: { redirectUrl: string };
  /** Stripe only: the PaymentIntent's client secret for the Payment Element. */
  clientSecret?: string;
  /** The card used, once there is one. */
  card?: CardPaymentMethod;
  /** What the payment was created with (`orderId`, `userId`). */
  metadata: PaymentMetadata;
  /**
   * Test provider only: the return URL of the last create/confirm, where its 3-D Secure page
   * sends the browser (Stripe keeps it on its side).
   */
  returnUrl?: string;
}

export interface PaymentMetadata {
  orderId: string;
  userId: string;
}

export interface CreatePaymentInput {
  /** Same key → same payment, whatever else the call says. */
  idempotencyKey: string;
  /** Positive integer cents. */
  amountCents: number;
  currency: string;
  /** From `createCustomer`; required to charge a saved card or to save this one. */
  customerRef?: string;
  /** Shown on the customer's statement/receipt by the provider ("Trinity order 1234"). */
  description: string;
  metadata: PaymentMetadata;
  /** Charge this saved card ("pm_…"); confirms at once. */
  paymentMethodRef?: string;
  /** Test provider only: the card typed into the server-rendered form; confirms at once. */
  card?: CardInput;
  /**
   * "manual": only authorise (the outcome is `requires_capture` instead of `succeeded`); the
   * caller captures or cancels later. Default "automatic" (charged at once).
   */
  captureMethod?: "automatic" | "manual";
  /**
   * "off_session": keep the card for later charges without the customer (Stripe
   * `setup_future_usage`); needs `customerRef`. The caller attaches the card to the customer
   * (`attachPaymentMethod`) once the payment has gone through.
   */
  setupFutureUsage?: "off_session";
  /** The customer is not present (auto-renew): no 3-D Secure possible → `authentication_required`. */
  offSession?: boolean;
  /** Where the 3-D Secure page (or Stripe's redirect) sends the browser back to. Absolute URL or path. */
  returnUrl: string;
}

export interface ConfirmPaymentInput {
  paymentRef: string;
  /** Same key → same confirmation attempt. */
  idempotencyKey: string;
  paymentMethodRef?: string;
  /** Test provider only. */
  card?: CardInput;
  returnUrl: string;
}

export type RefundStatus = "succeeded" | "pending" | "failed";

export interface RefundOutcome {
  refundRef: string;
  paymentRef: string;
  status: RefundStatus;
  amountCents: number;
  currency: string;
}

export interface SetupIntentOutcome {
  /** "seti_…" */
  setupRef: string;
  /** For `stripe.confirmSetup` in the browser (Stripe); the test provider answers none. */
  clientSecret?: string;
  status: "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";
}

/**
 * What a provider's webhook says, in our words. `id` is the provider's event id: record it and
 * ignore an id seen before (webhooks are delivered at least once, in any order).
 */
export type PaymentEvent =
  | {
      id: string;
      type:
        | "payment.succeeded"
        | "payment.requires_capture"
        | "payment.failed"
        | "payment.processing"
        | "payment.requires_action"
        | "payment.canceled";
      /** Epoch seconds the provider created the event (order events by it, not by arrival). */
      created: number;
      payment: PaymentOutcome;
    }
  | { id: string; type: "refund.updated"; created: number; refund: RefundOutcome }
  | {
      id: string;
      type: "setup.succeeded";
      created: number;
      setupRef: string;
      customerRef?: string;
      paymentMethodRef?: string;
    }
  /** A type we do not act on (answer 200 so the provider stops resending it). */
  | { id: string; type: "ignored"; created: number; providerType: string };

/** The payments port. */
export interface PaymentsAdapter {
  readonly provider: PaymentsProvider;
  /** Stripe's publishable key for the browser (null for the test provider). */
  readonly publishableKey: string | null;

  /** The provider's customer for our user; the same user → the same customer. */
  createCustomer(input: { userId: string; email: string }): Promise<{ customerRef: string }>;

  /**
   * Creates a payment and, when a card or saved card is given, confirms it at once. Declines
   * come back as `status: "failed"` with `error`; 3-D Secure as `requires_action`.
   */
  createPayment(input: CreatePaymentInput): Promise<PaymentOutcome>;

  /** Tries a payment that is `requires_payment_method` or `failed` again with a (new) card. */
  confirmPayment(input: ConfirmPaymentInput): Promise<PaymentOutcome>;

  /** The payment as the provider sees it now. Rejects PaymentsError("not_found") for an unknown ref. */
  getPayment(paymentRef: string): Promise<PaymentOutcome>;

  /**
   * Test provider only: the simulated 3-D Secure page's answer (`complete` → the charge goes
   * on, `fail` → `failed` with `three_d_secure_failed`). Stripe runs its own page: rejects
   * PaymentsError("unsupported").
   */
  confirmAction(paymentRef: string, result: "complete" | "fail"): Promise<PaymentOutcome>;

  /**
   * Takes an authorised (`requires_capture`) payment: all of it, or `amountCents` (less than
   * authorised; the rest of the hold is released). Same key → the same capture. A payment already
   * captured answers as it stands; one that is not `requires_capture` rejects
   * PaymentsError("invalid_request").
   */
  capturePayment(input: { paymentRef: string; amountCents?: number; idempotencyKey: string }): Promise<PaymentOutcome>;

  /**
   * Releases an authorisation (or gives up a payment not yet confirmed): `canceled`, nothing
   * taken. A payment already canceled answers as it stands; a succeeded one rejects
   * PaymentsError("invalid_request") (refund it instead).
   */
  cancelPayment(input: { paymentRef: string; idempotencyKey: string }): Promise<PaymentOutcome>;

  /** Refunds all (default) or part of a succeeded payment. */
  refund(input: { paymentRef: string; amountCents?: number; idempotencyKey: string }): Promise<RefundOutcome>;

  /** Starts saving a card for later (off-session) use; Stripe's browser side confirms it. */
  createSetupIntent(input: { customerRef: string; idempotencyKey: string }): Promise<SetupIntentOutcome>;

  /**
   * Test provider only: turns the card typed into the server form into a payment method
   * ("pm_…"); rejects CardError for a bad card. Stripe never sees raw numbers here: rejects
   * PaymentsError("unsupported").
   */
  tokenizeCard(card: CardInput): Promise<CardPaymentMethod>;

  /** Saves a payment method on the customer; rejects CardError when the card is refused. */
  attachPaymentMethod(input: { customerRef: string; paymentMethodRef: string }): Promise<CardPaymentMethod>;

  /** Removes a saved payment method from its customer (no error when it is already gone). */
  detachPaymentMethod(paymentMethodRef: string): Promise<void>;

  /** The customer's saved cards. */
  listPaymentMethods(customerRef: string): Promise<CardPaymentMethod[]>;

  /**
   * Verifies a webhook (`Stripe-Signature: t=…,v1=…`, 5 minutes' tolerance) and parses it.
   * Rejects WebhookSignatureError when the header is missing, malformed, wrong or too old.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}

export type PaymentsErrorCode =
  /** The provider could not be reached or broke the connection: the outcome is unknown. */
  | "unreachable"
  /** No answer in time: the outcome is unknown. */
  | "timeout"
  /** Not configured (missing keys, unknown PAYMENTS_ADAPTER). */
  | "misconfigured"
  /** No such payment, refund, customer or payment method. */
  | "not_found"
  /** The provider refused the request itself (bad parameters, refund over the amount, wrong state). */
  | "invalid_request"
  /** The same idempotency key was used with different parameters. */
  | "idempotency_conflict"
  /** Too many requests: try again later with the same key. */
  | "rate_limited"
  /** This adapter does not do that (see the member's note). */
  | "unsupported";

/** The provider could not be asked, or refused the request (not the card): see `code`. */
export class PaymentsError extends Error {
  constructor(
    readonly code: PaymentsErrorCode,
    message: string,
    readonly options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PaymentsError";
  }

  /** True when the charge may or may not have happened (retry with the same key, or look it up). */
  get outcomeUnknown(): boolean {
    return this.code === "unreachable" || this.code === "timeout" || this.code === "rate_limited";
  }
}

/** A card was refused while saving it (tokenise, attach, setup). */
export class CardError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = "CardError";
  }

  get failure(): PaymentFailure {
    return { code: this.code, message: this.message, ...(this.declineCode ? { declineCode: this.declineCode } : {}) };
  }
}

export type WebhookSignatureProblem = "missing" | "malformed" | "mismatch" | "expired" | "invalid_payload";

/** A webhook that is not provably from the provider (answer 400, do nothing). */
export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: WebhookSignatureProblem,
    message: string,
  ) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
