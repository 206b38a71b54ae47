// Production refuses the embedded defaults that only simulate the outside world (issue 18;
// docs/decisions/2026-11-27-production-config.md). The rules of what production needs are
// core/production-config.ts, shared with `npm run deploy`'s check. Here: the routes that need each
// service answer 503 `service_not_configured` before doing anything, the scheduled jobs that would
// use one are skipped, and (in services.ts) an unconfigured adapter refuses every call, so nothing
// can reach a simulation in production. Outside production nothing here applies.
import { describeMissing, missingFor, OUTSIDE_SERVICES, type OutsideService } from "../../core/production-config";
import { ApiError } from "./errors";
import type { ApiEnv } from "./env";

export const SERVICE_NOT_CONFIGURED = "service_not_configured";

export class ServiceNotConfiguredError extends ApiError {
  constructor(message: string) {
    super(503, SERVICE_NOT_CONFIGURED, message);
  }
}

/** In production, each outside service still on its simulation, with what it lacks; empty otherwise. */
export function unconfiguredServices(env: ApiEnv): Map<OutsideService, string[]> {
  const result = new Map<OutsideService, string[]>();
  if (env.ENVIRONMENT !== "production") return result;
  // The env is the worker's: its keys are the settings (vars, secrets, bindings) by name.
  const settings: Readonly<Record<string, unknown>> = { ...env };
  for (const service of OUTSIDE_SERVICES) {
    const missing = missingFor(service, settings);
    if (missing.length > 0) result.set(service, missing);
  }
  return result;
}

/** What was already reported in this isolate (the log names each missing setting once). */
const reported = new Set<string>();

export function reportUnconfigured(service: OutsideService, missing: string[]): void {
  const key = `${service}:${missing.join(",")}`;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(
    `production: ${service} is not configured, refusing its routes and jobs: set ${missing.join(", ")} (see README, Configuration)`,
  );
}

/** The 503 for `services` when any is unconfigured in production (all missing ones named). */
export function notConfiguredError(env: ApiEnv, services: readonly OutsideService[]): ServiceNotConfiguredError | null {
  const unconfigured = unconfiguredServices(env);
  const messages: string[] = [];
  for (const service of new Set(services)) {
    const missing = unconfigured.get(service);
    if (!missing) continue;
    reportUnconfigured(service, missing);
    messages.push(describeMissing(service, missing));
  }
  return messages.length > 0 ? new ServiceNotConfiguredError(messages.join(" ")) : null;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The /api/v1 routes that would act through an outside service (money, registration,
 * provisioning, account mail), refused as a whole before they write anything. Reads that call an
 * adapter (availability searches, a domain's registry view) are refused by the adapter itself.
 */
export const SERVICE_ROUTES: readonly { methods: readonly Method[]; path: RegExp; needs: readonly OutsideService[] }[] =
  [
    // Checkout and payment outcomes fulfil the order: domains and servers.
    { methods: ["POST"], path: /^\/payment\/unified$/, needs: ["payments", "registry", "provisioning"] },
    { methods: ["POST"], path: /^\/payment\/webhook$/, needs: ["payments", "registry", "provisioning"] },
    { methods: ["POST"], path: /^\/orders\/[^/]+\/sync$/, needs: ["payments", "registry", "provisioning"] },
    { methods: ["POST"], path: /^\/user-domains\/[^/]+\/renew$/, needs: ["payments", "registry"] },
    { methods: ["POST"], path: /^\/vps\/[^/]+\/renew$/, needs: ["payments", "provisioning"] },
    // Saved cards and the test provider's own pages (3-D Secure, test card tokens).
    { methods: ["POST", "PUT", "DELETE"], path: /^\/user\/payment-methods?(\/.*)?$/, needs: ["payments"] },
    { methods: ["GET", "POST"], path: /^\/payment\/test\//, needs: ["payments"] },
    // Registration, renewal, transfer and registry settings of domains.
    { methods: ["POST"], path: /^\/cart\/items$/, needs: ["registry"] },
    { methods: ["PUT"], path: /^\/user-domains\/[^/]+\/(auto-renew|whois-privacy|dnssec)$/, needs: ["registry"] },
    { methods: ["PUT"], path: /^\/domains\/dns\/[^/]+\/domain-lock$/, needs: ["registry"] },
    { methods: ["PUT"], path: /^\/dns\/domains\/[^/]+\/nameservers$/, needs: ["registry"] },
    { methods: ["POST"], path: /^\/dns\/domains\/[^/]+\/(auth-code|transfer-out\/[^/]+)$/, needs: ["registry"] },
    { methods: ["DELETE"], path: /^\/dns\/domains\/[^/]+$/, needs: ["registry"] },
    // The EPP gateway's poll callback refreshes domains from the registry.
    { methods: ["POST"], path: /^\/registry\/notices$/, needs: ["registry"] },
    // Server orders and power actions.
    { methods: ["POST"], path: /^\/cart\/servers$/, needs: ["provisioning"] },
    { methods: ["POST"], path: /^\/vps\/[^/]+\/actions\/[^/]+$/, needs: ["provisioning"] },
    // Routes whose whole point is a mail (a code or a link): no outbox nobody reads in production.
    { methods: ["POST"], path: /^\/auth\/(register|resend-verification|forgot-password)$/, needs: ["mail"] },
    { methods: ["POST"], path: /^\/email\/send-verification$/, needs: ["mail"] },
    { methods: ["PUT"], path: /^\/account\/email$/, needs: ["mail"] },
    { methods: ["POST"], path: /^\/updates\/subscribe$/, needs: ["mail"] },
    // A zone change is served through the DNS provider (record changes, import, rollback).
    { methods: ["POST", "PUT", "DELETE"], path: /^\/dns\/domains\/[^/]+\/records(\/[^/]+)?$/, needs: ["dns"] },
    { methods: ["POST"], path: /^\/dns\/domains\/[^/]+\/(zone|history\/[^/]+\/rollback)$/, needs: ["dns"] },
  ];

/** The outside services a request to `path` (below /api/v1) needs; empty for everything else. */
export function servicesNeededBy(method: string, path: string): OutsideService[] {
  const needs = new Set<OutsideService>();
  const upper = method.toUpperCase();
  for (const route of SERVICE_ROUTES) {
    if (route.methods.some((m) => m === upper) && route.path.test(path))
      for (const service of route.needs) needs.add(service);
  }
  return [...needs];
}
