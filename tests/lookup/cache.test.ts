import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TldPrice } from "../../core/pricing";
import { freshTld, insertTld, lookup, setRegistrationCents, waitForCacheKey, type ErrorBody } from "./helpers";

interface PricingBody {
  success: true;
  data: { pricing: TldPrice[]; not_found: string[] };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("pricing cache", () => {
  it("reads D1 on a miss, then serves KV even after the price changes in D1", async () => {
    const [first, second] = [freshTld(), freshTld()];
    await insertTld({ tld: first, registration_cents: 1000 });
    await insertTld({ tld: second, registration_cents: 2000 });

    const miss = await lookup(`/pricing?tlds=${first},${second}`);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("x-cache")).toBe("miss");
    expect((await miss.json<PricingBody>()).data.pricing.map((p) => p.registration_price)).toEqual([10, 20]);

    const cached = await waitForCacheKey(`v1:pricing:${first}`);
    await waitForCacheKey(`v1:pricing:${second}`);
    // Five minutes for prices (KV rounds the expiration to whole seconds).
    expect(cached.expiration).toBeGreaterThanOrEqual(nowSeconds() + 300 - 10);
    expect(cached.expiration).toBeLessThanOrEqual(nowSeconds() + 300 + 1);

    await setRegistrationCents(first, 5555);
    await setRegistrationCents(second, 6666);

    const hit = await lookup(`/pricing?tlds=${first},${second}`);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect((await hit.json<PricingBody>()).data.pricing.map((p) => p.registration_price)).toEqual([10, 20]);

    // The single-TLD route shares the same entries.
    const single = await lookup(`/pricing/${second}`);
    expect(single.headers.get("x-cache")).toBe("hit");
    expect((await single.json<{ data: TldPrice }>()).data.registration_price).toBe(20);
  });

  it("mixes cached and fresh entries as a partial hit, loading only the misses", async () => {
    const [cachedTld, freshOne] = [freshTld(), freshTld()];
    await insertTld({ tld: cachedTld, registration_cents: 1000 });
    await insertTld({ tld: freshOne, registration_cents: 3000 });

    const first = await lookup(`/pricing/${cachedTld}`);
    expect(first.headers.get("x-cache")).toBe("miss");
    await waitForCacheKey(`v1:pricing:${cachedTld}`);
    await setRegistrationCents(cachedTld, 1111);

    const mixed = await lookup(`/pricing?tlds=${freshOne},${cachedTld}`);

    expect(mixed.status).toBe(200);
    expect(mixed.headers.get("x-cache")).toBe("partial");
    const body = await mixed.json<PricingBody>();
    expect(body.data.pricing.map((p) => [p.tld, p.registration_price])).toEqual([
      [freshOne, 30],
      [cachedTld, 10],
    ]);
  });

  it("remembers an unknown extension for 60 seconds, so it is not looked up again", async () => {
    const tld = freshTld();

    const first = await lookup(`/pricing/${tld}`);
    expect(first.status).toBe(404);
    expect(first.headers.get("x-cache")).toBe("miss");
    const negative = await waitForCacheKey(`v1:pricing:${tld}`);
    expect(negative.expiration).toBeGreaterThanOrEqual(nowSeconds() + 60 - 10);
    expect(negative.expiration).toBeLessThanOrEqual(nowSeconds() + 60 + 1);

    // Added to the catalogue meanwhile: the remembered "not found" still answers until it expires.
    await insertTld({ tld, registration_cents: 1000 });

    const again = await lookup(`/pricing/${tld}`);
    expect(again.status).toBe(404);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect((await again.json<ErrorBody>()).code).toBe("tld_not_found");

    const inList = await lookup(`/pricing?tlds=${tld}`);
    expect(inList.headers.get("x-cache")).toBe("hit");
    expect((await inList.json<PricingBody>()).data).toEqual({ pricing: [], not_found: [tld] });
  });

  it("does not cache an invalid request", async () => {
    const response = await lookup("/pricing?tlds=c_m");
    expect(response.status).toBe(400);
    expect(response.headers.get("x-cache")).toBeNull();
    const { keys } = await env.CACHE.list({ prefix: "v1:pricing:c_m" });
    expect(keys).toEqual([]);
  });
});
