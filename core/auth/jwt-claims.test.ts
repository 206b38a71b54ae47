import { describe, expect, it } from "vitest";
import { decodeJwtPayload, msUntilExpiry, tokenExpiresAt } from "./jwt-claims";

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const jwt = (payload: unknown, signature = "c2lnbmF0dXJl") =>
  `${HEADER}.${b64url(JSON.stringify(payload))}.${signature}`;

describe("decodeJwtPayload", () => {
  it("reads exp, iat and sub from a three-part token", () => {
    expect(decodeJwtPayload(jwt({ sub: "42", exp: 1_700_000_000, iat: 1_699_999_100, role: "user" }))).toEqual({
      sub: "42",
      exp: 1_700_000_000,
      iat: 1_699_999_100,
    });
  });
  it("reads the RFC 7519 §3.1 example token", () => {
    const token =
      "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9." +
      "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ." +
      "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    expect(decodeJwtPayload(token)).toEqual({ exp: 1300819380 });
  });
  it("allows an empty signature part (still three parts)", () => {
    expect(decodeJwtPayload(jwt({ exp: 1 }, ""))).toEqual({ exp: 1 });
  });
  it("decodes UTF-8 payloads", () => {
    expect(decodeJwtPayload(jwt({ sub: "kullanıcı-ğüşiöç" }))?.sub).toBe("kullanıcı-ğüşiöç");
  });
  it("is null unless there are exactly three dot-separated parts (SPEC §3)", () => {
    const payload = b64url(JSON.stringify({ exp: 1 }));
    expect(decodeJwtPayload(`${HEADER}.${payload}`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${payload}.sig.extra`)).toBeNull();
    expect(decodeJwtPayload(payload)).toBeNull();
    expect(decodeJwtPayload(`.${payload}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}..sig`)).toBeNull();
  });
  it("is null for missing tokens", () => {
    expect(decodeJwtPayload("")).toBeNull();
    expect(decodeJwtPayload(null)).toBeNull();
    expect(decodeJwtPayload(undefined)).toBeNull();
  });
  it("is null for a payload that is not base64url JSON of an object", () => {
    expect(decodeJwtPayload(`${HEADER}.not*base64.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${b64url("{not json")}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${b64url("[1,2]")}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${b64url("null")}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${b64url("42")}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.${Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")}.sig`)).toBeNull();
    expect(decodeJwtPayload(`${HEADER}.a.sig`)).toBeNull();
  });
  it("leaves out claims of the wrong type", () => {
    expect(decodeJwtPayload(jwt({ exp: "1700000000", sub: 42, iat: null }))).toEqual({});
    expect(decodeJwtPayload(`${HEADER}.${b64url('{"exp":1e999}')}.sig`)).toEqual({});
  });
});

describe("tokenExpiresAt / msUntilExpiry", () => {
  const token = jwt({ exp: 1_700_000_000 });
  it("converts exp seconds to epoch milliseconds", () => {
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000);
  });
  it("counts down to expiry, negative once expired", () => {
    expect(msUntilExpiry(token, 1_700_000_000_000 - 300_000)).toBe(300_000);
    expect(msUntilExpiry(token, 1_700_000_000_000)).toBe(0);
    expect(msUntilExpiry(token, 1_700_000_060_000)).toBe(-60_000);
  });
  it("is null for an unreadable token or one without exp", () => {
    expect(msUntilExpiry("garbage", 0)).toBeNull();
    expect(msUntilExpiry(jwt({ sub: "1" }), 0)).toBeNull();
    expect(tokenExpiresAt(null)).toBeNull();
  });
});
