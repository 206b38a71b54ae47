import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, unreadableFormRefusal, withoutForwardedHost } from "./origin-check";

const post = (headers: Record<string, string>) => new Request("https://trinity.example/signin", { method: "POST", headers });

describe("isCrossSiteRequest", () => {
  it("lets same-origin posts and reads through", () => {
    expect(isCrossSiteRequest(post({ origin: "https://trinity.example" }))).toBe(false);
    expect(isCrossSiteRequest(new Request("https://trinity.example/signin", { headers: { origin: "https://evil.example" } }))).toBe(false);
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

describe("withoutForwardedHost", () => {
  it("drops the client-typed X-Forwarded-Host and keeps everything else", () => {
    const request = withoutForwardedHost(post({ origin: "https://trinity.example", "x-forwarded-host": "evil.example", cookie: "a=1" }));
    expect(request.headers.has("x-forwarded-host")).toBe(false);
    expect(request.headers.get("cookie")).toBe("a=1");
    expect(request.method).toBe("POST");
  });
});

describe("unreadableFormRefusal (issue 12: a page action answered 500 to a body that is not a form)", () => {
  const send = (type: string | null, body: string) =>
    unreadableFormRefusal(new Request("https://trinity.example/signin", { method: "POST", headers: type ? { "content-type": type } : {}, body }));

  it("lets forms and reads through", async () => {
    expect(await send("application/x-www-form-urlencoded", "a=1")).toBeNull();
    expect(await send("multipart/form-data; boundary=b", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n')).toBeNull();
    expect(await unreadableFormRefusal(new Request("https://trinity.example/signin"))).toBeNull();
  });

  it("answers 415 to another or no Content-Type and 400 to a broken multipart body", async () => {
    expect((await send(null, ""))?.status).toBe(415);
    expect((await send("application/json", "{}"))?.status).toBe(415);
    expect((await send("multipart/form-data", "garbage"))?.status).toBe(400);
  });
});
