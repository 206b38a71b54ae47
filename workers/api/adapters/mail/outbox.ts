import type { MailMessage, MailSender } from "./types";

/**
 * Embedded default: messages go into the D1 `mail_outbox` table (read back in development by
 * GET /api/v1/dev/outbox). The log line names the recipient and subject only, never the body,
 * because bodies carry one-time codes.
 */
export function outboxMailSender(db: D1Database, now: () => Date): MailSender {
  return {
    async send(message: MailMessage) {
      await db
        .prepare(
          "INSERT INTO mail_outbox (id, to_address, subject, text, html, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .bind(
          crypto.randomUUID(),
          message.to.toLowerCase(),
          message.subject,
          message.text,
          message.html ?? null,
          now().toISOString(),
        )
        .run();
      console.log(`mail outbox: "${message.subject}" queued for ${message.to}`);
    },
  };
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/** The outbox messages of one address, newest first (development only). */
export async function outboxFor(db: D1Database, to: string): Promise<OutboxEntry[]> {
  const { results } = await db
    .prepare(
      'SELECT id, to_address AS "to", subject, text, html, created_at FROM mail_outbox WHERE to_address = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 100',
    )
    .bind(to.toLowerCase())
    .all<OutboxEntry>();
  return results;
}
