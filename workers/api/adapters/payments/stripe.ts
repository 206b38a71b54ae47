// The real payments adapter (PAYMENTS_ADAPTER=stripe): Stripe through its SDK with the fetch HTTP
// client and SubtleCrypto (Workers have no Node http or sync crypto). PaymentIntents for checkout
// (confirmed on the server with a saved card, or by the Payment Element in the browser),
// SetupIntents to save cards, off-session charges for auto-renew, an Idempotency-Key on every
// create call, webhooks verified with constructEventAsync. Stripe errors become the port's
// PaymentFailure (cards) or PaymentsError (the provider), see ./types.ts.
import Stripe from "stripe";
import {
  cardFromStripe,
  eventFromStripe,
  failureFromStripe,
  outcomeFromIntent,
  refundFromStripe,
  type StripeEventShape,
  type StripePaymentIntentShape,
  type StripeRefundShape,
} from "./stripe-objects";
import {
  CardError,
  PaymentsError,
  WebhookSignatureError,
  type CardPaymentMethod,
  type ConfirmPaymentInput,
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentsAdapter,
  type RefundOutcome,
  type SetupIntentOutcome,
} from "./types";

export interface StripePaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  /** Base URL of the API (default https://api.stripe.com). */
  apiBase?: string;
  now?: () => Date;
  /** fetch used by the SDK's fetch client (tests may hand in their own). */
  fetch?: typeof fetch;
  /** Per-request timeout in ms (default 20 s; a timeout is an unknown outcome). */
  timeoutMs?: number;
}

const SETUP_STATUSES: SetupIntentOutcome["status"][] = [
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
];

/** Expanded so one answer carries the card and the refunded amount. */
const INTENT_EXPAND = ["payment_method", "latest_charge"];

