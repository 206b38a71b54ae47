/**
 * The registry port and how the app gets one (DESIGN §5). Callers import from here only:
 *
 *   const registry = createRegistry(c.env);
 *   const [result] = await registry.check(["example.com"]);
 *
 * REGISTRY_ADAPTER picks the implementation: "simulated" (default; the D1 ledger, no network)
 * or "http" (the registrar/EPP gateway at REGISTRY_API_URL with REGISTRY_API_TOKEN, our EPP
 * client id in REGISTRY_CLIENT_ID). See ./README.md.
 */
import { createHttpRegistry } from "./http";
import { createSimulatedRegistry } from "./simulated";
import { RegistryError, type RegistryAdapter, type RegistryCheck } from "./types";

export * from "./types";
export {
  addYears,
  EXPIRING_SOON_DAYS,
  GRACE_DAYS,
  MAX_CHECK_NAMES,
  MAX_NAMESERVERS,
  MAX_YEARS,
  PENDING_DELETE_DAYS,
  REDEMPTION_DAYS,
  TRANSFER_AUTO_APPROVE_DAYS,
  TRANSFER_LOCK_DAYS,
  TRANSFER_YEARS,
} from "./lifecycle";
export { SIMULATED_REGISTRAR, createSimulatedRegistry, simulatedAuthCode, type SimulatedRegistry } from "./simulated";
export { createHttpRegistry, type HttpRegistryConfig } from "./http";

/** `checks[index]` of a `check`/`checkLabel` answer, which holds one result per name asked, in order. */
export function checkAt(checks: RegistryCheck[], index: number): RegistryCheck {
  const check = checks[index];
  if (!check)
    throw new RegistryError("unavailable", `The registry answered ${checks.length} checks; #${index + 1} is missing.`);
  return check;
}

/** The registry's availability answer for one name. */
export async function checkOne(registry: RegistryAdapter, name: string): Promise<RegistryCheck> {
  return checkAt(await registry.check([name]), 0);
}

export const REGISTRY_ADAPTERS = ["simulated", "http"] as const;
export type RegistryAdapterName = (typeof REGISTRY_ADAPTERS)[number];

export interface RegistryEnv {
  DB: D1Database;
  /** "simulated" (default) or "http". */
  REGISTRY_ADAPTER?: string;
  REGISTRY_API_URL?: string;
  REGISTRY_API_TOKEN?: string;
  /** Our EPP client id (clID); required by the http adapter. */
  REGISTRY_CLIENT_ID?: string;
}

export interface RegistryDeps {
  /** Clock of the simulated registry's lifecycle and of the http adapter's status mapping. */
  now?: () => Date;
  /** fetch of the http adapter (tests hand in a fake). */
  fetch?: typeof fetch;
}

export function createRegistry(env: RegistryEnv, deps: RegistryDeps = {}): RegistryAdapter {
  const choice = (env.REGISTRY_ADAPTER ?? "").trim().toLowerCase() || "simulated";
  switch (choice) {
    case "simulated":
      return createSimulatedRegistry(env.DB, deps.now);
    case "http":
      return createHttpRegistry({
        baseUrl: env.REGISTRY_API_URL,
        token: env.REGISTRY_API_TOKEN,
        clientId: env.REGISTRY_CLIENT_ID,
        fetch: deps.fetch,
        now: deps.now,
      });
    default:
      // Misconfigured: the app still serves everything else; each registry call says why it fails.
      return unavailableRegistry(
        `The registry service is unreachable: REGISTRY_ADAPTER is "${env.REGISTRY_ADAPTER}"; it must be one of ${REGISTRY_ADAPTERS.join(", ")}.`,
      );
  }
}

/** A registry whose every call rejects with RegistryError("unavailable", message). */
function unavailableRegistry(message: string): RegistryAdapter {
  return refusingRegistry(() => new RegistryError("unavailable", message));
}

/** A registry whose every call rejects with `error()` (misconfiguration, production guard). */
export function refusingRegistry(error: () => Error): RegistryAdapter {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return {
    check: fail,
    checkLabel: fail,
    info: fail,
    create: fail,
    renew: fail,
    transferRequest: fail,
    transferQuery: fail,
    transferApprove: fail,
    transferReject: fail,
    transferCancel: fail,
    setLock: fail,
    setNameservers: fail,
    setDsRecords: fail,
    getAuthCode: fail,
    delete: fail,
    restore: fail,
  };
}
