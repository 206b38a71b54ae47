import type { SuggestionCandidate } from "../../../../core/suggestions/generate";

export type { SuggestionCandidate };

export interface SuggestionInput {
  /** What the visitor typed (English or Turkish, any case). */
  phrase: string;
  /** The TLDs we sell, ASCII, catalogue order (first = most popular). */
  tlds: readonly string[];
  /** How many candidates at most; the caller checks availability and trims to its limit. */
  max: number;
  locale?: "en" | "tr";
}

/** The suggestions port (DESIGN §5 "suggestions (Trinity)"): name ideas, best first. */
export interface SuggestionSource {
  suggest(input: SuggestionInput): Promise<SuggestionCandidate[]>;
}

/** The part of the Workers AI binding (`env.AI`) this adapter uses. */
export interface AiRunner {
  run(model: string, input: unknown): Promise<unknown>;
}
