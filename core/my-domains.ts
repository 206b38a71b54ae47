// "My domains" (SPEC §2 account area, §3 Domain, §4 domain statuses, §5 rules): the statuses a
// customer sees, computed from the stored row and the clock, and the request schemas of the
// domain-management API. Pure: no I/O, the clock is a parameter.
import { isHostName, normaliseHost } from "./domain-name";
import { z } from "./zod";

const DAY_MS = 86_400_000;
/** SPEC §4/§9: "expiring soon" = within 30 days. */
export const EXPIRING_SOON_DAYS = 30;
/** After expiry: renewal at the normal price (the registry's grace period). */
export const GRACE_DAYS = 30;
/** Then redemption: restore with the recovery fee. */
export const REDEMPTION_DAYS = 30;
/** Then pending delete: nothing possible, then the name is released. */
export const PENDING_DELETE_DAYS = 5;
/** ICANN Transfer Policy: no transfer within 60 days of registration or of a previous transfer. */
export const TRANSFER_LOCK_DAYS = 60;

/**
 * When a transfer away becomes possible (ICANN 60-day lock): TRANSFER_LOCK_DAYS after the latest
 * of the given dates (registration, last transfer), as an ISO moment; null when no date is known.
 * Unreadable dates are ignored.
 */
export function transferPossibleFrom(dates: readonly (string | null | undefined)[]): string | null {
  const times = dates.map((value) => (value ? Date.parse(value) : Number.NaN)).filter((time) => Number.isFinite(time));
  if (times.length === 0) return null;
  return new Date(Math.max(...times) + TRANSFER_LOCK_DAYS * DAY_MS).toISOString();
}

/** Every SPEC §4 domain status ("redemption_period" is read as "redemption"). */
export const DOMAIN_STATUSES = [
  "active",
  "pending",
  "pending_manual_intervention",
  "pending_transfer",
  "transfer_out_pending",
  "transferred_out",
  "expiring_soon",
  "expired",
  "grace_period",
  "redemption",
  "pending_delete",
  "deleted",
  "suspended",
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** The status a stored row may hold (migration 0005); the rest are computed from the dates. */
export type StoredDomainStatus =
  | "pending"
  | "active"
  | "pending_manual_intervention"
  | "pending_transfer"
  | "transfer_out_pending"
  | "transferred_out"
  | "deleted"
  | "suspended";

/** What the customer can do next (SPEC §4 "suggested action"). */
export type DomainAction = "none" | "renew" | "restore" | "contact_support" | "wait";

export const STATUS_ACTION: Record<DomainStatus, DomainAction> = {
  active: "none",
  pending: "wait",
  pending_manual_intervention: "contact_support",
  pending_transfer: "wait",
  transfer_out_pending: "wait",
  transferred_out: "none",
  expiring_soon: "renew",
  expired: "renew",
  grace_period: "renew",
  redemption: "restore",
  pending_delete: "none",
  deleted: "none",
  suspended: "contact_support",
};

const plusDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/**
 * The status of a stored row now. An active row moves by its dates: expiring soon (30 days or
 * less left), grace period (expired, renew at the normal price), redemption (restore with a
 * fee; at once when the customer deleted it), pending delete, deleted.
 */
export function domainStatusOf(
  row: { status: StoredDomainStatus; expires_at: string | null; deleted_at: string | null },
  now: Date,
): DomainStatus {
  if (row.status !== "active") return row.status;
  const nowIso = now.toISOString();
  if (row.deleted_at !== null) {
    if (row.deleted_at > plusDays(now, -REDEMPTION_DAYS)) return "redemption";
    if (row.deleted_at > plusDays(now, -(REDEMPTION_DAYS + PENDING_DELETE_DAYS))) return "pending_delete";
    return "deleted";
  }
  const expires = row.expires_at;
  if (expires === null || expires > plusDays(now, EXPIRING_SOON_DAYS)) return "active";
  if (expires > nowIso) return "expiring_soon";
  if (expires > plusDays(now, -GRACE_DAYS)) return "grace_period";
  if (expires > plusDays(now, -(GRACE_DAYS + REDEMPTION_DAYS))) return "redemption";
  if (expires > plusDays(now, -(GRACE_DAYS + REDEMPTION_DAYS + PENDING_DELETE_DAYS))) return "pending_delete";
  return "deleted";
}

/** Whole days from now until the expiry (negative once expired), or null without one. */
export function daysUntil(expiresAt: string | null, now: Date): number | null {
  if (expiresAt === null) return null;
  return Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS);
}

