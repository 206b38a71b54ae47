import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hotpCode,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_ALPHABET,
  totpCode,
  totpStep,
  verifyTotp,
} from "./totp";

/** RFC 4226 / RFC 6238 test secret: the ASCII bytes of "12345678901234567890". */
const RFC_SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));

describe("base32 (RFC 4648)", () => {
  it("matches the RFC 4648 §10 vectors (without padding)", () => {
    const vectors: Array<[string, string]> = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(base32Decode(encoded) ?? new Uint8Array([0xff]))).toBe(plain);
    }
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });
  it("decodes leniently: case, spaces, hyphens and padding", () => {
    expect(base32Decode("mzxw 6ytb-oi======")).toEqual(new TextEncoder().encode("foobar"));
  });
  it("refuses characters outside the alphabet", () => {
    expect(base32Decode("MZXW1")).toBeNull();
    expect(base32Decode("MZXW8")).toBeNull();
  });
});

describe("HOTP (RFC 4226 Appendix D)", () => {
  it("gives the published values for counters 0 to 9", async () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    const codes = await Promise.all(expected.map((_, counter) => hotpCode(RFC_SECRET, counter)));
    expect(codes).toEqual(expected);
  });
  it("refuses bad counters and digit counts", async () => {
    await expect(hotpCode(RFC_SECRET, -1)).rejects.toThrow(RangeError);
    await expect(hotpCode(RFC_SECRET, 1.5)).rejects.toThrow(RangeError);
    await expect(hotpCode(RFC_SECRET, 0, 5)).rejects.toThrow(RangeError);
    await expect(hotpCode(RFC_SECRET, 0, 9)).rejects.toThrow(RangeError);
  });
  it("refuses a secret that is not base32", async () => {
    await expect(hotpCode("not base32!", 0)).rejects.toThrow(RangeError);
    await expect(hotpCode("", 0)).rejects.toThrow(RangeError);
  });
});

describe("TOTP (RFC 6238 Appendix B, SHA-1)", () => {
  const vectors: Array<[number, string]> = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  it("the 8-digit values at each test time", async () => {
    for (const [seconds, value] of vectors) {
      expect(await hotpCode(RFC_SECRET, totpStep(seconds * 1000), 8)).toBe(value);
    }
  });
  it("totpCode gives their last 6 digits", async () => {
    for (const [seconds, value] of vectors) {
      expect(await totpCode(RFC_SECRET, seconds * 1000)).toBe(value.slice(2));
    }
  });
  it("the steps are 30 seconds long", () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(1111111109_000)).toBe(0x23523ec);
  });
  it("the code is the same throughout a step and changes with the next", async () => {
    const start = 1_700_000_010_000; // a multiple of 30 s
    expect(start % 30_000).toBe(0);
    const code = await totpCode(RFC_SECRET, start);
    expect(await totpCode(RFC_SECRET, start + 29_999)).toBe(code);
    expect(await totpCode(RFC_SECRET, start + 30_000)).not.toBe(code);
  });
});

describe("verifyTotp", () => {
  const at = 1111111111_000; // step 0x23523ED; code 050471
  it("accepts the current code and returns its step", async () => {
    expect(await verifyTotp(RFC_SECRET, "050471", at)).toEqual({ ok: true, step: totpStep(at) });
    expect(await verifyTotp(RFC_SECRET, " 050 471 ", at)).toEqual({ ok: true, step: totpStep(at) });
  });
  it("accepts one step of drift either side by default, not two", async () => {
    const previous = await totpCode(RFC_SECRET, at - 30_000);
    const next = await totpCode(RFC_SECRET, at + 30_000);
    const tooOld = await totpCode(RFC_SECRET, at - 60_000);
    const tooNew = await totpCode(RFC_SECRET, at + 60_000);
    expect(await verifyTotp(RFC_SECRET, previous, at)).toEqual({ ok: true, step: totpStep(at) - 1 });
    expect(await verifyTotp(RFC_SECRET, next, at)).toEqual({ ok: true, step: totpStep(at) + 1 });
    expect((await verifyTotp(RFC_SECRET, tooOld, at)).ok).toBe(false);
    expect((await verifyTotp(RFC_SECRET, tooNew, at)).ok).toBe(false);
    expect((await verifyTotp(RFC_SECRET, tooOld, at, 2)).ok).toBe(true);
    expect((await verifyTotp(RFC_SECRET, previous, at, 0)).ok).toBe(false);
  });
  it("refuses a reused code: a step at or before the last used one", async () => {
    const first = await verifyTotp(RFC_SECRET, "050471", at);
    expect(first.ok).toBe(true);
    expect(await verifyTotp(RFC_SECRET, "050471", at + 5_000, 1, first.step)).toEqual({ ok: false });
    const previous = await totpCode(RFC_SECRET, at - 30_000);
    expect(await verifyTotp(RFC_SECRET, previous, at, 1, first.step)).toEqual({ ok: false });
    const next = await totpCode(RFC_SECRET, at + 30_000);
    expect(await verifyTotp(RFC_SECRET, next, at + 30_000, 1, first.step)).toEqual({
      ok: true,
      step: totpStep(at) + 1,
    });
  });
  it("refuses wrong and malformed codes", async () => {
    for (const code of ["050472", "50471", "0504711", "abcdef", "", "05047a"]) {
      expect(await verifyTotp(RFC_SECRET, code, at)).toEqual({ ok: false });
    }
  });
  it("works with a freshly generated secret", async () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    const code = await totpCode(secret, now);
    expect(code).toMatch(/^\d{6}$/);
    expect((await verifyTotp(secret, code, now + 10_000)).ok).toBe(true);
  });
});

