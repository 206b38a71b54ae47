// Trinity: GET /domains/suggest and POST /ai/domain-suggestions. Through SELF with the built-in
// generator, and through an app built here whose Workers AI binding is a stub, so the model's
// ideas are known. Suggestions are checked against the simulated registry: only available names.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { SuggestionCandidate } from "../../core/suggestions/generate";
import { workersAiSuggestions, type AiRunner } from "../../workers/api/adapters/suggestions";
import { createApiApp } from "../../workers/api/app";
import type { DomainSearchResult } from "../../workers/api/domain-quote";
import { defaultServices } from "../../workers/api/services";
import { api, postJson, seedSampleCatalogue, type ErrorBody } from "./helpers";
import { freshLabel, json, registerElsewhere } from "./registry-fixtures";

type Suggestion = DomainSearchResult & { source: SuggestionCandidate["source"]; score: number };

interface SuggestBody {
  success: true;
  data: { keyword: string; suggestions: Suggestion[] };
}

interface AiBody {
  success: true;
  data: { query: string; suggestions: Suggestion[] };
}

interface SearchBody {
  success: true;
  data: DomainSearchResult;
}

const suggest = (query: string, headers?: HeadersInit) => api(`/domains/suggest?${query}`, { headers });

/** Every suggestion is an available, priced name that /domains/search also calls available. */
async function expectAvailable(suggestions: Suggestion[]): Promise<void> {
  expect(new Set(suggestions.map((s) => s.domain)).size).toBe(suggestions.length);
  for (const suggestion of suggestions) {
    expect(suggestion.available, suggestion.domain).toBe(true);
    expect(suggestion.domain).toBe(`${suggestion.label}.${suggestion.tld}`);
    expect(suggestion.prices?.registration, suggestion.domain).toEqual(expect.any(Number));
    expect(suggestion.prices?.renewal, suggestion.domain).toEqual(expect.any(Number));
    const search = await api(`/domains/search/${encodeURIComponent(suggestion.domain)}`);
    expect(search.status, suggestion.domain).toBe(200);
    expect((await json<SearchBody>(search)).data.available, suggestion.domain).toBe(true);
  }
}

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("GET /domains/suggest", () => {
  it("answers at most `limit` available names with their prices", async () => {
    const label = freshLabel();
    const response = await suggest(`keyword=${label}&limit=5`);
    expect(response.status).toBe(200);
    const { data } = await json<SuggestBody>(response);
    expect(data.keyword).toBe(label);
    expect(data.suggestions.length).toBeGreaterThan(0);
    expect(data.suggestions.length).toBeLessThanOrEqual(5);
    await expectAvailable(data.suggestions);
    // The keyword itself is the best idea while it is free (on the most popular extension).
    expect(data.suggestions[0]).toMatchObject({ label, source: "exact" });
  });

  it("never suggests a registered exact match", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`);
    await registerElsewhere(`${label}.net`);
    const { data } = await json<SuggestBody>(await suggest(`keyword=${label}&limit=20`));
    const domains = data.suggestions.map((s) => s.domain);
    expect(domains).not.toContain(`${label}.com`);
    expect(domains).not.toContain(`${label}.net`);
    expect(data.suggestions.length).toBeGreaterThan(0);
    // The keyword is still offered on extensions where it is free.
    expect(data.suggestions.some((s) => s.label === label)).toBe(true);
    await expectAvailable(data.suggestions);
  });

  it("suggests ASCII names for a Turkish phrase", async () => {
    const response = await suggest(`keyword=${encodeURIComponent("kahve dükkanı")}&limit=8`, {
      "accept-language": "tr-TR",
    });
    expect(response.status).toBe(200);
    const { data } = await json<SuggestBody>(response);
    expect(data.keyword).toBe("kahve dükkanı");
    expect(data.suggestions.length).toBeGreaterThan(0);
    expect(data.suggestions.length).toBeLessThanOrEqual(8);
    for (const suggestion of data.suggestions) expect(suggestion.label).toMatch(/^[a-z0-9-]+$/);
    expect(data.suggestions.some((s) => s.label.includes("kahve"))).toBe(true);
    await expectAvailable(data.suggestions);
  });

  it("answers 10 suggestions by default", async () => {
    const { data } = await json<SuggestBody>(await suggest(`keyword=${freshLabel()}`));
    expect(data.suggestions).toHaveLength(10);
  });

  it("answers 400 without a keyword or with a bad limit", async () => {
    for (const query of ["", "keyword=", "keyword=%20%20", "limit=5"]) {
      const body = await json<ErrorBody>(await suggest(query));
      expect(body, query).toMatchObject({ success: false, code: "invalid_parameter" });
      expect(body.errors?.[0]?.path).toBe("keyword");
    }
    for (const limit of ["0", "51", "ten"]) {
      const response = await suggest(`keyword=shop&limit=${limit}`);
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).errors?.[0]?.path).toBe("limit");
    }
    expect((await suggest("")).status).toBe(400);
  });
});

describe("POST /ai/domain-suggestions (built-in generator)", () => {
  it("keeps to the extensions asked for", async () => {
    const label = freshLabel();
    const response = await postJson("/ai/domain-suggestions", {
      query: `${label} coffee`,
      tlds: ["com", ".NET", "io"],
    });
    expect(response.status).toBe(200);
    const { data } = await json<AiBody>(response);
    expect(data.query).toBe(`${label} coffee`);
    expect(data.suggestions.length).toBeGreaterThan(0);
    expect(data.suggestions.length).toBeLessThanOrEqual(10);
    for (const suggestion of data.suggestions) expect(["com", "net", "io"]).toContain(suggestion.tld);
    await expectAvailable(data.suggestions);
  });

  it("answers 400 unknown_extension when none of the extensions is sold", async () => {
    const response = await postJson("/ai/domain-suggestions", { query: "coffee", tlds: ["notatld", "zzzzzz"] });
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body.code).toBe("unknown_extension");
    expect(body.errors?.[0]?.path).toBe("tlds");
  });

  it("answers 400 for a missing query or a malformed extension", async () => {
    const missing = await postJson("/ai/domain-suggestions", { tlds: ["com"] });
    expect(missing.status).toBe(400);
    expect((await json<ErrorBody>(missing)).errors?.[0]?.path).toBe("query");
    const malformed = await postJson("/ai/domain-suggestions", { query: "coffee", tlds: ["co.uk.", "com"] });
    expect(malformed.status).toBe(400);
    expect((await json<ErrorBody>(malformed)).code).toBe("invalid_parameter");
  });
});

describe("POST /ai/domain-suggestions (Workers AI)", () => {
  /** The /api/v1 app with a stubbed Workers AI binding answering `ideas`. */
  function appWithAi(runner: AiRunner) {
    return createApiApp({
      services: (bindings) => ({ ...defaultServices(bindings), suggestions: workersAiSuggestions(runner) }),
    });
  }

  function ask(app: ReturnType<typeof appWithAi>, body: unknown): Promise<Response> {
    return Promise.resolve(
      app.request(
        "/api/v1/ai/domain-suggestions",
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
        env,
      ),
    );
  }

  it("puts the model's available ideas first and drops the taken ones", async () => {
    const [first, taken, second, offList] = [freshLabel("a"), freshLabel("a"), freshLabel("a"), freshLabel("a")];
    await registerElsewhere(`${taken}.com`);
    const asked: unknown[] = [];
    const app = appWithAi({
      async run(_model, input) {
        asked.push(input);
        return {
          response: {
            suggestions: [
              { label: first, tld: "com" },
              { label: taken, tld: "com" },
              { domain: `${second}.net` },
              { label: offList, tld: "org" },
            ],
          },
        };
      },
    });
    const query = freshLabel();
    const response = await ask(app, { query, tlds: ["com", "net"], limit: 6 });
    expect(response.status).toBe(200);
    const { data } = await json<AiBody>(response);
    expect(asked).toHaveLength(1);

    expect(data.suggestions.slice(0, 2)).toMatchObject([
      { domain: `${first}.com`, source: "ai", available: true, prices: { registration: 10.44 } },
      { domain: `${second}.net`, source: "ai", available: true, prices: { registration: 11.98 } },
    ]);
    const domains = data.suggestions.map((s) => s.domain);
    expect(domains).not.toContain(`${taken}.com`);
    expect(domains).not.toContain(`${offList}.org`);
    expect(data.suggestions.filter((s) => s.source === "ai")).toHaveLength(2);
    // The built-in ideas fill the rest, on the same extensions.
    expect(data.suggestions).toHaveLength(6);
    for (const suggestion of data.suggestions) expect(["com", "net"]).toContain(suggestion.tld);
    await expectAvailable(data.suggestions);
  });

  it("falls back to the built-in ideas when the model fails", async () => {
    const app = appWithAi({
      async run() {
        throw new Error("model overloaded");
      },
    });
    const query = freshLabel();
    const response = await ask(app, { query, tlds: ["org"], limit: 3 });
    expect(response.status).toBe(200);
    const { data } = await json<AiBody>(response);
    expect(data.suggestions).toHaveLength(3);
    expect(data.suggestions[0]).toMatchObject({ domain: `${query}.org`, source: "exact" });
    expect(data.suggestions.every((s) => s.source !== "ai" && s.tld === "org")).toBe(true);
  });
});
