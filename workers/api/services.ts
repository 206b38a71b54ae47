import { createRegistry } from "./adapters/registry";
import type { RegistryAdapter } from "./adapters/registry/types";
import { createSuggestionSource, type SuggestionSource } from "./adapters/suggestions";
import { createMailSender, type MailSender } from "./adapters/mail";
import { createPayments, type PaymentsAdapter } from "./adapters/payments";
import { createProvisioning, type ProvisioningAdapter } from "./adapters/provisioning";
import type { ApiEnv } from "./env";

/** The outside systems the API talks to (DESIGN §5), chosen per request from the env. */
export interface ApiServices {
  registry: RegistryAdapter;
  suggestions: SuggestionSource;
  mail: MailSender;
  payments: PaymentsAdapter;
  /** Servers: the simulated provider (default) or Hetzner Cloud (PROVISIONING_ADAPTER). */
  provisioning: ProvisioningAdapter;
  now: () => Date;
  /** Waits (sign-in slow-down); tests hand in one that records instead of waiting. */
  sleep: (ms: number) => Promise<void>;
}

export function defaultServices(env: ApiEnv): ApiServices {
  const now = () => new Date();
  return {
    registry: createRegistry(env),
    suggestions: createSuggestionSource(env),
    mail: createMailSender(env, now),
    payments: createPayments(env, now),
    provisioning: createProvisioning(env, { now }),
    now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
