// Regression tests of what the fuzz suites (tests/api/fuzz-*.test.ts) found, each in the worker
// as a client would meet it.
import { beforeAll, describe, expect, it } from "vitest";
import apiApp from "../../workers/api/app";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";
import { inProcess } from "./fuzz/harness";
import { api, seedSampleCatalogue } from "./helpers";

const send = inProcess(storefront);
const host = new URL(ORIGIN).host;

function postPage(path: string, headers: Record<string, string>, body: string): Promise<Response> {
  return send(new Request(`${ORIGIN}${path}`, { method: "POST", headers: { host, origin: ORIGIN, ...headers }, body, redirect: "manual" }));
}

describe("page actions and bodies that are not forms (were 500)", () => {
  it("answers 415 to a post with no or another Content-Type", async () => {
    for (const path of ["/signin", "/session", "/locale", "/theme", "/cart"]) {
      expect((await postPage(path, {}, "")).status, path).toBe(415);
      expect((await postPage(path, { "content-type": "application/json" }, "{}")).status, path).toBe(415);
    }
  });

  it("answers 400 to a multipart body it cannot read", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--b--\r\n';
    expect((await postPage("/forgot", { "content-type": "multipart/form-data; boundary=b" }, body)).status).toBe(400);
  });

  it("ignores a client-typed X-Forwarded-Host (Remix threw on it: a 500)", async () => {
    const response = await postPage("/theme", { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": "evil.example" }, "theme=dark&redirectTo=/cart");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
  });
});

describe("cart refusals write nothing", () => {
  beforeAll(async () => {
    await seedSampleCatalogue();
  });

  it("removing an item that is not in an empty cart is a 404 that runs no write", async () => {
    const label = `fzr${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const added = await api("/cart/items", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: `${label}.com`, years: 1, operation: "registration" }) });
    const cart = (await added.json<{ data: { id: string; items: { id: string }[] } }>()).data;
    expect((await api(`/cart/items/${cart.items[0].id}`, { method: "DELETE", headers: { "x-cart-id": cart.id } })).status).toBe(200);
    const sendApi = inProcess(apiApp);
    const missing = await sendApi(new Request(`${ORIGIN}/api/v1/cart/items/${crypto.randomUUID()}`, { method: "DELETE", headers: { "x-cart-id": cart.id } }));
    expect(missing.status).toBe(404);
    expect(sendApi.writes.take()).toEqual([]);
  });
});
