// Checkout and billing (issue 13, SPEC §7 "Payments and discounts", "Lists"): discount checks,
// POST /payment/unified (cart → order → payment → fulfilment), orders, payment history,
// invoices, and the payment provider's webhook.
import { Hono } from "hono";
import { z } from "zod";
import { applyDiscount, discountValidateSchema, orderTotals, unifiedPaymentSchema, type PricedLine } from "../../../core/checkout";
import { domainTotalCents } from "../../../core/cart";
import { centsToDecimal } from "../../../core/money";
import { safeRedirectPath } from "../../../core/safe-redirect";
import { CardError, PaymentsError, WebhookSignatureError } from "../adapters/payments";
import { authOf, optionalAuth, requireAuth } from "../auth/middleware";
import { loadCatalogue } from "../db/catalogue";
import { getInvoice, getOrder, getOrderById, latestPayment, listInvoices, listPayments, paymentByProviderRef, type InvoiceRow } from "../db/orders";
import { recordWebhookEvent } from "../db/payment-methods";
import { priceCents } from "../domain-quote";
import type { ApiBindings } from "../env";
import { ApiError } from "../errors";
import { zValidate } from "../validate";
import { applyPaymentOutcome, discountMessage, findDiscountRule, orderView, placeOrder, runFulfilment, syncOrderPayment } from "../checkout/service";
import { cardErrorResponse, paymentsErrorResponse } from "./payment-methods";
import { requestLocale, translateApiText } from "../texts";

const orderNotFound = () => new ApiError(404, "order_not_found", "No such order.");
const orderParamSchema = z.object({ id: z.uuid({ error: "must be an order id" }) });
const invoiceParamSchema = z.object({ id: z.string().regex(/^(\d{1,12}|[0-9a-f-]{36})$/u, { error: "must be an invoice id or number" }) });

/** GET /invoices/ and /payments/ query parameters (SPEC §7 "Lists": query params). */
const listQuerySchema = z.object({
  page: z.coerce.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(10_000, { error: "is too large" }).default(1),
  per_page: z.coerce.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(100, { error: "must be at most 100" }).default(20),
  status: z.enum(["completed", "pending", "failed", "cancelled", "refunded", "succeeded", "requires_confirmation", "processing", "authorized", "canceled"], { error: "is not a known status" }).optional(),
});

function invoiceView(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    order_id: row.order_id,
    status: row.status,
    currency: row.currency,
    subtotal: centsToDecimal(row.subtotal_cents),
    discount: centsToDecimal(row.discount_cents),
    tax: centsToDecimal(row.tax_cents),
    total: centsToDecimal(row.total_cents),
    refunded: centsToDecimal(row.refunded_cents),
    payment_id: row.payment_id,
    seller: JSON.parse(row.seller) as unknown,
    buyer: JSON.parse(row.buyer) as unknown,
    items: JSON.parse(row.items) as unknown[],
    issued_at: row.issued_at,
  };
}

