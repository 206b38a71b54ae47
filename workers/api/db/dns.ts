// DNS zones of the customer's domains (migration 0012): records and the zone's history. Every
// function takes the domain row's id, which the caller has already checked belongs to the user.
import type { DnsRecord, DnsRecordInput, ZoneChange } from "../../../core/dns";
import { hostOf, parseZoneChange, zoneChangeSummary } from "../../../core/dns";
import { serialFloor } from "../../../core/dns-serve";

/** A stored row: the record, its domain and the full host name it answers for. */
type RecordRow = DnsRecord & { domain_id: string; host: string };

function toRecord(row: RecordRow): DnsRecord {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    content: row.content,
    ttl: row.ttl,
    priority: row.priority,
    weight: row.weight,
    port: row.port,
    redirect_type: row.redirect_type,
    page_title: row.page_title,
  };
}

const TYPE_ORDER =
  "CASE type WHEN 'A' THEN 1 WHEN 'AAAA' THEN 2 WHEN 'CNAME' THEN 3 WHEN 'MX' THEN 4 WHEN 'TXT' THEN 5 WHEN 'NS' THEN 6 WHEN 'SRV' THEN 7 WHEN 'CAA' THEN 8 ELSE 9 END";

export async function listRecords(db: D1Database, domainId: string): Promise<DnsRecord[]> {
  const { results } = await db
    .prepare(`SELECT * FROM dns_records WHERE domain_id = ?1 ORDER BY ${TYPE_ORDER}, name, priority, content`)
    .bind(domainId)
    .all<RecordRow>();
  return results.map(toRecord);
}

/** The columns ?3 … ?12 of the insert and the update: type, name, host, content, ttl … page_title. */
function recordColumns(record: DnsRecordInput, domain: string) {
  return [
    record.type,
    record.name,
    hostOf(record.name, domain),
    record.content,
    record.ttl,
    record.priority,
    record.weight,
    record.port,
    record.redirect_type,
    record.page_title,
  ];
}

function insertStatement(
  db: D1Database,
  domainId: string,
  domain: string,
  record: DnsRecordInput & { id?: string },
  at: string,
) {
  return db
    .prepare(
      `INSERT INTO dns_records (id, domain_id, type, name, host, content, ttl, priority, weight, port, redirect_type, page_title, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)`,
    )
    .bind(record.id ?? crypto.randomUUID(), domainId, ...recordColumns(record, domain), at);
}

/**
 * Writes a change to a zone in one batch with the zone as it was before (`zone`), kept as a
 * version for rollback, and the zone's serial bumped (the DNS provider is then behind until it
 * confirms the new one); `statements` get the change's time.
 */
async function changeZone(
  db: D1Database,
  domainId: string,
  zone: readonly DnsRecord[],
  change: ZoneChange,
  now: Date,
  statements: (at: string) => D1PreparedStatement[],
): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare("INSERT INTO dns_zone_versions (domain_id, records, summary, created_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(domainId, JSON.stringify(zone), zoneChangeSummary(change), at),
    ...statements(at),
    db
      .prepare("UPDATE user_domains SET zone_serial = MAX(zone_serial + 1, ?2) WHERE id = ?1")
      .bind(domainId, serialFloor(now)),
  ]);
}

export async function createRecord(
  db: D1Database,
  domainId: string,
  domain: string,
  zone: readonly DnsRecord[],
  record: DnsRecordInput,
  now: Date,
): Promise<DnsRecord> {
  const id = crypto.randomUUID();
  await changeZone(db, domainId, zone, { action: "add", type: record.type, name: record.name }, now, (at) => [
    insertStatement(db, domainId, domain, { ...record, id }, at),
  ]);
  return { ...record, id };
}

export async function updateRecord(
  db: D1Database,
  domainId: string,
  domain: string,
  zone: readonly DnsRecord[],
  id: string,
  record: DnsRecordInput,
  now: Date,
): Promise<DnsRecord> {
  await changeZone(db, domainId, zone, { action: "edit", type: record.type, name: record.name }, now, (at) => [
    db
      .prepare(
        `UPDATE dns_records SET type = ?3, name = ?4, host = ?5, content = ?6, ttl = ?7, priority = ?8, weight = ?9, port = ?10,
           redirect_type = ?11, page_title = ?12, updated_at = ?13 WHERE id = ?1 AND domain_id = ?2`,
      )
      .bind(id, domainId, ...recordColumns(record, domain), at),
  ]);
  return { ...record, id };
}

export async function deleteRecord(
  db: D1Database,
  domainId: string,
  zone: readonly DnsRecord[],
  record: DnsRecord,
  now: Date,
): Promise<void> {
  await changeZone(db, domainId, zone, { action: "delete", type: record.type, name: record.name }, now, () => [
    db.prepare("DELETE FROM dns_records WHERE id = ?1 AND domain_id = ?2").bind(record.id, domainId),
  ]);
}

