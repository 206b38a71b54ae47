// Server billing cycles, kinds and architectures: plain values, apart from the catalogue's zod
// schema (catalogue.ts re-exports them) so the order and detail pages do not load zod.

/** SPEC §9 billing cycles and how many months each covers. */
export const BILLING_CYCLES = ["monthly", "quarterly", "annually", "biennially"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, annually: 12, biennially: 24 };

export const SERVER_KINDS = ["vps", "root", "gpu", "hosting"] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];
export const SERVER_ARCHES = ["x86", "arm"] as const;
export type ServerArch = (typeof SERVER_ARCHES)[number];
