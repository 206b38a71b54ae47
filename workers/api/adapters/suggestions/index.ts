/** Trinity name ideas behind one port (DESIGN §5): the built-in generator or Workers AI. */
import { builtInSuggestions } from "./builtin";
import type { AiRunner, SuggestionSource } from "./port";
import { workersAiSuggestions } from "./workers-ai";

export type { AiRunner, SuggestionCandidate, SuggestionInput, SuggestionSource } from "./port";
export { builtInSuggestions } from "./builtin";
export { DEFAULT_AI_MODEL, DEFAULT_AI_TIMEOUT_MS, workersAiSuggestions } from "./workers-ai";
export type { WorkersAiOptions } from "./workers-ai";

/**
 * The suggestion source for this environment: Workers AI when the `AI` binding is set and
 * `SUGGESTIONS_ADAPTER` is not "builtin"; otherwise the built-in generator.
 */
export function createSuggestionSource(env: { AI?: AiRunner; SUGGESTIONS_ADAPTER?: string }): SuggestionSource {
  if (env.AI && env.SUGGESTIONS_ADAPTER?.trim().toLowerCase() !== "builtin") {
    return workersAiSuggestions(env.AI);
  }
  return builtInSuggestions();
}
