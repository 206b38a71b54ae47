import { z } from "zod";
import type { SuggestionCandidate } from "../../../../core/suggestions/generate";
import { foldToAscii, isSuggestibleLabel } from "../../../../core/suggestions/text";
import { builtInSuggestions } from "./builtin";
import type { AiRunner, SuggestionInput, SuggestionSource } from "./port";

export const DEFAULT_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
export const DEFAULT_AI_TIMEOUT_MS = 3000;
/** Ideas asked of the model: enough to survive the availability filter, few enough for 3 s. */
const MAX_AI_IDEAS = 12;
/** TLDs named in the prompt and the schema's enum (the answer is still checked against all). */
const PROMPT_TLDS = 30;
const MAX_PHRASE_CHARS = 200;

export interface WorkersAiOptions {
  /** Workers AI text-generation model with JSON mode (default Llama 3.1 8B Instruct). */
  model?: string;
  /** Give up on the model after this long and use the fallback (default 3000 ms). */
  timeoutMs?: number;
  /** Used on its own when the model fails, and after the model's ideas otherwise (default built-in). */
  fallback?: SuggestionSource;
}

/** Workers AI answers `{ response }`: the JSON-mode object itself, or its text. */
const resultSchema = z.object({ response: z.union([z.string(), z.record(z.string(), z.unknown())]) });
const answerSchema = z.object({ suggestions: z.array(z.unknown()) });
const ideaSchema = z.union([
  z.object({ label: z.string(), tld: z.string().optional() }),
  z.object({ domain: z.string() }),
  z.string(),
]);

/**
 * Trinity on Workers AI: asks the model for name ideas in JSON mode, keeps only valid ASCII labels
 * on TLDs from `tlds`, and puts them (source "ai") before the fallback's own ideas. When the binding
 * throws, takes longer than `timeoutMs`, or answers nothing usable, the fallback's ideas are
 * returned alone.
 */
export function workersAiSuggestions(ai: AiRunner, options: WorkersAiOptions = {}): SuggestionSource {
  const model = options.model ?? DEFAULT_AI_MODEL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const fallback = options.fallback ?? builtInSuggestions();
  return {
    async suggest(input) {
      const max = Math.max(Math.floor(input.max), 0);
      if (max === 0) return [];
      let ideas: { label: string; tld: string }[];
      try {
        const result = await withTimeout(ai.run(model, aiRequest(input, Math.min(max, MAX_AI_IDEAS))), timeoutMs);
        ideas = validIdeas(result, input.tlds).slice(0, max);
      } catch {
        ideas = [];
      }
      if (ideas.length === 0) return fallback.suggest(input);
      const fromAi: SuggestionCandidate[] = ideas.map((idea, i) => ({
        ...idea,
        source: "ai",
        score: 100 + ideas.length - i,
      }));
      let others: SuggestionCandidate[];
      try {
        others = await fallback.suggest(input);
      } catch {
        others = [];
      }
      const seen = new Set(fromAi.map((c) => `${c.label}.${c.tld}`));
      const rest = others.filter((c) => !seen.has(`${c.label}.${c.tld}`));
      return [...fromAi, ...rest].slice(0, max);
    },
  };
}

/** The `ai.run` input: chat messages and JSON mode with a schema of `{ suggestions: [{ label, tld }] }`. */
function aiRequest(input: SuggestionInput, ideas: number) {
  const tlds = normalisedTlds(input.tlds).slice(0, PROMPT_TLDS);
  const phrase = input.phrase.trim().slice(0, MAX_PHRASE_CHARS);
  const language = input.locale === "tr" ? "Turkish" : input.locale === "en" ? "English" : "English or Turkish";
  const system = [
    "You suggest domain names for a domain registrar's search page.",
    `Give up to ${ideas} distinct, short, memorable, brandable ideas for the visitor's phrase:`,
    "exact keywords, synonyms, translations, prefixes or suffixes,",
    "and domain hacks where label + TLD spell a word.",
    "Each idea is a label (the part before the dot: lower-case ASCII letters a-z, digits and hyphens,",
    "2 to 63 characters, no spaces, no hyphen at the start or end; write Turkish letters as",
    "c, g, i, o, s, u) and a tld that must be one of: " + tlds.join(", ") + ".",
    "Answer only with JSON that matches the schema.",
  ].join(" ");
  const user = `Phrase (${language}): ${JSON.stringify(phrase)}`;
  return {
    messages: [
      { role: "system", content: system },
      { role: "user", content: user },
    ],
    response_format: {
      type: "json_schema",
      json_schema: {
        type: "object",
        properties: {
          suggestions: {
            type: "array",
            maxItems: ideas,
            items: {
              type: "object",
              properties: {
                label: { type: "string", description: "ASCII label without the TLD" },
                tld: { type: "string", enum: tlds },
              },
              required: ["label", "tld"],
            },
          },
        },
        required: ["suggestions"],
      },
    },
    max_tokens: 512,
    temperature: 0.7,
  };
}

function normalisedTlds(tlds: readonly string[]): string[] {
  return [...new Set(tlds.map((tld) => tld.trim().toLowerCase().replace(/^\./, "")).filter(Boolean))];
}

/** The model's answer → distinct `{ label, tld }` pairs that we could sell, in the model's order. */
function validIdeas(result: unknown, tlds: readonly string[]): { label: string; tld: string }[] {
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) return [];
  const { response } = parsed.data;
  let body: unknown = response;
  if (typeof response === "string") {
    try {
      body = JSON.parse(
        response
          .trim()
          .replace(/^```(?:json)?\s*/i, "")
          .replace(/\s*```$/, ""),
      );
    } catch {
      return [];
    }
  }
  const answer = answerSchema.safeParse(body);
  if (!answer.success) return [];
  const sold = new Set(normalisedTlds(tlds));
  const out: { label: string; tld: string }[] = [];
  const seen = new Set<string>();
  for (const raw of answer.data.suggestions) {
    const idea = ideaOf(raw);
    if (!idea || !sold.has(idea.tld) || !isSuggestibleLabel(idea.label)) continue;
    const key = `${idea.label}.${idea.tld}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(idea);
  }
  return out;
}

/** One idea in any of the shapes models tend to give: `{label, tld}`, `{domain}` or "name.tld". */
function ideaOf(raw: unknown): { label: string; tld: string } | null {
  const parsed = ideaSchema.safeParse(raw);
  if (!parsed.success) return null;
  const value = parsed.data;
  const clean = (text: string) => foldToAscii(text.trim());
  if (typeof value === "string" || "domain" in value) {
    const name = clean(typeof value === "string" ? value : value.domain);
    const dot = name.indexOf(".");
    return dot > 0 ? { label: name.slice(0, dot), tld: name.slice(dot + 1) } : null;
  }
  let label = clean(value.label);
  let tld = clean(value.tld ?? "").replace(/^\./, "");
  if (tld === "") {
    const dot = label.indexOf(".");
    if (dot <= 0) return null;
    tld = label.slice(dot + 1);
    label = label.slice(0, dot);
  } else if (label.endsWith(`.${tld}`)) {
    label = label.slice(0, -(tld.length + 1));
  }
  return { label, tld };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Workers AI took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
