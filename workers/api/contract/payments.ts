// Contract of saved payment methods (SPEC §7 "Payments and discounts") and of the embedded test
// provider's browser-facing calls (tokenising a typed card, the simulated 3-D Secure page). Every
// route needs the bearer token and is scoped to the signed-in user: another user's card or
// payment answers 404 as if it did not exist.
import { z } from "zod";
import {
  paymentMethodIdBodySchema,
  savePaymentMethodSchema,
  testCardBodySchema,
  threeDSecureBodySchema,
} from "../../../core/payments/schemas";
import { CARD_ERROR_CODES } from "../../../core/payments/card";
import type { ApiErrorCode } from "./errors";
import { apiRoute, BEARER, envelope, jsonBody, ok } from "./route";

const provider = z
  .enum(["test", "stripe"])
  .meta({ description: "Which payment provider answers: the embedded test provider or Stripe." });

export const paymentMethodSchema = z
  .object({
    id: z.string(),
    stripe_payment_method_id: z.string().meta({ description: "The provider's payment method id.", example: "pm_1Abc" }),
    provider,
    type: z.literal("card"),
    brand: z.string().meta({ example: "visa" }),
    last4: z.string().meta({ example: "4242" }),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    is_default: z.boolean().meta({ description: "The card renewals are charged to." }),
    nickname: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "PaymentMethod" });

export const paymentMethodListSchema = z
  .object({
    payment_methods: z.array(paymentMethodSchema),
    provider,
    publishable_key: z
      .string()
      .nullable()
      .meta({ description: "Stripe's publishable key for the Payment Element (null with the test provider)." }),
  })
  .meta({ id: "PaymentMethodList" });

export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

/** A JSON success answer of this exact schema (the calls that repeat `data` at the top level). */
function okBody<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/** SPEC §7 names the card at the top level too (`payment_method`), beside `data`. */
const savedMethodBody = envelope(paymentMethodSchema).extend({ payment_method: paymentMethodSchema });

const idParamSchema = z.object({ id: z.uuid({ error: "must be a payment method id" }) });
const refParamSchema = z.object({
  ref: z
    .string()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, { error: "must be a payment id like pi_…" })
    .meta({ example: "pi_3Abc" }),
});

/** What a provider call can end with (a refused card, the provider refusing or unreachable); paying ends the same ways. */
export const PROVIDER_ERRORS = [
  ...CARD_ERROR_CODES,
  "authentication_required",
  "three_d_secure_failed",
  "payment_failed",
  "payment_method_not_found",
  "payment_request_refused",
  "not_supported_by_provider",
  "payment_provider_unavailable",
] as const satisfies readonly ApiErrorCode[];

export const listPaymentMethodsRoute = apiRoute({
  method: "get",
  path: "/user/payment-methods",
  tags: ["Payment methods"],
  summary: "The customer's saved cards",
  security: BEARER,
  responses: {
    200: okBody(
      envelope(paymentMethodListSchema).extend({
        payment_methods: z.array(paymentMethodSchema).meta({ description: "The same list as data.payment_methods." }),
      }),
      "The saved cards, the provider and its publishable key.",
    ),
  },
});

export const savePaymentMethodRoute = apiRoute(
  {
    method: "post",
    path: "/user/payment-methods",
    tags: ["Payment methods"],
    summary: "Save a card the provider has tokenised",
    description: "The same card saved again (same fingerprint) replaces the earlier one (200).",
    security: BEARER,
    request: { body: jsonBody(savePaymentMethodSchema) },
    responses: {
      200: okBody(savedMethodBody, "The card was saved before: its entry, updated."),
      201: okBody(savedMethodBody, "The card, saved."),
    },
  },
  PROVIDER_ERRORS,
);

export const setupIntentRoute = apiRoute(
  {
    method: "post",
    path: "/user/payment-methods/setup-intent",
    tags: ["Payment methods"],
    summary: "Start saving a card with the provider's form (Stripe SetupIntent)",
    security: BEARER,
    responses: {
      200: ok(
        z.object({
          setup_ref: z.string().meta({ example: "seti_1Abc" }),
          client_secret: z
            .string()
            .nullable()
            .meta({ description: "For stripe.confirmSetup (null with the test provider)." }),
          status: z.enum(["requires_payment_method", "requires_action", "processing", "succeeded", "canceled"]),
          provider,
          publishable_key: z.string().nullable(),
        }),
        "The setup to confirm in the browser.",
      ),
    },
  },
  PROVIDER_ERRORS,
);

