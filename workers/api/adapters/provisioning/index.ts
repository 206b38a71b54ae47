/**
 * The provisioning port and how the app gets one (DESIGN §5). PROVISIONING_ADAPTER picks it:
 * "simulated" (default; D1 ledger, statuses on the clock, no network) or "hetzner" (Hetzner Cloud
 * API at PROVISIONING_API_URL, default https://api.hetzner.cloud, with PROVISIONING_API_TOKEN).
 */
import { createHetznerProvisioning } from "./hetzner";
import { createSimulatedProvisioning } from "./simulated";
import { ProvisioningError, type ProvisioningAdapter } from "./types";

export * from "./types";
export { createHetznerProvisioning, hetznerStatus, type HetznerConfig } from "./hetzner";
export { createSimulatedProvisioning, simulatedStatus, SIMULATED_STEPS_MS } from "./simulated";

export const PROVISIONING_ADAPTERS = ["simulated", "hetzner"] as const;

export interface ProvisioningEnv {
  DB: D1Database;
  PROVISIONING_ADAPTER?: string;
  PROVISIONING_API_URL?: string;
  PROVISIONING_API_TOKEN?: string;
}

export function createProvisioning(
  env: ProvisioningEnv,
  deps: { now?: () => Date; fetch?: typeof fetch } = {},
): ProvisioningAdapter {
  const choice = (env.PROVISIONING_ADAPTER ?? "").trim().toLowerCase() || "simulated";
  switch (choice) {
    case "simulated":
      return createSimulatedProvisioning(env.DB, deps.now);
    case "hetzner":
      return createHetznerProvisioning({
        baseUrl: env.PROVISIONING_API_URL,
        token: env.PROVISIONING_API_TOKEN,
        fetch: deps.fetch,
      });
    default:
      return refusingProvisioning(
        "simulated",
        () =>
          new ProvisioningError(
            "unavailable",
            `The server provider is unreachable: PROVISIONING_ADAPTER is "${env.PROVISIONING_ADAPTER}"; it must be one of ${PROVISIONING_ADAPTERS.join(", ")}.`,
          ),
      );
  }
}

/** A provisioning adapter whose every call rejects with `error()` (misconfiguration, production guard). */
export function refusingProvisioning(name: ProvisioningAdapter["name"], error: () => Error): ProvisioningAdapter {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return { name, create: fail, findByReference: fail, get: fail, action: fail, delete: fail };
}
