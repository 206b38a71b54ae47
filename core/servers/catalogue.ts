// The server catalogue's shape (data/servers/plans.json): kinds, billing cycles, plans, operating
// systems and datacenters, checked once when loaded.
import { z } from "../zod";
import { SERVER_KINDS, SERVER_ARCHES } from "./cycles";

export { BILLING_CYCLES, CYCLE_MONTHS, SERVER_ARCHES, SERVER_KINDS } from "./cycles";
export type { BillingCycle, ServerArch, ServerKind } from "./cycles";

const cents = z.number().int().nonnegative();
export const serverCatalogueSchema = z.object({
  currency: z.literal("USD"),
  datacenters: z
    .array(
      z.object({ id: z.string().regex(/^[a-z0-9-]{2,16}$/u), city: z.string().min(1), country: z.string().length(2) }),
    )
    .min(1),
  operating_systems: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9.-]{2,32}$/u),
        name: z.string().min(1),
        family: z.enum(["linux", "bsd", "windows"]),
        arch: z.array(z.enum(SERVER_ARCHES)).min(1),
        licence_cents_per_month: cents,
      }),
    )
    .min(1),
  plans: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{2,16}$/u),
        name: z.string().min(1),
        kind: z.enum(SERVER_KINDS),
        arch: z.enum(SERVER_ARCHES),
        cpu_cores: z.number().int().positive(),
        cpu_model: z.string().nullable(),
        ram_gb: z.number().positive(),
        disk_gb: z.number().positive(),
        disk_type: z.string(),
        traffic_tb: z.union([z.number().positive(), z.literal("unlimited")]),
        prices_cents: z.object({ monthly: cents, quarterly: cents, annually: cents, biennially: cents }),
        datacenters: z.array(z.string()).min(1),
        popular: z.boolean(),
        provider_type: z.string().min(1),
        gpu: z
          .object({ model: z.string(), memory_gb: z.number().positive(), count: z.number().int().positive() })
          .optional(),
        websites: z.number().int().positive().optional(),
      }),
    )
    .min(1),
});
export type ServerCatalogue = z.output<typeof serverCatalogueSchema>;
export type ServerPlan = ServerCatalogue["plans"][number];
export type OperatingSystem = ServerCatalogue["operating_systems"][number];
export type Datacenter = ServerCatalogue["datacenters"][number];

/** Parses the catalogue and checks that plans name known datacenters (throws on a bad file). */
export function parseServerCatalogue(input: unknown): ServerCatalogue {
  const catalogue = serverCatalogueSchema.parse(input);
  const dcs = new Set(catalogue.datacenters.map((dc) => dc.id));
  const ids = new Set<string>();
  for (const plan of catalogue.plans) {
    if (ids.has(plan.id)) throw new Error(`server catalogue: plan ${plan.id} twice`);
    ids.add(plan.id);
    for (const dc of plan.datacenters)
      if (!dcs.has(dc)) throw new Error(`server catalogue: plan ${plan.id} names unknown datacenter ${dc}`);
  }
  return catalogue;
}

/** Operating systems a plan can run (hosting plans run none: the host manages it). */
export function osChoices(catalogue: ServerCatalogue, plan: ServerPlan): OperatingSystem[] {
  if (plan.kind === "hosting") return [];
  return catalogue.operating_systems.filter((os) => os.arch.includes(plan.arch));
}
