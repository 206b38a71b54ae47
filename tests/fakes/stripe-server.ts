// A fake Stripe API on loopback for the Stripe adapter's integration tests (DESIGN §5: tests point
// STRIPE_API_BASE here). It speaks Stripe's wire format as reference/external-services.md §7 and
// the fixtures in tests/fakes/fixtures/stripe (copied from ../shared/fixtures/stripe) show it:
// form-encoded requests with `Authorization: Bearer sk_test_…` and `Idempotency-Key`, JSON
// objects built over the stripe-mock fixtures, card errors as HTTP 402 `{error:{type:
// "card_error", code, decline_code, message, payment_intent}}`, idempotent replays, and
// `Stripe-Signature: t=…,v1=HMAC-SHA256` signed events.
//
// Test payment methods: `pm_card_visa`, `pm_card_mastercard`, `pm_card_chargeDeclined`,
// `pm_card_chargeDeclinedInsufficientFunds`, `pm_card_chargeDeclinedExpiredCard`,
// `pm_card_chargeDeclinedIncorrectCvc`, `pm_card_chargeDeclinedProcessingError`,
// `pm_card_chargeDeclinedLostCard`, `pm_card_threeDSecure2Required` (always 3-D Secure),
// `pm_card_authenticationRequiredOnSetup` (3-D Secure unless saved for off-session use).
// Using one on a customer (attach) clones it into a new `pm_…`, as Stripe does; each card has a
// `card.fingerprint` (the same test id → the same value). A PaymentIntent created with
// `setup_future_usage` and a `customer` attaches its card to the customer once it goes through.
//
// Faults are chosen by the secret key, so tests stay independent: `sk_test_fault_500_…` answers
// 500, `sk_test_fault_429_…` 429, `sk_test_fault_hang_…` never answers, `sk_test_fault_drop_…`
// closes the connection; any key not starting with `sk_test_` is refused (401).
//
// Fake-only routes (not Stripe's): `POST /__fake/3ds/{pi}` with `result=complete|fail` plays the
// customer on Stripe's 3-D Secure page; `GET /__fake/events?object={id}&t={unix}` returns the
// events recorded for an object with a Stripe-Signature header signed at `t` (default now);
// `GET /__fake/requests?idempotency_key=…` lists the API requests sent with that key.
//
// Manual capture (`capture_method=manual`): a confirmation that goes through only authorises —
// status `requires_capture`, `amount_capturable` = amount, an uncaptured charge, event
// `payment_intent.amount_capturable_updated`; `POST /v1/payment_intents/{id}/capture`
// (`amount_to_capture` ≤ amount_capturable, the rest released) → `succeeded` with
// `amount_received`; `POST /v1/payment_intents/{id}/cancel` (`cancellation_reason`) → `canceled`.
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const FIXTURES = new URL("./fixtures/stripe/", import.meta.url);
const PI_FIXTURE = JSON.parse(
  readFileSync(new URL("stripe-mock-fixture-payment_intent.json", FIXTURES), "utf8"),
) as Record<string, unknown>;
const CHARGE_FIXTURE = JSON.parse(readFileSync(new URL("stripe-mock-fixture-charge.json", FIXTURES), "utf8")) as Record<
  string,
  unknown
>;

type Behaviour =
  | "succeed"
  | "generic_decline"
  | "insufficient_funds"
  | "lost_card"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error"
  | "three_ds_required"
  | "three_ds_unless_saved";

interface TestCard {
  brand: string;
  last4: string;
  behaviour: Behaviour;
}

/** Stripe's test PaymentMethod ids (docs.stripe.com/testing) and the cards behind them. */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", behaviour: "succeed" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", behaviour: "succeed" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", behaviour: "generic_decline" },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", behaviour: "insufficient_funds" },
  pm_card_chargeDeclinedLostCard: { brand: "visa", last4: "9987", behaviour: "lost_card" },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", behaviour: "expired_card" },
  pm_card_chargeDeclinedIncorrectCvc: { brand: "visa", last4: "0127", behaviour: "incorrect_cvc" },
  pm_card_chargeDeclinedProcessingError: { brand: "visa", last4: "0119", behaviour: "processing_error" },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3220", behaviour: "three_ds_required" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", behaviour: "three_ds_required" },
  pm_card_authenticationRequiredOnSetup: { brand: "visa", last4: "3155", behaviour: "three_ds_unless_saved" },
};

