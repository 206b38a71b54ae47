// Contract of the content area (issue 10): release e-mails of the download page, Illuminate (the
// account's health report) and the support centre, with support's own reply endpoint.
import { z } from "zod";
import { FINDING_KINDS, type Finding } from "../../../core/illuminate";
import {
  linkTokenBodySchema,
  linkTokenSchema,
  releaseSubscribeBodySchema,
  replySchema,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketSchema,
} from "../../../core/content-forms";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

export const ticketIdParamSchema = z.object({ id: z.uuid({ error: "must be a ticket id" }) });
export const tokenQuerySchema = z.object({ token: linkTokenSchema });

const isoTime = z.string().meta({ description: "UTC, ISO 8601.", example: "2026-03-01T12:00:00.000Z" });

export const subscriptionStatusSchema = z.enum(["pending", "confirmed", "unsubscribed"]);

export const ticketViewSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    priority: z.enum(TICKET_PRIORITIES),
    category: z.enum(TICKET_CATEGORIES),
    status: z
      .enum(TICKET_STATUSES)
      .meta({ description: "open (waiting for support), answered (waiting for you), closed." }),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Ticket" });

export const ticketMessageSchema = z
  .object({
    id: z.string(),
    ticket_id: z.string(),
    author: z.enum(["customer", "support"]),
    body: z.string(),
    created_at: isoTime,
  })
  .meta({ id: "TicketMessage" });

const responseHoursSchema = z
  .object({ min: z.literal(24), max: z.literal(48) })
  .meta({ description: "The stated response time, in hours." });

export const findingSchema = z
  .object({
    kind: z.enum(FINDING_KINDS),
    severity: z.enum(["critical", "warning", "info"]),
    domain: z.string(),
    unicode: z.string(),
    days: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Whole days until expiry (negative once expired), for the expiry findings." }),
  })
  .meta({ id: "Finding" });

export type Ticket = z.infer<typeof ticketViewSchema>;
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export type IlluminateFinding = z.infer<typeof findingSchema>;

const subscriptionData = <S extends z.ZodType>(status: S) => z.object({ email: z.string(), status });

export const releaseSubscribeRoute = apiRoute(
  {
    method: "post",
    path: "/updates/subscribe",
    tags: ["Content"],
    summary: "Sign up for release e-mails (a confirmation link is mailed)",
    description: "Answers the same whether or not the address was already subscribed.",
    request: { body: jsonBody(releaseSubscribeBodySchema) },
    responses: {
      202: ok(
        z.object({ email: z.string() }),
        "Accepted: a confirmation link is on its way if the address can receive mail.",
      ),
    },
  },
  ["too_many_attempts", "mail_unavailable"],
);

export const releaseConfirmRoute = apiRoute(
  {
    method: "post",
    path: "/updates/confirm",
    tags: ["Content"],
    summary: "Confirm a release e-mail sign-up with the link's token",
    request: { body: jsonBody(linkTokenBodySchema) },
    responses: { 200: ok(subscriptionData(z.literal("confirmed")), "Confirmed.") },
  },
  ["invalid_link"],
);

export const releaseSubscriptionRoute = apiRoute(
  {
    method: "get",
    path: "/updates/subscription",
    tags: ["Content"],
    summary: "The subscription a link's token belongs to",
    request: { query: tokenQuerySchema },
    responses: { 200: ok(subscriptionData(subscriptionStatusSchema), "The address and its status.") },
  },
  ["invalid_link"],
);

export const releaseUnsubscribeRoute = apiRoute(
  {
    method: "post",
    path: "/updates/unsubscribe",
    tags: ["Content"],
    summary: "Stop release e-mails with the link's token",
    request: { body: jsonBody(linkTokenBodySchema) },
    responses: { 200: ok(subscriptionData(z.literal("unsubscribed")), "Unsubscribed.") },
  },
  ["invalid_link"],
);

export const illuminateRoute = apiRoute({
  method: "get",
  path: "/account/illuminate",
  tags: ["Account"],
  summary: "Illuminate: the health report of the account's domains",
  security: BEARER,
  responses: {
    200: ok(
      z.object({
        domains: z.number().int().meta({ description: "How many domains the account holds." }),
        has_payment_method: z.boolean(),
        findings: z.array(findingSchema).meta({ description: "Most urgent first, then by name." }),
      }),
      "The findings.",
    ),
  },
});

export const ticketsRoute = apiRoute({
  method: "get",
  path: "/support/tickets",
  tags: ["Support"],
  summary: "The user's support tickets",
  security: BEARER,
  responses: {
    200: ok(
      z.object({ tickets: z.array(ticketViewSchema), response_hours: responseHoursSchema }),
      "Newest activity first.",
    ),
  },
});

export const createTicketRoute = apiRoute(
  {
    method: "post",
    path: "/support/tickets",
    tags: ["Support"],
    summary: "Open a support ticket (a receipt is mailed)",
    security: BEARER,
    request: { body: jsonBody(ticketSchema) },
    responses: { 201: ok(ticketViewSchema, "The ticket.") },
  },
  ["too_many_attempts"],
);

export const ticketRoute = apiRoute(
  {
    method: "get",
    path: "/support/tickets/{id}",
    tags: ["Support"],
    summary: "One ticket with its messages",
    security: BEARER,
    request: { params: ticketIdParamSchema },
    responses: {
      200: ok(
        z.object({
          ticket: ticketViewSchema,
          messages: z.array(ticketMessageSchema),
          response_hours: responseHoursSchema,
        }),
        "The ticket and its conversation, oldest message first.",
      ),
    },
  },
  ["ticket_not_found"],
);

export const ticketReplyRoute = apiRoute(
  {
    method: "post",
    path: "/support/tickets/{id}/replies",
    tags: ["Support"],
    summary: "Reply to a ticket (reopens it)",
    security: BEARER,
    request: { params: ticketIdParamSchema, body: jsonBody(replySchema) },
    responses: { 201: ok(ticketMessageSchema, "The reply.") },
  },
  ["ticket_not_found"],
);

export const closeTicketRoute = apiRoute(
  {
    method: "post",
    path: "/support/tickets/{id}/close",
    tags: ["Support"],
    summary: "Close a ticket",
    security: BEARER,
    request: { params: ticketIdParamSchema },
    responses: { 200: ok(ticketViewSchema.nullable(), "The closed ticket.") },
  },
  ["ticket_not_found"],
);

export const staffReplyRoute = apiRoute(
  {
    method: "post",
    path: "/support/staff/tickets/{id}/replies",
    tags: ["Support"],
    summary: "Support's reply to a ticket (the helpdesk's SUPPORT_API_TOKEN as bearer; 404 while unset)",
    security: BEARER,
    request: { params: ticketIdParamSchema, body: jsonBody(replySchema) },
    responses: { 201: ok(ticketMessageSchema, "The reply; the customer is mailed.") },
  },
  ["not_found", "ticket_not_found"],
);

// core/ types and the schemas describe the same answers.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [Same<Finding, IlluminateFinding>] = [true];
void sameShapes;
