import { createRegistry } from "./adapters/registry";
import type { RegistryAdapter } from "./adapters/registry/types";
import { createSuggestionSource, type SuggestionSource } from "./adapters/suggestions";
import type { ApiEnv } from "./env";

/** The outside systems the API talks to (DESIGN §5), chosen per request from the env. */
export interface ApiServices {
  registry: RegistryAdapter;
  suggestions: SuggestionSource;
  now: () => Date;
}

export function defaultServices(env: ApiEnv): ApiServices {
  return {
    registry: createRegistry(env),
    suggestions: createSuggestionSource(env),
    now: () => new Date(),
  };
}
