// Orders as the API answers them.
import { paymentProgress, type OrderStatus } from "../../../core/checkout";
import { centsToDecimal } from "../../../core/money";
import {
  invoiceOfOrder,
  latestPayment,
  orderItems,
  type OrderItemRow,
  type OrderRow,
  type PaymentRow,
} from "../db/orders";
import { serverLineFacts } from "../servers/service";

export interface OrderAnswer {
  order: OrderView;
  /** Send the browser here to finish paying (3-D Secure). */
  nextAction: { redirectUrl: string } | null;
  /** Stripe's Payment Element needs it when no card was given. */
  clientSecret: string | null;
}

export interface OrderView {
  id: string;
  number: number;
  status: OrderStatus;
  progress: ReturnType<typeof paymentProgress>;
  error_code: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  discount_code: string | null;
  tax: number;
  total: number;
  refunded: number;
  contact_id: number;
  created_at: string;
  completed_at: string | null;
  items: {
    id: string;
    type: string;
    name: string;
    unicode: string;
    operation: string;
    period: number;
    amount: number;
    icann_fee: number;
    discount: number;
    status: string;
    error_code: string | null;
    /** Server lines: plan, hostname, datacenter, specs and billing cycle (null for domains). */
    server: ReturnType<typeof serverLineFacts>;
  }[];
  payment: {
    id: string;
    status: string;
    method: string;
    card_brand: string | null;
    card_last4: string | null;
    amount: number;
    /** "manual": authorised first, captured after fulfilment (orders with a transfer). */
    capture_method: "automatic" | "manual";
    /** Taken from the card (null until charged or captured; 0 when the hold was released). */
    captured: number | null;
    refunded: number;
    error_code: string | null;
    next_action_url: string | null;
  } | null;
  /** The invoice issued for the order (once paid). */
  invoice: { id: string; number: number } | null;
}

export async function orderView(db: D1Database, order: OrderRow): Promise<OrderView> {
  const [items, payment, invoice] = await Promise.all([
    orderItems(db, order.id),
    latestPayment(db, order.id),
    invoiceOfOrder(db, order.id),
  ]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    progress: paymentProgress(order.status, payment?.status ?? null),
    error_code: order.error_code,
    currency: order.currency,
    subtotal: centsToDecimal(order.subtotal_cents),
    discount: centsToDecimal(order.discount_cents),
    discount_code: order.discount_code,
    tax: centsToDecimal(order.tax_cents),
    total: centsToDecimal(order.total_cents),
    refunded: centsToDecimal(order.refunded_cents),
    contact_id: order.contact_id,
    created_at: order.created_at,
    completed_at: order.completed_at,
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      name: item.name,
      unicode: item.unicode,
      ...orderLineFacts(item),
      error_code: item.error_code,
    })),
    payment: payment
      ? {
          ...paymentSummary(payment),
          amount: centsToDecimal(payment.amount_cents),
          capture_method: payment.capture_method,
          captured: payment.captured_cents === null ? null : centsToDecimal(payment.captured_cents),
          refunded: centsToDecimal(payment.refunded_cents),
          error_code: payment.error_code,
          next_action_url: payment.status === "requires_confirmation" ? payment.next_action_url : null,
        }
      : null,
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
  };
}

export async function answerFor(db: D1Database, order: OrderRow): Promise<OrderAnswer> {
  const view = await orderView(db, order);
  return {
    order: view,
    nextAction: view.payment?.next_action_url ? { redirectUrl: view.payment.next_action_url } : null,
    clientSecret: null,
  };
}

/** A payment as an invoice shows it (how it was paid); the order view adds amounts and state. */
export function paymentSummary(payment: PaymentRow) {
  return {
    id: payment.id,
    status: payment.status,
    method: payment.method,
    card_brand: payment.card_brand,
    card_last4: payment.card_last4,
  };
}

/**
 * What an order line bought and cost, as the order page shows it and the invoice records it: the
 * operation, the period, the amounts in the API's decimal form, its status, and a server's facts.
 */
export function orderLineFacts(item: OrderItemRow) {
  return {
    operation: item.operation,
    period: item.years,
    amount: centsToDecimal(item.total_cents),
    icann_fee: centsToDecimal(item.icann_fee_cents * item.years),
    discount: centsToDecimal(item.discount_cents),
    status: item.status,
    // SPEC §3 invoice fields of a server line: plan, hostname, datacenter, specs, billing cycle.
    server: item.type === "vps" ? serverLineFacts(item.details) : null,
  };
}
