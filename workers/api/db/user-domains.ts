// The customer's domains (migrations 0005, 0012) as "my domains" reads and changes them. Every
// query filters by user_id; every list is paged and served by a (user_id, …) index.
import {
  daysUntil,
  domainStatusOf,
  STATUS_ACTION,
  statusCondition,
  type DomainAction,
  type DomainListQuery,
  type DomainSort,
  type DomainStatus,
  type StoredDomainStatus,
} from "../../../core/my-domains";
import { translateApiText, type ApiLocale } from "../texts";

export interface UserDomainRow {
  id: string;
  user_id: string;
  name: string;
  unicode: string;
  tld: string;
  status: StoredDomainStatus;
  registered_at: string | null;
  expires_at: string | null;
  locked: number;
  auto_renew: number;
  whois_privacy: number;
  dnssec: number;
  nameservers: string;
  order_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  reminded_days: number | null;
  reminded_for: string | null;
  renew_error: string | null;
  renew_error_at: string | null;
  /** Numbers the off-session renewal orders of one expiry date (migration 0016). */
  renew_attempt: number;
  /** The zone's version (SOA serial), bumped with every change; what the DNS provider last confirmed (migration 0022). */
  zone_serial: number;
  zone_served_serial: number | null;
  zone_push_error: string | null;
  zone_pushed_at: string | null;
  /** The DS records sent to the registry for the signed zone (JSON array). */
  zone_ds: string;
}

/** SPEC §3 Domain (account view) as the API answers it. */
export interface UserDomainView {
  id: string;
  name: string;
  unicode: string;
  extension: string;
  status: DomainStatus;
  action: DomainAction;
  registered_at: string | null;
  expires_at: string | null;
  days_left: number | null;
  locked: boolean;
  auto_renew: boolean;
  whois_privacy: boolean;
  dnssec: boolean;
  ds: string[];
  nameservers: string[];
  deleted_at: string | null;
  renew_error: string | null;
  created_at: string;
}

