import { createRegistry } from "./adapters/registry";
import type { RegistryAdapter } from "./adapters/registry/types";
import { createSuggestionSource, type SuggestionSource } from "./adapters/suggestions";
import { createMailSender, type MailSender } from "./adapters/mail";
import { createPayments, type PaymentsAdapter } from "./adapters/payments";
import type { ApiEnv } from "./env";

/** The outside systems the API talks to (DESIGN §5), chosen per request from the env. */
export interface ApiServices {
  registry: RegistryAdapter;
  suggestions: SuggestionSource;
  mail: MailSender;
  payments: PaymentsAdapter;
  now: () => Date;
}

export function defaultServices(env: ApiEnv): ApiServices {
  const now = () => new Date();
  return {
    registry: createRegistry(env),
    suggestions: createSuggestionSource(env),
    mail: createMailSender(env, now),
    payments: createPayments(env, now),
    now,
  };
}
