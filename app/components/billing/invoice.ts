import type { InvoiceStatus } from "../../../core/checkout";

/** An invoice line as the API stores it (workers/api/checkout/service.ts issues them). */
export type InvoiceLine = {
  name: string;
  product_type: string;
  operation: string;
  period: number;
  amount: number;
  icann_fee: number;
  discount: number;
  status: string;
};

/** The seller and buyer blocks printed on an invoice. */
export type InvoiceSeller = { name?: string; address?: string; email?: string; vat?: string };
export type InvoiceBuyer = {
  firstName?: string;
  lastName?: string;
  organization?: string | null;
  address?: string;
  city?: string;
  state?: string | null;
  postalCode?: string | null;
  country?: string;
  email?: string;
};

/** An invoice as GET /api/v1/invoices/ and /invoices/{id} answer it. */
export type Invoice = {
  id: string;
  number: number;
  order_id: string;
  status: InvoiceStatus;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  refunded: number;
  payment_id: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  items: InvoiceLine[];
  issued_at: string;
};

export type InvoiceDetail = Invoice & {
  order_number: number | null;
  payment: { id: string; status: string; method: string; card_brand: string | null; card_last4: string | null } | null;
};

/** Invoice numbers as printed: "INV-000042". */
export function invoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, "0")}`;
}

/** The sum of the lines' ICANN fees (they are charged on top of the line prices). */
export function icannFeesOf(items: readonly InvoiceLine[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.icann_fee * 100, 0)) / 100;
}

/**
 * The sum of the lines' prices before fees and discount. (The invoice's own `subtotal` already
 * includes the ICANN fees; the page prints the lines, then the fees, as separate rows.)
 */
export function linesSubtotalOf(items: readonly InvoiceLine[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.amount * 100, 0)) / 100;
}
