import { describe, expect, it } from "vitest";
import { generateSeedKey, seedKeyWords } from "./seed-key";
import {
  hasUnconfirmedKey,
  openSignupFlow,
  readSignupFlow,
  resendWaitSeconds,
  sealSignupFlow,
  SIGNUP_FLOW_MAX_AGE_SECONDS,
  startSignupFlow,
  wrongConfirmationWords,
} from "./signup-flow";

const KEY = generateSeedKey(new Uint8Array(16).fill(7));
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const SECRET = "unit-test-secret";

function flow() {
  return startSignupFlow(
    { username: "ada", email: "ada@example.test", seedKey: `  ${KEY.toUpperCase()} ` },
    NOW,
    () => 0.5,
  );
}

describe("startSignupFlow", () => {
  it("keeps the normalised key, two distinct ascending positions and the first mail's time", () => {
    const started = flow();
    expect(started.seedKey).toBe(KEY);
    const [first, second] = started.positions ?? [0, 0];
    expect(first).toBeGreaterThanOrEqual(1);
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThanOrEqual(12);
    expect(started.lastCodeSentAt).toBe(NOW);
    expect(hasUnconfirmedKey(started)).toBe(true);
  });

  it("has no unconfirmed key once the key is removed", () => {
    expect(hasUnconfirmedKey({ ...flow(), seedKey: null, positions: null })).toBe(false);
    expect(hasUnconfirmedKey(null)).toBe(false);
  });
});

describe("readSignupFlow", () => {
  it("accepts a flow within its 30 minutes and refuses it afterwards", () => {
    expect(readSignupFlow(flow(), NOW + (SIGNUP_FLOW_MAX_AGE_SECONDS - 1) * 1000)).toEqual(flow());
    expect(readSignupFlow(flow(), NOW + (SIGNUP_FLOW_MAX_AGE_SECONDS + 1) * 1000)).toBeNull();
  });

  it("refuses malformed values", () => {
    expect(readSignupFlow({ username: "ada" }, NOW)).toBeNull();
    expect(readSignupFlow("nonsense", NOW)).toBeNull();
    expect(readSignupFlow({ ...flow(), positions: [0, 3] }, NOW)).toBeNull();
  });
});

describe("resendWaitSeconds", () => {
  it("counts down the 60 seconds after the last mail", () => {
    expect(resendWaitSeconds(null, NOW)).toBe(0);
    expect(resendWaitSeconds(NOW, NOW)).toBe(60);
    expect(resendWaitSeconds(NOW, NOW + 100)).toBe(60);
    expect(resendWaitSeconds(NOW, NOW + 59_001)).toBe(1);
    expect(resendWaitSeconds(NOW, NOW + 60_000)).toBe(0);
    expect(resendWaitSeconds(NOW, NOW + 3_600_000)).toBe(0);
  });

  it("treats a send time in the future as just sent", () => {
    expect(resendWaitSeconds(NOW + 5000, NOW)).toBe(60);
  });
});

describe("wrongConfirmationWords", () => {
  const words = seedKeyWords(KEY);
  it("accepts the right words in any case and with spaces around", () => {
    expect(
      wrongConfirmationWords(KEY, [
        [2, ` ${words[1]!.toUpperCase()} `],
        [7, words[6]!],
      ]),
    ).toEqual([]);
  });

  it("names each wrong position", () => {
    expect(
      wrongConfirmationWords(KEY, [
        [2, words[2] === words[1] ? "zoo" : words[2]!],
        [7, words[6]!],
      ]),
    ).toEqual([2]);
    expect(
      wrongConfirmationWords(KEY, [
        [2, ""],
        [7, "zzz"],
      ]),
    ).toEqual([2, 7]);
  });
});

describe("sealing", () => {
  it("round-trips a flow and hides the key", async () => {
    const sealed = await sealSignupFlow(flow(), SECRET);
    expect(sealed).not.toContain(seedKeyWords(KEY)[0]);
    expect(atob(sealed.replace(/-/g, "+").replace(/_/g, "/"))).not.toContain("ada");
    expect(await openSignupFlow(sealed, SECRET, NOW)).toEqual(flow());
  });

  it("uses a fresh IV each time", async () => {
    expect(await sealSignupFlow(flow(), SECRET)).not.toBe(await sealSignupFlow(flow(), SECRET));
  });

  it("refuses another secret, an altered value, junk and an expired flow", async () => {
    const sealed = await sealSignupFlow(flow(), SECRET);
    expect(await openSignupFlow(sealed, "another-secret", NOW)).toBeNull();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === "A" ? "B" : "A"}${sealed.slice(21)}`;
    expect(await openSignupFlow(flipped, SECRET, NOW)).toBeNull();
    expect(await openSignupFlow("not base64 !", SECRET, NOW)).toBeNull();
    expect(await openSignupFlow(42, SECRET, NOW)).toBeNull();
    expect(await openSignupFlow(sealed, SECRET, NOW + (SIGNUP_FLOW_MAX_AGE_SECONDS + 1) * 1000)).toBeNull();
  });
});
