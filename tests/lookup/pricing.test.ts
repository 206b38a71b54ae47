import { describe, expect, it } from "vitest";
import type { TldPrice } from "../../core/pricing";
import { freshTld, insertTld, lookup, type ErrorBody } from "./helpers";

interface PricingBody {
  success: true;
  data: { pricing: TldPrice[]; not_found: string[] };
}

describe("GET /pricing?tlds=", () => {
  it("answers the catalogue's prices in the requested order, deduplicated, with the unknown ones in not_found", async () => {
    const [first, second, third] = [freshTld(), freshTld(), freshTld()];
    const unknown = freshTld();
    await insertTld({
      tld: first,
      registration_cents: 1044,
      renewal_cents: 1399,
      transfer_cents: 1044,
      icann_fee_cents: 18,
    });
    await insertTld({
      tld: second,
      registration_cents: 250,
      renewal_cents: 3000,
      on_sale: 1,
      sale_cents: 199,
      is_popular: 1,
    });
    await insertTld({ tld: third, kind: "country-code", icann_fee_cents: 0, is_recommended: 1, max_years: 2 });

    const response = await lookup(`/pricing?tlds=${third},.${first.toUpperCase()},${unknown}, ${second} ,${first}`);

    expect(response.status).toBe(200);
    const body = await response.json<PricingBody>();
    expect(body.success).toBe(true);
    expect(body.data.pricing.map((entry) => entry.tld)).toEqual([third, first, second]);
    expect(body.data.not_found).toEqual([unknown]);
    expect(body.data.pricing[1]).toEqual({
      tld: first,
      display: first,
      registration_price: 10.44,
      renewal_price: 13.99,
      transfer_price: 10.44,
      icann_fee: 0.18,
      on_sale: false,
      sale_price: null,
      is_popular: false,
      is_recommended: false,
      max_years: 10,
      currency: "USD",
    });
    expect(body.data.pricing[2]).toMatchObject({
      on_sale: true,
      sale_price: 1.99,
      is_popular: true,
      registration_price: 2.5,
    });
    expect(body.data.pricing[0]).toMatchObject({ icann_fee: 0, is_recommended: true, max_years: 2 });
  });

  it("accepts a Unicode extension and finds it under its ASCII form", async () => {
    await insertTld({
      tld: "xn--p1ai",
      display: "рф",
      kind: "country-code",
      registration_cents: 499,
      icann_fee_cents: 0,
    });

    const response = await lookup(`/pricing?tlds=${encodeURIComponent(".РФ")}`);

    expect(response.status).toBe(200);
    const body = await response.json<PricingBody>();
    expect(body.data.not_found).toEqual([]);
    expect(body.data.pricing).toHaveLength(1);
    expect(body.data.pricing[0]).toMatchObject({ tld: "xn--p1ai", display: "рф", registration_price: 4.99 });
  });

  it.each([
    ["missing", "/pricing", /^Parameter "tlds" is required\.$/],
    ["empty", "/pricing?tlds=", /^Parameter "tlds" must name at least one extension\.$/],
    ["only commas", "/pricing?tlds=,%20,", /^Parameter "tlds" must name at least one extension\.$/],
    [
      "an invalid extension",
      "/pricing?tlds=com,c_m",
      /^Parameter "tlds" contains "c_m", which is not a valid extension\.$/,
    ],
    ["a name instead of an extension", "/pricing?tlds=example.com", /^Parameter "tlds" contains "example\.com"/],
  ])("answers 400 invalid_parameter naming tlds when it is %s", async (_case, path, message) => {
    const response = await lookup(path);

    expect(response.status).toBe(400);
    const body = await response.json<ErrorBody>();
    expect(body).toMatchObject({ success: false, code: "invalid_parameter" });
    expect(body.message).toMatch(message);
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.errors?.every((error) => error.path === "tlds")).toBe(true);
  });

  it("answers 400 for more than 100 extensions and accepts exactly 100", async () => {
    const hundred = Array.from({ length: 100 }, () => freshTld());

    const tooMany = await lookup(`/pricing?tlds=${[...hundred, freshTld()].join(",")}`);
    expect(tooMany.status).toBe(400);
    const error = await tooMany.json<ErrorBody>();
    expect(error).toMatchObject({
      success: false,
      code: "invalid_parameter",
      message: 'Parameter "tlds" must name at most 100 extensions.',
      errors: [{ path: "tlds", message: "must name at most 100 extensions" }],
    });

    const exactly = await lookup(`/pricing?tlds=${hundred.join(",")}`);
    expect(exactly.status).toBe(200);
    const body = await exactly.json<PricingBody>();
    expect(body.data.not_found).toEqual(hundred);
  });
});

describe("GET /pricing/:tld", () => {
  it("answers one extension's price, with or without the leading dot", async () => {
    const tld = freshTld();
    await insertTld({ tld, registration_cents: 1599, renewal_cents: 1799 });

    for (const path of [`/pricing/${tld}`, `/pricing/.${tld.toUpperCase()}`]) {
      const response = await lookup(path);
      expect(response.status).toBe(200);
      const body = await response.json<{ success: true; data: TldPrice }>();
      expect(body).toMatchObject({ success: true, data: { tld, registration_price: 15.99, renewal_price: 17.99 } });
    }
  });

  it("answers 404 tld_not_found for an extension outside the catalogue", async () => {
    const tld = freshTld();

    const response = await lookup(`/pricing/${tld}`);

    expect(response.status).toBe(404);
    expect(await response.json<ErrorBody>()).toEqual({
      success: false,
      code: "tld_not_found",
      message: `The extension .${tld} is not in our catalogue.`,
    });
  });

  it("names a missing Unicode extension the way people write it", async () => {
    const response = await lookup(`/pricing/${encodeURIComponent("香港")}`);

    expect(response.status).toBe(404);
    expect(await response.json<ErrorBody>()).toMatchObject({
      code: "tld_not_found",
      message: "The extension .香港 is not in our catalogue.",
    });
  });

  it("answers 400 invalid_parameter naming tld for something that cannot be an extension", async () => {
    const response = await lookup("/pricing/c_m");

    expect(response.status).toBe(400);
    expect(await response.json<ErrorBody>()).toMatchObject({
      success: false,
      code: "invalid_parameter",
      errors: [{ path: "tld" }],
    });
  });
});