/** Stripe's own 3-D Secure pages redirect back to an absolute URL. */
function absoluteReturnUrl(returnUrl: string): string {
  if (/^https?:\/\//i.test(returnUrl)) return returnUrl;
  throw new PaymentsError("invalid_request", "Stripe needs an absolute return URL (https://…).");
}

export function createStripePayments(config: StripePaymentsConfig): PaymentsAdapter {
  const base = new URL(config.apiBase ?? "https://api.stripe.com");
  const stripe = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(config.fetch),
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
    // Retries with the same idempotency key are safe, and the SDK adds keys where needed.
    maxNetworkRetries: 2,
    timeout: config.timeoutMs ?? 20_000,
    telemetry: false,
  });
  const now = config.now ?? (() => new Date());
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  /** Runs an API call; Stripe's errors become the port's. Card errors are handed to `onCard`. */
  async function call<T>(
    run: () => Promise<T>,
    onCard?: (error: InstanceType<typeof Stripe.errors.StripeError>) => T | Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) {
        throw new PaymentsError(
          "unreachable",
          `Stripe could not be reached: ${(error as Error)?.message ?? String(error)}`,
          { cause: error },
        );
      }
      if (error instanceof Stripe.errors.StripeCardError && onCard) return onCard(error);
      throw toPaymentsError(error);
    }
  }

  async function intentOutcome(intent: unknown): Promise<PaymentOutcome> {
    return outcomeFromIntent(intent as StripePaymentIntentShape);
  }

  /** The PaymentIntent as it stands (status lookups, and the check before a capture or cancel). */
  function readIntent(paymentRef: string): Promise<PaymentOutcome> {
    return call(async () => intentOutcome(await stripe.paymentIntents.retrieve(paymentRef, { expand: INTENT_EXPAND })));
  }

  /** A declined confirmation: Stripe answers 402 with the PaymentIntent inside the error. */
  async function declined(error: InstanceType<typeof Stripe.errors.StripeError>): Promise<PaymentOutcome> {
    const intent = error.payment_intent as unknown as StripePaymentIntentShape | undefined;
    if (!intent?.id) throw new PaymentsError("invalid_request", error.message);
    // The error's copy is not expanded: read it back for the card, keeping the refusal.
    const fresh = await call(() => stripe.paymentIntents.retrieve(intent.id, { expand: INTENT_EXPAND }));
    const outcome = outcomeFromIntent(fresh as unknown as StripePaymentIntentShape);
    if (outcome.status === "failed" || outcome.error) return outcome;
    return { ...outcome, status: "failed", error: failureFromStripe(error) };
  }

  function card(pm: { id: string; card?: unknown }): CardPaymentMethod {
    const summary = cardFromStripe(pm.id, (pm.card ?? null) as Parameters<typeof cardFromStripe>[1]);
    if (!summary) throw new PaymentsError("invalid_request", `Payment method ${pm.id} is not a card.`);
    return summary;
  }

  return {
    provider: "stripe",
    publishableKey: config.publishableKey,

    async createCustomer({ userId, email }) {
      const customer = await call(() =>
        stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey: `customer:${userId}` }),
      );
      return { customerRef: customer.id };
    },

    async createPayment(input: CreatePaymentInput): Promise<PaymentOutcome> {
      if (input.card)
        throw new PaymentsError(
          "unsupported",
          "Stripe takes cards only through the Payment Element, never raw numbers.",
        );
      const confirm = Boolean(input.paymentMethodRef);
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        description: input.description,
        metadata: { order_id: input.metadata.orderId, user_id: input.metadata.userId },
        expand: INTENT_EXPAND,
        ...(input.captureMethod === "manual" ? { capture_method: "manual" as const } : {}),
        ...(input.customerRef ? { customer: input.customerRef } : {}),
        // "Save this card for renewals": Stripe keeps the card usable off-session (SCA mandate).
        ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
        ...(confirm
          ? {
              payment_method: input.paymentMethodRef,
              confirm: true,
              payment_method_types: ["card"],
              ...(input.offSession ? { off_session: true } : { return_url: absoluteReturnUrl(input.returnUrl) }),
            }
          : { automatic_payment_methods: { enabled: true } }),
      };
      return call(
        async () => intentOutcome(await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey })),
        declined,
      );
    },

    async confirmPayment(input: ConfirmPaymentInput): Promise<PaymentOutcome> {
      if (input.card)
        throw new PaymentsError(
          "unsupported",
          "Stripe takes cards only through the Payment Element, never raw numbers.",
        );
      return call(
        async () =>
          intentOutcome(
            await stripe.paymentIntents.confirm(
              input.paymentRef,
              {
                ...(input.paymentMethodRef ? { payment_method: input.paymentMethodRef } : {}),
                return_url: absoluteReturnUrl(input.returnUrl),
                expand: INTENT_EXPAND,
              },
              { idempotencyKey: input.idempotencyKey },
            ),
          ),
        declined,
      );
    },

    getPayment: readIntent,

    async confirmAction(): Promise<PaymentOutcome> {
      throw new PaymentsError(
        "unsupported",
        "Stripe runs its own 3-D Secure page; the customer returns to the return URL.",
      );
    },

    async capturePayment({ paymentRef, amountCents, idempotencyKey }): Promise<PaymentOutcome> {
      const current = await readIntent(paymentRef);
      // Captured already (a retry after a lost answer): as it stands, never a second capture.
      if (current.status === "succeeded") return current;
      return call(async () =>
        intentOutcome(
          await stripe.paymentIntents.capture(
            paymentRef,
            { ...(amountCents !== undefined ? { amount_to_capture: amountCents } : {}), expand: INTENT_EXPAND },
            { idempotencyKey },
          ),
        ),
      );
    },

    async cancelPayment({ paymentRef, idempotencyKey }): Promise<PaymentOutcome> {
      const current = await readIntent(paymentRef);
      if (current.status === "canceled") return current;
      return call(async () =>
        intentOutcome(await stripe.paymentIntents.cancel(paymentRef, { expand: INTENT_EXPAND }, { idempotencyKey })),
      );
    },

    async refund({ paymentRef, amountCents, idempotencyKey }): Promise<RefundOutcome> {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentRef, ...(amountCents !== undefined ? { amount: amountCents } : {}) },
          { idempotencyKey },
        ),
      );
      return refundFromStripe(refund as unknown as StripeRefundShape);
    },

    async createSetupIntent({ customerRef, idempotencyKey }): Promise<SetupIntentOutcome> {
      const setup = await call(() =>
        stripe.setupIntents.create(
          { customer: customerRef, usage: "off_session", automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        ),
      );
      const status = SETUP_STATUSES.find((known) => known === setup.status) ?? "requires_payment_method";
      return { setupRef: setup.id, status, ...(setup.client_secret ? { clientSecret: setup.client_secret } : {}) };
    },

    async tokenizeCard(): Promise<CardPaymentMethod> {
      throw new PaymentsError("unsupported", "Stripe takes cards only through the Payment Element, never raw numbers.");
    },

    async attachPaymentMethod({ customerRef, paymentMethodRef }): Promise<CardPaymentMethod> {
      const pm = await call(
        () =>
          stripe.paymentMethods.attach(
            paymentMethodRef,
            { customer: customerRef },
            { idempotencyKey: `attach:${customerRef}:${paymentMethodRef}` },
          ),
        (error) => {
          const failure = failureFromStripe({
            type: error.type,
            code: error.code,
            decline_code: error.decline_code,
            message: error.message,
          });
          throw new CardError(failure.code, failure.message, failure.declineCode);
        },
      );
      return card(pm);
    },

    async detachPaymentMethod(paymentMethodRef: string): Promise<void> {
      try {
        await call(() => stripe.paymentMethods.detach(paymentMethodRef));
      } catch (error) {
        // Already gone or never attached: what the caller wanted.
        if (error instanceof PaymentsError && (error.code === "not_found" || error.code === "invalid_request")) return;
        throw error;
      }
    },

    async listPaymentMethods(customerRef: string): Promise<CardPaymentMethod[]> {
      const list = await call(() => stripe.paymentMethods.list({ customer: customerRef, type: "card", limit: 100 }));
      return list.data.map(card);
    },

    async parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
      if (!signatureHeader) throw new WebhookSignatureError("missing", "No Stripe-Signature header.");
      let event: unknown;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          undefined,
          cryptoProvider,
          // receivedAt is in milliseconds (the SDK divides by 1000).
          now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          const reason = /matching the expected signature/i.test(error.message)
            ? "mismatch"
            : /tolerance/i.test(error.message)
              ? "expired"
              : "malformed";
          throw new WebhookSignatureError(reason, error.message);
        }
        throw new WebhookSignatureError(
          "invalid_payload",
          (error as Error)?.message ?? "The webhook body is not an event.",
        );
      }
      return eventFromStripe(event as StripeEventShape);
    },
  };
}

