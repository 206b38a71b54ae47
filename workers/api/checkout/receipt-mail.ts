// The mails sent when an order is finished: the receipt, or "not charged" when a hold was released.
import type { OrderStatus } from "../../../core/checkout";
import type { MailMessage } from "../adapters/mail";
import { fill, type MailLanguage } from "../adapters/mail";
import type { OrderItemRow, OrderRow } from "../db/orders";
import { parseItemDetails } from "../../../core/servers/item-details";
import { paidCents } from "../../../core/order-lines";

/** Why a line was not carried out, in the customer's words. */
function itemFailureText(item: OrderItemRow, language: MailLanguage): string {
  const t = language.texts.itemFailure;
  return item.error_code === "invalid_auth_code"
    ? t.invalid_auth_code
    : fill(t.other, { code: item.error_code ?? "error" });
}

/** What a receipt line is for: "registration" and its years, or a server's billing cycle. */
function itemWhat(item: OrderItemRow, language: MailLanguage): { what: string; period: string } {
  const what = language.operation(item.type, item.operation);
  if (item.type !== "vps") return { what, period: language.years(item.years) };
  const details = parseItemDetails(item.details);
  return { what, period: details ? language.cycle(details.cycle) : language.years(item.years) };
}

/** `capturedCents`: what a hold (manual capture) took; null for an order charged at once. */
export function receiptMail(
  order: OrderRow,
  items: OrderItemRow[],
  to: string,
  language: MailLanguage,
  status: OrderStatus,
  capturedCents: number | null,
): MailMessage {
  const t = language.texts.receipt;
  const money = (cents: number) => language.money(cents, order.currency);
  const lines = items.map((item) => {
    const note =
      item.status === "refunded"
        ? t.noteRefunded
        : item.status === "failed" && capturedCents !== null
          ? fill(t.noteNotCharged, { reason: itemFailureText(item, language) })
          : "";
    return fill(t.line, { name: item.unicode, ...itemWhat(item, language), amount: money(paidCents(item)), note });
  });
  const charged = capturedCents !== null && capturedCents !== order.total_cents ? capturedCents : null;
  // Empty entries are left out, the separators too: the receipt is one block of lines.
  const text = [
    t.intro,
    "",
    ...lines,
    "",
    fill(t.total, { amount: money(order.total_cents) }),
    charged !== null ? fill(t.charged, { amount: money(charged) }) : "",
    order.refunded_cents > 0 ? fill(t.refunded, { amount: money(order.refunded_cents) }) : "",
    fill(t.status, { status: language.status(status) }),
  ];
  return orderMail(to, order, t.subject, text.filter(Boolean));
}

/** An order of which nothing could be carried out, paid by a hold: not charged, the hold released. */
export function notChargedMail(
  order: OrderRow,
  items: OrderItemRow[],
  to: string,
  language: MailLanguage,
): MailMessage {
  const t = language.texts.not_charged;
  const lines = items.map((item) =>
    fill(t.line, {
      name: item.unicode,
      what: language.operation(item.type, item.operation),
      reason: itemFailureText(item, language),
    }),
  );
  const footer = fill(t.footer, { amount: language.money(order.total_cents, order.currency) });
  return orderMail(to, order, t.subject, [t.intro, "", ...lines, "", footer]);
}

/** A mail about one order: the subject names its number, the text is the given lines. */
function orderMail(to: string, order: OrderRow, subject: string, text: string[]): MailMessage {
  return { to, subject: fill(subject, { number: order.number }), text: text.join("\n") };
}
