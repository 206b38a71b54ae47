// The content area's API (issue 10):
// - release emails of the download page: sign up (a confirmation link by mail), confirm,
//   look up and unsubscribe by the link's token. Sign-up answers the same whether or not the
//   address was known, so it tells nobody who is subscribed.
// - the support centre: a signed-in user's tickets (subject, details, priority, category),
//   replies, closing; mails on receipt (with the stated 24–48 hour response time) and when
//   support replies. Support replies through the staff endpoint with SUPPORT_API_TOKEN.
import { SUPPORT_RESPONSE_HOURS } from "../../../core/content-forms";
import { illuminate } from "../../../core/illuminate";
import { mailLocaleOf } from "../adapters/mail";
import { bearerMatches } from "../auth/bearer-secret";
import { authOf, requireAuth, unauthorized } from "../auth/middleware";
import { assertWithinLimits, recordAttempts, type LimitRule } from "../auth/rate-limit";
import { releaseConfirmMail, ticketReceivedMail, ticketReplyMail } from "../content-mails";
import {
  addReply,
  closeTicket,
  createTicket,
  findSubscriptionByEmail,
  findSubscriptionByToken,
  findTicket,
  findTicketById,
  healthFacts,
  listTickets,
  setSubscriptionStatus,
  ticketMessages,
  upsertPendingSubscription,
  type TicketRow,
} from "../db/content";
import { findUserById } from "../db/users";
import { ApiError } from "../errors";
import {
  closeTicketRoute,
  createTicketRoute,
  illuminateRoute,
  releaseConfirmRoute,
  releaseSubscribeRoute,
  releaseSubscriptionRoute,
  releaseUnsubscribeRoute,
  staffReplyRoute,
  ticketReplyRoute,
  ticketRoute,
  ticketsRoute,
} from "../contract/content";
import { contractRouter } from "../validate";

