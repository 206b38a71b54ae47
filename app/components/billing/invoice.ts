import type { TFunction } from "i18next";
import type { InvoiceLine, ServerLineFacts } from "../../../workers/api/contract/checkout";

/** The period column of a line: the server's billing cycle, or the domain's years. */
export function linePeriod(t: TFunction, line: { period: number; server?: ServerLineFacts }): string {
  return line.server
    ? t("billing:invoice.cycles." + line.server.billing_cycle)
    : t("billing:invoice.years", { count: line.period });
}

/** A server line's plan, hostname, datacenter and specs in one line ("" for other lines). */
export function serverFactsText(t: TFunction, server: ServerLineFacts | undefined): string {
  if (!server) return "";
  const datacenter = server.datacenter_city ? `${server.datacenter_city} (${server.datacenter})` : server.datacenter;
  const specs = server.specs
    ? t("billing:invoice.serverSpecs", {
        cores: server.specs.cpu_cores,
        ram: server.specs.ram_gb,
        disk: server.specs.disk_gb,
      }) + (server.specs.gpu ? `, ${server.specs.gpu}` : "")
    : null;
  return [
    t("billing:invoice.serverPlan", { plan: server.plan_name }),
    server.hostname,
    t("billing:invoice.serverDatacenter", { datacenter }),
    specs,
    server.os,
  ]
    .filter(Boolean)
    .join(" · ");
}

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
