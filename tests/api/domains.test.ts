// GET /domains/search/{domain}, POST /domains/bulk-search, GET /domains/check/{keyword} and
// POST /domains/offers through SELF (the default app: simulated registry on D1). The sample
// catalogue is loaded once (loadCatalogue memoises it per isolate), and every test makes its own
// fresh labels and ledger rows under the sample's extensions.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCatalogueCsv } from "../../core/catalogue-csv";
import { DOMAIN_ERROR_MESSAGES } from "../../core/domain-name";
import type { DomainWarning } from "../../core/homograph";
import type { DomainSearchResult } from "../../workers/api/domain-quote";
import { api, postJson, seedSampleCatalogue, type ErrorBody } from "./helpers";
import { freshLabel, json, makePremium, registerElsewhere, reserve } from "./registry-fixtures";

interface SearchBody {
  success: true;
  /** A taken name also carries the registry's summary (`registration`). */
  data: DomainSearchResult & { registration?: Record<string, unknown> | null };
}

type BulkEntry = ({ input: string } & DomainSearchResult) | { input: string; error: string; message: string };

interface BulkBody {
  success: true;
  data: { results: BulkEntry[] };
}

interface CheckBody {
  success: true;
  data: {
    keyword: string;
    label: string;
    available_count: number;
    results: DomainSearchResult[];
    pagination: { page: number; count_per_page: number; total: number; total_pages: number };
  };
}

interface OfferBody {
  success: true;
  data: { id: string; domain: string; unicode: string; status: string };
  message: string;
}

const search = (domain: string) => api(`/domains/search/${encodeURIComponent(domain)}`);
const check = (keyword: string, query = "") => api(`/domains/check/${encodeURIComponent(keyword)}${query}`);

