import type { TFunction } from "i18next";
import type { InvoiceStatus } from "../../../core/checkout";
import type { BillingCycle } from "../../../core/servers";

/**
 * What a server line carries on invoices and orders (SPEC §3: plan, hostname, datacenter, specs,
 * billing cycle); null for domains and for invoices issued before it was recorded.
 */
export type ServerLineFacts = {
  plan: string;
  plan_name: string;
  hostname: string;
  datacenter: string;
  datacenter_city: string | null;
  os: string | null;
  billing_cycle: BillingCycle;
  months: number | null;
  specs: { cpu_cores: number; ram_gb: number; disk_gb: number; gpu: string | null } | null;
} | null;

/** The period column of a line: the server's billing cycle, or the domain's years. */
export function linePeriod(t: TFunction, line: { period: number; server?: ServerLineFacts }): string {
  return line.server ? t("billing:invoice.cycles." + line.server.billing_cycle) : t("billing:invoice.years", { count: line.period });
}

/** A server line's plan, hostname, datacenter and specs in one line ("" for other lines). */
export function serverFactsText(t: TFunction, server: ServerLineFacts | undefined): string {
  if (!server) return "";
  const datacenter = server.datacenter_city ? `${server.datacenter_city} (${server.datacenter})` : server.datacenter;
  const specs = server.specs ? t("billing:invoice.serverSpecs", { cores: server.specs.cpu_cores, ram: server.specs.ram_gb, disk: server.specs.disk_gb }) + (server.specs.gpu ? `, ${server.specs.gpu}` : "") : null;
  return [t("billing:invoice.serverPlan", { plan: server.plan_name }), server.hostname, t("billing:invoice.serverDatacenter", { datacenter }), specs, server.os].filter(Boolean).join(" · ");
}

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
  server?: ServerLineFacts;
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