export const setDefaultPaymentMethodRoute = apiRoute(
  {
    method: "put",
    path: "/user/payment-methods/{id}/default",
    tags: ["Payment methods"],
    summary: "Make a saved card the one renewals are charged to",
    security: BEARER,
    request: { params: idParamSchema },
    responses: { 200: okBody(savedMethodBody, "The card, now the default.") },
  },
  ["payment_method_not_found"],
);

export const deletePaymentMethodRoute = apiRoute(
  {
    method: "delete",
    path: "/user/payment-methods/{id}",
    tags: ["Payment methods"],
    summary: "Remove a saved card",
    security: BEARER,
    request: { params: idParamSchema },
    responses: { 200: ok(z.object({ id: z.string() }), "The card was removed.") },
  },
  PROVIDER_ERRORS,
);

export const choosePaymentMethodRoute = apiRoute(
  {
    method: "post",
    path: "/user/payment-method",
    tags: ["Payment methods"],
    summary: "Make a card the default, by our id or the provider's (saving a new provider id first)",
    security: BEARER,
    request: { body: jsonBody(paymentMethodIdBodySchema) },
    responses: {
      200: okBody(savedMethodBody, "A saved card, now the default."),
      201: okBody(savedMethodBody, "A new card, saved as the default."),
    },
  },
  PROVIDER_ERRORS,
);

export const removePaymentMethodRoute = apiRoute(
  {
    method: "delete",
    path: "/user/payment-method",
    tags: ["Payment methods"],
    summary: "Remove a card, by our id or the provider's",
    security: BEARER,
    request: { body: jsonBody(paymentMethodIdBodySchema) },
    responses: { 200: ok(z.object({ id: z.string() }), "The card was removed.") },
  },
  PROVIDER_ERRORS,
);

// ---- the embedded test provider's browser side (404 with another provider) ----

export const testTokenizeRoute = apiRoute(
  {
    method: "post",
    path: "/payment/test/payment-methods",
    tags: ["Test payment provider"],
    summary: "Tokenise a typed card (the embedded test provider only)",
    security: BEARER,
    request: { body: jsonBody(testCardBodySchema) },
    responses: {
      201: ok(
        z.object({
          payment_method_id: z.string().meta({ example: "pm_test_1" }),
          brand: z.string(),
          last4: z.string(),
          exp_month: z.number().int(),
          exp_year: z.number().int(),
        }),
        "The card's token.",
      ),
    },
  },
  ["not_found", ...CARD_ERROR_CODES, "payment_failed"],
);

export const threeDsViewSchema = z
  .object({
    payment_ref: z.string(),
    status: z.enum([
      "succeeded",
      "requires_capture",
      "processing",
      "requires_action",
      "requires_payment_method",
      "failed",
      "canceled",
    ]),
    amount_cents: z.number().int(),
    currency: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    error_code: z.string().nullable(),
    return_url: z
      .string()
      .nullable()
      .meta({ description: "Where the page sends the browser afterwards, with Stripe's query parameters." }),
  })
  .meta({ id: "TestThreeDSecure" });

export type ThreeDsView = z.infer<typeof threeDsViewSchema>;

export const testThreeDsRoute = apiRoute(
  {
    method: "get",
    path: "/payment/test/3ds/{ref}",
    tags: ["Test payment provider"],
    summary: "The simulated 3-D Secure step of a payment (the embedded test provider only)",
    security: BEARER,
    request: { params: refParamSchema },
    responses: { 200: ok(threeDsViewSchema, "The payment waiting for 3-D Secure.") },
  },
  ["not_found", "payment_not_found"],
);

export const testThreeDsAnswerRoute = apiRoute(
  {
    method: "post",
    path: "/payment/test/3ds/{ref}",
    tags: ["Test payment provider"],
    summary: "Complete or fail the simulated 3-D Secure step",
    security: BEARER,
    request: { params: refParamSchema, body: jsonBody(threeDSecureBodySchema) },
    responses: { 200: ok(threeDsViewSchema, "The payment after the step.") },
  },
  ["not_found", "payment_not_found", ...PROVIDER_ERRORS],
);