/** Statuses whose domain can still be managed (DNS, nameservers, lock, settings). */
export function isManageable(status: DomainStatus): boolean {
  return !["transferred_out", "deleted", "pending_delete", "redemption", "pending", "pending_transfer"].includes(
    status,
  );
}

/**
 * The SQL condition (on table alias `d`, `?` placeholders, values in order) that selects rows
 * whose computed status is `filter`, the same boundaries as `domainStatusOf`. "expired" selects
 * every status after expiry (grace, redemption, pending delete). Only range conditions on
 * `expires_at` and `deleted_at`, so the (user_id, expires_at) index serves them.
 */
export function statusCondition(filter: StatusFilter, now: Date): { sql: string; values: string[] } {
  const nowIso = now.toISOString();
  const soon = plusDays(now, EXPIRING_SOON_DAYS);
  const graceStart = plusDays(now, -GRACE_DAYS);
  const redemptionStart = plusDays(now, -(GRACE_DAYS + REDEMPTION_DAYS));
  const deleteStart = plusDays(now, -(GRACE_DAYS + REDEMPTION_DAYS + PENDING_DELETE_DAYS));
  const delRedemption = plusDays(now, -REDEMPTION_DAYS);
  const delPending = plusDays(now, -(REDEMPTION_DAYS + PENDING_DELETE_DAYS));
  const live = "d.status = 'active' AND d.deleted_at IS NULL";
  const deletedRow = "d.status = 'active' AND d.deleted_at IS NOT NULL";
  switch (filter) {
    case "active":
      return { sql: `${live} AND (d.expires_at IS NULL OR d.expires_at > ?)`, values: [soon] };
    case "expiring_soon":
      return { sql: `${live} AND d.expires_at > ? AND d.expires_at <= ?`, values: [nowIso, soon] };
    case "grace_period":
      return { sql: `${live} AND d.expires_at > ? AND d.expires_at <= ?`, values: [graceStart, nowIso] };
    case "expired":
      return { sql: `${live} AND d.expires_at > ? AND d.expires_at <= ?`, values: [deleteStart, nowIso] };
    case "redemption":
      return {
        sql: `((${live} AND d.expires_at > ? AND d.expires_at <= ?) OR (${deletedRow} AND d.deleted_at > ?))`,
        values: [redemptionStart, graceStart, delRedemption],
      };
    case "pending_delete":
      return {
        sql: `((${live} AND d.expires_at > ? AND d.expires_at <= ?) OR (${deletedRow} AND d.deleted_at > ? AND d.deleted_at <= ?))`,
        values: [deleteStart, redemptionStart, delPending, delRedemption],
      };
    case "deleted":
      return {
        sql: `(d.status = 'deleted' OR (${live} AND d.expires_at <= ?) OR (${deletedRow} AND d.deleted_at <= ?))`,
        values: [deleteStart, delPending],
      };
    default:
      return { sql: "d.status = ?", values: [filter] };
  }
}

// ─── Request schemas ─────────────────────────────────────────────────────────────────────────

const UNKNOWN_FIELD = "is not an accepted field";
const strict = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? UNKNOWN_FIELD : undefined),
};

/** The list filters: every status. */
export const STATUS_FILTERS = DOMAIN_STATUSES;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const DOMAIN_SORTS = ["name", "-name", "expires", "-expires", "created", "-created"] as const;
export type DomainSort = (typeof DOMAIN_SORTS)[number];
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

const pageNumber = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: "must be at least 1" })
        .max(max, { error: `must be at most ${max}` }),
    )
    .optional()
    .transform((value) => value ?? fallback);

