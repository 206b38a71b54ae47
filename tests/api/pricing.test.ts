import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TldPrice } from "../../core/pricing";
import { api, freshClientIp, freshTld, insertTld, postJson, seedSampleCatalogue, type ErrorBody } from "./helpers";
import { inOneLimiterWindow, LIMIT_TEST_TIMEOUT } from "../support/limiter-window";

interface ListBody {
  success: true;
  data: {
    currency: string;
    filter: string;
    pricing: TldPrice[];
    pagination: { page: number; count_per_page: number; total: number; total_pages: number };
  };
}

describe("GET /domains/tld-pricing", () => {
  it("lists the sample catalogue (≥ 500 TLDs) with defaults USD and 10 per page", async () => {
    const seeded = await seedSampleCatalogue();
    expect(seeded).toBeGreaterThanOrEqual(500);

    const response = await api("/domains/tld-pricing");
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListBody;
    expect(body.success).toBe(true);
    expect(body.data.currency).toBe("USD");
    expect(body.data.pricing).toHaveLength(10);
    expect(body.data.pagination).toMatchObject({ page: 1, count_per_page: 10 });
    expect(body.data.pagination.total).toBeGreaterThanOrEqual(seeded);
    expect(body.data.pagination.total_pages).toBe(Math.ceil(body.data.pagination.total / 10));

    const com = body.data.pricing.find((entry) => entry.tld === "com");
    expect(com).toMatchObject({ registration_price: 10.44, renewal_price: 10.44, icann_fee: 0.18, is_popular: true });
    for (const entry of body.data.pricing) {
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining([
          "tld",
          "registration_price",
          "renewal_price",
          "transfer_price",
          "icann_fee",
          "on_sale",
          "sale_price",
          "is_popular",
          "is_recommended",
        ]),
      );
    }
  });

  it("pages through the catalogue without overlaps and shows decimal prices from cents", async () => {
    const tld = freshTld();
    await insertTld({
      tld,
      registration_cents: 1234,
      renewal_cents: 2001,
      transfer_cents: 1999,
      icann_fee_cents: 18,
      sort_order: -1_000_000,
    });
    const first = (await (await api("/domains/tld-pricing?count_per_page=3&page=1")).json()) as ListBody;
    const second = (await (await api("/domains/tld-pricing?count_per_page=3&page=2")).json()) as ListBody;
    expect(first.data.pricing[0]).toMatchObject({
      tld,
      registration_price: 12.34,
      renewal_price: 20.01,
      transfer_price: 19.99,
      icann_fee: 0.18,
      on_sale: false,
      sale_price: null,
    });
    const firstTlds = first.data.pricing.map((entry) => entry.tld);
    for (const entry of second.data.pricing) expect(firstTlds).not.toContain(entry.tld);
    const { total } = (await env.DB.prepare("SELECT COUNT(*) AS total FROM tlds").first<{ total: number }>()) ?? {
      total: 0,
    };
    expect(first.data.pagination.total).toBe(total);
  });

  it("filters popular, recommended and on-sale extensions", async () => {
    const sale = freshTld();
    await insertTld({ tld: sale, on_sale: 1, sale_cents: 199, registration_cents: 999, sort_order: -999_999 });
    const body = (await (await api("/domains/tld-pricing?filter=on_sale&count_per_page=100")).json()) as ListBody;
    expect(body.data.filter).toBe("on_sale");
    expect(body.data.pricing.every((entry) => entry.on_sale)).toBe(true);
    expect(body.data.pricing.find((entry) => entry.tld === sale)).toMatchObject({ on_sale: true, sale_price: 1.99 });

    const popular = (await (await api("/domains/tld-pricing?filter=popular")).json()) as ListBody;
    expect(popular.data.pricing.every((entry) => entry.is_popular)).toBe(true);
    const recommended = (await (await api("/domains/tld-pricing?filter=recommended")).json()) as ListBody;
    expect(recommended.data.pricing.every((entry) => entry.is_recommended)).toBe(true);
  });

  it.each([
    ["count_per_page=0", "count_per_page"],
    ["count_per_page=abc", "count_per_page"],
    ["count_per_page=101", "count_per_page"],
    ["page=0", "page"],
    ["currency=EURO", "currency"],
    ["filter=cheap", "filter"],
  ])("answers 400 naming the parameter for %s", async (query, parameter) => {
    const response = await api(`/domains/tld-pricing?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body).toMatchObject({ success: false, code: "invalid_parameter" });
    expect(body.message).toContain(`"${parameter}"`);
    expect(body.errors?.[0]!.path).toBe(parameter);
  });
});

describe("GET /domains/tlds/search", () => {
  it("finds extensions by prefix, exact match first, in ASCII or Unicode", async () => {
    const base = freshTld();
    await insertTld({ tld: `${base}x`, sort_order: 1 });
    await insertTld({ tld: base, sort_order: 2 });
    await insertTld({ tld: "xn--p1ai", display: "рф", kind: "country-code", icann_fee_cents: 0 });

    const response = await api(`/domains/tlds/search?q=.${base.toUpperCase()}&limit=5`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: true; data: { tlds: TldPrice[] } };
    expect(body.data.tlds.map((entry) => entry.tld)).toEqual([base, `${base}x`]);

    const idn = (await (await api(`/domains/tlds/search?q=${encodeURIComponent("рф")}`)).json()) as {
      data: { tlds: TldPrice[] };
    };
    expect(idn.data.tlds[0]).toMatchObject({ tld: "xn--p1ai", display: "рф", icann_fee: 0 });
  });

  it("answers 400 when q is missing or limit is out of range", async () => {
    const missing = await api("/domains/tlds/search");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).message).toContain('"q"');
    const limit = await api("/domains/tlds/search?q=co&limit=500");
    expect(limit.status).toBe(400);
    expect(((await limit.json()) as ErrorBody).errors?.[0]!.path).toBe("limit");
  });
});

describe("GET /tld/{tld}/pricing (through the lookup worker)", () => {
  it("answers one extension's prices", async () => {
    const tld = freshTld();
    await insertTld({ tld, registration_cents: 4200, renewal_cents: 4500, max_years: 2 });
    const response = await api(`/tld/.${tld}/pricing`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: true; data: TldPrice };
    expect(body.data).toMatchObject({ tld, registration_price: 42, renewal_price: 45, max_years: 2 });
  });

  it("answers 404 with a clear message for an unknown extension", async () => {
    const tld = freshTld();
    const response = await api(`/tld/${tld}/pricing`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as ErrorBody;
    expect(body).toMatchObject({ success: false, code: "tld_not_found" });
    expect(body.message).toContain(`.${tld}`);
  });

  it("answers 400 for something that cannot be an extension", async () => {
    const response = await api("/tld/c_m/pricing");
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).errors?.[0]!.path).toBe("tld");
  });
});

describe("POST /tld/pricing (the home page's one multi-TLD call)", () => {
  it("answers every requested extension in request order, Unicode included, and lists unknown ones", async () => {
    const a = freshTld();
    const b = freshTld();
    const unknown = freshTld();
    await insertTld({ tld: a, registration_cents: 500 });
    await insertTld({ tld: b, registration_cents: 0, renewal_cents: 700 });
    await insertTld({ tld: "xn--p1ai", display: "рф", kind: "country-code", icann_fee_cents: 0 });

    const response = await postJson("/tld/pricing", { tlds: [b, `.${a}`, "рф", unknown] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: true; data: { pricing: TldPrice[]; not_found: string[] } };
    expect(body.data.pricing.map((entry) => entry.tld)).toEqual([b, a, "xn--p1ai"]);
    expect(body.data.pricing[0]).toMatchObject({ registration_price: 0, renewal_price: 7 });
    expect(body.data.not_found).toEqual([unknown]);
  });

  it("serves repeated calls from the lookup worker's cache", async () => {
    const tld = freshTld();
    await insertTld({ tld, registration_cents: 1000 });
    const first = (await (await postJson("/tld/pricing", { tlds: [tld] })).json()) as { data: { pricing: TldPrice[] } };
    expect(first.data.pricing[0]!.registration_price).toBe(10);
    // The catalogue changes underneath; the cached answer (TTL 300 s) is still served.
    await env.DB.prepare("UPDATE tlds SET registration_cents = 2000 WHERE tld = ?").bind(tld).run();
    let cached = 0;
    for (let attempt = 0; attempt < 20 && cached !== 10; attempt++) {
      const again = (await (await postJson("/tld/pricing", { tlds: [tld] })).json()) as {
        data: { pricing: TldPrice[] };
      };
      cached = again.data.pricing[0]!.registration_price ?? 0;
      if (cached !== 10) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(cached).toBe(10);
  });

  it.each([
    [{}, "tlds"],
    [{ tlds: [] }, "tlds"],
    [{ tlds: "com" }, "tlds"],
    [{ tlds: ["c_m"] }, "tlds.0"],
    [{ tlds: Array.from({ length: 101 }, (_, i) => `t${i}aa`) }, "tlds"],
  ])("answers 400 naming the parameter for %j", async (payload, path) => {
    const response = await postJson("/tld/pricing", payload);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.code).toBe("invalid_parameter");
    expect(body.errors?.[0]!.path).toBe(path);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await api("/tld/pricing", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "com",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).success).toBe(false);
  });

  it(
    "passes the lookup worker's per-client limit through as 429 with Retry-After",
    { timeout: LIMIT_TEST_TIMEOUT },
    async () => {
      await inOneLimiterWindow();
      const tld = freshTld();
      await insertTld({ tld });
      const clientIp = freshClientIp();
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 12 && !limited; i++) {
        const response = await postJson("/tld/pricing", { tlds: [tld] }, clientIp);
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
      expect(limited?.status).toBe(429);
      expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited?.json()) as ErrorBody).code).toBe("rate_limited");
      // Another visitor is not affected.
      expect((await postJson("/tld/pricing", { tlds: [tld] }, freshClientIp())).status).toBe(200);
    },
  );
});

describe("the API envelope", () => {
  it("answers unknown endpoints with 404 in the error shape", async () => {
    const response = await api("/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: "not_found" });
  });
});
