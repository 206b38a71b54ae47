import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freshTld, lookup } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("failures", () => {
  it("answers 500 internal_error without leaking the error when the catalogue cannot be read", async () => {
    vi.spyOn(env.DB, "prepare").mockImplementation(() => {
      throw new Error("D1_ERROR: no such table: tlds (secret detail)");
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    const response = await lookup(`/pricing?tlds=${freshTld()}`);

    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: "internal_error",
      message: "The lookup failed on our side. Please try again shortly.",
    });
    expect(text).not.toContain("secret detail");
    expect(text).not.toContain("at ");
  });

  it("does not remember a failed load as a missing extension", async () => {
    const tld = freshTld();
    vi.spyOn(env.DB, "prepare").mockImplementation(() => {
      throw new Error("D1 is unavailable");
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    expect((await lookup(`/pricing/${tld}`)).status).toBe(500);

    const { keys } = await env.CACHE.list({ prefix: `v1:pricing:${tld}` });
    expect(keys).toEqual([]);
  });
});