/** The sample catalogue's extensions in catalogue (CSV) order. */
const sampleTlds = parseCatalogueCsv(env.CATALOGUE_CSV).rows.map((row) => row.tld);

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("GET /domains/search/{domain}", () => {
  it("answers an available name with the catalogue's prices", async () => {
    const label = freshLabel();
    const response = await search(`${label}.com`);
    expect(response.status).toBe(200);
    const body = await json<SearchBody>(response);
    expect(body).toMatchObject({
      success: true,
      data: {
        domain: `${label}.com`,
        unicode: `${label}.com`,
        label,
        tld: "com",
        tld_unicode: "com",
        available: true,
        premium: false,
        prices: {
          registration: 10.44,
          renewal: 10.44,
          transfer: 10.44,
          icann_fee: 0.18,
          sale: null,
          currency: "USD",
          max_years: 10,
        },
        warnings: [],
      },
    });
    expect(body.data).not.toHaveProperty("reason");
    expect(body.data.warnings).toEqual([]);
    expect(body.data.registration ?? null).toBeNull();
  });

  it("answers the first-year and renewal prices separately (.xyz)", async () => {
    const label = freshLabel();
    const body = await json<SearchBody>(await search(`${label}.xyz`));
    expect(body.data.prices).toMatchObject({
      registration: 1.98,
      renewal: 14.98,
      transfer: 14.98,
      icann_fee: 0.18,
      sale: null,
    });
  });

  it("answers a registered name as not available, reason registered, still with prices", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`);
    const body = await json<SearchBody>(await search(`${label}.com`));
    expect(body.data).toMatchObject({ domain: `${label}.com`, available: false, reason: "registered", premium: false });
    expect(body.data.prices?.registration).toBe(10.44);
    expect(body.data.registration).toMatchObject({
      registrar: "NameCheap, Inc.",
      held_here: false,
      transferable: true,
    });
  });

  it("answers a reserved name as not available, reason reserved", async () => {
    const label = freshLabel();
    await reserve(label, "net");
    const body = await json<SearchBody>(await search(`${label}.net`));
    expect(body.data).toMatchObject({ domain: `${label}.net`, available: false, reason: "reserved", premium: false });
    // Reserved on .net only: .com stays available.
    expect((await json<SearchBody>(await search(`${label}.com`))).data.available).toBe(true);
  });

  it("answers a premium name with the premium price as its registration price", async () => {
    const label = freshLabel();
    await makePremium(`${label}.io`, 250_000, 9_900);
    const body = await json<SearchBody>(await search(`${label}.io`));
    expect(body.data).toMatchObject({ domain: `${label}.io`, available: true, premium: true });
    expect(body.data.prices).toMatchObject({ registration: 2500, renewal: 99, transfer: 39.98, sale: null });
  });

  it("answers an IDN with its A-label, its Unicode form and a punycode warning", async () => {
    const unicodeLabel = `${freshLabel()}ü`;
    const response = await search(`${unicodeLabel.toUpperCase()}.com`);
    expect(response.status).toBe(200);
    const { data } = await json<SearchBody>(response);
    expect(data.domain).toMatch(/^xn--[a-z0-9-]+\.com$/);
    expect(data.domain).toBe(new URL(`https://${unicodeLabel}.com/`).hostname);
    expect(data.unicode).toBe(`${unicodeLabel}.com`);
    expect(data.label).toBe(data.domain.slice(0, -".com".length));
    expect(data.available).toBe(true);
    expect(data.warnings).toContainEqual({ kind: "punycode", ascii: data.domain, unicode: `${unicodeLabel}.com` });
  });

  it("warns about a Cyrillic look-alike of a brand", async () => {
    const response = await search("p\u0430ypal.com");
    expect(response.status).toBe(200);
    const { data } = await json<SearchBody>(response);
    expect(data.unicode).toBe("p\u0430ypal.com");
    expect(data.domain.startsWith("xn--")).toBe(true);
    const kinds = data.warnings.map((warning: DomainWarning) => warning.kind);
    expect(kinds).toEqual(expect.arrayContaining(["confusable", "mixed_script", "brand_lookalike", "punycode"]));
    expect(data.warnings).toContainEqual({ kind: "brand_lookalike", brand: "paypal" });
    expect(data.warnings).toContainEqual(
      expect.objectContaining({
        kind: "confusable",
        characters: [expect.objectContaining({ char: "\u0430", looksLike: "a" })],
      }),
    );
  });

  it('searches "www.<name>.com" as "<name>.com"', async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`);
    const body = await json<SearchBody>(await search(`www.${label}.com`));
    expect(body.data).toMatchObject({
      domain: `${label}.com`,
      unicode: `${label}.com`,
      label,
      tld: "com",
      available: false,
      reason: "registered",
    });
    const url = await json<SearchBody>(await search(`https://WWW.${label}.com/path?q=1`));
    expect(url.data.domain).toBe(`${label}.com`);
  });

  it.each([
    ["invalid_format", "nodot"],
    ["invalid_format", "-leading-hyphen.com"],
    ["too_long", `${"a".repeat(64)}.com`],
    ["invalid_characters", "under_score.com"],
    ["invalid_characters", "100%.com"],
    ["unknown_extension", "example.notatld"],
  ] as const)("answers 400 %s for %s", async (code, input) => {
    const response = await search(input);
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body).toMatchObject({ success: false, code, message: DOMAIN_ERROR_MESSAGES[code] });
    expect(body.errors?.[0]?.path).toBe("domain");
  });
});

