import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_TTL_MS,
  createChallengeStore,
  memoryChallengeStorage,
  newFlowToken,
  PASSKEY_PURPOSES,
  type PasskeyPurpose,
} from "./passkey-challenges";

function storeAt(startMs = Date.UTC(2026, 10, 29, 3)) {
  let nowMs = startMs;
  const storage = memoryChallengeStorage();
  const store = createChallengeStore(storage, { now: () => new Date(nowMs) });
  return { store, storage, advance: (ms: number) => (nowMs += ms) };
}

const register = { purpose: "register" as const, binding: "session-1" };

describe("passkey challenge store", () => {
  it("answers the challenge once for its flow token, purpose and binding", async () => {
    const { store } = storeAt();
    const { flowToken } = await store.issue({
      challenge: "c1",
      purpose: "register",
      userId: "u1",
      binding: "session-1",
    });
    expect(await store.take(flowToken, register)).toEqual({ challenge: "c1", userId: "u1" });
    // Single-use: the same token a second time finds nothing.
    expect(await store.take(flowToken, register)).toBeNull();
  });

  it("keeps only a hash of the flow token", async () => {
    const { store, storage } = storeAt();
    const { flowToken } = await store.issue({ challenge: "c", purpose: "sign_in", userId: null, binding: null });
    const row = await storage.take(
      [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(flowToken)))]
        .map((byte) => byte.toString(16).padStart(2, "0"))
        .join(""),
    );
    expect(row?.challenge).toBe("c");
    expect(JSON.stringify(row)).not.toContain(flowToken);
  });

  it("refuses an expired challenge and sweeps old rows on the next issue", async () => {
    const { store, storage, advance } = storeAt();
    const { flowToken } = await store.issue({
      challenge: "c",
      purpose: "register",
      userId: "u1",
      binding: "session-1",
    });
    advance(CHALLENGE_TTL_MS);
    expect(await store.take(flowToken, register)).toBeNull();
    await store.issue({ challenge: "old", purpose: "confirm", userId: "u1", binding: "s" });
    advance(CHALLENGE_TTL_MS + 1);
    await store.issue({ challenge: "new", purpose: "confirm", userId: "u1", binding: "s" });
    expect(storage.size()).toBe(1);
  });

  it("is still valid a moment before it expires", async () => {
    const { store, advance } = storeAt();
    const { flowToken, expiresAt } = await store.issue({
      challenge: "c",
      purpose: "register",
      userId: "u1",
      binding: "session-1",
    });
    advance(CHALLENGE_TTL_MS - 1);
    expect(expiresAt.getTime()).toBe(Date.UTC(2026, 10, 29, 3) + CHALLENGE_TTL_MS);
    expect(await store.take(flowToken, register)).not.toBeNull();
  });

  it("refuses another purpose or another binding, and the challenge is spent by the try", async () => {
    const { store } = storeAt();
    const first = await store.issue({ challenge: "c", purpose: "register", userId: "u1", binding: "session-1" });
    expect(await store.take(first.flowToken, { purpose: "confirm", binding: "session-1" })).toBeNull();
    expect(await store.take(first.flowToken, register)).toBeNull();
    const second = await store.issue({ challenge: "c", purpose: "register", userId: "u1", binding: "session-1" });
    expect(await store.take(second.flowToken, { purpose: "register", binding: "session-2" })).toBeNull();
    expect(await store.take(second.flowToken, register)).toBeNull();
  });

  it("gives one of two concurrent takes the challenge", async () => {
    const { store } = storeAt();
    const { flowToken } = await store.issue({
      challenge: "c",
      purpose: "register",
      userId: "u1",
      binding: "session-1",
    });
    const results = await Promise.all([store.take(flowToken, register), store.take(flowToken, register)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it("issues a different 43-character token each time", async () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newFlowToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
  });

  it("answers null, never throws, for any token, purpose and binding it did not issue", async () => {
    const { store } = storeAt();
    await store.issue({ challenge: "c", purpose: "sign_in", userId: null, binding: null });
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom<PasskeyPurpose>(...PASSKEY_PURPOSES),
        fc.option(fc.string()),
        async (token, purpose, binding) => {
          expect(await store.take(token, { purpose, binding })).toBeNull();
        },
      ),
    );
  });
});