const MINUTE_MS = 60_000;
export const CONTENT_LIMITS = {
  releasePerIp: { scope: "release-ip", max: 10, windowMs: 60 * MINUTE_MS },
  releasePerEmail: { scope: "release-email", max: 3, windowMs: 60 * MINUTE_MS },
  ticketsPerUser: { scope: "ticket-user", max: 10, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, LimitRule>;

const invalidLink = () => new ApiError(404, "invalid_link", "This link is not valid or has expired.");
const ticketNotFound = () => new ApiError(404, "ticket_not_found", "No such ticket.");

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/gu, "-")
    .replace(/\//gu, "_")
    .replace(/=+$/u, "");
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function ticketView(ticket: TicketRow) {
  const { user_id: _owner, ...view } = ticket;
  return view;
}

const router = contractRouter();
router.use("/account/illuminate", requireAuth);
router.use("/support/tickets", requireAuth);
router.use("/support/tickets/*", requireAuth);

export const contentRoutes = router
  .openapi(releaseSubscribeRoute, async (c) => {
    const { mail, now } = c.var.services;
    const { email, locale } = c.req.valid("json");
    const counters = [
      [CONTENT_LIMITS.releasePerIp, c.var.clientIp],
      [CONTENT_LIMITS.releasePerEmail, email],
    ] as const;
    await assertWithinLimits(c.env.DB, counters, now(), "Too many sign-ups. Please try again later.");
    await recordAttempts(c.env.DB, counters, now());
    const existing = await findSubscriptionByEmail(c.env.DB, email);
    // A confirmed address stays as it is (no mail: nobody learns it was subscribed).
    if (existing?.status !== "confirmed") {
      const token = newToken();
      await upsertPendingSubscription(c.env.DB, { email, locale, tokenHash: await sha256(token), now: now() });
      const origin = new URL(c.req.url).origin;
      const query = `token=${encodeURIComponent(token)}${locale === "en" ? "" : `&lang=${locale}`}`;
      try {
        await mail.send(
          releaseConfirmMail(locale, email, {
            confirm: `${origin}/download/confirm?${query}`,
            unsubscribe: `${origin}/download/unsubscribe?${query}`,
          }),
        );
      } catch (error) {
        console.error("release confirmation mail failed", error);
        throw new ApiError(503, "mail_unavailable", "The confirmation email could not be sent. Please try again.");
      }
    }
    return c.json(
      {
        success: true as const,
        data: { email },
        message: "If the address can receive mail, a confirmation link is on its way.",
      },
      202,
    );
  })
  .openapi(releaseConfirmRoute, async (c) => {
    const subscription = await findSubscriptionByToken(c.env.DB, await sha256(c.req.valid("json").token));
    if (!subscription || subscription.status === "unsubscribed") throw invalidLink();
    if (subscription.status === "pending")
      await setSubscriptionStatus(c.env.DB, subscription.id, "confirmed", c.var.services.now());
    return c.json({ success: true as const, data: { email: subscription.email, status: "confirmed" as const } }, 200);
  })
  .openapi(releaseSubscriptionRoute, async (c) => {
    const subscription = await findSubscriptionByToken(c.env.DB, await sha256(c.req.valid("query").token));
    if (!subscription) throw invalidLink();
    return c.json({ success: true as const, data: { email: subscription.email, status: subscription.status } }, 200);
  })
  .openapi(releaseUnsubscribeRoute, async (c) => {
    const subscription = await findSubscriptionByToken(c.env.DB, await sha256(c.req.valid("json").token));
    if (!subscription) throw invalidLink();
    if (subscription.status !== "unsubscribed")
      await setSubscriptionStatus(c.env.DB, subscription.id, "unsubscribed", c.var.services.now());
    return c.json(
      { success: true as const, data: { email: subscription.email, status: "unsubscribed" as const } },
      200,
    );
  })
  // Illuminate: the account's health report (core/illuminate.ts).
  .openapi(illuminateRoute, async (c) => {
    const { domains, hasPaymentMethod } = await healthFacts(c.env.DB, authOf(c).userId);
    const findings = illuminate(domains, hasPaymentMethod, c.var.services.now());
    return c.json(
      { success: true as const, data: { domains: domains.length, has_payment_method: hasPaymentMethod, findings } },
      200,
    );
  })
  .openapi(ticketsRoute, async (c) => {
    const tickets = await listTickets(c.env.DB, authOf(c).userId);
    return c.json(
      { success: true as const, data: { tickets: tickets.map(ticketView), response_hours: SUPPORT_RESPONSE_HOURS } },
      200,
    );
  })
  .openapi(createTicketRoute, async (c) => {
    const { mail, now } = c.var.services;
    const { userId } = authOf(c);
    const counters = [[CONTENT_LIMITS.ticketsPerUser, userId]] as const;
    await assertWithinLimits(
      c.env.DB,
      counters,
      now(),
      "Too many tickets. Please add to an open ticket or try again later.",
    );
    const user = await findUserById(c.env.DB, userId);
    if (!user) throw unauthorized();
    const ticket = await createTicket(c.env.DB, userId, c.req.valid("json"), now());
    await recordAttempts(c.env.DB, counters, now());
    const url = `${new URL(c.req.url).origin}/dashboard/support/${ticket.id}`;
    // The ticket is saved either way; a failed receipt mail is logged, not the user's problem.
    await mail
      .send(ticketReceivedMail(mailLocaleOf(user.locale), user.email, { subject: ticket.subject, url }))
      .catch((error: unknown) => console.error("ticket receipt mail failed", error));
    return c.json({ success: true as const, data: ticketView(ticket), message: "Ticket created." }, 201);
  })
  .openapi(ticketRoute, async (c) => {
    const ticket = await findTicket(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!ticket) throw ticketNotFound();
    return c.json(
      {
        success: true as const,
        data: {
          ticket: ticketView(ticket),
          messages: await ticketMessages(c.env.DB, ticket.id),
          response_hours: SUPPORT_RESPONSE_HOURS,
        },
      },
      200,
    );
  })
  .openapi(ticketReplyRoute, async (c) => {
    const ticket = await findTicket(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    if (!ticket) throw ticketNotFound();
    const message = await addReply(c.env.DB, ticket.id, "customer", c.req.valid("json").body, c.var.services.now());
    return c.json({ success: true as const, data: message, message: "Reply sent." }, 201);
  })
  .openapi(closeTicketRoute, async (c) => {
    const { userId } = authOf(c);
    const { id } = c.req.valid("param");
    if (!(await closeTicket(c.env.DB, userId, id, c.var.services.now()))) throw ticketNotFound();
    const ticket = await findTicket(c.env.DB, userId, id);
    return c.json({ success: true as const, data: ticket ? ticketView(ticket) : null, message: "Ticket closed." }, 200);
  })
  // Support's side: a helpdesk answers with the SUPPORT_API_TOKEN secret (404 while it is unset).
  .openapi(staffReplyRoute, async (c) => {
    const secret = c.env.SUPPORT_API_TOKEN;
    if (!secret) throw new ApiError(404, "not_found", `No API endpoint at ${c.req.method} ${c.req.path}.`);
    if (!bearerMatches(c.req.header("authorization"), secret))
      throw new ApiError(401, "unauthorized", "A valid support token is required.");
    const ticket = await findTicketById(c.env.DB, c.req.valid("param").id);
    if (!ticket) throw ticketNotFound();
    const message = await addReply(c.env.DB, ticket.id, "support", c.req.valid("json").body, c.var.services.now());
    const user = await findUserById(c.env.DB, ticket.user_id);
    if (user) {
      const url = `${new URL(c.req.url).origin}/dashboard/support/${ticket.id}`;
      await c.var.services.mail
        .send(ticketReplyMail(mailLocaleOf(user.locale), user.email, { subject: ticket.subject, url }))
        .catch((error: unknown) => console.error("ticket reply mail failed", error));
    }
    return c.json({ success: true as const, data: message, message: "Reply sent." }, 201);
  });
