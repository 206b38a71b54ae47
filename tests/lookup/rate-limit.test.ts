import { describe, expect, it } from "vitest";
import { freshClientIp, freshTld, insertTld, lookup, inOneLimiterWindow, LIMIT_TEST_TIMEOUT } from "./helpers";

// vitest.lookup.config.ts sets PRICING_LIMITER to 5 requests per 60 seconds per client.
describe("per-client rate limit on pricing lookups", () => {
  it(
    "answers the 6th request from one client with 429 and Retry-After, while another client goes on",
    { timeout: LIMIT_TEST_TIMEOUT },
    async () => {
      await inOneLimiterWindow();
      const tld = freshTld();
      await insertTld({ tld });
      const client = freshClientIp();

      for (let request = 1; request <= 5; request++) {
        const response = await lookup(request % 2 ? `/pricing?tlds=${tld}` : `/pricing/${tld}`, client);
        expect(response.status, `request ${request}`).toBe(200);
      }

      const limited = await lookup(`/pricing?tlds=${tld}`, client);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(await limited.json()).toEqual({
        success: false,
        code: "rate_limited",
        message: "Too many lookups. Try again in 60 seconds.",
      });

      const singleLimited = await lookup(`/pricing/${tld}`, client);
      expect(singleLimited.status).toBe(429);

      const other = await lookup(`/pricing?tlds=${tld}`, freshClientIp());
      expect(other.status).toBe(200);
    },
  );

  it(
    "falls back to cf-connecting-ip when the storefront did not forward an address",
    { timeout: LIMIT_TEST_TIMEOUT },
    async () => {
      await inOneLimiterWindow();
      const tld = freshTld();
      await insertTld({ tld });
      const address = freshClientIp();
      const { SELF } = await import("cloudflare:test");
      const call = () => SELF.fetch(`https://lookup/pricing/${tld}`, { headers: { "cf-connecting-ip": address } });

      for (let request = 1; request <= 5; request++) expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(429);
      // The same address forwarded by the storefront is the same client.
      expect((await lookup(`/pricing/${tld}`, address)).status).toBe(429);
    },
  );
});
