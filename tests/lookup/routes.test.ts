import { describe, expect, it } from "vitest";
import { lookup } from "./helpers";

describe("routing", () => {
  it.each(["/", "/whois/example.com/extra", "/pricing/com/extra"])("answers 404 not_found for %s", async (path) => {
    const response = await lookup(path);

    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json<{ success: boolean; code: string; message: string }>();
    expect(body).toEqual({ success: false, code: "not_found", message: expect.stringContaining(path) });
  });

  it("answers 404 not_found for a method the route does not take", async () => {
    const response = await SELFpost("/pricing?tlds=com");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: "not_found" });
  });
});

async function SELFpost(path: string): Promise<Response> {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(`https://lookup${path}`, { method: "POST", headers: { "x-client-ip": crypto.randomUUID() } });
}
