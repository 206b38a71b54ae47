// Publishing zones to the DNS provider (issue 22): after D1 has committed a change (which bumped
// the zone's serial), the zone as it now is goes to the provider; the serial it confirms is kept,
// and the DNS page says "live on our nameservers" only when that is the current one. A failure is
// kept for the page and the scheduled job (`dns` in jobs/index.ts) pushes the zone again.
import type { DnsRecord } from "../../core/dns";
import { onOurNameservers } from "../../core/dns-serve";
import { ourNameservers } from "./adapters/dns";
import type { ApiEnv } from "./env";
import type { ApiServices } from "./services";

type PublishRow = {
  id: string;
  name: string;
  nameservers: string;
  zone_serial: number;
  dnssec: number;
  zone_ds: string;
};

/** How many zones one run of the job pushes at most. */
const SYNC_BATCH = 200;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry) => b.includes(entry));

/** How long a push may hold its zone before another may take over (a crashed isolate's claim lapses). */
const PUSH_LEASE_MS = 60_000;
/** Pushes one claim makes at most when the zone keeps changing while it pushes. */
const MAX_ROUNDS = 3;

type Outcome = "served" | "failed" | "not_delegated" | "gone" | "busy";

/**
 * Pushes one domain's zone if the domain is delegated to us (else nothing is served: there is
 * nothing to push). One push of a zone at a time: a push claims the zone (a lease on the domain
 * row) and another finds it busy, so an older version can never land after a newer one (Cloudflare
 * keeps no serial to refuse it). The holder reads the zone after claiming it and pushes again
 * while it changed meanwhile; what a busy caller wrote, the holder or the job pushes.
 * DNSSEC: the DS records of the provider's key go to the registry after a signed push; turning
 * DNSSEC off removes the DS at the registry first, then unsigns (a signed delegation to an
 * unsigned zone would make validating resolvers refuse it). The served serial is recorded only
 * when all of it succeeded. Never throws: the outcome is written to the domain row.
 */
export async function publishZone(
  db: D1Database,
  services: Pick<ApiServices, "dns" | "registry" | "now">,
  ours: readonly string[],
  domainId: string,
): Promise<Outcome> {
  const claim = crypto.randomUUID();
  const now = services.now();
  const claimed = await db
    .prepare(
      `UPDATE user_domains SET zone_push_claim = ?2, zone_push_claim_until = ?3
        WHERE id = ?1 AND (zone_push_claim IS NULL OR zone_push_claim_until < ?4)`,
    )
    .bind(domainId, claim, new Date(now.getTime() + PUSH_LEASE_MS).toISOString(), now.toISOString())
    .run();
  if ((claimed.meta.changes ?? 0) === 0) {
    const exists = await db.prepare("SELECT 1 AS one FROM user_domains WHERE id = ?1").bind(domainId).first();
    return exists ? "busy" : "gone";
  }
  try {
    let outcome: Outcome = "served";
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const pushed = await pushOnce(db, services, ours, domainId);
      outcome = pushed.outcome;
      if (outcome !== "served") break;
      const now2 = await db
        .prepare("SELECT zone_serial FROM user_domains WHERE id = ?1")
        .bind(domainId)
        .first<{ zone_serial: number }>();
      if (!now2 || now2.zone_serial <= pushed.serial) break;
    }
    return outcome;
  } finally {
    await db
      .prepare(
        "UPDATE user_domains SET zone_push_claim = NULL, zone_push_claim_until = NULL WHERE id = ?1 AND zone_push_claim = ?2",
      )
      .bind(domainId, claim)
      .run();
  }
}