export const checkoutRoutes = new Hono<ApiBindings>()
  // SPEC §7: POST /discount/validate {code, items[]} → success, data.success, percentage,
  // discount_amount, message, code_id. Prices in the items are ignored: recomputed here.
  .post("/discount/validate", optionalAuth, zValidate("json", discountValidateSchema), async (c) => {
    const { code, items } = c.req.valid("json");
    const refuse = (reason: string, status: 400 | 401 = 400) => {
      const message = translateApiText(requestLocale(c.req.header("accept-language")), "errors", discountMessage(reason), reason);
      return c.json({ success: false as const, code: reason, message, data: { success: false, percentage: 0, discount_amount: 0, message, code_id: null } }, status);
    };
    if (!code) return refuse("discount_required");
    if (!c.var.auth) return refuse("discount_signin_required", 401);
    const catalogue = await loadCatalogue(c.env.DB);
    const lines: PricedLine[] = [];
    for (const [index, item] of items.entries()) {
      if (item.product_type !== "domain") continue;
      const tld = (item.product_details?.tld ?? item.product_details?.domain_name?.split(".").slice(1).join(".") ?? "").replace(/^\./u, "").toLowerCase();
      const row = catalogue.byTld.get(tld);
      if (!row) throw new ApiError(400, "unknown_extension", "This extension is not supported.", [{ path: `items.${index}.product_details.tld`, message: "is not a supported extension" }]);
      const cents = priceCents(row);
      lines.push({ key: String(index), type: "domain", name: item.product_details?.domain_name ?? tld, tld, operation: "registration", years: item.years, totalCents: domainTotalCents("registration", item.years, cents) * item.quantity, icannFeeCents: cents.icannFee });
    }
    const outcome = applyDiscount(await findDiscountRule(c.env.DB, code), lines, true);
    if (!outcome.ok) return refuse(outcome.reason);
    return c.json({
      success: true as const,
      data: {
        success: true,
        percentage: outcome.rule.percentage,
        discount_amount: centsToDecimal(outcome.discountCents),
        message: "Discount code is valid",
        code_id: outcome.rule.id,
        subtotal: centsToDecimal(orderTotals(lines, 0).subtotalCents),
      },
      message: "Discount code is valid",
    });
  })
  .post("/payment/unified", requireAuth, zValidate("json", unifiedPaymentSchema), async (c) => {
    const body = c.req.valid("json");
    const returnPath = safeRedirectPath(body.return_path ?? null, "/checkout/{order}");
    const origin = new URL(c.req.url).origin;
    const locale = /^tr\b/iu.test(c.req.header("accept-language") ?? "") ? "tr" : "en";
    try {
      const { status, answer } = await placeOrder(c.env, c.var.services, authOf(c).userId, body, {
        returnUrl: `${origin}${returnPath.replace("%7Border%7D", "{order}")}`,
        locale,
      });
      return c.json({ success: true as const, data: answer }, status);
    } catch (error) {
      if (error instanceof CardError) throw cardErrorResponse(error);
      if (error instanceof PaymentsError) throw paymentsErrorResponse(error);
      throw error;
    }
  })
  .get("/orders/", requireAuth, zValidate("query", listQuerySchema), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { results } = await c.env.DB.prepare("SELECT * FROM orders WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2 OFFSET ?3")
      .bind(authOf(c).userId, per_page, (page - 1) * per_page)
      .all<Parameters<typeof orderView>[1]>();
    return c.json({ success: true as const, data: { orders: await Promise.all(results.map((row) => orderView(c.env.DB, row))), page, per_page } });
  })
  .get("/orders/:id", requireAuth, zValidate("param", orderParamSchema), async (c) => {
    const order = await getOrder(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!order) throw orderNotFound();
    return c.json({ success: true as const, data: await orderView(c.env.DB, order) });
  })
  // After 3-D Secure (or to check on a slow payment): ask the provider, move the order on.
  .post("/orders/:id/sync", requireAuth, zValidate("param", orderParamSchema), async (c) => {
    const db = c.env.DB;
    const order = await getOrder(db, authOf(c).userId, c.req.valid("param").id);
    if (!order) throw orderNotFound();
    if (order.status === "pending") await syncOrderPayment(c.env, c.var.services, order);
    else if (order.status === "paid" || order.status === "fulfilling") await runFulfilment(c.env, c.var.services, order.id);
    const after = (await getOrderById(db, order.id)) ?? order;
    return c.json({ success: true as const, data: await orderView(db, after) });
  })
  .get("/payments/", requireAuth, zValidate("query", listQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listPayments(c.env.DB, authOf(c).userId, { page: query.page, perPage: query.per_page, status: query.status });
    return c.json({
      success: true as const,
      data: {
        payments: rows.map((row) => ({
          id: row.id,
          order_id: row.order_id,
          order_number: row.order_number,
          status: row.status,
          method: row.method,
          card_brand: row.card_brand,
          card_last4: row.card_last4,
          amount: centsToDecimal(row.amount_cents),
          // Taken from the card (a hold may take less than `amount`, or nothing once released).
          captured: row.captured_cents === null ? null : centsToDecimal(row.captured_cents),
          refunded: centsToDecimal(row.refunded_cents),
          currency: row.currency,
          error_code: row.error_code,
          created_at: row.created_at,
        })),
        total,
        page: query.page,
        per_page: query.per_page,
      },
    });
  })
  .get("/invoices/", requireAuth, zValidate("query", listQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listInvoices(c.env.DB, authOf(c).userId, { page: query.page, perPage: query.per_page, status: query.status });
    return c.json({ success: true as const, data: { invoices: rows.map(invoiceView), total, page: query.page, per_page: query.per_page } });
  })
  .get("/invoices/:id", requireAuth, zValidate("param", invoiceParamSchema), async (c) => {
    const invoice = await getInvoice(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!invoice) throw new ApiError(404, "invoice_not_found", "No such invoice.");
    const order = await getOrder(c.env.DB, authOf(c).userId, invoice.order_id);
    const payment = order ? await latestPayment(c.env.DB, order.id) : null;
    return c.json({
      success: true as const,
      data: {
        ...invoiceView(invoice),
        order_number: order?.number ?? null,
        payment: payment ? { id: payment.id, status: payment.status, method: payment.method, card_brand: payment.card_brand, card_last4: payment.card_last4 } : null,
      },
    });
  })
  // The provider's webhook: verified signature, each event once, any order of arrival.
  .post("/payment/webhook", async (c) => {
    const { payments } = c.var.services;
    const raw = await c.req.text();
    let event;
    try {
      event = await payments.parseWebhook(raw, c.req.header("stripe-signature") ?? null);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new ApiError(400, "invalid_signature", "The webhook signature is missing or wrong.");
      throw error;
    }
    if (!(await recordWebhookEvent(c.env.DB, event, payments.provider, c.var.services.now()))) {
      return c.json({ success: true as const, data: { received: true, duplicate: true } });
    }
    if (event.type.startsWith("payment.") && "payment" in event) {
      // Ours by its id, or — when our first call's answer was lost — by the order it names.
      const payment =
        (await paymentByProviderRef(c.env.DB, event.payment.paymentRef)) ??
        (await latestPayment(c.env.DB, event.payment.metadata.orderId).then((row) => (row && !row.provider_ref && row.user_id === event.payment.metadata.userId ? row : null)));
      // A payment of ours: ask the provider for its current state rather than trusting the order
      // the events arrived in.
      if (payment) {
        const current = await payments.getPayment(event.payment.paymentRef).catch(() => event.payment);
        await applyPaymentOutcome(c.env, c.var.services, payment.order_id, payment, current);
      }
    }
    return c.json({ success: true as const, data: { received: true } });
  });

