// "My domains" (SPEC §2 account area, §3 Domain, §4 domain statuses, §5 rules): the request schemas
// of the domain-management API and the status filter's SQL; the statuses themselves are in
// domain-status.ts (re-exported here). Pure: no I/O, the clock is a parameter.
import { isHostName, normaliseHost } from "./host-name";
import { z } from "./zod";
import {
  EXPIRING_SOON_DAYS,
  GRACE_DAYS,
  REDEMPTION_DAYS,
  PENDING_DELETE_DAYS,
  plusDays,
  STATUS_FILTERS,
  type StatusFilter,
  DOMAIN_SORTS,
  MAX_PER_PAGE,
  DEFAULT_PER_PAGE,
  MAX_NAMESERVERS,
} from "./domain-status";

export {
  DEFAULT_NAMESERVERS,
  DEFAULT_PER_PAGE,
  DOMAIN_SORTS,
  DOMAIN_STATUSES,
  EXPIRING_SOON_DAYS,
  GRACE_DAYS,
  MAX_NAMESERVERS,
  MAX_PER_PAGE,
  PENDING_DELETE_DAYS,
  REDEMPTION_DAYS,
  STATUS_ACTION,
  STATUS_FILTERS,
  TRANSFER_LOCK_DAYS,
  daysUntil,
  domainStatusOf,
  isManageable,
  transferPossibleFrom,
} from "./domain-status";
export type { DomainAction, DomainSort, DomainStatus, StatusFilter, StoredDomainStatus } from "./domain-status";

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
