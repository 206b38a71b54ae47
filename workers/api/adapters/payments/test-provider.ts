// The embedded payments provider (PAYMENTS_ADAPTER unset or "test"): a D1 ledger (testpay_*,
// migration 0008) that answers as Stripe does for its test cards, with no network and no
// account. It keeps brand, last four and expiry of a card and how its issuer answers (the
// outcome of Stripe's test-card table), never the number or the CVC.
//
// Test cards (any future expiry, any CVC of the right length):
//   4242 4242 4242 4242 (and any other valid number)  succeeds
//   4000 0000 0000 0002  card_declined (generic_decline)
//   4000 0000 0000 9995  insufficient_funds
//   4000 0000 0000 9987 / 9979  card_declined (lost_card / stolen_card)
//   4000 0000 0000 0069  expired_card
//   4000 0000 0000 0127  incorrect_cvc
//   4000 0000 0000 0119  processing_error
//   4000 0027 6000 3184, 4000 0000 0000 3220, 4000 0000 0000 3063  always 3-D Secure
//   4000 0025 0000 3155  3-D Secure, except off-session once saved on the customer
//   4000 0082 6000 3178  3-D Secure, then insufficient_funds
// 3-D Secure sends the browser to the simulated page `/payment/3ds/<pi id>` (Complete / Fail).
import { cardBrand, cardInputError, type CardInput } from "../../../../core/payments/card";
import {
  eventFromStripe,
  outcomeFromIntent,
  parseEventEnvelope,
  verifyWebhookSignature,
  type StripeEventShape,
  type StripePaymentIntentShape,
  type StripeRefundShape,
} from "./stripe-objects";
import {
  CardError,
  PaymentsError,
  type CardPaymentMethod,
  type ConfirmPaymentInput,
  type CreatePaymentInput,
  type PaymentErrorCode,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentsAdapter,
  type RefundOutcome,
  type SetupIntentOutcome,
} from "./types";

/** How the (simulated) issuer answers a card. */
export type TestCardBehaviour =
  | "succeed"
  | "generic_decline"
  | "insufficient_funds"
  | "lost_card"
  | "stolen_card"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error"
  | "three_ds_required"
  | "three_ds_unless_saved"
  | "three_ds_then_insufficient";

/** Stripe's test numbers (docs.stripe.com/testing) and their outcome; any other valid number succeeds. */
export const TEST_CARDS: Readonly<Record<string, TestCardBehaviour>> = {
  "4242424242424242": "succeed",
  "4000000000000002": "generic_decline",
  "4000000000009995": "insufficient_funds",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
  "4000002760003184": "three_ds_required",
  "4000000000003220": "three_ds_required",
  "4000000000003063": "three_ds_required",
  "4000002500003155": "three_ds_unless_saved",
  "4000008260003178": "three_ds_then_insufficient",
};

export function behaviourOf(cardNumber: string): TestCardBehaviour {
  return TEST_CARDS[cardNumber] ?? "succeed";
}