const DECLINES: Partial<Record<Behaviour, { code: string; decline_code: string; message: string }>> = {
  generic_decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  lost_card: { code: "card_declined", decline_code: "lost_card", message: "Your card was declined." },
  expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  incorrect_cvc: {
    code: "incorrect_cvc",
    decline_code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
    fingerprint: string;
  };
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  behaviour: Behaviour;
}

interface PaymentIntent extends Record<string, unknown> {
  id: string;
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  metadata: Record<string, string>;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
}

interface Charge {
  id: string;
  payment_intent: string;
  amount: number;
  /** Taken: the amount at once, or after a capture of a manual-capture intent (0 before). */
  amount_captured: number;
  amount_refunded: number;
  payment_method: string;
}

interface StoredEvent {
  id: string;
  object_id: string;
  body: string;
}

/** The requests the fake received (for assertions on headers and wire format). */
export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `a[b][0]=x` form fields → nested objects/arrays, as Stripe reads them. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = out;
    parts.forEach((part, index) => {
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function listOf(value: unknown): string[] {
  if (!value || typeof value !== "object") return typeof value === "string" ? [value] : [];
  return Object.values(value as Record<string, string>);
}

export async function startFakeStripe(options: { webhookSecret?: string; port?: number } = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? "whsec_fake_stripe_secret";
  const customers = new Map<string, Record<string, unknown>>();
  const methods = new Map<string, PaymentMethod>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const events: StoredEvent[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: RecordedRequest[] = [];
  let baseUrl = "";

  function recordEvent(type: string, object: Record<string, unknown>) {
    const id = newId("evt");
    const body = JSON.stringify({
      id,
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    events.push({ id, object_id: String(object.id), body });
  }

  function paymentMethodFrom(ref: string): PaymentMethod | null {
    const existing = methods.get(ref);
    if (existing) return existing;
    const test = TEST_PAYMENT_METHODS[ref];
    if (!test) return null;
    // A test id stands for a fresh card each time it is used.
    const pm: PaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: null,
      // The same test card → the same fingerprint, whatever new pm_… stands for it (as Stripe's).
      card: {
        brand: test.brand,
        last4: test.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: "credit",
        country: "US",
        fingerprint: createHmac("sha256", "fake-fingerprint").update(ref).digest("hex").slice(0, 16),
      },
      created: now(),
      livemode: false,
      metadata: {},
      behaviour: test.behaviour,
    };
    methods.set(pm.id, pm);
    return pm;
  }

  function publicMethod(pm: PaymentMethod): Record<string, unknown> {
    const { behaviour: _behaviour, ...rest } = pm;
    return { ...rest, billing_details: { address: null, email: null, name: null, phone: null } };
  }

  function chargeView(charge: Charge): Record<string, unknown> {
    const pm = methods.get(charge.payment_method);
    return {
      ...CHARGE_FIXTURE,
      id: charge.id,
      amount: charge.amount,
      amount_captured: charge.amount_captured,
      amount_refunded: charge.amount_refunded,
      captured: charge.amount_captured > 0,
      paid: true,
      refunded: charge.amount_captured > 0 && charge.amount_refunded === charge.amount_captured,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      payment_method_details: {
        ...(CHARGE_FIXTURE.payment_method_details as Record<string, unknown>),
        card: {
          ...(CHARGE_FIXTURE.payment_method_details as { card: Record<string, unknown> }).card,
          ...(pm
            ? { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year }
            : {}),
        },
      },
      status: "succeeded",
      created: now(),
    };
  }

  function intentView(pi: PaymentIntent, expand: string[]): Record<string, unknown> {
    const view: Record<string, unknown> = { ...pi };
    if (expand.includes("payment_method") && pi.payment_method) {
      const pm = methods.get(pi.payment_method);
      view.payment_method = pm ? publicMethod(pm) : pi.payment_method;
    }
    if (expand.includes("latest_charge") && pi.latest_charge) {
      const charge = charges.get(pi.latest_charge);
      view.latest_charge = charge ? chargeView(charge) : pi.latest_charge;
    }
    return view;
  }

  class StripeFault extends Error {
    constructor(
      readonly status: number,
      readonly error: Record<string, unknown>,
    ) {
      super(String(error.message));
    }
  }

  const invalid = (message: string, extra: Record<string, unknown> = {}) =>
    new StripeFault(400, { type: "invalid_request_error", message, ...extra });
  const missing = (kind: string, id: string) =>
    new StripeFault(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${kind}: '${id}'`,
      param: "id",
    });

  /** Charges `pi` with its payment method: succeeded, 3-D Secure, or a 402 card error. */
  function confirm(pi: PaymentIntent, pm: PaymentMethod, form: Record<string, unknown>) {
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    pi.next_action = null;
    const offSession = form.off_session === "true";
    const savedHere = pm.customer !== null && pm.customer === pi.customer;
    const threeDs =
      pm.behaviour === "three_ds_required" || (pm.behaviour === "three_ds_unless_saved" && !(offSession && savedHere));
    if (threeDs && offSession) {
      return decline(pi, {
        code: "authentication_required",
        decline_code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      });
    }
    if (threeDs) {
      pi.status = "requires_action";
      pi.next_action = {
        type: "redirect_to_url",
        redirect_to_url: {
          url: `${baseUrl}/__fake/3ds/${pi.id}`,
          return_url: typeof form.return_url === "string" ? form.return_url : null,
        },
      };
      recordEvent("payment_intent.requires_action", intentView(pi, []));
      return;
    }
    const refusal = DECLINES[pm.behaviour];
    if (refusal) return decline(pi, refusal);
    succeed(pi);
  }

  function succeed(pi: PaymentIntent) {
    const manual = pi.capture_method === "manual";
    // setup_future_usage with a customer: the card is attached to the customer once it goes through.
    const used = pi.payment_method ? methods.get(pi.payment_method) : undefined;
    if (used && pi.setup_future_usage && pi.customer && used.customer === null) used.customer = pi.customer;
    const charge: Charge = {
      id: newId("ch"),
      payment_intent: pi.id,
      amount: pi.amount,
      amount_captured: manual ? 0 : pi.amount,
      amount_refunded: 0,
      payment_method: pi.payment_method ?? "",
    };
    charges.set(charge.id, charge);
    if (manual) {
      // Authorised only: the money is held until captured or canceled.
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      pi.latest_charge = charge.id;
      pi.next_action = null;
      recordEvent("payment_intent.amount_capturable_updated", intentView(pi, []));
      return;
    }
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    pi.next_action = null;
    recordEvent("payment_intent.succeeded", intentView(pi, []));
  }

  function decline(pi: PaymentIntent, refusal: { code: string; decline_code: string; message: string }): never {
    const pm = pi.payment_method ? methods.get(pi.payment_method) : undefined;
    pi.status = "requires_payment_method";
    pi.next_action = null;
    pi.last_payment_error = {
      type: "card_error",
      code: refusal.code,
      decline_code: refusal.decline_code,
      message: refusal.message,
      doc_url: `https://stripe.com/docs/error-codes/${refusal.code.replace(/_/g, "-")}`,
      payment_method: pm ? publicMethod(pm) : null,
    };
    recordEvent("payment_intent.payment_failed", intentView(pi, []));
    throw new StripeFault(402, { ...pi.last_payment_error, payment_intent: intentView(pi, []) });
  }

  function route(
    method: string,
    path: string,
    form: Record<string, unknown>,
    query: URLSearchParams,
  ): { status?: number; body: unknown } {
    const expand = listOf(form.expand ?? parseForm(query.toString()).expand);
    let match: RegExpExecArray | null;

    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: newId("cus"),
        object: "customer",
        created: now(),
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { body: customer };
    }

    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        throw invalid("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" });
      if (typeof form.currency !== "string")
        throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
      const customer = typeof form.customer === "string" ? form.customer : null;
      if (customer && !customers.has(customer)) throw missing("customer", customer);
      const id = newId("pi");
      const pi: PaymentIntent = {
        ...PI_FIXTURE,
        id,
        amount,
        amount_received: 0,
        amount_capturable: 0,
        capture_method: form.capture_method === "manual" ? "manual" : "automatic",
        canceled_at: null,
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        created: now(),
        currency: form.currency,
        customer,
        description: typeof form.description === "string" ? form.description : null,
        last_payment_error: null,
        latest_charge: null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        next_action: null,
        payment_method: null,
        automatic_payment_methods: form.automatic_payment_methods ? { enabled: true } : null,
        payment_method_types: listOf(form.payment_method_types).length ? listOf(form.payment_method_types) : ["card"],
        setup_future_usage: typeof form.setup_future_usage === "string" ? form.setup_future_usage : null,
        status: "requires_payment_method",
        transfer_data: null,
      };
      intents.set(id, pi);
      if (form.confirm === "true") {
        const pm = typeof form.payment_method === "string" ? paymentMethodFrom(form.payment_method) : null;
        if (!pm) throw missing("payment_method", String(form.payment_method));
        if (pm.customer && pm.customer !== customer)
          throw invalid("The provided PaymentMethod belongs to another Customer.", { param: "payment_method" });
        if (form.off_session === "true" && !customer)
          throw invalid("off_session requires a customer.", { param: "off_session" });
        confirm(pi, pm, form);
      }
      return { body: intentView(pi, expand) };
    }

    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === "GET") {
      const pi = intents.get(match[1]!);
      if (!pi) throw missing("payment_intent", match[1]!);
      return { body: intentView(pi, expand) };
    }

    if ((match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path)) && method === "POST") {
      const pi = intents.get(match[1]!);
      if (!pi) throw missing("payment_intent", match[1]!);
      if (pi.status !== "requires_payment_method" && pi.status !== "requires_confirmation") {
        throw invalid(`This PaymentIntent's status is ${pi.status}; it cannot be confirmed.`, {
          code: "payment_intent_unexpected_state",
        });
      }
      const ref = typeof form.payment_method === "string" ? form.payment_method : pi.payment_method;
      const pm = ref ? paymentMethodFrom(ref) : null;
      if (!pm)
        throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", {
          code: "payment_intent_unexpected_state",
        });
      confirm(pi, pm, form);
      return { body: intentView(pi, expand) };
    }

    if ((match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path)) && method === "POST") {
      const pi = intents.get(match[1]!);
      if (!pi) throw missing("payment_intent", match[1]!);
      if (pi.status !== "requires_capture") {
        throw invalid(
          `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          { code: "payment_intent_unexpected_state" },
        );
      }
      const capturable = Number(pi.amount_capturable);
      const amount = form.amount_to_capture === undefined ? capturable : Number(form.amount_to_capture);
      if (!Number.isInteger(amount) || amount <= 0 || amount > capturable) {
        throw invalid(
          `The amount to capture (${String(form.amount_to_capture)}) must be a positive integer no greater than the amount capturable (${capturable}).`,
          { code: "amount_too_large", param: "amount_to_capture" },
        );
      }
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (charge) charge.amount_captured = amount;
      pi.status = "succeeded";
      pi.amount_received = amount;
      pi.amount_capturable = 0;
      recordEvent("payment_intent.succeeded", intentView(pi, []));
      return { body: intentView(pi, expand) };
    }

    if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === "POST") {
      const pi = intents.get(match[1]!);
      if (!pi) throw missing("payment_intent", match[1]!);
      if (
        !["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"].includes(pi.status)
      ) {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          { code: "payment_intent_unexpected_state" },
        );
      }
      pi.status = "canceled";
      pi.canceled_at = now();
      pi.cancellation_reason = typeof form.cancellation_reason === "string" ? form.cancellation_reason : null;
      pi.amount_capturable = 0;
      pi.next_action = null;
      recordEvent("payment_intent.canceled", intentView(pi, []));
      return { body: intentView(pi, expand) };
    }

    if (method === "POST" && path === "/v1/refunds") {
      const piId = String(form.payment_intent ?? "");
      const pi = intents.get(piId);
      if (!pi) throw missing("payment_intent", piId);
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (!charge) throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`);
      const left = charge.amount_captured - charge.amount_refunded;
      if (left === 0)
        throw invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (amount > left)
        throw invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          { param: "amount" },
        );
      charge.amount_refunded += amount;
      const refund = {
        id: newId("re"),
        object: "refund",
        amount,
        charge: charge.id,
        created: now(),
        currency: pi.currency,
        metadata: {},
        payment_intent: pi.id,
        reason: null,
        status: "succeeded",
      };
      refunds.set(refund.id, refund);
      recordEvent("refund.created", refund);
      return { body: refund };
    }

    if (method === "POST" && path === "/v1/setup_intents") {
      const customer = String(form.customer ?? "");
      if (!customers.has(customer)) throw missing("customer", customer);
      const id = newId("seti");
      const setup = {
        id,
        object: "setup_intent",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        customer,
        status: "requires_payment_method",
        usage: form.usage ?? "off_session",
        payment_method: null,
        created: now(),
        livemode: false,
      };
      setupIntents.set(id, setup);
      return { body: setup };
    }

    if ((match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path)) && method === "POST") {
      const customer = String(form.customer ?? "");
      if (!customers.has(customer)) throw missing("customer", customer);
      const pm = paymentMethodFrom(match[1]!);
      if (!pm) throw missing("payment_method", match[1]!);
      if (pm.customer && pm.customer !== customer)
        throw invalid("This PaymentMethod is already attached to another customer.");
      const refusal = DECLINES[pm.behaviour];
      if (refusal && pm.behaviour !== "insufficient_funds")
        throw new StripeFault(402, { type: "card_error", ...refusal, param: "" });
      pm.customer = customer;
      return { body: publicMethod(pm) };
    }

    if ((match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)) && method === "POST") {
      const pm = methods.get(match[1]!);
      if (!pm) throw missing("payment_method", match[1]!);
      if (!pm.customer)
        throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
      pm.customer = null;
      return { body: publicMethod(pm) };
    }

    if (method === "GET" && path === "/v1/payment_methods") {
      const customer = query.get("customer");
      const data = [...methods.values()]
        .filter((pm) => pm.customer !== null && pm.customer === customer)
        .map(publicMethod);
      return { body: { object: "list", data, has_more: false, url: "/v1/payment_methods" } };
    }

    throw new StripeFault(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function fakeRoute(
    method: string,
    url: URL,
    form: Record<string, unknown>,
  ): { status?: number; body: unknown } | null {
    const threeDs = /^\/__fake\/3ds\/([^/]+)$/.exec(url.pathname);
    if (threeDs && method === "POST") {
      const pi = intents.get(threeDs[1]!);
      if (!pi) throw missing("payment_intent", threeDs[1]!);
      if (pi.status === "requires_action") {
        if (form.result === "complete") succeed(pi);
        else {
          pi.status = "requires_payment_method";
          pi.next_action = null;
          pi.last_payment_error = {
            type: "invalid_request_error",
            code: "payment_intent_authentication_failure",
            message: "The provided PaymentMethod has failed authentication.",
          };
          recordEvent("payment_intent.payment_failed", intentView(pi, []));
        }
      }
      return { body: intentView(pi, []) };
    }
    if (url.pathname === "/__fake/requests" && method === "GET") {
      const key = url.searchParams.get("idempotency_key");
      return { body: requests.filter((request) => request.idempotencyKey === key) };
    }
    if (url.pathname === "/__fake/events" && method === "GET") {
      const object = url.searchParams.get("object");
      const t = Number(url.searchParams.get("t") ?? now());
      const list = events
        .filter((event) => event.object_id === object)
        .map((event) => ({
          body: event.body,
          signature: `t=${t},v1=${createHmac("sha256", webhookSecret).update(`${t}.${event.body}`).digest("hex")}`,
        }));
      return { body: list };
    }
    return null;
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const form = parseForm(raw);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };

    try {
      const fake = fakeRoute(method, url, form);
      if (fake) return send(fake.status ?? 200, fake.body);

      const authorization = req.headers.authorization ?? null;
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({
        method,
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(raw)),
        idempotencyKey,
        authorization,
        stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
      });
      const key = /^Bearer (sk_test_\S+)$/.exec(authorization ?? "")?.[1];
      if (!key) return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      const fault = /^sk_test_fault_(500|429|hang|drop)_/.exec(key)?.[1];
      if (fault === "hang") return; // never answers: the client's timeout decides
      if (fault === "drop") return req.socket.destroy();
      if (fault === "500") return send(500, { error: { type: "api_error", message: "An unknown error occurred." } });
      if (fault === "429")
        return send(429, {
          error: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests." },
        });

      if (idempotencyKey && method === "POST") {
        const fingerprint = `${method} ${url.pathname} ${raw}`;
        const seen = idempotency.get(`${key}:${idempotencyKey}`);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            return send(400, {
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          }
          return send(seen.status, seen.body, { "idempotent-replayed": "true" });
        }
        let status = 200;
        let body: unknown;
        try {
          const result = route(method, url.pathname, form, url.searchParams);
          status = result.status ?? 200;
          body = result.body;
        } catch (error) {
          if (!(error instanceof StripeFault)) throw error;
          status = error.status;
          body = { error: error.error };
        }
        const text = JSON.stringify(body);
        // Stripe does not keep 400s from validation for replay when nothing ran; 402s and 2xx it does.
        if (status < 500) idempotency.set(`${key}:${idempotencyKey}`, { fingerprint, status, body: text });
        return send(status, text);
      }
      const result = route(method, url.pathname, form, url.searchParams);
      return send(result.status ?? 200, result.body);
    } catch (error) {
      if (error instanceof StripeFault) return send(error.status, { error: error.error });
      return send(500, { error: { type: "api_error", message: String(error) } });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    webhookSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
