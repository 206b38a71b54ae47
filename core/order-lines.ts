/** Rules of one order line (an `order_items` row) that hold wherever the line is read. */

/** What the customer paid for a line: its price plus the ICANN fee per year, less its discount (its refund). */
export function paidCents(item: {
  total_cents: number;
  icann_fee_cents: number;
  years: number;
  discount_cents: number;
}): number {
  return item.total_cents + item.icann_fee_cents * item.years - item.discount_cents;
}

/** The details stored with a line (a transfer's auth code, a server's choices); {} when unreadable. */
export function orderLineDetails(details: string | null): { authCode?: string; server?: unknown } {
  try {
    return details ? (JSON.parse(details) as { authCode?: string; server?: unknown }) : {};
  } catch {
    return {};
  }
}