/** The refusal a behaviour ends in when charged (null: the charge goes through). */
function declineOf(
  behaviour: TestCardBehaviour,
): { code: PaymentErrorCode; declineCode: string; message: string } | null {
  switch (behaviour) {
    case "generic_decline":
      return { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." };
    case "insufficient_funds":
    case "three_ds_then_insufficient":
      return {
        code: "insufficient_funds",
        declineCode: "insufficient_funds",
        message: "Your card has insufficient funds.",
      };
    case "lost_card":
      return { code: "card_declined", declineCode: "lost_card", message: "Your card was declined." };
    case "stolen_card":
      return { code: "card_declined", declineCode: "stolen_card", message: "Your card was declined." };
    case "expired_card":
      return { code: "expired_card", declineCode: "expired_card", message: "Your card has expired." };
    case "incorrect_cvc":
      return {
        code: "incorrect_cvc",
        declineCode: "incorrect_cvc",
        message: "Your card's security code is incorrect.",
      };
    case "processing_error":
      return {
        code: "processing_error",
        declineCode: "processing_error",
        message: "An error occurred while processing your card. Try again in a little bit.",
      };
    default:
      return null;
  }
}

/** Saving a card runs a zero-amount check: these behaviours fail it (as Stripe's SetupIntents do). */
function setupDeclineOf(behaviour: TestCardBehaviour) {
  return behaviour === "insufficient_funds" || behaviour === "three_ds_then_insufficient" ? null : declineOf(behaviour);
}

export const DEFAULT_TEST_WEBHOOK_SECRET = "whsec_test_provider_development_only";

export interface TestProviderOptions {
  now?: () => Date;
  /** Signs/verifies the test provider's webhooks (TESTPAY_WEBHOOK_SECRET). */
  webhookSecret?: string;
}

interface PaymentRow {
  id: string;
  idempotency_key: string;
  request_hash: string;
  amount_cents: number;
  currency: string;
  customer_id: string | null;
  description: string;
  order_id: string;
  user_id: string;
  status: PaymentOutcome["status"];
  capture_method: "automatic" | "manual";
  /** Taken so far (the whole amount once an automatic charge succeeds; a manual capture may take less). */
  captured_cents: number;
  payment_method_id: string | null;
  error_code: PaymentErrorCode | null;
  decline_code: string | null;
  error_message: string | null;
  return_url: string;
  refunded_cents: number;
  created_at: string;
  updated_at: string;
}

interface PaymentMethodRow {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: TestCardBehaviour;
  /** Derived from the number (as Stripe's `card.fingerprint`); null for rows from before migration 0019. */
  fingerprint: string | null;
  created_at: string;
}

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}_${[...bytes]
    .map((b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 24)}`;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function toCard(row: PaymentMethodRow): CardPaymentMethod {
  return {
    paymentMethodRef: row.id,
    brand: isBrand(row.brand) ? row.brand : "unknown",
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    ...(row.fingerprint ? { fingerprint: row.fingerprint } : {}),
  };
}

function isBrand(value: string): value is CardPaymentMethod["brand"] {
  return ["visa", "mastercard", "amex", "discover", "diners", "jcb", "unionpay", "unknown"].includes(value);
}

/** The 3-D Secure page of the test provider for one payment. */
export function threeDSecurePath(paymentRef: string): string {
  return `/payment/3ds/${encodeURIComponent(paymentRef)}`;
}

/** A charge decided from a card's behaviour: the new status and refusal, if any. */
type ChargeDecision = Pick<PaymentRow, "status" | "error_code" | "decline_code" | "error_message">;

function decide(
  behaviour: TestCardBehaviour,
  options: { offSession: boolean; savedOnCustomer: boolean },
): ChargeDecision {
  const threeDs =
    behaviour === "three_ds_required" ||
    behaviour === "three_ds_then_insufficient" ||
    (behaviour === "three_ds_unless_saved" && !(options.offSession && options.savedOnCustomer));
  if (threeDs) {
    if (options.offSession) {
      return {
        status: "failed",
        error_code: "authentication_required",
        decline_code: "authentication_required",
        error_message: "Your card was declined. This transaction requires authentication.",
      };
    }
    return { status: "requires_action", error_code: null, decline_code: null, error_message: null };
  }
  const decline = declineOf(behaviour);
  if (decline)
    return {
      status: "failed",
      error_code: decline.code,
      decline_code: decline.declineCode,
      error_message: decline.message,
    };
  return { status: "succeeded", error_code: null, decline_code: null, error_message: null };
}

/** With manual capture a charge that would go through is only authorised: the money is held. */
function held(decision: ChargeDecision, manual: boolean): ChargeDecision {
  return manual && decision.status === "succeeded" ? { ...decision, status: "requires_capture" } : decision;
}

/** A form-check refusal of a typed card (nothing reaches the "issuer"). */
function inputRefusal(code: PaymentErrorCode): ChargeDecision {
  return {
    status: "failed",
    error_code: code,
    decline_code: null,
    error_message: `The card details are not valid (${code}).`,
  };
}

export function createTestPaymentsProvider(
  db: D1Database,
  options: TestProviderOptions = {},
): PaymentsAdapter & {
  /** The Stripe-shaped events the provider recorded for one object (payment or refund), oldest first. */
  events(objectId: string): Promise<StripeEventShape[]>;
} {
  const now = options.now ?? (() => new Date());
  const webhookSecret = options.webhookSecret ?? DEFAULT_TEST_WEBHOOK_SECRET;
  const iso = () => now().toISOString();

  async function findPayment(id: string): Promise<PaymentRow | null> {
    return db.prepare("SELECT * FROM testpay_payments WHERE id = ?1").bind(id).first<PaymentRow>();
  }

  async function findMethod(id: string): Promise<PaymentMethodRow | null> {
    return db.prepare("SELECT * FROM testpay_payment_methods WHERE id = ?1").bind(id).first<PaymentMethodRow>();
  }

  function intentOf(row: PaymentRow, method: PaymentMethodRow | null): StripePaymentIntentShape {
    const failed = row.status === "failed" || (row.status === "canceled" && row.error_code !== null);
    return {
      id: row.id,
      object: "payment_intent",
      amount: row.amount_cents,
      currency: row.currency,
      status: row.status === "failed" ? "requires_payment_method" : row.status,
      capture_method: row.capture_method,
      amount_received: row.captured_cents,
      last_payment_error: failed
        ? {
            type: "card_error",
            code: row.error_code === "three_d_secure_failed" ? "payment_intent_authentication_failure" : row.error_code,
            decline_code: row.decline_code,
            message: row.error_message,
          }
        : null,
      next_action:
        row.status === "requires_action"
          ? { type: "redirect_to_url", redirect_to_url: { url: threeDSecurePath(row.id), return_url: row.return_url } }
          : null,
      metadata: { order_id: row.order_id, user_id: row.user_id },
      payment_method: method
        ? {
            id: method.id,
            object: "payment_method",
            customer: method.customer_id,
            card: {
              brand: method.brand,
              last4: method.last4,
              exp_month: method.exp_month,
              exp_year: method.exp_year,
              fingerprint: method.fingerprint,
            },
          }
        : null,
      latest_charge: { id: `ch_${row.id.slice(3)}`, amount_refunded: row.refunded_cents },
    };
  }

  async function outcome(row: PaymentRow): Promise<PaymentOutcome> {
    const method = row.payment_method_id ? await findMethod(row.payment_method_id) : null;
    const intent = intentOf(row, method);
    const { error, nextAction, card } = outcomeFromIntent(intent);
    return {
      paymentRef: row.id,
      status: row.status,
      amountCents: row.amount_cents,
      currency: row.currency,
      refundedCents: row.refunded_cents,
      capturedCents: row.captured_cents,
      ...(error ? { error } : {}),
      ...(nextAction ? { nextAction } : {}),
      ...(card ? { card } : {}),
      metadata: { orderId: row.order_id, userId: row.user_id },
      returnUrl: row.return_url,
    };
  }

  function eventStatement(type: string, objectId: string, object: unknown): D1PreparedStatement {
    const created = Math.floor(now().getTime() / 1000);
    const id = randomId("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: null,
      created,
      livemode: false,
      type,
      data: { object },
      request: { id: null, idempotency_key: null },
    });
    return db
      .prepare("INSERT INTO testpay_events (id, type, object_id, payload, created) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(id, type, objectId, payload, created);
  }

  const EVENT_OF_STATUS: Record<PaymentOutcome["status"], string> = {
    succeeded: "payment_intent.succeeded",
    requires_capture: "payment_intent.amount_capturable_updated",
    failed: "payment_intent.payment_failed",
    requires_action: "payment_intent.requires_action",
    processing: "payment_intent.processing",
    canceled: "payment_intent.canceled",
    requires_payment_method: "payment_intent.created",
  };

  async function recordPaymentEvent(row: PaymentRow): Promise<void> {
    const method = row.payment_method_id ? await findMethod(row.payment_method_id) : null;
    await eventStatement(EVENT_OF_STATUS[row.status], row.id, intentOf(row, method)).run();
  }

  /** A new payment method row for a typed card (validated first). */
  async function tokenRow(card: CardInput): Promise<PaymentMethodRow> {
    return {
      id: randomId("pm"),
      customer_id: null,
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      behaviour: behaviourOf(card.number),
      // The same number → the same fingerprint (never the number itself).
      fingerprint: (await sha256Hex(`testpay:fingerprint:${card.number}`)).slice(0, 16),
      created_at: iso(),
    };
  }

  function insertMethod(row: PaymentMethodRow): D1PreparedStatement {
    return db
      .prepare(
        "INSERT INTO testpay_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour, fingerprint, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
      )
      .bind(
        row.id,
        row.customer_id,
        row.brand,
        row.last4,
        row.exp_month,
        row.exp_year,
        row.behaviour,
        row.fingerprint,
        row.created_at,
      );
  }

  /**
   * What charging with the given card or saved method decides, plus the statements that store a
   * new method. Unknown or foreign methods are the caller's mistake (invalid_request).
   */
  async function chargeWith(
    source: { card?: CardInput; paymentMethodRef?: string },
    customerId: string | null,
    offSession: boolean,
  ): Promise<{ decision: ChargeDecision; methodId: string | null; statements: D1PreparedStatement[] }> {
    if (source.card) {
      const problem = cardInputError(source.card, now());
      if (problem) return { decision: inputRefusal(problem), methodId: null, statements: [] };
      const row = await tokenRow(source.card);
      return {
        decision: decide(row.behaviour, { offSession, savedOnCustomer: false }),
        methodId: row.id,
        statements: [insertMethod(row)],
      };
    }
    if (source.paymentMethodRef) {
      const method = await findMethod(source.paymentMethodRef);
      if (!method) throw new PaymentsError("invalid_request", `No such payment method: '${source.paymentMethodRef}'.`);
      if (method.customer_id !== null && method.customer_id !== customerId) {
        throw new PaymentsError("invalid_request", "The payment method belongs to another customer.");
      }
      const savedOnCustomer = method.customer_id !== null && method.customer_id === customerId;
      if (offSession && !savedOnCustomer)
        throw new PaymentsError(
          "invalid_request",
          "An off-session charge needs a payment method saved on the customer.",
        );
      return {
        decision: decide(method.behaviour, { offSession, savedOnCustomer }),
        methodId: method.id,
        statements: [],
      };
    }
    return {
      decision: { status: "requires_payment_method", error_code: null, decline_code: null, error_message: null },
      methodId: null,
      statements: [],
    };
  }

  function checkAmount(amountCents: number, currency: string) {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw new PaymentsError("invalid_request", "The amount must be a positive whole number of cents.");
    if (!/^[a-z]{3}$/.test(currency))
      throw new PaymentsError("invalid_request", "The currency must be a three-letter ISO code in lower case.");
  }

  async function requirePayment(paymentRef: string): Promise<PaymentRow> {
    const row = await findPayment(paymentRef);
    if (!row) throw new PaymentsError("not_found", `No such payment: '${paymentRef}'.`);
    return row;
  }

  /** A charge attempt's columns, in this order in the insert and the update: status … error_message, return_url, updated_at. */
  function attemptColumns(decision: ChargeDecision, methodId: string | null, returnUrl: string | null, at: string) {
    return [
      decision.status,
      methodId,
      decision.error_code,
      decision.decline_code,
      decision.error_message,
      returnUrl,
      at,
    ];
  }

  /** An unknown customer is refused with `code` (as Stripe does: invalid_request where it is a parameter). */
  async function requireCustomer(customerRef: string, code: "invalid_request" | "not_found"): Promise<void> {
    const customer = await db.prepare("SELECT id FROM testpay_customers WHERE id = ?1").bind(customerRef).first();
    if (!customer) throw new PaymentsError(code, `No such customer: '${customerRef}'.`);
  }

  /** Reads back the row an insert (or a concurrent call's insert) has just stored. */
  async function storedRow<T>(select: D1PreparedStatement, what: string): Promise<T> {
    const row = await select.first<T>();
    if (!row) throw new PaymentsError("unreachable", `The test provider lost ${what} it just stored.`);
    return row;
  }

  /** Was this idempotency key used before (for this payment; for another one it is a conflict)? */
  async function keyUsed(idempotencyKey: string, paymentRef: string): Promise<boolean> {
    const seen = await db
      .prepare("SELECT object_id FROM testpay_idempotency WHERE key = ?1")
      .bind(idempotencyKey)
      .first<{ object_id: string }>();
    if (seen && seen.object_id !== paymentRef)
      throw new PaymentsError("idempotency_conflict", "This idempotency key was used for another payment.");
    return seen !== null;
  }

  /** Claims an idempotency key for one attempt at a payment (the update after it checks the attempt). */
  function claimKey(
    kind: "confirm" | "capture",
    idempotencyKey: string,
    paymentRef: string,
    attempt: string,
    requestHash: string,
    at: string,
  ) {
    return db
      .prepare(
        "INSERT INTO testpay_idempotency (key, kind, object_id, attempt_id, request_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (key) DO NOTHING",
      )
      .bind(idempotencyKey, kind, paymentRef, attempt, requestHash, at);
  }

  /** The payment after a change: its event is recorded when this call made the change. */
  async function afterChange(paymentRef: string, changed: (after: PaymentRow) => boolean): Promise<PaymentOutcome> {
    const after = await requirePayment(paymentRef);
    if (changed(after)) await recordPaymentEvent(after);
    return outcome(after);
  }

  const provider = {
    provider: "test" as const,
    publishableKey: null,

    async createCustomer({ userId, email }: { userId: string; email: string }) {
      await db
        .prepare(
          "INSERT INTO testpay_customers (id, user_id, email, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(randomId("cus"), userId, email, iso())
        .run();
      const row = await storedRow<{ id: string }>(
        db.prepare("SELECT id FROM testpay_customers WHERE user_id = ?1").bind(userId),
        "a customer",
      );
      return { customerRef: row.id };
    },

    async createPayment(input: CreatePaymentInput): Promise<PaymentOutcome> {
      const currency = input.currency.toLowerCase();
      checkAmount(input.amountCents, currency);
      const manual = input.captureMethod === "manual";
      const requestHash = await sha256Hex(
        JSON.stringify([
          input.amountCents,
          currency,
          input.customerRef ?? null,
          input.metadata.orderId,
          input.metadata.userId,
          ...(manual ? ["manual"] : []),
          ...(input.setupFutureUsage ? [input.setupFutureUsage] : []),
        ]),
      );
      const replay = await db
        .prepare("SELECT * FROM testpay_payments WHERE idempotency_key = ?1")
        .bind(input.idempotencyKey)
        .first<PaymentRow>();
      if (replay) return await replayed(replay, requestHash);

      if (input.customerRef) await requireCustomer(input.customerRef, "invalid_request");
      const charged = await chargeWith(input, input.customerRef ?? null, input.offSession === true);
      const { methodId, statements } = charged;
      const decision = held(charged.decision, manual);
      const id = randomId("pi");
      const at = iso();
      const insert = db
        .prepare(
          `INSERT INTO testpay_payments (id, idempotency_key, request_hash, amount_cents, currency, customer_id, description, order_id,
             user_id, status, payment_method_id, error_code, decline_code, error_message, return_url, created_at, updated_at,
             capture_method, captured_cents)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16, ?17, ?18)
           ON CONFLICT (idempotency_key) DO NOTHING`,
        )
        .bind(
          id,
          input.idempotencyKey,
          requestHash,
          input.amountCents,
          currency,
          input.customerRef ?? null,
          input.description,
          input.metadata.orderId,
          input.metadata.userId,
          ...attemptColumns(decision, methodId, input.returnUrl, at),
          manual ? "manual" : "automatic",
          decision.status === "succeeded" ? input.amountCents : 0,
        );
      // One transaction: a concurrent call with the same key either wins before us (our insert
      // does nothing and we answer its payment) or after us.
      await db.batch([...statements, insert]);
      const row = await storedRow<PaymentRow>(
        db.prepare("SELECT * FROM testpay_payments WHERE idempotency_key = ?1").bind(input.idempotencyKey),
        "a payment",
      );
      if (row.id !== id) return await replayed(row, requestHash);
      await recordPaymentEvent(row);
      return outcome(row);
    },

    async confirmPayment(input: ConfirmPaymentInput): Promise<PaymentOutcome> {
      const row = await requirePayment(input.paymentRef);
      const requestHash = await sha256Hex(JSON.stringify(["confirm", input.paymentRef]));
      if (await keyUsed(input.idempotencyKey, input.paymentRef)) return outcome(await requirePayment(input.paymentRef));
      // Only a payment still waiting for a card (or refused) can be tried again: never a second charge.
      if (row.status !== "requires_payment_method" && row.status !== "failed") return outcome(row);
      const charged = await chargeWith(input, row.customer_id, false);
      const { methodId, statements } = charged;
      const decision = held(charged.decision, row.capture_method === "manual");
      const attempt = randomId("att");
      const at = iso();
      await db.batch([
        ...statements,
        claimKey("confirm", input.idempotencyKey, input.paymentRef, attempt, requestHash, at),
        db
          .prepare(
            `UPDATE testpay_payments SET status = ?2, payment_method_id = ?3, error_code = ?4, decline_code = ?5, error_message = ?6,
               return_url = ?7, updated_at = ?8, captured_cents = CASE WHEN ?2 = 'succeeded' THEN amount_cents ELSE 0 END
             WHERE id = ?1 AND status IN ('requires_payment_method', 'failed')
               AND EXISTS (SELECT 1 FROM testpay_idempotency WHERE key = ?9 AND attempt_id = ?10)`,
          )
          .bind(
            input.paymentRef,
            ...attemptColumns(decision, methodId, input.returnUrl, at),
            input.idempotencyKey,
            attempt,
          ),
      ]);
      return afterChange(input.paymentRef, (after) => after.updated_at === at && after.status === decision.status);
    },

    async getPayment(paymentRef: string): Promise<PaymentOutcome> {
      return outcome(await requirePayment(paymentRef));
    },

    async confirmAction(paymentRef: string, result: "complete" | "fail"): Promise<PaymentOutcome> {
      const row = await requirePayment(paymentRef);
      if (row.status !== "requires_action") return outcome(row);
      const method = row.payment_method_id ? await findMethod(row.payment_method_id) : null;
      const decision: ChargeDecision = held(
        result === "fail"
          ? {
              status: "failed",
              error_code: "three_d_secure_failed",
              decline_code: null,
              error_message: "We are unable to authenticate your payment method.",
            }
          : method?.behaviour === "three_ds_then_insufficient"
            ? decide("insufficient_funds", { offSession: false, savedOnCustomer: false })
            : { status: "succeeded", error_code: null, decline_code: null, error_message: null },
        row.capture_method === "manual",
      );
      const at = iso();
      const { meta } = await db
        .prepare(
          `UPDATE testpay_payments SET status = ?2, error_code = ?3, decline_code = ?4, error_message = ?5, updated_at = ?6,
             captured_cents = CASE WHEN ?2 = 'succeeded' THEN amount_cents ELSE 0 END
           WHERE id = ?1 AND status = 'requires_action'`,
        )
        .bind(paymentRef, decision.status, decision.error_code, decision.decline_code, decision.error_message, at)
        .run();
      return afterChange(paymentRef, () => meta.changes === 1);
    },

    async capturePayment(input: {
      paymentRef: string;
      amountCents?: number;
      idempotencyKey: string;
    }): Promise<PaymentOutcome> {
      const row = await requirePayment(input.paymentRef);
      await keyUsed(input.idempotencyKey, input.paymentRef);
      // Captured already (this key or another): as it stands, never a second capture.
      if (row.status === "succeeded") return outcome(row);
      if (row.status !== "requires_capture") {
        throw new PaymentsError(
          "invalid_request",
          `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      const amount = input.amountCents ?? row.amount_cents;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > row.amount_cents) {
        throw new PaymentsError(
          "invalid_request",
          `The amount to capture must be a positive whole number of cents, at most ${row.amount_cents}.`,
        );
      }
      const at = iso();
      const attempt = randomId("att");
      await db.batch([
        claimKey("capture", input.idempotencyKey, input.paymentRef, attempt, String(amount), at),
        db
          .prepare(
            `UPDATE testpay_payments SET status = 'succeeded', captured_cents = ?2, updated_at = ?3
             WHERE id = ?1 AND status = 'requires_capture' AND EXISTS (SELECT 1 FROM testpay_idempotency WHERE key = ?4 AND attempt_id = ?5)`,
          )
          .bind(input.paymentRef, amount, at, input.idempotencyKey, attempt),
      ]);
      return afterChange(input.paymentRef, (after) => after.updated_at === at && after.status === "succeeded");
    },

    async cancelPayment(input: { paymentRef: string; idempotencyKey: string }): Promise<PaymentOutcome> {
      const row = await requirePayment(input.paymentRef);
      if (row.status === "canceled") return outcome(row);
      if (row.status === "succeeded" || row.status === "processing") {
        throw new PaymentsError(
          "invalid_request",
          `You cannot cancel this PaymentIntent because it has a status of ${row.status}.`,
        );
      }
      const at = iso();
      const { meta } = await db
        .prepare(
          `UPDATE testpay_payments SET status = 'canceled', captured_cents = 0, updated_at = ?2
           WHERE id = ?1 AND status IN ('requires_payment_method', 'requires_action', 'requires_capture', 'failed')`,
        )
        .bind(input.paymentRef, at)
        .run();
      return afterChange(input.paymentRef, () => meta.changes === 1);
    },

    async refund(input: { paymentRef: string; amountCents?: number; idempotencyKey: string }): Promise<RefundOutcome> {
      const existing = await db
        .prepare("SELECT * FROM testpay_refunds WHERE idempotency_key = ?1")
        .bind(input.idempotencyKey)
        .first<RefundRow>();
      if (existing) {
        if (existing.payment_id !== input.paymentRef)
          throw new PaymentsError("idempotency_conflict", "This idempotency key was used for another refund.");
        return refundOutcome(existing);
      }
      const payment = await requirePayment(input.paymentRef);
      if (payment.status !== "succeeded")
        throw new PaymentsError("invalid_request", `Payment ${payment.id} has not succeeded; nothing to refund.`);
      const amount = input.amountCents ?? payment.captured_cents - payment.refunded_cents;
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new PaymentsError("invalid_request", `Payment ${payment.id} has already been refunded.`);
      const id = randomId("re");
      const at = iso();
      await db.batch([
        db
          .prepare(
            `INSERT INTO testpay_refunds (id, idempotency_key, payment_id, amount_cents, currency, status, created_at)
             SELECT ?1, ?2, id, ?3, currency, 'succeeded', ?4 FROM testpay_payments
             WHERE id = ?5 AND status = 'succeeded' AND refunded_cents + ?3 <= captured_cents
             ON CONFLICT (idempotency_key) DO NOTHING`,
          )
          .bind(id, input.idempotencyKey, amount, at, input.paymentRef),
        db
          .prepare(
            "UPDATE testpay_payments SET refunded_cents = refunded_cents + ?2, updated_at = ?3 WHERE id = ?1 AND EXISTS (SELECT 1 FROM testpay_refunds WHERE id = ?4)",
          )
          .bind(input.paymentRef, amount, at, id),
      ]);
      const row = await db
        .prepare("SELECT * FROM testpay_refunds WHERE idempotency_key = ?1")
        .bind(input.idempotencyKey)
        .first<RefundRow>();
      if (!row)
        throw new PaymentsError(
          "invalid_request",
          `Refund of ${amount} cents is more than is left of payment ${payment.id}.`,
        );
      if (row.id === id) await eventStatement("refund.created", row.id, refundObject(row)).run();
      return refundOutcome(row);
    },

    async createSetupIntent({
      customerRef,
      idempotencyKey,
    }: {
      customerRef: string;
      idempotencyKey: string;
    }): Promise<SetupIntentOutcome> {
      await requireCustomer(customerRef, "invalid_request");
      await db
        .prepare(
          "INSERT INTO testpay_setup_intents (id, idempotency_key, customer_id, status, created_at) VALUES (?1, ?2, ?3, 'requires_payment_method', ?4) ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(randomId("seti"), idempotencyKey, customerRef, iso())
        .run();
      const row = await storedRow<{ id: string; customer_id: string; status: SetupIntentOutcome["status"] }>(
        db
          .prepare("SELECT id, customer_id, status FROM testpay_setup_intents WHERE idempotency_key = ?1")
          .bind(idempotencyKey),
        "a setup intent",
      );
      if (row.customer_id !== customerRef)
        throw new PaymentsError("idempotency_conflict", "This idempotency key was used for another customer.");
      return { setupRef: row.id, status: row.status };
    },

    async tokenizeCard(card: CardInput): Promise<CardPaymentMethod> {
      const problem = cardInputError(card, now());
      if (problem) throw new CardError(problem, `The card details are not valid (${problem}).`);
      const row = await tokenRow(card);
      await insertMethod(row).run();
      return toCard(row);
    },

    async attachPaymentMethod({
      customerRef,
      paymentMethodRef,
    }: {
      customerRef: string;
      paymentMethodRef: string;
    }): Promise<CardPaymentMethod> {
      await requireCustomer(customerRef, "not_found");
      const method = await findMethod(paymentMethodRef);
      if (!method) throw new PaymentsError("not_found", `No such payment method: '${paymentMethodRef}'.`);
      if (method.customer_id !== null && method.customer_id !== customerRef) {
        throw new PaymentsError("invalid_request", "The payment method is attached to another customer.");
      }
      const refusal = setupDeclineOf(method.behaviour);
      if (refusal) throw new CardError(refusal.code, refusal.message, refusal.declineCode);
      await db
        .prepare(
          "UPDATE testpay_payment_methods SET customer_id = ?2 WHERE id = ?1 AND (customer_id IS NULL OR customer_id = ?2)",
        )
        .bind(paymentMethodRef, customerRef)
        .run();
      return toCard({ ...method, customer_id: customerRef });
    },

    async detachPaymentMethod(paymentMethodRef: string): Promise<void> {
      await db
        .prepare("UPDATE testpay_payment_methods SET customer_id = NULL WHERE id = ?1")
        .bind(paymentMethodRef)
        .run();
    },

    async listPaymentMethods(customerRef: string): Promise<CardPaymentMethod[]> {
      const { results } = await db
        .prepare("SELECT * FROM testpay_payment_methods WHERE customer_id = ?1 ORDER BY created_at, id")
        .bind(customerRef)
        .all<PaymentMethodRow>();
      return results.map(toCard);
    },

    async parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
      await verifyWebhookSignature(rawBody, signatureHeader, webhookSecret, Math.floor(now().getTime() / 1000));
      return eventFromStripe(parseEventEnvelope(rawBody));
    },

    async events(objectId: string): Promise<StripeEventShape[]> {
      const { results } = await db
        .prepare("SELECT payload FROM testpay_events WHERE object_id = ?1 ORDER BY created, rowid")
        .bind(objectId)
        .all<{ payload: string }>();
      return results.map((row) => JSON.parse(row.payload) as StripeEventShape);
    },
  };

  async function replayed(row: PaymentRow, requestHash: string): Promise<PaymentOutcome> {
    if (row.request_hash !== requestHash) {
      throw new PaymentsError(
        "idempotency_conflict",
        "This idempotency key was already used with different parameters.",
      );
    }
    return outcome(row);
  }

  return provider;
}

interface RefundRow {
  id: string;
  idempotency_key: string;
  payment_id: string;
  amount_cents: number;
  currency: string;
  status: RefundOutcome["status"];
  created_at: string;
}

function refundObject(row: RefundRow): StripeRefundShape {
  return {
    id: row.id,
    object: "refund",
    amount: row.amount_cents,
    currency: row.currency,
    status: row.status,
    payment_intent: row.payment_id,
  };
}

function refundOutcome(row: RefundRow): RefundOutcome {
  return {
    refundRef: row.id,
    paymentRef: row.payment_id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
  };
}
