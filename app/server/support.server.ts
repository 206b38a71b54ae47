import { formatShortMoment } from "../../core/format";
import type { Locale } from "../../core/locale";
import type { TicketCategory, TicketPriority, TicketStatus } from "../../core/content-forms";

export interface TicketView {
  id: string;
  subject: string;
  priority: TicketPriority;
  category: TicketCategory;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}

export interface MessageView {
  id: string;
  author: "customer" | "support";
  body: string;
  created_at: string;
}

/** "25 Nov 2026, 14:05 UTC", formatted on the server so hydration sees the same text. */
export function dateTime(iso: string, locale: Locale): string {
  return formatShortMoment(locale, iso) ?? iso;
}
