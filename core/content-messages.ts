// The support and release-list forms' messages and choices, apart from their zod schemas
// (content-forms.ts, which re-exports these): the pages render without loading zod.

export const CONTENT_MESSAGES = {
  required: "is required",
  subjectLength: "must be 3 to 120 characters",
  detailsLength: "must be 10 to 5000 characters",
  replyLength: "must be 1 to 5000 characters",
  priority: "must be low, normal, high or urgent",
  category: "must be one of the support categories",
  token: "must be a link token",
} as const;

export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export const TICKET_CATEGORIES = [
  "general",
  "domains",
  "billing",
  "servers",
  "technical",
  "sales",
  "feature",
  "other",
] as const;
export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The stated response time (SPEC §1, §9). */
export const SUPPORT_RESPONSE_HOURS = { min: 24, max: 48 } as const;
