// Checkout and billing (issue 13, SPEC §7 "Payments and discounts", "Lists"): discount checks,
// POST /payment/unified (cart → order → payment → fulfilment), orders, payment history,
// invoices, and the payment provider's webhook.
import type { MiddlewareHandler } from "hono";
import { applyDiscount, orderTotals, type DiscountRefusal, type PricedLine } from "../../../core/checkout";
import { domainTotalCents } from "../../../core/cart";
import { centsToDecimal } from "../../../core/money";
import { safeRedirectPath } from "../../../core/safe-redirect";
import { CardError, PaymentsError, WebhookSignatureError } from "../adapters/payments";
import { authOf, optionalAuth, requireAuth } from "../auth/middleware";
import {
  discountValidateRoute,
  getInvoiceRoute,
  getOrderRoute,
  listInvoicesRoute,
  listOrdersRoute,
  listPaymentsRoute,
  paymentWebhookRoute,
  syncOrderRoute,
  unifiedPaymentRoute,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceSeller,
} from "../contract/checkout";
import { loadCatalogue } from "../db/catalogue";
import {
  getInvoice,
  getOrder,
  getOrderById,
  latestPayment,
  listInvoices,
  listPayments,
  paymentByProviderRef,
  type InvoiceRow,
} from "../db/orders";
import { recordWebhookEvent } from "../db/payment-methods";
import { priceCents } from "../domain-quote";
import type { ApiBindings } from "../bindings";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";
import { runFulfilment } from "../checkout/fulfil";
import { applyPaymentOutcome, syncOrderPayment } from "../checkout/payment-outcome";
import { placeOrder } from "../checkout/place-order";
import { discountMessage, findDiscountRule } from "../checkout/pricing";
import { orderView, paymentSummary } from "../checkout/views";
import { cardErrorResponse, paymentsErrorResponse } from "../payment-errors";
import { requestLocale, translateApiText } from "../texts";

const orderNotFound = () => new ApiError(404, "order_not_found", "No such order.");

/** A contract route behind a middleware (the bearer token required or optional) of its own. */
function behind<R extends object>(middleware: MiddlewareHandler<ApiBindings>, route: R) {
  return { ...route, middleware: [middleware] as [MiddlewareHandler<ApiBindings>] };
}

/** A list's query (`?page&per_page&status`) as the db list functions take it. */
function listOptions<S>({ page, per_page, status }: { page: number; per_page: number; status?: S }) {
  return { page, perPage: per_page, status };
}

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
    // As issued (workers/api/checkout/fulfil.ts); the contract describes them.
    seller: JSON.parse(row.seller) as InvoiceSeller,
    buyer: JSON.parse(row.buyer) as InvoiceBuyer,
    items: JSON.parse(row.items) as InvoiceLine[],
    issued_at: row.issued_at,
  };
}

const router = contractRouter();
// The webhook below is a plain route (it reads the raw body): the document gets it from here.
router.openAPIRegistry.registerPath(paymentWebhookRoute);

