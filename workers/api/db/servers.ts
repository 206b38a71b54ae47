// The servers table (migrations/0013_servers.sql). Every read and write of a customer's server is
// scoped by user_id.
import type { BillingCycle, ServerKind, ServerListQuery, ServerStatus } from "../../../core/servers";

export interface ServerRow {
  id: string;
  user_id: string;
  order_id: string;
  order_item_id: string;
  plan: string;
  kind: ServerKind;
  arch: "x86" | "arm";
  os: string | null;
  datacenter: string;
  hostname: string;
  ssh_key_fingerprint: string | null;
  status: ServerStatus;
  ipv4: string | null;
  ipv6: string | null;
  provider: string;
  provider_id: string | null;
  action: string | null;
  action_at: string | null;
  root_password_enc: string | null;
  cycle: BillingCycle;
  price_cents: number;
  expires_at: string;
  terminated_at: string | null;
  /** Auto-renewal (migration 0015): 1 when on; reminders sent; the last failed off-session charge. */
  auto_renew: 0 | 1;
  reminded_days: number | null;
  reminded_for: string | null;
  renew_error: string | null;
  renew_error_at: string | null;
  /** Numbers the off-session renewal orders of one expiry date (their idempotency key). */
  renew_attempt: number;
  created_at: string;
  updated_at: string;
}

export type NewServer = Pick<
  ServerRow,
  | "user_id"
  | "order_id"
  | "order_item_id"
  | "plan"
  | "kind"
  | "arch"
  | "os"
  | "datacenter"
  | "hostname"
  | "ssh_key_fingerprint"
  | "provider"
  | "cycle"
  | "price_cents"
  | "expires_at"
>;

/** Creates the row for an order item once (the item id is unique); answers the row either way. */
export async function insertServerOnce(db: D1Database, server: NewServer, now: Date): Promise<ServerRow> {
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT OR IGNORE INTO servers (id, user_id, order_id, order_item_id, plan, kind, arch, os, datacenter, hostname, ssh_key_fingerprint,
         status, provider, cycle, price_cents, expires_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'pending', ?12, ?13, ?14, ?15, ?16, ?16)`,
    )
    .bind(
      crypto.randomUUID(),
      server.user_id,
      server.order_id,
      server.order_item_id,
      server.plan,
      server.kind,
      server.arch,
      server.os,
      server.datacenter,
      server.hostname,
      server.ssh_key_fingerprint,
      server.provider,
      server.cycle,
      server.price_cents,
      server.expires_at,
      at,
    )
    .run();
  const row = await db
    .prepare("SELECT * FROM servers WHERE order_item_id = ?1")
    .bind(server.order_item_id)
    .first<ServerRow>();
  if (!row) throw new Error("server row vanished after insert");
  return row;
}

export async function getServer(db: D1Database, userId: string, id: string): Promise<ServerRow | null> {
  return db.prepare("SELECT * FROM servers WHERE id = ?1 AND user_id = ?2").bind(id, userId).first<ServerRow>();
}

type ServerPatch = Partial<
  Pick<
    ServerRow,
    | "status"
    | "ipv4"
    | "ipv6"
    | "provider_id"
    | "action"
    | "action_at"
    | "root_password_enc"
    | "expires_at"
    | "terminated_at"
    | "cycle"
    | "price_cents"
    | "auto_renew"
    | "reminded_days"
    | "reminded_for"
    | "renew_error"
    | "renew_error_at"
    | "renew_attempt"
  >
>;

export async function updateServer(db: D1Database, id: string, patch: ServerPatch, now: Date): Promise<void> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([key], index) => `${key} = ?${index + 3}`).join(", ");
  await db
    .prepare(`UPDATE servers SET ${sets}, updated_at = ?2 WHERE id = ?1`)
    .bind(id, now.toISOString(), ...entries.map(([, value]) => value ?? null))
    .run();
}

const ORDER_BY: Record<ServerListQuery["sort"], string> = {
  created: "created_at ASC, id",
  "-created": "created_at DESC, id",
  hostname: "hostname ASC, id",
  "-hostname": "hostname DESC, id",
  expires: "expires_at ASC, id",
  "-expires": "expires_at DESC, id",
  status: "status ASC, hostname, id",
};

/** A page of the user's servers of the given kinds, filtered and sorted; with the total count. */
export async function listServers(
  db: D1Database,
  userId: string,
  kinds: readonly ServerKind[],
  query: ServerListQuery,
): Promise<{ rows: ServerRow[]; total: number }> {
  const where = [`user_id = ?1`, `kind IN (${kinds.map((kind) => `'${kind}'`).join(", ")})`];
  const binds: unknown[] = [userId];
  if (query.status) {
    binds.push(query.status);
    where.push(`status = ?${binds.length}`);
  }
  if (query.q) {
    // instr(), not LIKE: D1 refuses LIKE patterns over 50 bytes.
    binds.push(query.q.toLowerCase());
    where.push(
      `(instr(lower(hostname), ?${binds.length}) > 0 OR instr(coalesce(ipv4, ''), ?${binds.length}) > 0 OR instr(plan, ?${binds.length}) > 0)`,
    );
  }
  const clause = where.join(" AND ");
  const offset = (query.page - 1) * query.per_page;
  const [page, count] = await db.batch([
    db
      .prepare(
        `SELECT * FROM servers WHERE ${clause} ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.per_page} OFFSET ${offset}`,
      )
      .bind(...binds),
    db.prepare(`SELECT COUNT(*) AS n FROM servers WHERE ${clause}`).bind(...binds),
  ]);
  if (!page || !count) throw new Error("D1 batch: a statement has no result");
  return {
    rows: page.results as unknown as ServerRow[],
    total: (count.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/**
 * Servers the lifecycle job must look at: past expiry and not yet stopped for it (expired or
 * suspended), or stopped for it and past the grace period.
 */
export async function serversDueForLifecycle(
  db: D1Database,
  now: Date,
  graceMs: number,
  limit: number,
): Promise<ServerRow[]> {
  const at = now.toISOString();
  const graceEdge = new Date(now.getTime() - graceMs).toISOString();
  const { results } = await db
    .prepare(
      `SELECT * FROM servers WHERE status NOT IN ('terminated', 'cancelled')
         AND (expires_at <= ?1 AND (status NOT IN ('expired', 'suspended') OR expires_at <= ?2))
       ORDER BY expires_at LIMIT ?3`,
    )
    .bind(at, graceEdge, limit)
    .all<ServerRow>();
  return results;
}

/**
 * Servers the renewal step must look at: paid until within `horizon` (reminders, auto-renewal) or
 * suspended for an unpaid renewal (retried while the grace period lasts).
 */
export async function serversDueForRenewal(db: D1Database, horizon: Date, limit: number): Promise<ServerRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM servers WHERE status NOT IN ('terminated', 'cancelled', 'expired', 'failed') AND expires_at <= ?1
       ORDER BY expires_at LIMIT ?2`,
    )
    .bind(horizon.toISOString(), limit)
    .all<ServerRow>();
  return results;
}
