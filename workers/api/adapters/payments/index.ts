/**
 * The payments port and how the app gets one (DESIGN §5). Callers import from here only:
 *
 *   const payments = createPayments(c.env, now);
 *   const outcome = await payments.createPayment({ idempotencyKey: `order:${id}:1`, … });
 *
 * PAYMENTS_ADAPTER picks the implementation: "test" (default; the embedded test provider on D1
 * with Stripe's test cards, no network) or "stripe" (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
 * STRIPE_PUBLISHABLE_KEY for the browser; STRIPE_API_BASE points it elsewhere, e.g. a local fake).
 */
import { createStripePayments } from "./stripe";
import { createTestPaymentsProvider } from "./test-provider";
import { PaymentsError, type PaymentsAdapter } from "./types";

export * from "./types";
export {
  createTestPaymentsProvider,
  threeDSecurePath,
  TEST_CARDS,
  behaviourOf,
  DEFAULT_TEST_WEBHOOK_SECRET,
} from "./test-provider";
export { createStripePayments, type StripePaymentsConfig } from "./stripe";
export { signWebhookPayload, verifyWebhookSignature } from "./stripe-objects";

export const PAYMENTS_ADAPTERS = ["test", "stripe"] as const;

export interface PaymentsEnv {
  DB: D1Database;
  ENVIRONMENT?: string;
  /** "test" (default: the embedded test provider on D1) or "stripe" (needs the STRIPE_* keys). */
  PAYMENTS_ADAPTER?: string;
  STRIPE_SECRET_KEY?: string;
  /** Given to the browser for the Payment Element (only on the pages that take a card). */
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Base URL of the Stripe API (default https://api.stripe.com); tests point it at a local fake. */
  STRIPE_API_BASE?: string;
  /** Signs the test provider's webhooks; a development value when unset. */
  TESTPAY_WEBHOOK_SECRET?: string;
}

export function createPayments(
  env: PaymentsEnv,
  now: () => Date = () => new Date(),
  deps: { fetch?: typeof fetch } = {},
): PaymentsAdapter {
  const choice = (env.PAYMENTS_ADAPTER ?? "").trim().toLowerCase() || "test";
  switch (choice) {
    case "test":
      return createTestPaymentsProvider(env.DB, { now, webhookSecret: env.TESTPAY_WEBHOOK_SECRET });
    case "stripe":
      if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
        return unavailablePayments(
          "stripe",
          "PAYMENTS_ADAPTER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
        );
      }
      return createStripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
        apiBase: env.STRIPE_API_BASE,
        now,
        fetch: deps.fetch,
      });
    default:
      return unavailablePayments(
        "test",
        `PAYMENTS_ADAPTER is "${env.PAYMENTS_ADAPTER}"; it must be one of ${PAYMENTS_ADAPTERS.join(", ")}.`,
      );
  }
}

/** Misconfigured: the app still serves everything else; each payments call says why it fails. */
function unavailablePayments(provider: PaymentsAdapter["provider"], message: string): PaymentsAdapter {
  return refusingPayments(provider, () => new PaymentsError("misconfigured", message));
}

/** A payments adapter whose every call rejects with `error()` (misconfiguration, production guard). */
export function refusingPayments(provider: PaymentsAdapter["provider"], error: () => Error): PaymentsAdapter {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return {
    provider,
    publishableKey: null,
    createCustomer: fail,
    createPayment: fail,
    confirmPayment: fail,
    getPayment: fail,
    confirmAction: fail,
    capturePayment: fail,
    cancelPayment: fail,
    refund: fail,
    createSetupIntent: fail,
    tokenizeCard: fail,
    attachPaymentMethod: fail,
    detachPaymentMethod: fail,
    listPaymentMethods: fail,
    parseWebhook: fail,
  };
}
