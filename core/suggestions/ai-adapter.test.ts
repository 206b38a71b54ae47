// The suggestions port's adapters (workers/api/adapters/suggestions) with a stubbed Workers AI
// binding. They are pure enough for node: the only outside part is `ai.run`.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  builtInSuggestions,
  createSuggestionSource,
  DEFAULT_AI_MODEL,
  workersAiSuggestions,
  type AiRunner,
  type SuggestionSource,
} from "../../workers/api/adapters/suggestions";
import { generateSuggestions, type SuggestionCandidate } from "./generate";

const TLDS = ["com", "net", "org", "io", "co", "shop"];
const INPUT = { phrase: "fresh coffee shop", tlds: TLDS, max: 10 } as const;
const BUILT_IN = generateSuggestions(INPUT.phrase, TLDS, { max: 10 });

/** A stub binding answering `answer` (or running it), recording what it was asked. */
function stubAi(answer: (model: string, input: unknown) => Promise<unknown>) {
  const calls: { model: string; input: unknown }[] = [];
  const ai: AiRunner = {
    run(model, input) {
      calls.push({ model, input });
      return answer(model, input);
    },
  };
  return { ai, calls };
}

const answering = (value: unknown) => stubAi(async () => value);
const aiOnly = (list: readonly SuggestionCandidate[]) =>
  list.filter((c) => c.source === "ai").map((c) => `${c.label}.${c.tld}`);

afterEach(() => {
  vi.useRealTimers();
});

describe("workersAiSuggestions: answers", () => {
  it("puts valid ideas from a JSON object first, then the built-in ones", async () => {
    const { ai } = answering({
      response: {
        suggestions: [
          { label: "brewhaus", tld: "com" },
          { label: "beanery", tld: "io" },
        ],
      },
    });
    const list = await workersAiSuggestions(ai).suggest(INPUT);
    expect(list).toHaveLength(10);
    expect(list.slice(0, 2)).toEqual([
      { label: "brewhaus", tld: "com", source: "ai", score: 102 },
      { label: "beanery", tld: "io", source: "ai", score: 101 },
    ]);
    expect(list.slice(2)).toEqual(BUILT_IN.slice(0, 8));
    for (let i = 1; i < list.length; i++) expect(list[i]!.score).toBeLessThanOrEqual(list[i - 1]!.score);
  });

  it("accepts the answer as a JSON string, fenced or not", async () => {
    const text = JSON.stringify({ suggestions: [{ label: "brewhaus", tld: "net" }] });
    for (const response of [text, `\`\`\`json\n${text}\n\`\`\``]) {
      const list = await workersAiSuggestions(answering({ response }).ai).suggest(INPUT);
      expect(aiOnly(list)).toEqual(["brewhaus.net"]);
      expect(list).toHaveLength(10);
    }
  });

  it("drops invalid labels, TLDs we do not sell and duplicates, and reads other idea shapes", async () => {
    const { ai } = answering({
      response: {
        suggestions: [
          { label: "-bad", tld: "com" },
          { label: "bad-", tld: "com" },
          { label: "good name", tld: "com" },
          { label: "a", tld: "com" },
          { label: "x".repeat(64), tld: "com" },
          { label: "ab--cd", tld: "com" },
          { label: "under_score", tld: "com" },
          { label: "☕coffee", tld: "com" },
          { label: "museumpiece", tld: "museum" },
          { label: "notld" },
          { label: 42, tld: "com" },
          null,
          7,
          { label: "Çiçek", tld: "com" },
          { label: "Brew.IO", tld: ".io" },
          { label: "brew", tld: "io" },
          { domain: "kahve.net" },
          "beans.org",
          { label: "cafe.shop" },
          { label: "roast-house", tld: "co" },
        ],
      },
    });
    const list = await workersAiSuggestions(ai).suggest(INPUT);
    expect(aiOnly(list)).toEqual(["cicek.com", "brew.io", "kahve.net", "beans.org", "cafe.shop", "roast-house.co"]);
    expect(new Set(list.map((c) => `${c.label}.${c.tld}`)).size).toBe(list.length);
  });

  it("never returns more than max, AI ideas included", async () => {
    const suggestions = Array.from({ length: 30 }, (_, i) => ({ label: `idea${i}`, tld: "com" }));
    const list = await workersAiSuggestions(answering({ response: { suggestions } }).ai).suggest({
      ...INPUT,
      max: 5,
    });
    expect(list).toHaveLength(5);
    expect(aiOnly(list)).toEqual(["idea0.com", "idea1.com", "idea2.com", "idea3.com", "idea4.com"]);
    expect(
      await workersAiSuggestions(answering({ response: { suggestions } }).ai).suggest({ ...INPUT, max: 0 }),
    ).toEqual([]);
  });

  it("falls back to the built-in generator on garbage", async () => {
    const garbage: unknown[] = [
      { response: "Sure! Here are some great names: brewhaus.com" },
      { response: '{"suggestions": [' },
      { response: { ideas: ["brewhaus.com"] } },
      { response: { suggestions: "brewhaus.com" } },
      { response: { suggestions: [] } },
      {
        response: {
          suggestions: [
            { label: "-", tld: "com" },
            { label: "ok", tld: "museum" },
          ],
        },
      },
      { response: null },
      { result: { suggestions: [{ label: "brewhaus", tld: "com" }] } },
      "brewhaus.com",
      null,
      undefined,
      42,
    ];
    for (const answer of garbage) {
      const list = await workersAiSuggestions(answering(answer).ai).suggest(INPUT);
      expect(list, JSON.stringify(answer) ?? "undefined").toEqual(BUILT_IN);
    }
  });

  it("falls back when the binding rejects or throws", async () => {
    const rejecting = stubAi(async () => {
      throw new Error("AI: 5007 model not found");
    });
    expect(await workersAiSuggestions(rejecting.ai).suggest(INPUT)).toEqual(BUILT_IN);
    const throwing: AiRunner = {
      run() {
        throw new Error("binding unavailable");
      },
    };
    expect(await workersAiSuggestions(throwing).suggest(INPUT)).toEqual(BUILT_IN);
  });

  it("falls back when the model hangs past the timeout (3 s by default)", async () => {
    vi.useFakeTimers();
    const hanging = stubAi(() => new Promise<unknown>(() => {}));
    let settled: SuggestionCandidate[] | undefined;
    const pending = workersAiSuggestions(hanging.ai)
      .suggest(INPUT)
      .then((list) => {
        settled = list;
        return list;
      });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(BUILT_IN);
  });

  it("honours a shorter timeout and a custom fallback", async () => {
    const fallback: SuggestionSource = {
      async suggest() {
        return [{ label: "fallback", tld: "com", source: "exact", score: 1 }];
      },
    };
    const slow = stubAi(
      () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ response: { suggestions: [{ label: "late", tld: "com" }] } }), 200),
        ),
    );
    const list = await workersAiSuggestions(slow.ai, { timeoutMs: 20, fallback }).suggest(INPUT);
    expect(list).toEqual([{ label: "fallback", tld: "com", source: "exact", score: 1 }]);

    const quick = answering({
      response: {
        suggestions: [
          { label: "early", tld: "com" },
          { label: "fallback", tld: "com" },
        ],
      },
    });
    const merged = await workersAiSuggestions(quick.ai, { timeoutMs: 20, fallback }).suggest(INPUT);
    expect(merged.map((c) => `${c.label}.${c.tld}:${c.source}`)).toEqual(["early.com:ai", "fallback.com:ai"]);
  });

  it("keeps the AI ideas when the fallback itself fails", async () => {
    const broken: SuggestionSource = {
      async suggest() {
        throw new Error("boom");
      },
    };
    const { ai } = answering({ response: { suggestions: [{ label: "brewhaus", tld: "com" }] } });
    expect(aiOnly(await workersAiSuggestions(ai, { fallback: broken }).suggest(INPUT))).toEqual(["brewhaus.com"]);
  });
});

