// Order, payment and invoice statuses (SPEC §4) and what the payment modal shows for them: plain
// values, apart from the checkout's zod schemas (checkout.ts re-exports them) so pages that list
// orders or invoices do not load zod.

export const ORDER_STATUSES = [
  "pending",
  "paid",
  "fulfilling",
  "completed",
  "completed_with_refunds",
  "failed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** `authorized`: the money is held on the card, not taken (a transfer waits for the registry); `canceled`: the hold released, nothing taken. */
export const PAYMENT_STATUSES = [
  "pending",
  "requires_confirmation",
  "processing",
  "authorized",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const INVOICE_STATUSES = ["completed", "pending", "failed", "cancelled", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The payment modal's four steps (SPEC §4): what the customer sees for an order. */
export type PaymentProgress = "pending" | "processing" | "completed" | "failed";

export function paymentProgress(order: OrderStatus, payment: PaymentStatus | null): PaymentProgress {
  if (order === "failed" || order === "cancelled") return "failed";
  if (order === "completed" || order === "completed_with_refunds" || order === "refunded")
    return order === "refunded" ? "failed" : "completed";
  if (
    order === "paid" ||
    order === "fulfilling" ||
    payment === "processing" ||
    payment === "authorized" ||
    payment === "succeeded"
  )
    return "processing";
  return "pending";
}
