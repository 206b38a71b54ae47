import { generateSuggestions } from "../../../../core/suggestions/generate";
import type { SuggestionSource } from "./port";

/** The embedded default: the pure generator in core/suggestions, no network, no account. */
export function builtInSuggestions(): SuggestionSource {
  return {
    async suggest({ phrase, tlds, max, locale }) {
      return generateSuggestions(phrase, tlds, { max, locale });
    },
  };
}
