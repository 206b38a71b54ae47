// The registries' poll messages as the EPP gateway delivered them (migration 0023): one row per
// (registry, message id), so a repeated delivery is recognised and not acted on twice.

export interface RegistryNoticeInput {
  registry: string;
  id: string;
  qDate: string | null;
  msg: string | null;
  resData: Record<string, unknown> | null;
  domain: string | null;
}

/**
 * Keeps a delivered message. Answers "new" the first time, "handled" for a message already acted
 * on, "pending" for one received before whose handling did not finish (a failed delivery that the
 * gateway retries): that one is handled again.
 */
export async function receiveRegistryNotice(
  db: D1Database,
  notice: RegistryNoticeInput,
  now: Date,
): Promise<"new" | "pending" | "handled"> {
  const inserted = await db
    .prepare(
      `INSERT INTO registry_notices (registry, id, q_date, msg, res_data, domain, received_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (registry, id) DO NOTHING`,
    )
    .bind(
      notice.registry,
      notice.id,
      notice.qDate,
      notice.msg,
      notice.resData === null ? null : JSON.stringify(notice.resData),
      notice.domain,
      now.toISOString(),
    )
    .run();
  if (inserted.meta.changes > 0) return "new";
  const row = await db
    .prepare("SELECT handled_at FROM registry_notices WHERE registry = ?1 AND id = ?2")
    .bind(notice.registry, notice.id)
    .first<{ handled_at: string | null }>();
  return row?.handled_at ? "handled" : "pending";
}

export async function markRegistryNoticeHandled(
  db: D1Database,
  registry: string,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .prepare("UPDATE registry_notices SET handled_at = ?3 WHERE registry = ?1 AND id = ?2 AND handled_at IS NULL")
    .bind(registry, id, now.toISOString())
    .run();
}
