/**
 * Registry rules shared by the adapters: name syntax, the years rules of SPEC §5, and the
 * clock-driven lifecycle of SPEC §4 (expiry → grace → redemption → pending delete → released).
 * Pure functions: no I/O, the clock is a parameter.
 */
import { isAsciiTld, isHostName, isLdhLabel, normaliseHost } from "../../../../core/domain-name";
import { RegistryError, type RegistryDomainStatus } from "./types";

/** SPEC §5/§9: a name is registered or renewed for at most 10 years ahead. */
export const MAX_YEARS = 10;
/** SPEC §5: a transfer adds exactly one year. */
export const TRANSFER_YEARS = 1;
/** SPEC §4/§9: "expiring soon" = within 30 days. */
export const EXPIRING_SOON_DAYS = 30;
/** After expiry: renewal at the normal price (EPP auto-renew grace, typically 30–45 days). */
export const GRACE_DAYS = 30;
/** RFC 3915 redemption period: restore with a fee. */
export const REDEMPTION_DAYS = 30;
/** RFC 3915 pending delete: nothing possible, then the name is released. */
export const PENDING_DELETE_DAYS = 5;
/** ICANN transfer policy: the registry approves a transfer nobody answered after 5 days. */
export const TRANSFER_AUTO_APPROVE_DAYS = 5;
/** ICANN transfer policy: no transfer within 60 days of registration or of a previous transfer. */
export const TRANSFER_LOCK_DAYS = 60;
/** Most nameservers a registry accepts per name. */
export const MAX_NAMESERVERS = 13;
/** Names per check command. */
export const MAX_CHECK_NAMES = 1000;

const DAY_MS = 86_400_000;

/** "label.tld": the last label is the extension, the rest one label (the catalogue has single-label extensions only). */
export function splitName(name: string): { label: string; tld: string } {
  const dot = name.lastIndexOf(".");
  const label = name.slice(0, dot);
  const tld = name.slice(dot + 1);
  if (dot <= 0 || name !== name.toLowerCase() || !isAsciiTld(tld) || !isLdhLabel(label) || name.length > 253) {
    throw new RegistryError("invalid_input", `"${name}" is not a valid ASCII domain name (label.tld).`);
  }
  return { label, tld };
}

export function assertLabel(label: string): void {
  if (label !== label.toLowerCase() || !isLdhLabel(label)) {
    throw new RegistryError("invalid_input", `"${label}" is not a valid ASCII domain label.`);
  }
}

export function assertTld(tld: string): void {
  if (!isAsciiTld(tld)) throw new RegistryError("invalid_input", `"${tld}" is not a valid ASCII extension.`);
}

/** Lower-cased, de-duplicated host names, 1 to 13 of them, or RegistryError("invalid_input"). */
export function normaliseNameservers(nameservers: readonly string[], allowEmpty = false): string[] {
  const hosts = [...new Set(nameservers.map(normaliseHost))];
  if (hosts.length === 0 && !allowEmpty) {
    throw new RegistryError("invalid_input", "At least one nameserver is required.");
  }
  if (hosts.length > MAX_NAMESERVERS) {
    throw new RegistryError("invalid_input", `At most ${MAX_NAMESERVERS} nameservers are allowed.`);
  }
  const bad = hosts.find((host) => !isHostName(host));
  if (bad !== undefined) throw new RegistryError("invalid_input", `"${bad}" is not a valid nameserver host name.`);
  return hosts;
}

/** At most this many DS records a name (a key rollover needs two or three). */
export const MAX_DS_RECORDS = 8;

/**
 * DS records as "keyTag algorithm digestType digest" (RFC 4034 §5.3): numbers in range, the digest
 * hexadecimal (upper case here), no duplicates; anything else is invalid_input.
 */
export function normaliseDsRecords(ds: readonly string[]): string[] {
  const records = [
    ...new Set(
      ds.map((record) => {
        const match = /^\s*(\d{1,5})\s+(\d{1,3})\s+(\d{1,3})\s+([0-9A-Fa-f]{2,256})\s*$/.exec(record);
        const [keyTag, algorithm, digestType] = [match?.[1], match?.[2], match?.[3]].map(Number);
        if (!match || keyTag === undefined || keyTag > 65535 || (algorithm ?? 256) > 255 || (digestType ?? 256) > 255)
          throw new RegistryError(
            "invalid_input",
            `"${record}" is not a DS record (keyTag algorithm digestType digest).`,
          );
        return `${keyTag} ${algorithm} ${digestType} ${(match[4] ?? "").toUpperCase()}`;
      }),
    ),
  ];
  if (records.length > MAX_DS_RECORDS)
    throw new RegistryError("invalid_input", `At most ${MAX_DS_RECORDS} DS records are allowed.`);
  return records;
}