/**
 * The SDK's fetch client aborts a slow request with a TypeError("ETIMEDOUT"); workerd hands the
 * abort reason back without its `code`, so the SDK's own "timeout" message may be missing: the
 * underlying error (`detail`) still names it.
 */
function isTimeout(error: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  const detail = (error as { detail?: unknown }).detail as
    { code?: unknown; message?: unknown; name?: unknown } | undefined;
  return (
    /timeout/i.test(error.message) ||
    detail?.code === "ETIMEDOUT" ||
    /ETIMEDOUT|timed? ?out|abort/i.test(`${String(detail?.name ?? "")} ${String(detail?.message ?? "")}`)
  );
}

/** A Stripe API error that is not about the card, in the port's words. */
function toPaymentsError(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentsError {
  const message = `Stripe: ${error.message}`;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentsError(isTimeout(error) ? "timeout" : "unreachable", message, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return new PaymentsError("rate_limited", message, { cause: error });
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentsError("idempotency_conflict", message, { cause: error });
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PaymentsError("misconfigured", message, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentsError(error.code === "resource_missing" ? "not_found" : "invalid_request", message, {
      cause: error,
    });
  }
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentsError("invalid_request", message, { cause: error });
  // 5xx (StripeAPIError) and anything else: Stripe may or may not have done it.
  return new PaymentsError("unreachable", message, { cause: error });
}
