import type { RegistryDomainInfo } from "../adapters/registry";

/**
 * Records a domain a customer bought in `user_domains` (migration 0005), once per name: a
 * resumed fulfilment writes the same row again, and a name that changed hands (released and
 * registered anew) gets its new owner. DNSSEC and WHOIS privacy start on (SPEC §1).
 */
export async function recordUserDomain(
  db: D1Database,
  input: {
    userId: string;
    name: string;
    unicode: string;
    tld: string;
    info: RegistryDomainInfo | null;
    orderId: string;
    status: "active" | "pending_transfer";
  },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, locked, nameservers, order_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)
       ON CONFLICT (name) DO UPDATE SET user_id = excluded.user_id, unicode = excluded.unicode, status = excluded.status,
         registered_at = COALESCE(excluded.registered_at, user_domains.registered_at),
         expires_at = COALESCE(excluded.expires_at, user_domains.expires_at),
         locked = excluded.locked, nameservers = excluded.nameservers, order_id = excluded.order_id, updated_at = excluded.updated_at`,
    )
    .bind(
      crypto.randomUUID(),
      input.userId,
      input.name,
      input.unicode,
      input.tld,
      input.status,
      input.info?.createdAt ?? null,
      input.info?.expiresAt ?? null,
      input.info ? (input.info.locked ? 1 : 0) : 1,
      JSON.stringify(input.info?.nameservers ?? []),
      input.orderId,
      at,
    )
    .run();
}

/**
 * A renewal (or restore) of the customer's domain was carried out at the registry: the row takes
 * the new expiry and starts the new term clean — no failed auto-renewal shown, no attempts, no
 * reminders sent yet. Idempotent (a resumed fulfilment writes the same).
 */
export async function recordDomainRenewal(
  db: D1Database,
  userId: string,
  name: string,
  expiresAt: string,
  now: Date,
): Promise<void> {
  await db
    .prepare(
      `UPDATE user_domains SET expires_at = ?3, renew_error = NULL, renew_error_at = NULL, renew_attempt = 0, reminded_days = NULL, reminded_for = NULL, updated_at = ?4
        WHERE user_id = ?1 AND name = ?2`,
    )
    .bind(userId, name, expiresAt, now.toISOString())
    .run();
}