describe("generateTotpSecret", () => {
  it("is 20 random bytes in base32 (32 characters)", () => {
    const secrets = Array.from({ length: 50 }, () => generateTotpSecret());
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(base32Decode(secret)).toHaveLength(20);
    }
    expect(new Set(secrets).size).toBe(50);
  });
});

describe("otpauthUri", () => {
  it("is the key URI authenticator apps read, issuer Trinity by default", () => {
    expect(otpauthUri({ secret: RFC_SECRET, account: "alice@example.com" })).toBe(
      "otpauth://totp/Trinity:alice%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Trinity&algorithm=SHA1&digits=6&period=30",
    );
  });
  it("encodes the label and issuer, and canonicalises the secret", () => {
    const uri = otpauthUri({
      secret: "gezd gnbv gy3t qojq gezd gnbv gy3t qojq",
      account: "ali veli:x",
      issuer: "Trinity Test",
    });
    expect(uri).toBe(
      "otpauth://totp/Trinity%20Test:ali%20veli%3Ax?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Trinity%20Test&algorithm=SHA1&digits=6&period=30",
    );
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe("otpauth:");
    expect(parsed.searchParams.get("issuer")).toBe("Trinity Test");
  });
  it("refuses a secret that is not base32", () => {
    expect(() => otpauthUri({ secret: "!!", account: "a" })).toThrow(RangeError);
  });
});

describe("recovery codes", () => {
  it("10 distinct codes formatted xxxx-xxxx-xxxx from the unambiguous alphabet", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
      expect(normaliseRecoveryCode(code)).toBe(code);
    }
  });
  it("any count from 1 to 100", () => {
    expect(generateRecoveryCodes(1)).toHaveLength(1);
    expect(generateRecoveryCodes(100)).toHaveLength(100);
    expect(() => generateRecoveryCodes(0)).toThrow(RangeError);
    expect(() => generateRecoveryCodes(101)).toThrow(RangeError);
  });
  it("uses the whole alphabet (uniform symbols)", () => {
    const symbols = new Set(generateRecoveryCodes(100).join("").replace(/-/g, ""));
    expect(symbols.size).toBe(RECOVERY_CODE_ALPHABET.length);
  });
  it("normalise: case-insensitive, spaces and hyphens ignored, look-alikes read as digits", () => {
    expect(normaliseRecoveryCode("ABCD-EFGH-JKMN")).toBe("abcd-efgh-jkmn");
    expect(normaliseRecoveryCode(" abcd efgh jkmn ")).toBe("abcd-efgh-jkmn");
    expect(normaliseRecoveryCode("ABCDEFGHJKMN")).toBe("abcd-efgh-jkmn");
    expect(normaliseRecoveryCode("oIl0-0000-0000")).toBe("0110-0000-0000");
  });
  it("normalise: null for anything else", () => {
    for (const bad of ["", "abcd-efgh", "abcd-efgh-jkmn-p", "abcd-efgh-jkmu", "abcd_efgh_jkmn", "abcd-efgh-jkm!"]) {
      expect(normaliseRecoveryCode(bad)).toBeNull();
    }
  });
});