/** One push of the zone as D1 holds it now (serial and records read together). */
async function pushOnce(
  db: D1Database,
  services: Pick<ApiServices, "dns" | "registry" | "now">,
  ours: readonly string[],
  domainId: string,
): Promise<{ outcome: Exclude<Outcome, "busy">; serial: number }> {
  const [domain, records] = await db.batch<PublishRow | DnsRecord>([
    db
      .prepare("SELECT id, name, nameservers, zone_serial, dnssec, zone_ds FROM user_domains WHERE id = ?1")
      .bind(domainId),
    db
      .prepare(
        "SELECT id, type, name, content, ttl, priority, weight, port, redirect_type, page_title FROM dns_records WHERE domain_id = ?1 AND type NOT IN ('FORWARD', 'STEALTH')",
      )
      .bind(domainId),
  ]);
  const row = domain?.results[0] as PublishRow | undefined;
  if (!row) return { outcome: "gone", serial: 0 };
  if (!onOurNameservers(JSON.parse(row.nameservers) as string[], ours))
    return { outcome: "not_delegated", serial: row.zone_serial };
  const at = services.now().toISOString();
  const dnssec = row.dnssec === 1;
  try {
    let sent = JSON.parse(row.zone_ds) as string[];
    if (!dnssec && sent.length > 0) {
      await services.registry.setDsRecords(row.name, []);
      await db.prepare("UPDATE user_domains SET zone_ds = '[]' WHERE id = ?1").bind(domainId).run();
      sent = [];
    }
    const { serial, ds } = await services.dns.push({
      zone: row.name,
      serial: row.zone_serial,
      nameservers: ours,
      records: (records?.results ?? []) as DnsRecord[],
      dnssec,
    });
    const published = dnssec ? ds : [];
    if (!sameSet(published, sent)) await services.registry.setDsRecords(row.name, published);
    await db
      .prepare(
        "UPDATE user_domains SET zone_served_serial = MAX(COALESCE(zone_served_serial, 0), ?2), zone_ds = ?3, zone_push_error = NULL, zone_pushed_at = ?4 WHERE id = ?1",
      )
      .bind(domainId, serial, JSON.stringify(published), at)
      .run();
    return { outcome: "served", serial: row.zone_serial };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .prepare("UPDATE user_domains SET zone_push_error = ?2, zone_pushed_at = ?3 WHERE id = ?1")
      .bind(domainId, message.slice(0, 500), at)
      .run();
    return { outcome: "failed", serial: row.zone_serial };
  }
}

/**
 * The scheduled job: every live domain delegated to our nameservers whose provider is behind
 * (never pushed, or an older serial served) is pushed again, and the zone of every domain that is
 * gone or points elsewhere is removed from the provider. Idempotent: a pushed zone is not
 * selected on the next run, nor a removed one.
 */
export async function runDnsSync(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const ours = ourNameservers(env);
  const placeholders = ours.map((_, index) => `?${index + 2}`).join(", ");
  const { results } = await env.DB.prepare(
    `SELECT id FROM user_domains
      WHERE status IN ('active', 'transfer_out_pending') AND deleted_at IS NULL
        AND (zone_served_serial IS NULL OR zone_served_serial < zone_serial)
        AND json_array_length(nameservers) > 0
        AND NOT EXISTS (SELECT 1 FROM json_each(user_domains.nameservers) WHERE lower(json_each.value) NOT IN (${placeholders}))
      ORDER BY zone_pushed_at IS NOT NULL, zone_pushed_at LIMIT ?1`,
  )
    .bind(SYNC_BATCH, ...ours)
    .all<{ id: string }>();
  const counts = { served: 0, failed: 0, removed: 0 };
  for (const { id } of results) {
    const outcome = await publishZone(env.DB, services, ours, id);
    if (outcome === "served" || outcome === "failed") counts[outcome] += 1;
  }
  // Zones served for domains that are gone (deleted, transferred out, expired) or now point elsewhere.
  const { results: stale } = await env.DB.prepare(
    `SELECT id, name FROM user_domains
      WHERE zone_served_serial IS NOT NULL
        AND (status NOT IN ('active', 'transfer_out_pending') OR deleted_at IS NOT NULL
          OR json_array_length(nameservers) = 0
          OR EXISTS (SELECT 1 FROM json_each(user_domains.nameservers) WHERE lower(json_each.value) NOT IN (${placeholders})))
      LIMIT ?1`,
  )
    .bind(SYNC_BATCH, ...ours)
    .all<{ id: string; name: string }>();
  for (const { id, name } of stale) {
    try {
      await services.dns.remove(name);
      await env.DB.prepare("UPDATE user_domains SET zone_served_serial = NULL, zone_push_error = NULL WHERE id = ?1")
        .bind(id)
        .run();
      counts.removed += 1;
    } catch (error) {
      console.error(`dns: the zone of ${name} could not be removed`, error);
      counts.failed += 1;
    }
  }
  return counts;
}

/**
 * A new zone at registration: the domain just recorded (on our nameservers by default) gets its
 * empty zone (SOA and NS) pushed. A failure never fails the registration: the job pushes it later.
 */
export async function publishNewZone(env: ApiEnv, services: ApiServices, name: string): Promise<void> {
  try {
    const row = await env.DB.prepare("SELECT id FROM user_domains WHERE name = ?1").bind(name).first<{ id: string }>();
    if (row) await publishZone(env.DB, services, ourNameservers(env), row.id);
  } catch (error) {
    console.error(`dns: the zone of ${name} was not published at registration`, error);
  }
}
