// Queries of the content area (issue 10): release-email subscriptions and support tickets.
// Every ticket query filters by user_id (DESIGN §4).
import type { TicketCategory, TicketPriority, TicketStatus } from "../../../core/content-forms";
import type { DomainFacts } from "../../../core/illuminate";

export interface SubscriptionRow {
  id: string;
  email: string;
  locale: "en" | "tr";
  token_hash: string;
  status: "pending" | "confirmed" | "unsubscribed";
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export function findSubscriptionByEmail(db: D1Database, email: string): Promise<SubscriptionRow | null> {
  return db.prepare("SELECT * FROM release_subscriptions WHERE email = ?1").bind(email).first<SubscriptionRow>();
}

export function findSubscriptionByToken(db: D1Database, tokenHash: string): Promise<SubscriptionRow | null> {
  return db
    .prepare("SELECT * FROM release_subscriptions WHERE token_hash = ?1")
    .bind(tokenHash)
    .first<SubscriptionRow>();
}

/** A new or renewed (pending, new token) subscription for the address. */
export async function upsertPendingSubscription(
  db: D1Database,
  input: { email: string; locale: "en" | "tr"; tokenHash: string; now: Date },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO release_subscriptions (id, email, locale, token_hash, status, created_at)
       VALUES (?1, ?2, ?3, ?4, 'pending', ?5)
       ON CONFLICT (email) DO UPDATE SET locale = excluded.locale, token_hash = excluded.token_hash, status = 'pending',
         created_at = excluded.created_at, confirmed_at = NULL, unsubscribed_at = NULL`,
    )
    .bind(crypto.randomUUID(), input.email, input.locale, input.tokenHash, input.now.toISOString())
    .run();
}

export async function setSubscriptionStatus(
  db: D1Database,
  id: string,
  status: "confirmed" | "unsubscribed",
  now: Date,
): Promise<void> {
  const column = status === "confirmed" ? "confirmed_at" : "unsubscribed_at";
  await db
    .prepare(`UPDATE release_subscriptions SET status = ?2, ${column} = ?3 WHERE id = ?1`)
    .bind(id, status, now.toISOString())
    .run();
}

export interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  priority: TicketPriority;
  category: TicketCategory;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}

export interface MessageRow {
  id: string;
  ticket_id: string;
  author: "customer" | "support";
  body: string;
  created_at: string;
}

export function listTickets(db: D1Database, userId: string): Promise<TicketRow[]> {
  return db
    .prepare("SELECT * FROM support_tickets WHERE user_id = ?1 ORDER BY updated_at DESC, id LIMIT 200")
    .bind(userId)
    .all<TicketRow>()
    .then((result) => result.results);
}

export function findTicket(db: D1Database, userId: string, id: string): Promise<TicketRow | null> {
  return db.prepare("SELECT * FROM support_tickets WHERE id = ?1 AND user_id = ?2").bind(id, userId).first<TicketRow>();
}

export function ticketMessages(db: D1Database, ticketId: string): Promise<MessageRow[]> {
  return db
    .prepare("SELECT * FROM support_messages WHERE ticket_id = ?1 ORDER BY created_at, rowid")
    .bind(ticketId)
    .all<MessageRow>()
    .then((result) => result.results);
}

/** The ticket and its first message (the details) in one transaction. */
export async function createTicket(
  db: D1Database,
  userId: string,
  input: { subject: string; details: string; priority: TicketPriority; category: TicketCategory },
  now: Date,
): Promise<TicketRow> {
  const at = now.toISOString();
  const ticket: TicketRow = {
    id: crypto.randomUUID(),
    user_id: userId,
    subject: input.subject,
    priority: input.priority,
    category: input.category,
    status: "open",
    created_at: at,
    updated_at: at,
  };
  await db.batch([
    db
      .prepare(
        "INSERT INTO support_tickets (id, user_id, subject, priority, category, status, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 'open', ?6, ?6)",
      )
      .bind(ticket.id, userId, ticket.subject, ticket.priority, ticket.category, at),
    db
      .prepare(
        "INSERT INTO support_messages (id, ticket_id, author, body, created_at) VALUES (?1, ?2, 'customer', ?3, ?4)",
      )
      .bind(crypto.randomUUID(), ticket.id, input.details, at),
  ]);
  return ticket;
}

/** A reply; a customer's reply (re)opens the ticket, support's marks it answered. */
export async function addReply(
  db: D1Database,
  ticketId: string,
  author: "customer" | "support",
  body: string,
  now: Date,
): Promise<MessageRow> {
  const at = now.toISOString();
  const message: MessageRow = { id: crypto.randomUUID(), ticket_id: ticketId, author, body, created_at: at };
  await db.batch([
    db
      .prepare("INSERT INTO support_messages (id, ticket_id, author, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(message.id, ticketId, author, body, at),
    db
      .prepare("UPDATE support_tickets SET status = ?2, updated_at = ?3 WHERE id = ?1")
      .bind(ticketId, author === "customer" ? "open" : "answered", at),
  ]);
  return message;
}

export async function closeTicket(db: D1Database, userId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare("UPDATE support_tickets SET status = 'closed', updated_at = ?3 WHERE id = ?1 AND user_id = ?2")
    .bind(id, userId, now.toISOString())
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Support's side (the staff API): a ticket by id alone. */
export function findTicketById(db: D1Database, id: string): Promise<TicketRow | null> {
  return db.prepare("SELECT * FROM support_tickets WHERE id = ?1").bind(id).first<TicketRow>();
}

/** Illuminate: the facts of the user's domains and whether a card is saved. */
export async function healthFacts(
  db: D1Database,
  userId: string,
): Promise<{ domains: DomainFacts[]; hasPaymentMethod: boolean }> {
  const [domains, cards] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        "SELECT name, unicode, status, expires_at, locked, auto_renew, whois_privacy, dnssec FROM user_domains WHERE user_id = ?1 ORDER BY name",
      )
      .bind(userId),
    db.prepare("SELECT COUNT(*) AS n FROM payment_methods WHERE user_id = ?1").bind(userId),
  ]);
  if (!domains || !cards) throw new Error("D1 batch: a statement has no result");
  return {
    domains: domains.results.map((row) => ({
      name: String(row.name),
      unicode: String(row.unicode),
      status: String(row.status),
      expires_at: row.expires_at === null ? null : String(row.expires_at),
      locked: row.locked === 1,
      auto_renew: row.auto_renew === 1,
      whois_privacy: row.whois_privacy === 1,
      dnssec: row.dnssec === 1,
    })),
    hasPaymentMethod: Number(cards.results[0]?.n ?? 0) > 0,
  };
}
