// The server catalogue (data/servers/plans.json), parsed and checked once per isolate on first use.
import catalogueJson from "../../../data/servers/plans.json";
import {
  BILLING_CYCLES,
  CYCLE_MONTHS,
  osChoices,
  parseServerCatalogue,
  type ServerCatalogue,
  type ServerPlan,
} from "../../../core/servers/catalogue";
import type { ServerItemDetails } from "../../../core/servers/item-details";
import { cyclePrice } from "../../../core/servers/pricing";
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

/** The price of a server line now, from the catalogue (never from the cart or the client). */
export function serverLineCents(details: ServerItemDetails): number | null {
  const plan = findPlan(details.plan);
  if (!plan || !(details.cycle in CYCLE_MONTHS)) return null;
  const os = details.os ? (serverCatalogue().operating_systems.find((entry) => entry.id === details.os) ?? null) : null;
  return cyclePrice(plan, details.cycle, os).totalCents;
}