export const checkoutRoutes = router
  // SPEC §7: POST /discount/validate {code, items[]} → success, data.success, percentage,
  // discount_amount, message, code_id. Prices in the items are ignored: recomputed here.
  .openapi(behind(optionalAuth, discountValidateRoute), async (c) => {
    const { code, items } = c.req.valid("json");
    const refusal = (reason: DiscountRefusal) => {
      const message = translateApiText(
        requestLocale(c.req.header("accept-language")),
        "errors",
        discountMessage(reason),
        reason,
      );
      return {
        success: false as const,
        code: reason,
        message,
        data: { success: false as const, percentage: 0, discount_amount: 0, message, code_id: null },
      };
    };
    if (!code) return c.json(refusal("discount_required"), 400);
    if (!c.var.auth) return c.json(refusal("discount_signin_required"), 401);
    const catalogue = await loadCatalogue(c.env.DB);
    const lines: PricedLine[] = [];
    for (const [index, item] of items.entries()) {
      if (item.product_type !== "domain") continue;
      const tld = (item.product_details?.tld ?? item.product_details?.domain_name?.split(".").slice(1).join(".") ?? "")
        .replace(/^\./u, "")
        .toLowerCase();
      const row = catalogue.byTld.get(tld);
      if (!row)
        throw new ApiError(400, "unknown_extension", "This extension is not supported.", [
          { path: `items.${index}.product_details.tld`, message: "is not a supported extension" },
        ]);
      const cents = priceCents(row);
      lines.push({
        key: String(index),
        type: "domain",
        name: item.product_details?.domain_name ?? tld,
        tld,
        operation: "registration",
        years: item.years,
        totalCents: domainTotalCents("registration", item.years, cents) * item.quantity,
        icannFeeCents: cents.icannFee,
      });
    }
    const outcome = applyDiscount(await findDiscountRule(c.env.DB, code), lines, true);
    if (!outcome.ok) return c.json(refusal(outcome.reason), 400);
    return c.json(
      {
        success: true as const,
        data: {
          success: true as const,
          percentage: outcome.rule.percentage,
          discount_amount: centsToDecimal(outcome.discountCents),
          message: "Discount code is valid",
          code_id: outcome.rule.id,
          subtotal: centsToDecimal(orderTotals(lines, 0).subtotalCents),
        },
        message: "Discount code is valid",
      },
      200,
    );
  })
  .openapi(behind(requireAuth, unifiedPaymentRoute), async (c) => {
    const body = c.req.valid("json");
    const returnPath = safeRedirectPath(body.return_path ?? null, "/checkout/{order}");
    const origin = new URL(c.req.url).origin;
    const locale = /^tr\b/iu.test(c.req.header("accept-language") ?? "") ? "tr" : "en";
    try {
      const { status, answer } = await placeOrder(c.env, c.var.services, authOf(c).userId, body, {
        returnUrl: `${origin}${returnPath.replace("%7Border%7D", "{order}")}`,
        locale,
      });
      const reply = { success: true as const, data: answer };
      return status === 201 ? c.json(reply, 201) : status === 202 ? c.json(reply, 202) : c.json(reply, 200);
    } catch (error) {
      if (error instanceof CardError) throw cardErrorResponse(error);
      if (error instanceof PaymentsError) throw paymentsErrorResponse(error);
      throw error;
    }
  })
  .openapi(behind(requireAuth, listOrdersRoute), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { results } = await c.env.DB.prepare(
      "SELECT * FROM orders WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2 OFFSET ?3",
    )
      .bind(authOf(c).userId, per_page, (page - 1) * per_page)
      .all<Parameters<typeof orderView>[1]>();
    return c.json(
      {
        success: true as const,
        data: { orders: await Promise.all(results.map((row) => orderView(c.env.DB, row))), page, per_page },
      },
      200,
    );
  })
  .openapi(behind(requireAuth, getOrderRoute), async (c) => {
    const order = await getOrder(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!order) throw orderNotFound();
    return c.json({ success: true as const, data: await orderView(c.env.DB, order) }, 200);
  })
  // After 3-D Secure (or to check on a slow payment): ask the provider, move the order on.
  .openapi(behind(requireAuth, syncOrderRoute), async (c) => {
    const db = c.env.DB;
    const order = await getOrder(db, authOf(c).userId, c.req.valid("param").id);
    if (!order) throw orderNotFound();
    if (order.status === "pending") await syncOrderPayment(c.env, c.var.services, order);
    else if (order.status === "paid" || order.status === "fulfilling")
      await runFulfilment(c.env, c.var.services, order.id);
    const after = (await getOrderById(db, order.id)) ?? order;
    return c.json({ success: true as const, data: await orderView(db, after) }, 200);
  })
  .openapi(behind(requireAuth, listPaymentsRoute), async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listPayments(c.env.DB, authOf(c).userId, listOptions(query));
    return c.json(
      {
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
      },
      200,
    );
  })
  .openapi(behind(requireAuth, listInvoicesRoute), async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listInvoices(c.env.DB, authOf(c).userId, listOptions(query));
    return c.json(
      {
        success: true as const,
        data: { invoices: rows.map(invoiceView), total, page: query.page, per_page: query.per_page },
      },
      200,
    );
  })
  .openapi(behind(requireAuth, getInvoiceRoute), async (c) => {
    const invoice = await getInvoice(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!invoice) throw new ApiError(404, "invoice_not_found", "No such invoice.");
    const order = await getOrder(c.env.DB, authOf(c).userId, invoice.order_id);
    const payment = order ? await latestPayment(c.env.DB, order.id) : null;
    return c.json(
      {
        success: true as const,
        data: {
          ...invoiceView(invoice),
          order_number: order?.number ?? null,
          payment: payment ? paymentSummary(payment) : null,
        },
      },
      200,
    );
  })
  // The provider's webhook: verified signature, each event once, any order of arrival. It reads
  // the raw body (the signature is over it), so it is a plain route, documented below.
  .post("/payment/webhook", async (c) => {
    const { payments } = c.var.services;
    const raw = await c.req.text();
    let event;
    try {
      event = await payments.parseWebhook(raw, c.req.header("stripe-signature") ?? null);
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new ApiError(400, "invalid_signature", "The webhook signature is missing or wrong.");
      throw error;
    }
    if (!(await recordWebhookEvent(c.env.DB, event, payments.provider, c.var.services.now()))) {
      return c.json({ success: true as const, data: { received: true, duplicate: true } });
    }
    if (event.type.startsWith("payment.") && "payment" in event) {
      // Ours by its id, or — when our first call's answer was lost — by the order it names.
      const payment =
        (await paymentByProviderRef(c.env.DB, event.payment.paymentRef)) ??
        (await latestPayment(c.env.DB, event.payment.metadata.orderId).then((row) =>
          row && !row.provider_ref && row.user_id === event.payment.metadata.userId ? row : null,
        ));
      // A payment of ours: ask the provider for its current state rather than trusting the order
      // the events arrived in.
      if (payment) {
        const current = await payments.getPayment(event.payment.paymentRef).catch(() => event.payment);
        await applyPaymentOutcome(c.env, c.var.services, payment.order_id, payment, current);
      }
    }
    return c.json({ success: true as const, data: { received: true } });
  });
