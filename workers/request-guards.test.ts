import { describe, expect, it } from "vitest";
import { unsafePathRefusal, unreadableFormRefusal, withoutForwardedHost } from "./request-guards";

const post = (headers: Record<string, string>) =>
  new Request("https://trinity.example/signin", { method: "POST", headers });

describe("withoutForwardedHost", () => {
  it("drops the client-typed X-Forwarded-Host and keeps everything else", () => {
    const request = withoutForwardedHost(
      post({ origin: "https://trinity.example", "x-forwarded-host": "evil.example", cookie: "a=1" }),
    );
    expect(request.headers.has("x-forwarded-host")).toBe(false);
    expect(request.headers.get("cookie")).toBe("a=1");
    expect(request.method).toBe("POST");
  });
});

describe("unreadableFormRefusal (issue 12: a page action answered 500 to a body that is not a form)", () => {
  const send = (type: string | null, body: string) =>
    unreadableFormRefusal(
      new Request("https://trinity.example/signin", {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body,
      }),
    );

  it("lets forms and reads through", async () => {
    expect(await send("application/x-www-form-urlencoded", "a=1")).toBeNull();
    expect(
      await send(
        "multipart/form-data; boundary=b",
        '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      ),
    ).toBeNull();
    expect(await unreadableFormRefusal(new Request("https://trinity.example/signin"))).toBeNull();
  });

  it("answers 415 to another or no Content-Type and 400 to a broken multipart body", async () => {
    expect((await send(null, ""))?.status).toBe(415);
    expect((await send("application/json", "{}"))?.status).toBe(415);
    expect((await send("multipart/form-data", "garbage"))?.status).toBe(400);
  });
});

describe("unsafePathRefusal (issue 12: /%09/%2500 and /%5C%25/x answered 500)", () => {
  it("refuses paths with encoded control characters and lets the others through", () => {
    for (const path of [
      "/%09/%2500",
      "/%00",
      "/a%0Ab",
      "/%7F",
      "/%0d%0a/x",
      "/%5C%25/example.com",
      "/%5C%5Cevil.example",
      "//evil.example/x",
    ]) {
      expect(unsafePathRefusal(new URL(`https://trinity.example${path}`))?.status, path).toBe(404);
    }
    for (const path of [
      "/",
      "/example.com",
      "/b%C3%BCcher.de",
      "/%zz",
      "/dashboard/settings",
      "/%2500",
      "/%2F%2Fx",
      "/a%5Cb",
    ]) {
      expect(unsafePathRefusal(new URL(`https://trinity.example${path}`)), path).toBeNull();
    }
  });
});