describe("GET /domains/search-plan", () => {
  const plan = (query: string) => api(`/domains/search-plan?${query}`);

  it("plans a full name: checked as typed, its label across the catalogue, Trinity from the label", async () => {
    const response = await plan("q=XN--BCHER-KVA.com");
    expect(response.status).toBe(200);
    expect(await json<{ data: unknown }>(response)).toMatchObject({
      success: true,
      data: { query: "bücher.com", tld: null, exact_name: "bücher.com", label: "bücher", suggest_keyword: "bücher" },
    });
  });

  it("plans a phrase under the chosen extension", async () => {
    const response = await plan(`q=${encodeURIComponent("coffee shop")}&tld=${encodeURIComponent(".рф")}`);
    expect(response.status).toBe(200);
    expect(await json<{ data: unknown }>(response)).toMatchObject({
      data: { query: "coffee shop", tld: "xn--p1ai", exact_name: "coffeeshop.xn--p1ai", label: "coffeeshop" },
    });
  });

  it("refuses an empty query", async () => {
    const response = await plan("q=%20");
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).code).toBe("invalid_parameter");
  });
});

describe("IDNA2008 contextual rules (RFC 5892 Appendix A)", () => {
  it.each([
    ["a·l.com", "invalid_context"],
    ["・.com", "invalid_context"],
    ["͵a.com", "invalid_context"],
  ])("refuses %s with %s", async (name, code) => {
    const response = await search(name);
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).code).toBe(code);
  });

  it("accepts l·l.com and U+3007", async () => {
    expect((await search("l·l.com")).status).toBe(200);
    expect((await search("〇〇.com")).status).toBe(200);
  });
});

describe("POST /domains/bulk-search", () => {
  it("answers valid and invalid names in input order", async () => {
    const [free, taken, reserved, www] = [freshLabel(), freshLabel(), freshLabel(), freshLabel()];
    await registerElsewhere(`${taken}.net`);
    await reserve(reserved, "*");
    const inputs = [
      `${free}.com`,
      "bad_name.com",
      `${taken}.net`,
      `${free}.notatld`,
      `${reserved}.org`,
      `www.${www}.com`,
      `${free}.xyz`,
    ];
    const response = await postJson("/domains/bulk-search", { domains: inputs });
    expect(response.status).toBe(200);
    const { data } = await json<BulkBody>(response);
    expect(data.results.map((result) => result.input)).toEqual(inputs);
    expect(data.results[0]).toMatchObject({ domain: `${free}.com`, available: true, prices: { registration: 10.44 } });
    expect(data.results[1]).toEqual({
      input: "bad_name.com",
      error: "invalid_characters",
      message: DOMAIN_ERROR_MESSAGES.invalid_characters,
    });
    expect(data.results[2]).toMatchObject({ domain: `${taken}.net`, available: false, reason: "registered" });
    expect(data.results[3]).toEqual({
      input: `${free}.notatld`,
      error: "unknown_extension",
      message: DOMAIN_ERROR_MESSAGES.unknown_extension,
    });
    expect(data.results[4]).toMatchObject({ domain: `${reserved}.org`, available: false, reason: "reserved" });
    expect(data.results[5]).toMatchObject({ domain: `${www}.com`, available: true });
    expect(data.results[6]).toMatchObject({
      domain: `${free}.xyz`,
      available: true,
      prices: { registration: 1.98, renewal: 14.98 },
    });
  });

  it("refuses more than 100 names", async () => {
    const domains = Array.from({ length: 101 }, () => `${freshLabel()}.com`);
    const response = await postJson("/domains/bulk-search", { domains });
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body.code).toBe("invalid_parameter");
    expect(body.errors?.[0]).toEqual({ path: "domains", message: "must name at most 100 domains" });

    const hundred = await postJson("/domains/bulk-search", { domains: domains.slice(0, 100) });
    expect(hundred.status).toBe(200);
    expect((await json<BulkBody>(hundred)).data.results).toHaveLength(100);
  });

  it("refuses a body that is not JSON, and an empty list", async () => {
    const malformed = await api("/domains/bulk-search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "example.com, example.net",
    });
    expect(malformed.status).toBe(400);
    expect(await json<ErrorBody>(malformed)).toMatchObject({ success: false, code: "bad_request" });

    const text = await api("/domains/bulk-search", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "example.com",
    });
    // Not JSON: the one 400 of a body that is not JSON (docs/decisions/2026-11-28-api-contract.md).
    expect(text.status).toBe(400);
    expect(await json<ErrorBody>(text)).toMatchObject({ success: false, code: "bad_request" });

    const empty = await postJson("/domains/bulk-search", { domains: [] });
    expect(empty.status).toBe(400);
    expect((await json<ErrorBody>(empty)).errors?.[0]).toEqual({
      path: "domains",
      message: "must name at least one domain",
    });
  });
});

