// Contract of checkout and billing (issue 13, SPEC §7 "Payments and discounts", "Lists"): the
// discount check, POST /payment/unified (cart → order → payment → fulfilment), orders, payment
// history, invoices and the payment provider's webhook.
import { z } from "zod";
import {
  discountValidateSchema,
  INVOICE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  unifiedPaymentSchema,
} from "../../../core/checkout";
import { BILLING_CYCLES } from "../../../core/servers";
import { PROVIDER_ERRORS } from "./payments";
import { errorBodySchema } from "./errors";
import { apiRoute, BEARER, jsonBody, ok, OPTIONAL_BEARER } from "./route";

const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

// ---------------------------------------------------------------------------------------------
// Request parts.

export const orderParamSchema = z.object({ id: z.uuid({ error: "must be an order id" }) });
export const invoiceParamSchema = z.object({
  id: z
    .string()
    .regex(/^(\d{1,12}|[0-9a-f-]{36})$/u, { error: "must be an invoice id or number" })
    .meta({ description: "The invoice's id or its number." }),
});

/** GET /orders/, /invoices/ and /payments/ query parameters (SPEC §7 "Lists": query params). */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(10_000, { error: "is too large" })
    .default(1),
  per_page: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(100, { error: "must be at most 100" })
    .default(20),
  status: z
    .enum(
      [
        "completed",
        "pending",
        "failed",
        "cancelled",
        "refunded",
        "succeeded",
        "requires_confirmation",
        "processing",
        "authorized",
        "canceled",
      ],
      { error: "is not a known status" },
    )
    .optional(),
});

/** A status the lists can be filtered by. */
export type ListStatus = NonNullable<z.input<typeof listQuerySchema>["status"]>;

// ---------------------------------------------------------------------------------------------
// Discount check (SPEC §7: its refusals answer their own shape, with `data`).

const DISCOUNT_REFUSALS = [
  "discount_required",
  "discount_signin_required",
  "discount_invalid",
  "discount_not_applicable",
  "discount_min_order",
] as const;

export const discountCheckSchema = z
  .object({
    success: z.literal(true),
    percentage: z.number(),
    discount_amount: money,
    message: z.string(),
    code_id: z.number().int(),
    subtotal: money.meta({
      description: "The domain items' subtotal, priced on the server (prices sent are ignored).",
    }),
  })
  .meta({ id: "DiscountCheck" });

/** A refused code: the one error shape plus the SPEC's `data` (success false, nothing off). */
export const discountRefusalSchema = z
  .object({
    success: z.literal(false),
    code: z.enum(DISCOUNT_REFUSALS),
    message: z.string().meta({ description: "Why, in the request's language." }),
    data: z.object({
      success: z.literal(false),
      percentage: z.number().meta({ example: 0 }),
      discount_amount: z.number().meta({ example: 0 }),
      message: z.string(),
      code_id: z.null(),
    }),
  })
  .meta({ id: "DiscountRefusal" });

export const discountValidateRoute = apiRoute(
  {
    method: "post",
    path: "/discount/validate",
    tags: ["Checkout"],
    summary: "Check a discount code against items (signed-in customers)",
    description:
      "Prices in the items are ignored: recomputed from the catalogue. A refused code answers the error shape with the SPEC's `data` block.",
    security: OPTIONAL_BEARER,
    request: { body: jsonBody(discountValidateSchema) },
    responses: {
      200: ok(discountCheckSchema, "The code applies."),
      400: {
        description:
          "A refused code (discount_required, discount_invalid, discount_not_applicable, discount_min_order), or invalid_parameter, bad_request (not JSON), unknown_extension.",
        content: {
          "application/json": {
            schema: z.union([
              discountRefusalSchema,
              errorBodySchema(["invalid_parameter", "bad_request", "unknown_extension"]),
            ]),
          },
        },
      },
      401: {
        description: "discount_signin_required: sign in to use a code.",
        content: { "application/json": { schema: discountRefusalSchema } },
      },
    },
  },
  // The refusals are declared above (400, 401) in their own shape, not at their usual statuses.
  ["unknown_extension"],
);

// ---------------------------------------------------------------------------------------------
// Orders.

export const serverLineFactsSchema = z
  .object({
    plan: z.string(),
    plan_name: z.string(),
    hostname: z.string(),
    datacenter: z.string(),
    datacenter_city: z.string().nullable(),
    os: z.string().nullable(),
    billing_cycle: z.enum(BILLING_CYCLES),
    months: z.number().int().nullable(),
    specs: z
      .object({ cpu_cores: z.number(), ram_gb: z.number(), disk_gb: z.number(), gpu: z.string().nullable() })
      .nullable(),
  })
  .nullable()
  .meta({
    id: "ServerLineFacts",
    description: "A server line's plan, hostname, datacenter, specs and billing cycle (SPEC §3); null for domains.",
  });

