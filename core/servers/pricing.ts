// Server prices per billing cycle in integer cents (SPEC §9), and the expiry a cycle moves a server to.
import { CYCLE_MONTHS, type BillingCycle, type OperatingSystem, type ServerPlan } from "./catalogue";

export interface CyclePrice {
  cycle: BillingCycle;
  months: number;
  /** The plan's price for the cycle (without licence). */
  baseCents: number;
  /** The OS licence for the whole cycle (Windows Server). */
  licenceCents: number;
  totalCents: number;
  /** What the cycle saves against paying monthly for as long. */
  savingCents: number;
  /** The saving as a whole percentage of the monthly equivalent (rounded down). */
  savingPercent: number;
}

/** The price of `plan` for `cycle` with `os` (its licence fee per month times the months). */
export function cyclePrice(plan: ServerPlan, cycle: BillingCycle, os: OperatingSystem | null = null): CyclePrice {
  const months = CYCLE_MONTHS[cycle];
  const baseCents = plan.prices_cents[cycle];
  const licenceCents = (os?.licence_cents_per_month ?? 0) * months;
  const monthlyEquivalent = plan.prices_cents.monthly * months;
  const savingCents = Math.max(0, monthlyEquivalent - baseCents);
  return {
    cycle,
    months,
    baseCents,
    licenceCents,
    totalCents: baseCents + licenceCents,
    savingCents,
    savingPercent: monthlyEquivalent > 0 ? Math.floor((savingCents * 100) / monthlyEquivalent) : 0,
  };
}

/** The expiry after `months` more from `from` (same day of month, clamped to the month's end). */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}