export function assertYears(years: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(years) || years < min || years > max) {
    throw new RegistryError(
      "invalid_period",
      min === max
        ? `A ${what} is for exactly ${min} year.`
        : `A ${what} is for ${min} to ${max} years (asked for ${years}).`,
    );
  }
}

// --- dates --------------------------------------------------------------------------------------

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/** Calendar years in UTC; 29 February becomes 28 February in a common year (as registries do). */
export function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.toISOString();
}

/** The ISO date (YYYY-MM-DD, UTC) of an ISO date or date-time, or null when it is not one. */
export function isoDate(value: string): string | null {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Most years that can be added to `expiresAt` without passing now + 10 years. */
export function maxRenewalYears(expiresAt: string, now: Date): number {
  const limit = addYears(now.toISOString(), MAX_YEARS);
  let years = 0;
  while (years < MAX_YEARS && addYears(expiresAt, years + 1) <= limit) years += 1;
  return years;
}

/** The expiry after a transfer: one year more, but never more than 10 years ahead. */
export function expiryAfterTransfer(expiresAt: string, now: Date): string {
  const added = addYears(expiresAt, TRANSFER_YEARS);
  const limit = addYears(now.toISOString(), MAX_YEARS);
  return added < limit ? added : limit;
}

/**
 * A name held elsewhere renews automatically at the registry each year (gTLD auto-renew), so
 * a ledger of real names never lapses: the expiry rolls forward whole years until it is ahead.
 */
export function rolledExpiry(expiresAt: string, now: Date): string {
  const nowIso = now.toISOString();
  if (expiresAt > nowIso) return expiresAt;
  const behind = Math.floor((now.getTime() - Date.parse(expiresAt)) / (365.25 * DAY_MS));
  let rolled = addYears(expiresAt, Math.max(1, behind));
  while (rolled <= nowIso) rolled = addYears(rolled, 1);
  return rolled;
}

// --- lifecycle ----------------------------------------------------------------------------------

export type LifecyclePhase = "registered" | "grace_period" | "redemption" | "pending_delete" | "released";

export interface LifecycleDates {
  graceEndsAt: string;
  redemptionEndsAt: string;
  releasesAt: string;
}

/**
 * Where a name held here stands: after expiry, GRACE_DAYS of grace; then REDEMPTION_DAYS of
 * redemption (or at once, from `deletedAt`, when it was deleted); then PENDING_DELETE_DAYS of
 * pending delete; then it is released.
 */
export function lifecycle(
  row: { expiresAt: string; deletedAt: string | null },
  now: Date,
): { phase: LifecyclePhase; dates: LifecycleDates } {
  const redemptionStart = row.deletedAt ?? addDays(row.expiresAt, GRACE_DAYS);
  const redemptionEndsAt = addDays(redemptionStart, REDEMPTION_DAYS);
  const releasesAt = addDays(redemptionEndsAt, PENDING_DELETE_DAYS);
  const dates = { graceEndsAt: redemptionStart, redemptionEndsAt, releasesAt };
  const nowIso = now.toISOString();
  let phase: LifecyclePhase;
  if (nowIso >= releasesAt) phase = "released";
  else if (nowIso >= redemptionEndsAt) phase = "pending_delete";
  else if (nowIso >= redemptionStart) phase = "redemption";
  else if (nowIso >= row.expiresAt) phase = "grace_period";
  else phase = "registered";
  return { phase, dates };
}

/** SPEC §4 status of a registered (not released) name. */
export function domainStatus(input: {
  phase: Exclude<LifecyclePhase, "released">;
  stored: "active" | "suspended";
  pendingTransfer: "in" | "out" | null;
  expiresAt: string;
  now: Date;
}): RegistryDomainStatus {
  if (input.phase !== "registered") return input.phase;
  if (input.pendingTransfer === "in") return "pending_transfer";
  if (input.pendingTransfer === "out") return "transfer_out_pending";
  if (input.stored === "suspended") return "suspended";
  return Date.parse(input.expiresAt) - input.now.getTime() <= EXPIRING_SOON_DAYS * DAY_MS ? "expiring_soon" : "active";
}