export const orderItemSchema = z
  .object({
    id: z.string(),
    type: z.string().meta({ example: "domain" }),
    name: z.string(),
    unicode: z.string(),
    operation: z.string().meta({ example: "registration" }),
    period: z.number().int().meta({ description: "Years (1 for a server line)." }),
    amount: money,
    icann_fee: money.meta({ description: "ICANN fees of the line, all years." }),
    discount: money,
    status: z.string().meta({ description: "pending, done, failed or refunded." }),
    error_code: z.string().nullable(),
    server: serverLineFactsSchema,
  })
  .meta({ id: "OrderItem" });

export const orderPaymentSchema = z
  .object({
    id: z.string(),
    status: z.string().meta({ description: PAYMENT_STATUSES.join(", ") }),
    method: z.string(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    amount: money,
    capture_method: z
      .enum(["automatic", "manual"])
      .meta({ description: "manual: authorised first, captured after fulfilment (orders with a transfer)." }),
    captured: money
      .nullable()
      .meta({ description: "Taken from the card (null until charged or captured; 0 when the hold was released)." }),
    refunded: money,
    error_code: z.string().nullable(),
    next_action_url: z
      .string()
      .nullable()
      .meta({ description: "Where to send the browser for 3-D Secure while the payment waits for it." }),
  })
  .meta({ id: "OrderPayment" });

export const orderSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    progress: z.enum(["pending", "processing", "completed", "failed"]),
    error_code: z.string().nullable(),
    currency: z.string(),
    subtotal: money,
    discount: money,
    discount_code: z.string().nullable(),
    tax: money,
    total: money,
    refunded: money,
    contact_id: z.number().int(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    items: z.array(orderItemSchema),
    payment: orderPaymentSchema.nullable(),
    invoice: z
      .object({ id: z.string(), number: z.number().int() })
      .nullable()
      .meta({ description: "The invoice issued for the order (once paid)." }),
  })
  .meta({ id: "Order" });

export const orderAnswerSchema = z
  .object({
    order: orderSchema,
    nextAction: z
      .object({ redirectUrl: z.string() })
      .nullable()
      .meta({ description: "Send the browser here to finish paying (3-D Secure)." }),
    clientSecret: z
      .string()
      .nullable()
      .meta({ description: "Stripe's Payment Element needs it when no card was given." }),
  })
  .meta({ id: "OrderAnswer" });

export type OrderView = z.infer<typeof orderSchema>;
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;
export type ServerLineFacts = z.infer<typeof serverLineFactsSchema>;

export const unifiedPaymentRoute = apiRoute(
  {
    method: "post",
    path: "/payment/unified",
    tags: ["Checkout"],
    summary: "Turn the customer's cart into an order and pay it",
    description:
      "The same idempotency_key answers the same order (200), never a second charge. 201: paid (and fulfilled); 202: waiting for 3-D Secure or the provider (follow nextAction, then POST /orders/{id}/sync); 200 with status failed: the payment was refused.",
    security: BEARER,
    request: { body: jsonBody(unifiedPaymentSchema) },
    responses: {
      200: ok(
        orderAnswerSchema,
        "The order of this idempotency key again, or a refused payment (order status failed).",
      ),
      201: ok(orderAnswerSchema, "The order, paid."),
      202: ok(orderAnswerSchema, "The order, waiting for 3-D Secure or for the provider's answer."),
    },
  },
  [
    "email_not_verified",
    "cart_empty",
    "order_in_progress",
    "invalid_contact_id",
    "not_available",
    "already_being_registered",
    "too_many_attempts",
    "pricing_unavailable",
    "unavailable",
    ...PROVIDER_ERRORS,
  ],
);

export const listOrdersRoute = apiRoute({
  method: "get",
  path: "/orders/",
  tags: ["Orders"],
  summary: "The customer's orders, newest first",
  security: BEARER,
  request: { query: listQuerySchema },
  responses: {
    200: ok(
      z.object({ orders: z.array(orderSchema), page: z.number().int(), per_page: z.number().int() }),
      "One page of orders.",
    ),
  },
});

export const getOrderRoute = apiRoute(
  {
    method: "get",
    path: "/orders/{id}",
    tags: ["Orders"],
    summary: "One order with its lines, payment and invoice",
    security: BEARER,
    request: { params: orderParamSchema },
    responses: { 200: ok(orderSchema, "The order.") },
  },
  ["order_not_found"],
);

