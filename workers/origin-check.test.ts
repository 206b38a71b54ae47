import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./origin-check";

const post = (headers: Record<string, string>) =>
  new Request("https://trinity.example/signin", { method: "POST", headers });

describe("isCrossSiteRequest", () => {
  it("lets same-origin posts and reads through", () => {
    expect(isCrossSiteRequest(post({ origin: "https://trinity.example" }))).toBe(false);
    expect(
      isCrossSiteRequest(
        new Request("https://trinity.example/signin", { headers: { origin: "https://evil.example" } }),
      ),
    ).toBe(false);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post({}))).toBe(false);
  });

  it("refuses posts from another origin, an opaque origin or a cross-site fetch", () => {
    expect(isCrossSiteRequest(post({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "http://trinity.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
  });
});