/** GET /user-domains: search, status filter, sort, pagination (query strings). */
export const domainListQuerySchema = z.strictObject(
  {
    q: z
      .string()
      .trim()
      .max(253, { error: "is too long" })
      .optional()
      .transform((value) => (value ? value.toLowerCase() : undefined)),
    status: z
      .enum(["", ...STATUS_FILTERS], { error: `must be one of ${STATUS_FILTERS.join(", ")}` })
      .optional()
      .transform((value) => (value ? (value as StatusFilter) : undefined)),
    sort: z
      .enum(DOMAIN_SORTS, { error: `must be one of ${DOMAIN_SORTS.join(", ")}` })
      .optional()
      .transform((value) => value ?? "name"),
    page: pageNumber(1, 100_000),
    per_page: pageNumber(DEFAULT_PER_PAGE, MAX_PER_PAGE),
  },
  strict,
);
export type DomainListQuery = z.output<typeof domainListQuerySchema>;

const passwordField = z
  .string({ error: "is required" })
  .min(1, { error: "is required" })
  .max(128, { error: "is too long" });
const booleanField = z.boolean({ error: "must be true or false" });

/** PUT /domains/dns/{domain}/domain-lock — SPEC §5: a lock change needs the account password. */
export const domainLockBodySchema = z.strictObject({ locked: booleanField, password: passwordField }, strict);
/** POST /user-domains/{id}/renew: years wanted (capped at what the registry allows). */
export const renewBodySchema = z.strictObject(
  {
    years: z
      .number({ error: "must be a whole number" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(10, { error: "must be at most 10" }),
  },
  strict,
);
/** PUT /user-domains/{id}/auto-renew. */
export const autoRenewBodySchema = z.strictObject({ auto_renew: booleanField }, strict);
/** PUT /user-domains/{id}/whois-privacy. */
export const whoisPrivacyBodySchema = z.strictObject({ whois_privacy: booleanField }, strict);
/** PUT /user-domains/{id}/dnssec. */
export const dnssecBodySchema = z.strictObject({ dnssec: booleanField }, strict);
/** DELETE /dns/domains/{domain} and POST …/auth-code: the account password. */
export const passwordBodySchema = z.strictObject({ password: passwordField }, strict);

export const MAX_NAMESERVERS = 13;
/** A host name as registries take them (core/domain-name.ts): lower-case ASCII labels, a dot, a real-looking extension. */
export { isHostName };

/** SPEC §5: at least one nameserver, valid host names; at most 13, no repeats. */
export const nameserversSchema = z
  .array(z.string({ error: "must be a host name" }).transform(normaliseHost), {
    error: "must be a list of host names",
  })
  .transform((hosts) => hosts.filter((host) => host !== ""))
  .superRefine((hosts, ctx) => {
    if (hosts.length === 0) ctx.addIssue({ code: "custom", message: "needs at least one nameserver" });
    if (hosts.length > MAX_NAMESERVERS)
      ctx.addIssue({ code: "custom", message: `allows at most ${MAX_NAMESERVERS} nameservers` });
    hosts.forEach((host, index) => {
      if (!isHostName(host))
        ctx.addIssue({ code: "custom", path: [index], message: "must be a valid host name like ns1.example.com" });
    });
    if (new Set(hosts).size !== hosts.length) ctx.addIssue({ code: "custom", message: "lists a nameserver twice" });
  });

/** PUT /dns/domains/{domain}/nameservers. */
export const nameserversBodySchema = z.strictObject({ nameservers: nameserversSchema }, strict);

/** The same from an HTML form: one host name per line (or separated by spaces/commas). */
export const nameserversFormSchema = z.object({
  nameservers: z
    .string({ error: "needs at least one nameserver" })
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(nameserversSchema),
});

/** Our own nameservers (unless NAMESERVERS names others): set on every new registration, their zone served by us. */
export const DEFAULT_NAMESERVERS = ["ns1.trinity-dns.net", "ns2.trinity-dns.net"];

// ─── HTML forms (Conform in the browser, parseWithZod in the actions) ───────────────────────

const formBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((value) => value === "true");

/** Lock or unlock: the wanted state and the account password. */
export const lockFormSchema = z.object({ locked: formBoolean, password: passwordField });
/** Auto-renewal, WHOIS privacy, DNSSEC: one switch each. */
export const toggleFormSchema = z.object({ enabled: formBoolean });
/** Delete, auth code: the account password. */
export const passwordFormSchema = z.object({ password: passwordField });
/** Renew/restore into the cart: years as typed digits. */
export const renewFormSchema = z.object({
  years: z
    .string({ error: "is required" })
    .regex(/^\s*\d{1,2}\s*$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "must be at least 1" }).max(10, { error: "must be at most 10" })),
});
