import { createRegistry, refusingRegistry } from "./adapters/registry";
import type { RegistryAdapter } from "./adapters/registry";
import { createSuggestionSource, type SuggestionSource } from "./adapters/suggestions";
import { createMailSender, refusingMailSender, type MailSender } from "./adapters/mail";
import { createPayments, refusingPayments, type PaymentsAdapter } from "./adapters/payments";
import { createProvisioning, refusingProvisioning, type ProvisioningAdapter } from "./adapters/provisioning";
import { createDnsProvider, refusingDnsProvider, type DnsProvider } from "./adapters/dns";
import type { ApiEnv } from "./env";
import { notConfiguredError, unconfiguredServices } from "./production-guard";
import type { OutsideService } from "../../core/production-config";

/** The outside systems the API talks to (DESIGN §5), chosen per request from the env. */
export interface ApiServices {
  registry: RegistryAdapter;
  suggestions: SuggestionSource;
  mail: MailSender;
  payments: PaymentsAdapter;
  /** Servers: the simulated provider (default) or Hetzner Cloud (PROVISIONING_ADAPTER). */
  provisioning: ProvisioningAdapter;
  /** Where the zones are served: the embedded DNS-over-HTTPS answers (default) or PowerDNS (DNS_ADAPTER). */
  dns: DnsProvider;
  now: () => Date;
  /** Waits (sign-in slow-down); tests hand in one that records instead of waiting. */
  sleep: (ms: number) => Promise<void>;
}

/**
 * The adapters the env picks. In production an outside service still on its embedded simulation
 * (core/production-config.ts) gets an adapter that refuses every call with 503
 * `service_not_configured` instead (workers/api/production-guard.ts); the built-in suggestions
 * generator is honest anywhere and stays.
 */
export function defaultServices(env: ApiEnv): ApiServices {
  const now = () => new Date();
  const unconfigured = unconfiguredServices(env);
  const refusal = (service: OutsideService) => () =>
    notConfiguredError(env, [service]) ?? new Error(`${service} refused`);
  return {
    registry: unconfigured.has("registry") ? refusingRegistry(refusal("registry")) : createRegistry(env),
    suggestions: createSuggestionSource(env),
    mail: unconfigured.has("mail") ? refusingMailSender(refusal("mail")) : createMailSender(env, now),
    payments: unconfigured.has("payments")
      ? refusingPayments(chosen(env.PAYMENTS_ADAPTER) === "stripe" ? "stripe" : "test", refusal("payments"))
      : createPayments(env, now),
    provisioning: unconfigured.has("provisioning")
      ? refusingProvisioning(
          chosen(env.PROVISIONING_ADAPTER) === "hetzner" ? "hetzner" : "simulated",
          refusal("provisioning"),
        )
      : createProvisioning(env, { now }),
    dns: unconfigured.has("dns") ? refusingDnsProvider(refusal("dns")) : createDnsProvider(env),
    now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

function chosen(value: string | undefined): string {
  return (value ?? "").trim().toLowerCase();
}
