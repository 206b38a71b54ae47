// What a server order line carries (cart line details, copied to the order item), read back from its JSON.
import type { BillingCycle } from "./catalogue";

/** What a server order item carries (cart line details, copied to the order item). */
export interface ServerItemDetails {
  plan: string;
  cycle: BillingCycle;
  os: string | null;
  datacenter: string;
  hostname: string;
  ssh_key: string | null;
  /** Renewals: the server and its expiry when the line was added (an already renewed one is not renewed twice). */
  server_id?: string;
  current_expiry?: string;
}

/** The details of a renewal line for one more `cycle` of a server (its row's plan, OS, place, name, expiry). */
export function renewalDetails(
  server: { id: string; plan: string; os: string | null; datacenter: string; hostname: string; expires_at: string },
  cycle: BillingCycle,
): ServerItemDetails {
  return {
    plan: server.plan,
    cycle,
    os: server.os,
    datacenter: server.datacenter,
    hostname: server.hostname,
    ssh_key: null,
    server_id: server.id,
    current_expiry: server.expires_at,
  };
}

export function parseItemDetails(raw: string | null): ServerItemDetails | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { server?: ServerItemDetails } & Partial<ServerItemDetails>;
    const details = parsed.server ?? (parsed.plan ? (parsed as ServerItemDetails) : null);
    return details && typeof details.plan === "string" && typeof details.cycle === "string" ? details : null;
  } catch {
    return null;
  }
}