describe("GET /domains/check/{keyword}", () => {
  it("checks one keyword across the whole catalogue, in catalogue order", async () => {
    const label = freshLabel();
    const pages: DomainSearchResult[] = [];
    let total: number;
    for (let page = 1; ; page += 1) {
      const response = await check(label, `?count_per_page=200&page=${page}`);
      expect(response.status).toBe(200);
      const { data } = await json<CheckBody>(response);
      total = data.pagination.total;
      pages.push(...data.results);
      if (page >= data.pagination.total_pages) break;
    }
    expect(total).toBeGreaterThanOrEqual(500);
    expect(pages).toHaveLength(total);
    expect(pages.every((result) => result.domain === `${label}.${result.tld}` && result.available)).toBe(true);
    // Other test files may add their own extensions; the sample's keep the catalogue order.
    const sample = new Set(sampleTlds);
    const shown = pages.map((result) => result.tld).filter((tld) => sample.has(tld));
    expect(shown).toEqual(sampleTlds);
    expect(shown[0]).toBe("com");
  });

  it("pages: page 2 continues page 1", async () => {
    const label = freshLabel();
    const first = await json<CheckBody>(await check(label, "?count_per_page=10&page=1"));
    const second = await json<CheckBody>(await check(label, "?count_per_page=10&page=2"));
    const both = await json<CheckBody>(await check(label, "?count_per_page=20&page=1"));
    expect(first.data.results).toHaveLength(10);
    expect(second.data.results).toHaveLength(10);
    expect(second.data.pagination).toMatchObject({ page: 2, count_per_page: 10 });
    expect([...first.data.results, ...second.data.results]).toEqual(both.data.results);
    expect(first.data.pagination.total_pages).toBe(Math.ceil(first.data.pagination.total / 10));

    const defaults = await json<CheckBody>(await check(label));
    expect(defaults.data.pagination).toMatchObject({ page: 1, count_per_page: 20 });
  });

  it("shows a registered .com as taken and counts the available names", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`);
    const { data } = await json<CheckBody>(await check(label.toUpperCase(), "?count_per_page=200"));
    expect(data).toMatchObject({ keyword: label, label });
    const com = data.results.find((result) => result.tld === "com");
    const net = data.results.find((result) => result.tld === "net");
    expect(com).toMatchObject({ domain: `${label}.com`, available: false, reason: "registered" });
    expect(net).toMatchObject({ domain: `${label}.net`, available: true, prices: { registration: 11.98 } });
    expect(data.available_count).toBe(data.pagination.total - 1);
  });

  it("checks a Unicode keyword as its A-label", async () => {
    const keyword = `${freshLabel()}ö`;
    const { data } = await json<CheckBody>(await check(keyword, "?count_per_page=1"));
    expect(data.keyword).toBe(keyword);
    expect(data.label).toMatch(/^xn--/);
    expect(data.results[0]?.domain.startsWith(`${data.label}.`)).toBe(true);
  });

  it.each([
    ["invalid_format", "has.dot"],
    ["invalid_characters", "bad$name"],
    ["invalid_characters", "100%"],
    ["too_long", "a".repeat(64)],
  ] as const)("answers 400 %s for the keyword %s", async (code, keyword) => {
    const response = await check(keyword);
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body).toMatchObject({ success: false, code, message: DOMAIN_ERROR_MESSAGES[code] });
    expect(body.errors?.[0]?.path).toBe("keyword");
  });

  it("keeps count_per_page between 1 and 200 and page at least 1", async () => {
    const label = freshLabel();
    for (const query of ["?count_per_page=0", "?count_per_page=201", "?count_per_page=abc", "?page=0"]) {
      const response = await check(label, query);
      expect(response.status, query).toBe(400);
      const body = await json<ErrorBody>(response);
      expect(body.code).toBe("invalid_parameter");
      expect(body.message).toMatch(/^Parameter "(count_per_page|page)" must be a whole number from/);
    }
    const most = await json<CheckBody>(await check(label, "?count_per_page=200"));
    expect(most.data.results).toHaveLength(200);
    const one = await json<CheckBody>(await check(label, "?count_per_page=1"));
    expect(one.data.results).toHaveLength(1);
  });
});

describe("POST /domains/offers", () => {
  it("stores an offer on a registered name and confirms it", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.com`);
    const response = await postJson("/domains/offers", {
      domain: `www.${label}.com`,
      amount: "1,250.50",
      currency: "EUR",
      email: " Buyer@Example.COM ",
      message: "I would like this name for my shop.",
    });
    expect(response.status).toBe(201);
    const body = await json<OfferBody>(response);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ domain: `${label}.com`, unicode: `${label}.com`, status: "received" });
    expect(body.message).toBe(
      `Your offer for ${label}.com has been received. We will contact the owner and reply to buyer@example.com.`,
    );

    const row = await env.DB.prepare("SELECT * FROM domain_offers WHERE id = ?1").bind(body.data.id).first();
    expect(row).toMatchObject({
      domain: `${label}.com`,
      unicode: `${label}.com`,
      amount_cents: 125_050,
      currency: "EUR",
      email: "buyer@example.com",
      message: "I would like this name for my shop.",
      status: "received",
    });
  });

  it("defaults the currency to USD and the message to none", async () => {
    const label = freshLabel();
    await registerElsewhere(`${label}.net`);
    const response = await postJson("/domains/offers", { domain: `${label}.net`, amount: 500, email: "a@b.co" });
    expect(response.status).toBe(201);
    const { data } = await json<OfferBody>(response);
    const row = await env.DB.prepare("SELECT amount_cents, currency, message FROM domain_offers WHERE id = ?1")
      .bind(data.id)
      .first();
    expect(row).toEqual({ amount_cents: 50_000, currency: "USD", message: null });
  });

  it("answers 409 domain_available for a name that can be registered", async () => {
    const label = freshLabel();
    const response = await postJson("/domains/offers", { domain: `${label}.com`, amount: 100, email: "a@b.co" });
    expect(response.status).toBe(409);
    const body = await json<ErrorBody>(response);
    expect(body.code).toBe("domain_available");
    expect(body.message).toContain(`${label}.com`);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM domain_offers WHERE domain = ?1")
      .bind(`${label}.com`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it.each([
    ["amount", { amount: "abc", email: "a@b.co" }],
    ["amount", { amount: 0.5, email: "a@b.co" }],
    ["amount", { amount: 20_000_000, email: "a@b.co" }],
    ["amount", { email: "a@b.co" }],
    ["email", { amount: 100, email: "not an email" }],
    ["email", { amount: 100 }],
    ["currency", { amount: 100, email: "a@b.co", currency: "XYZ" }],
  ] as const)("answers 400 naming %s for %j", async (path, fields) => {
    const label = freshLabel();
    await registerElsewhere(`${label}.org`);
    const response = await postJson("/domains/offers", { domain: `${label}.org`, ...fields });
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body.code).toBe("invalid_parameter");
    expect(body.errors?.map((error) => error.path)).toEqual([path]);
    expect(body.message.startsWith(`Parameter "${path}" `)).toBe(true);
  });

  it("answers 400 for an invalid domain name", async () => {
    const response = await postJson("/domains/offers", { domain: "bad_name.com", amount: 100, email: "a@b.co" });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).code).toBe("invalid_characters");
  });
});