export const syncOrderRoute = apiRoute(
  {
    method: "post",
    path: "/orders/{id}/sync",
    tags: ["Orders"],
    summary: "Ask the provider about the order's payment and move the order on",
    description: "After 3-D Secure, or to check on a slow payment.",
    security: BEARER,
    request: { params: orderParamSchema },
    responses: { 200: ok(orderSchema, "The order now.") },
  },
  ["order_not_found"],
);

// ---------------------------------------------------------------------------------------------
// Payment history and invoices.

export const paymentListItemSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    order_number: z.number().int(),
    status: z.enum(PAYMENT_STATUSES),
    method: z.string(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    amount: money,
    captured: money
      .nullable()
      .meta({ description: "Taken from the card (a hold may take less than `amount`, or nothing once released)." }),
    refunded: money,
    currency: z.string(),
    error_code: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Payment" });

export const listPaymentsRoute = apiRoute({
  method: "get",
  path: "/payments/",
  tags: ["Billing"],
  summary: "The customer's payments, newest first",
  security: BEARER,
  request: { query: listQuerySchema },
  responses: {
    200: ok(
      z.object({
        payments: z.array(paymentListItemSchema),
        total: z.number().int(),
        page: z.number().int(),
        per_page: z.number().int(),
      }),
      "One page of payments.",
    ),
  },
});

export const invoiceLineSchema = z
  .object({
    name: z.string(),
    product_type: z.string().meta({ example: "domain" }),
    operation: z.string(),
    period: z.number().int(),
    amount: money,
    icann_fee: money,
    discount: money,
    status: z.string(),
    server: serverLineFactsSchema
      .optional()
      .meta({ description: "Absent on invoices issued before server lines were recorded." }),
  })
  .meta({ id: "InvoiceLine" });

export const invoiceSellerSchema = z
  .object({
    name: z.string().optional(),
    address: z.string().optional(),
    email: z.string().optional(),
    vat: z.string().optional(),
  })
  .meta({ id: "InvoiceSeller" });

export const invoiceBuyerSchema = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    organization: z.string().nullable().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    state: z.string().nullable().optional(),
    postalCode: z.string().nullable().optional(),
    country: z.string().optional(),
    email: z.string().optional(),
  })
  .meta({
    id: "InvoiceBuyer",
    description: "The registrant contact of the order, as it was when the invoice was issued.",
  });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    order_id: z.string(),
    status: z.enum(INVOICE_STATUSES),
    currency: z.string(),
    subtotal: money.meta({ description: "Lines plus ICANN fees." }),
    discount: money,
    tax: money,
    total: money,
    refunded: money,
    payment_id: z.string().nullable(),
    seller: invoiceSellerSchema,
    buyer: invoiceBuyerSchema,
    items: z.array(invoiceLineSchema),
    issued_at: z.string(),
  })
  .meta({ id: "Invoice" });

export const invoiceDetailSchema = invoiceSchema
  .extend({
    order_number: z.number().int().nullable(),
    payment: z
      .object({
        id: z.string(),
        status: z.enum(PAYMENT_STATUSES),
        method: z.string(),
        card_brand: z.string().nullable(),
        card_last4: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "InvoiceDetail" });

export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const listInvoicesRoute = apiRoute({
  method: "get",
  path: "/invoices/",
  tags: ["Billing"],
  summary: "The customer's invoices, newest first",
  security: BEARER,
  request: { query: listQuerySchema },
  responses: {
    200: ok(
      z.object({
        invoices: z.array(invoiceSchema),
        total: z.number().int(),
        page: z.number().int(),
        per_page: z.number().int(),
      }),
      "One page of invoices.",
    ),
  },
});

export const getInvoiceRoute = apiRoute(
  {
    method: "get",
    path: "/invoices/{id}",
    tags: ["Billing"],
    summary: "One invoice, with its order number and payment",
    security: BEARER,
    request: { params: invoiceParamSchema },
    responses: { 200: ok(invoiceDetailSchema, "The invoice.") },
  },
  ["invoice_not_found"],
);

// ---------------------------------------------------------------------------------------------
// The provider's webhook (documented only: it reads the raw body to check its signature).

export const paymentWebhookRoute = apiRoute(
  {
    method: "post",
    path: "/payment/webhook",
    tags: ["Checkout"],
    summary: "The payment provider's webhook (Stripe events)",
    description:
      "Called by the payment provider, not by clients: the raw body is checked against the `Stripe-Signature` header. Each event is acted on once; an event seen before answers `duplicate: true`.",
    request: {
      headers: z.object({
        "stripe-signature": z.string().optional().meta({ description: "The provider's signature of the raw body." }),
      }),
      body: jsonBody(z.record(z.string(), z.unknown()).meta({ description: "The provider's event, as it sends it." })),
    },
    responses: {
      200: ok(
        z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }),
        "The event was received (or seen before).",
      ),
    },
  },
  ["invalid_signature"],
);
