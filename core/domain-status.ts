// A customer's domain statuses (SPEC §4) computed from the stored row and the clock, the list's
// filters and sorts, and the nameserver defaults: plain values and functions, apart from the
// domain-management API's zod schemas (my-domains.ts, which re-exports these), so the domain pages
// render without loading zod or the IDN tables. Pure: the clock is a parameter.

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

/** `now` moved by `days` (negative: back), as an ISO moment. */
export const plusDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

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

/** The list filters: every status. */
export const STATUS_FILTERS = DOMAIN_STATUSES;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const DOMAIN_SORTS = ["name", "-name", "expires", "-expires", "created", "-created"] as const;
export type DomainSort = (typeof DOMAIN_SORTS)[number];
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

export const MAX_NAMESERVERS = 13;
/** Our own nameservers (unless NAMESERVERS names others): set on every new registration, their zone served by us. */
export const DEFAULT_NAMESERVERS = ["ns1.trinity-dns.net", "ns2.trinity-dns.net"];