/** `locale`: the language of the texts in the view (the failed renewal's reason). */
export function toDomainView(row: UserDomainRow, now: Date, locale: ApiLocale = "en"): UserDomainView {
  const status = domainStatusOf(row, now);
  return {
    id: row.id,
    name: row.name,
    unicode: row.unicode,
    extension: row.tld,
    status,
    action: STATUS_ACTION[status],
    registered_at: row.registered_at,
    expires_at: row.expires_at,
    days_left: daysUntil(row.expires_at, now),
    locked: row.locked === 1,
    auto_renew: row.auto_renew === 1,
    whois_privacy: row.whois_privacy === 1,
    dnssec: row.dnssec === 1,
    ds: parseList(row.zone_ds ?? "[]"),
    nameservers: parseList(row.nameservers),
    deleted_at: row.deleted_at,
    renew_error: row.renew_error === null ? null : translateApiText(locale, "renewal", row.renew_error),
    created_at: row.created_at,
  };
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

const ORDER_BY: Record<DomainSort, string> = {
  name: "d.name ASC",
  "-name": "d.name DESC",
  expires: "d.expires_at ASC, d.name ASC",
  "-expires": "d.expires_at DESC, d.name ASC",
  created: "d.created_at ASC, d.name ASC",
  "-created": "d.created_at DESC, d.name ASC",
};

/** The list query's SQL and values (exported so a test can EXPLAIN it). */
export function listSql(
  userId: string,
  query: DomainListQuery,
  now: Date,
): { where: string; values: (string | number)[]; orderBy: string } {
  const conditions = ["d.user_id = ?"];
  const values: (string | number)[] = [userId];
  if (query.q) {
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes (a 500 for a long search), and the
    // text needs no escaping. Names are stored lower-case and q is lower-cased by the schema.
    conditions.push("(instr(d.name, ?) > 0 OR instr(d.unicode, ?) > 0)");
    values.push(query.q, query.q);
  }
  if (query.status) {
    const condition = statusCondition(query.status, now);
    conditions.push(condition.sql);
    values.push(...condition.values);
  }
  return { where: conditions.join(" AND "), values, orderBy: ORDER_BY[query.sort] };
}

export interface DomainPage {
  domains: UserDomainView[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
  /** The whole account, whatever the filter: SPEC §3 User counts. */
  counts: { total: number; expiring_soon: number; expired: number };
}

export async function listUserDomains(
  db: D1Database,
  userId: string,
  query: DomainListQuery,
  now: Date,
  locale: ApiLocale = "en",
): Promise<DomainPage> {
  const { where, values, orderBy } = listSql(userId, query, now);
  const offset = (query.page - 1) * query.per_page;
  const soon = statusCondition("expiring_soon", now);
  const expired = statusCondition("expired", now);
  const [rows, total, counts] = await db.batch([
    db
      .prepare(`SELECT d.* FROM user_domains d WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
      .bind(...values, query.per_page, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM user_domains d WHERE ${where}`).bind(...values),
    db
      .prepare(
        `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN ${soon.sql} THEN 1 ELSE 0 END), 0) AS expiring_soon,
           COALESCE(SUM(CASE WHEN ${expired.sql} THEN 1 ELSE 0 END), 0) AS expired
         FROM user_domains d WHERE d.user_id = ?`,
      )
      .bind(...soon.values, ...expired.values, userId),
  ]);
  if (!rows || !total || !counts) throw new Error("D1 batch: a statement has no result");
  const totalRows = (total.results[0] as { n: number } | undefined)?.n ?? 0;
  const countRow = (counts.results[0] as { total: number; expiring_soon: number; expired: number } | undefined) ?? {
    total: 0,
    expiring_soon: 0,
    expired: 0,
  };
  return {
    domains: (rows.results as unknown as UserDomainRow[]).map((row) => toDomainView(row, now, locale)),
    total: totalRows,
    page: query.page,
    per_page: query.per_page,
    pages: Math.max(1, Math.ceil(totalRows / query.per_page)),
    counts: { total: countRow.total, expiring_soon: countRow.expiring_soon, expired: countRow.expired },
  };
}

/** One domain of this user, by its id or its (ASCII, lower-case) name; null for anyone else's. */
export function findUserDomain(db: D1Database, userId: string, ref: string): Promise<UserDomainRow | null> {
  return db
    .prepare("SELECT * FROM user_domains WHERE user_id = ?1 AND (id = ?2 OR name = ?2)")
    .bind(userId, ref)
    .first<UserDomainRow>();
}

type Updatable = Partial<
  Pick<
    UserDomainRow,
    | "status"
    | "expires_at"
    | "registered_at"
    | "locked"
    | "auto_renew"
    | "whois_privacy"
    | "dnssec"
    | "nameservers"
    | "deleted_at"
    | "reminded_days"
    | "reminded_for"
    | "renew_error"
    | "renew_error_at"
    | "renew_attempt"
  >
>;

const UPDATABLE = new Set<keyof Updatable>([
  "status",
  "expires_at",
  "registered_at",
  "locked",
  "auto_renew",
  "whois_privacy",
  "dnssec",
  "nameservers",
  "deleted_at",
  "reminded_days",
  "reminded_for",
  "renew_error",
  "renew_error_at",
  "renew_attempt",
]);

/** Changes fields of this user's domain; the row after, or null when it is not theirs. */
export async function updateUserDomain(
  db: D1Database,
  userId: string,
  id: string,
  fields: Updatable,
  now: Date,
): Promise<UserDomainRow | null> {
  const entries = Object.entries(fields).filter(
    ([key, value]) => UPDATABLE.has(key as keyof Updatable) && value !== undefined,
  );
  const sets = entries.map(([key], index) => `${key} = ?${index + 3}`);
  sets.push(`updated_at = ?${entries.length + 3}`);
  return db
    .prepare(`UPDATE user_domains SET ${sets.join(", ")} WHERE id = ?1 AND user_id = ?2 RETURNING *`)
    .bind(id, userId, ...entries.map(([, value]) => value as string | number | null), now.toISOString())
    .first<UserDomainRow>();
}

/** SPEC §3 User's domain fields for GET /profile: counts of the whole account and the first names. */
export async function profileDomainFields(
  db: D1Database,
  userId: string,
  now: Date,
): Promise<{ total_domains: number; domains: string[]; expiring_soon_count: number; expired_domains_count: number }> {
  const page = await listUserDomains(
    db,
    userId,
    { q: undefined, status: undefined, sort: "name", page: 1, per_page: 100 },
    now,
  );
  return {
    total_domains: page.counts.total,
    domains: page.domains.map((domain) => domain.name),
    expiring_soon_count: page.counts.expiring_soon,
    expired_domains_count: page.counts.expired,
  };
}