describe("workersAiSuggestions: the request", () => {
  it("asks the default model in JSON mode with the phrase and our TLDs", async () => {
    const { ai, calls } = answering({ response: { suggestions: [] } });
    await workersAiSuggestions(ai).suggest({
      phrase: "taze kahve dükkanı",
      tlds: TLDS,
      max: 10,
      locale: "tr",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(DEFAULT_AI_MODEL);
    expect(DEFAULT_AI_MODEL).toBe("@cf/meta/llama-3.1-8b-instruct");

    const input = calls[0]!.input;
    expect(input).toMatchObject({
      messages: [
        { role: "system", content: expect.any(String) },
        { role: "user", content: expect.any(String) },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          type: "object",
          required: ["suggestions"],
          properties: {
            suggestions: {
              type: "array",
              items: {
                type: "object",
                required: ["label", "tld"],
                properties: { label: { type: "string" }, tld: { type: "string", enum: TLDS } },
              },
            },
          },
        },
      },
    });
    const text = JSON.stringify(input);
    expect(text).toContain("taze kahve dükkanı");
    expect(text).toContain("Turkish");
    for (const tld of TLDS) expect(text).toContain(tld);
    expect(text).toContain("com, net, org, io, co, shop");
  });

  it("uses the model it is given", async () => {
    const { ai, calls } = answering({ response: { suggestions: [] } });
    await workersAiSuggestions(ai, { model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast" }).suggest(INPUT);
    expect(calls[0]!.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
  });
});

describe("builtInSuggestions and createSuggestionSource", () => {
  it("the built-in source wraps generateSuggestions with max and locale", async () => {
    expect(await builtInSuggestions().suggest(INPUT)).toEqual(BUILT_IN);
    const tr = await builtInSuggestions().suggest({
      phrase: "fresh coffee",
      tlds: TLDS,
      max: 1000,
      locale: "tr",
    });
    expect(tr).toEqual(generateSuggestions("fresh coffee", TLDS, { max: 1000, locale: "tr" }));
    expect(tr.map((c) => c.label)).toContain("coffeebul");
  });

  it("uses Workers AI when the binding is there, unless SUGGESTIONS_ADAPTER is builtin", async () => {
    const answer = { response: { suggestions: [{ label: "brewhaus", tld: "com" }] } };

    expect(await createSuggestionSource({}).suggest(INPUT)).toEqual(BUILT_IN);
    expect(await createSuggestionSource({ SUGGESTIONS_ADAPTER: "ai" }).suggest(INPUT)).toEqual(BUILT_IN);

    const withAi = answering(answer);
    expect(aiOnly(await createSuggestionSource({ AI: withAi.ai }).suggest(INPUT))).toEqual(["brewhaus.com"]);
    expect(withAi.calls).toHaveLength(1);

    const forcedBuiltIn = answering(answer);
    const list = await createSuggestionSource({
      AI: forcedBuiltIn.ai,
      SUGGESTIONS_ADAPTER: "builtin",
    }).suggest(INPUT);
    expect(list).toEqual(BUILT_IN);
    expect(forcedBuiltIn.calls).toHaveLength(0);
  });
});
