import { pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  fromBase64Url,
  hashSecret,
  parseSecretHash,
  PBKDF2_DEFAULT_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  SECRET_HASH_ALGORITHM,
  sha256Hex,
  toBase64Url,
  verifySecret,
} from "./password";

const salt = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** A stored hash made independently with Node's PBKDF2 (the reference implementation). */
function nodeHash(secret: string, iterations: number, digest: "sha256" | "sha512", bytes = 32, saltBytes = salt) {
  const hash = pbkdf2Sync(secret, saltBytes, iterations, bytes, digest);
  return `pbkdf2-${digest}$${iterations}$${b64url(saltBytes)}$${b64url(hash)}`;
}

describe("the production Workers PBKDF2 cap (external-services §9)", () => {
  it("is 100,000 iterations and the default uses exactly that", () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_DEFAULT_ITERATIONS).toBe(PBKDF2_MAX_ITERATIONS);
  });
  it("new hashes carry the default iteration count", async () => {
    const stored = await hashSecret("Str0ng!pass");
    expect(stored.split("$")[1]).toBe("100000");
    expect(parseSecretHash(stored)?.iterations).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
  });
  it("hashSecret refuses anything above the cap (Node and local workerd would accept it; production throws)", async () => {
    await expect(hashSecret("secret", { iterations: 100_001 })).rejects.toThrow(RangeError);
    await expect(hashSecret("secret", { iterations: 600_000 })).rejects.toThrow(/above 100000/);
  });
  it("verifySecret never tries a stored hash above the cap (it could not run on Workers)", async () => {
    const stored = nodeHash("secret", 100_001, "sha256");
    expect(await verifySecret("secret", stored)).toEqual({ ok: false, needsRehash: false });
  });
  it("the cap itself is accepted", async () => {
    const stored = await hashSecret("secret", { iterations: PBKDF2_MAX_ITERATIONS, salt });
    expect(stored).toBe(nodeHash("secret", PBKDF2_MAX_ITERATIONS, "sha256"));
  });
});