/** Replaces the whole zone (rollback, import), keeping the zone before as a version. */
export async function replaceZone(
  db: D1Database,
  domainId: string,
  domain: string,
  zone: readonly DnsRecord[],
  records: readonly (DnsRecordInput & { id?: string })[],
  change: ZoneChange,
  now: Date,
): Promise<void> {
  await changeZone(db, domainId, zone, change, now, (at) => [
    db.prepare("DELETE FROM dns_records WHERE domain_id = ?1").bind(domainId),
    ...records.map((record) => insertStatement(db, domainId, domain, record, at)),
  ]);
}

export interface ZoneVersion {
  id: number;
  /** The change in the API's English words ("add A www"); `change` is the same as data. */
  summary: string;
  change: ZoneChange | null;
  created_at: string;
  record_count: number;
}

export async function listVersions(db: D1Database, domainId: string, limit = 20): Promise<ZoneVersion[]> {
  const { results } = await db
    .prepare(
      "SELECT id, summary, created_at, json_array_length(records) AS record_count FROM dns_zone_versions WHERE domain_id = ?1 ORDER BY id DESC LIMIT ?2",
    )
    .bind(domainId, limit)
    .all<Omit<ZoneVersion, "change">>();
  return results.map((version) => ({ ...version, change: parseZoneChange(version.summary) }));
}

export async function findVersion(db: D1Database, domainId: string, id: number): Promise<DnsRecord[] | null> {
  const row = await db
    .prepare("SELECT records FROM dns_zone_versions WHERE domain_id = ?1 AND id = ?2")
    .bind(domainId, id)
    .first<{ records: string }>();
  return row ? (JSON.parse(row.records) as DnsRecord[]) : null;
}

/** The forwarding that answers for a host name, when its domain is live (not deleted, not gone). */
export async function findForwarding(
  db: D1Database,
  host: string,
  now: Date,
): Promise<(DnsRecord & { domain: string }) | null> {
  const row = await db
    .prepare(
      `SELECT r.*, d.name AS domain FROM dns_records r JOIN user_domains d ON d.id = r.domain_id
        WHERE r.host = ?1 AND r.type IN ('FORWARD', 'STEALTH') AND d.status = 'active' AND d.deleted_at IS NULL
          AND (d.expires_at IS NULL OR d.expires_at > ?2)
        LIMIT 1`,
    )
    .bind(host, now.toISOString())
    .first<RecordRow & { domain: string }>();
  return row ? { ...toRecord(row), domain: row.domain } : null;
}

/** Bumps a zone's serial without a record change (DNSSEC turned on or off: the provider must sign or unsign). */
export async function bumpZoneSerial(db: D1Database, domainId: string, now: Date): Promise<void> {
  await db
    .prepare("UPDATE user_domains SET zone_serial = MAX(zone_serial + 1, ?2) WHERE id = ?1")
    .bind(domainId, serialFloor(now))
    .run();
}

/** A domain's zone as the nameservers serve it: its name, serial, delegation and records. */
export interface ZoneRow {
  id: string;
  name: string;
  nameservers: string;
  zone_serial: number;
  zone_served_serial: number | null;
  zone_push_error: string | null;
  zone_pushed_at: string | null;
}

/**
 * The live domain (active or being transferred out, not deleted, not expired past `now`) whose
 * name is `qname` or its nearest parent, with its records; null when there is none.
 */
export async function findServedZone(
  db: D1Database,
  qname: string,
  now: Date,
): Promise<{ row: ZoneRow; records: DnsRecord[] } | null> {
  const labels = qname.split(".");
  // A registrable domain has at least two labels; at most the ten nearest parents are asked.
  const candidates = labels
    .slice(0, -1)
    .map((_, index) => labels.slice(index).join("."))
    .slice(-10);
  if (candidates.length === 0) return null;
  const placeholders = candidates.map((_, index) => `?${index + 2}`).join(", ");
  const row = await db
    .prepare(
      `SELECT id, name, nameservers, zone_serial, zone_served_serial, zone_push_error, zone_pushed_at FROM user_domains
        WHERE name IN (${placeholders}) AND status IN ('active', 'transfer_out_pending') AND deleted_at IS NULL
          AND (expires_at IS NULL OR expires_at > ?1)
        ORDER BY length(name) DESC LIMIT 1`,
    )
    .bind(now.toISOString(), ...candidates)
    .first<ZoneRow>();
  if (!row) return null;
  return { row, records: await listRecords(db, row.id) };
}
