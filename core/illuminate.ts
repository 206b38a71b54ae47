// Illuminate (SPEC §2 dashboard child; decided in docs/decisions/2026-11-25-content.md): the
// account's health report. Pure rules: which of the user's domains need attention, and why.

export const EXPIRING_SOON_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DomainFacts {
  name: string;
  unicode: string;
  status: string;
  expires_at: string | null;
  locked: boolean;
  auto_renew: boolean;
  whois_privacy: boolean;
  dnssec: boolean;
}

export const FINDING_KINDS = [
  "expired",
  "expiring_soon",
  "auto_renew_without_card",
  "unlocked",
  "dnssec_off",
  "auto_renew_off",
  "privacy_off",
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export type Severity = "critical" | "warning" | "info";

export const SEVERITY: Record<FindingKind, Severity> = {
  expired: "critical",
  expiring_soon: "warning",
  auto_renew_without_card: "critical",
  unlocked: "warning",
  dnssec_off: "warning",
  auto_renew_off: "info",
  privacy_off: "info",
};

export interface Finding {
  kind: FindingKind;
  severity: Severity;
  domain: string;
  unicode: string;
  /** Whole days until expiry (negative once expired), for the expiry findings. */
  days: number | null;
}

/** Domains in these statuses are not (or no longer) the user's to look after. */
const INACTIVE = new Set(["transferred_out", "deleted", "pending", "pending_transfer"]);
const ORDER: Record<Severity, number> = { critical: 0, warning: 1, info: 2 };

/** The findings for the user's domains, most urgent first (then by name). */
export function illuminate(domains: readonly DomainFacts[], hasPaymentMethod: boolean, now: Date): Finding[] {
  const findings: Finding[] = [];
  for (const domain of domains) {
    if (INACTIVE.has(domain.status)) continue;
    const add = (kind: FindingKind, days: number | null = null) =>
      findings.push({ kind, severity: SEVERITY[kind], domain: domain.name, unicode: domain.unicode, days });
    const expires = domain.expires_at ? Date.parse(domain.expires_at) : Number.NaN;
    if (Number.isFinite(expires)) {
      const days = Math.floor((expires - now.getTime()) / DAY_MS);
      if (expires <= now.getTime()) add("expired", days);
      else if (days < EXPIRING_SOON_DAYS) add("expiring_soon", days);
    }
    if (domain.auto_renew && !hasPaymentMethod) add("auto_renew_without_card");
    if (!domain.auto_renew) add("auto_renew_off");
    if (!domain.locked) add("unlocked");
    if (!domain.dnssec) add("dnssec_off");
    if (!domain.whois_privacy) add("privacy_off");
  }
  return findings.sort(
    (a, b) =>
      ORDER[a.severity] - ORDER[b.severity] ||
      FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind) ||
      a.domain.localeCompare(b.domain),
  );
}
