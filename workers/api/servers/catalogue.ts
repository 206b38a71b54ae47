// The server catalogue (data/servers/plans.json), parsed and checked once per isolate on first use.
import catalogueJson from "../../../data/servers/plans.json";
import {
  cyclePrice,
  BILLING_CYCLES,
  osChoices,
  parseServerCatalogue,
  type ServerCatalogue,
  type ServerPlan,
} from "../../../core/servers";
import { centsToDecimal } from "../../../core/money";

let cached: ServerCatalogue | null = null;

export function serverCatalogue(): ServerCatalogue {
  cached ??= parseServerCatalogue(catalogueJson);
  return cached;
}

export function findPlan(id: string): ServerPlan | null {
  return serverCatalogue().plans.find((plan) => plan.id === id) ?? null;
}

/** The catalogue as GET /vps/plans answers it: each plan with its prices per cycle (decimals) and OS ids. */
export function catalogueView() {
  const catalogue = serverCatalogue();
  return {
    currency: catalogue.currency,
    datacenters: catalogue.datacenters,
    operating_systems: catalogue.operating_systems.map((os) => ({
      ...os,
      licence_per_month: centsToDecimal(os.licence_cents_per_month),
    })),
    plans: catalogue.plans.map((plan) => ({
      ...plan,
      os: osChoices(catalogue, plan).map((os) => os.id),
      prices: BILLING_CYCLES.map((cycle) => {
        const price = cyclePrice(plan, cycle);
        return {
          cycle,
          months: price.months,
          price: centsToDecimal(price.totalCents),
          per_month: centsToDecimal(Math.round(price.totalCents / price.months)),
          saving: centsToDecimal(price.savingCents),
          saving_percent: price.savingPercent,
        };
      }),
    })),
  };
}
export type ServerCatalogueView = ReturnType<typeof catalogueView>;