describe("hashSecret", () => {
  it("is self-describing: pbkdf2-sha256$iterations$salt$hash (base64url, 16-byte salt, 32-byte key)", async () => {
    const stored = await hashSecret("Str0ng!pass", { iterations: 1000 });
    expect(stored).toMatch(/^pbkdf2-sha256\$1000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    const parsed = parseSecretHash(stored);
    expect(parsed?.algorithm).toBe(SECRET_HASH_ALGORITHM);
    expect(parsed?.salt.length).toBe(16);
    expect(parsed?.hash.length).toBe(32);
  });
  it("matches Node's PBKDF2-HMAC-SHA-256 for the same salt and count", async () => {
    expect(await hashSecret("Str0ng!pass", { iterations: 1000, salt })).toBe(nodeHash("Str0ng!pass", 1000, "sha256"));
    expect(await hashSecret("şifre Ğ 🙂", { iterations: 7, salt })).toBe(nodeHash("şifre Ğ 🙂", 7, "sha256"));
  });
  it("uses a fresh random salt each time", async () => {
    const a = await hashSecret("same", { iterations: 1000 });
    const b = await hashSecret("same", { iterations: 1000 });
    expect(a).not.toBe(b);
    expect(a.split("$")[2]).not.toBe(b.split("$")[2]);
  });
  it("refuses bad parameters and empty secrets", async () => {
    await expect(hashSecret("secret", { iterations: 0 })).rejects.toThrow(RangeError);
    await expect(hashSecret("secret", { iterations: 1.5 })).rejects.toThrow(RangeError);
    await expect(hashSecret("secret", { iterations: Number.NaN })).rejects.toThrow(RangeError);
    await expect(hashSecret("secret", { salt: new Uint8Array(8) })).rejects.toThrow(RangeError);
    await expect(hashSecret("")).rejects.toThrow(RangeError);
  });
});

describe("verifySecret", () => {
  it("accepts the right secret with today's parameters without asking for a rehash", async () => {
    const stored = await hashSecret("Str0ng!pass");
    expect(await verifySecret("Str0ng!pass", stored)).toEqual({ ok: true, needsRehash: false });
  });
  it("refuses a wrong secret, including near misses", async () => {
    const stored = await hashSecret("Str0ng!pass", { iterations: 1000 });
    for (const wrong of ["str0ng!pass", "Str0ng!pass ", "Str0ng!pas", "", "Str0ng!passs"]) {
      expect(await verifySecret(wrong, stored)).toEqual({ ok: false, needsRehash: false });
    }
  });
  it("asks for a rehash after a successful check with an older iteration count", async () => {
    const stored = await hashSecret("pw", { iterations: 10_000 });
    expect(await verifySecret("pw", stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifySecret("wrong", stored)).toEqual({ ok: false, needsRehash: false });
  });
  it("reads another algorithm it knows (pbkdf2-sha512) and asks for a rehash", async () => {
    const stored = nodeHash("pw", 1000, "sha512", 64);
    expect(await verifySecret("pw", stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifySecret("pW", stored)).toEqual({ ok: false, needsRehash: false });
  });
  it("asks for a rehash when the salt or key length differs from today's", async () => {
    const longSalt = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(await verifySecret("pw", nodeHash("pw", PBKDF2_MAX_ITERATIONS, "sha256", 32, longSalt))).toEqual({
      ok: true,
      needsRehash: true,
    });
    expect(await verifySecret("pw", nodeHash("pw", 1000, "sha256", 64))).toEqual({ ok: true, needsRehash: true });
  });
  it("a tampered hash or salt no longer verifies", async () => {
    const stored = await hashSecret("pw", { iterations: 1000, salt });
    const [algorithm, iterations, saltText, hashText] = stored.split("$");
    const flip = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    expect((await verifySecret("pw", [algorithm, iterations, saltText, flip(hashText!)].join("$"))).ok).toBe(false);
    expect((await verifySecret("pw", [algorithm, iterations, flip(saltText!), hashText].join("$"))).ok).toBe(false);
    expect((await verifySecret("pw", [algorithm, "1001", saltText, hashText].join("$"))).ok).toBe(false);
  });
  it("answers not-ok (without throwing) for anything that is not a hash it can read", async () => {
    const good = await hashSecret("pw", { iterations: 1000, salt });
    const [, iterations, saltText, hashText] = good.split("$");
    const bad = [
      "",
      "pw",
      "$2b$10$abcdefghijklmnopqrstuu",
      `argon2id$${iterations}$${saltText}$${hashText}`,
      `pbkdf2-sha256$${iterations}$${saltText}`,
      `pbkdf2-sha256$${iterations}$${saltText}$${hashText}$extra`,
      `pbkdf2-sha256$0$${saltText}$${hashText}`,
      `pbkdf2-sha256$-5$${saltText}$${hashText}`,
      `pbkdf2-sha256$1e3$${saltText}$${hashText}`,
      `pbkdf2-sha256$${iterations}$${saltText}$${hashText}=`,
      `pbkdf2-sha256$${iterations}$${saltText!.slice(0, 10)}$${hashText}`,
      `pbkdf2-sha256$${iterations}$${saltText}$abc`,
      `pbkdf2-sha256$${iterations}$sa+t/////////////////$${hashText}`,
    ];
    for (const stored of bad) expect(await verifySecret("pw", stored)).toEqual({ ok: false, needsRehash: false });
  });
});

describe("sha256Hex (fast hash for refresh tokens and codes)", () => {
  it("matches the FIPS 180-2 test vectors", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
  it("hashes UTF-8", async () => {
    expect(await sha256Hex("ğ")).toBe(await sha256Hex("\u011f"));
    expect(await sha256Hex("ğ")).not.toBe(await sha256Hex("g\u0306"));
  });
});

describe("helpers", () => {
  it("constantTimeEqual compares whole byte strings", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([0]), new Uint8Array([]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
  });
  it("base64url round-trips every length and rejects other alphabets", () => {
    for (let length = 0; length < 40; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 250) % 256);
      const text = toBase64Url(bytes);
      expect(text).toBe(b64url(bytes));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
    expect(fromBase64Url("ab+/")).toBeNull();
    expect(fromBase64Url("YQ==")).toBeNull();
    expect(fromBase64Url("abcde")).toBeNull();
  });
});
