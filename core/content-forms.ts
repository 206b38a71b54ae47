// The content area's forms (issue 10): release-email sign-up (download page) and the support
// centre's tickets and replies. One zod schema per form, shared by Conform in the browser, the
// Remix action and the /api/v1 validator. Messages are stable English texts the UI translates.
import { emailSchema } from "./auth/schemas";
import { z } from "./zod";
import { CONTENT_MESSAGES, TICKET_PRIORITIES, TICKET_CATEGORIES } from "./content-messages";

export {
  CONTENT_MESSAGES,
  SUPPORT_RESPONSE_HOURS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from "./content-messages";
export type { TicketCategory, TicketPriority, TicketStatus } from "./content-messages";

const M = CONTENT_MESSAGES;

export const releaseSignupSchema = z.object({ email: emailSchema });

export const releaseSubscribeBodySchema = releaseSignupSchema
  .extend({ locale: z.enum(["en", "tr"]).default("en") })
  .strict();

/** The token of a confirmation or unsubscribe link: 32 random bytes, base64url. */
export const linkTokenSchema = z.string({ error: M.token }).regex(/^[A-Za-z0-9_-]{43}$/u, { error: M.token });
export const linkTokenBodySchema = z.object({ token: linkTokenSchema }).strict();

const text = (min: number, max: number, message: string) =>
  z
    .string({ error: M.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: M.required });
      else if (value.length < min || value.length > max) ctx.addIssue({ code: "custom", message });
    });

export const ticketSchema = z.object({
  subject: text(3, 120, M.subjectLength),
  details: text(10, 5000, M.detailsLength),
  priority: z.enum(TICKET_PRIORITIES, { error: M.priority }),
  category: z.enum(TICKET_CATEGORIES, { error: M.category }),
});

export const replySchema = z.object({ body: text(1, 5000, M.replyLength) });
