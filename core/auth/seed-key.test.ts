import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkConfirmation,
  confirmationChallenge,
  generateSeedKey,
  isSeedKeyWord,
  isValidSeedKey,
  normaliseSeedKey,
  SEED_KEY_WORD_COUNT,
  seedKeyWords,
} from "./seed-key";

const ZERO_KEY = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const KEY = "legal winner thank year wave sausage worth useful legal winner thank yellow";

describe("generateSeedKey", () => {
  it("gives 12 words from the BIP39 English list with a valid checksum", () => {
    for (let i = 0; i < 50; i += 1) {
      const key = generateSeedKey();
      const words = key.split(" ");
      expect(words).toHaveLength(SEED_KEY_WORD_COUNT);
      expect(words.every((word) => wordlist.includes(word))).toBe(true);
      expect(isValidSeedKey(key)).toBe(true);
      expect(normaliseSeedKey(key)).toBe(key);
    }
  });
  it("is random: 200 keys are all different and use many different words", () => {
    const keys = Array.from({ length: 200 }, () => generateSeedKey());
    expect(new Set(keys).size).toBe(200);
    expect(new Set(keys.flatMap((key) => key.split(" "))).size).toBeGreaterThan(1000);
  });
  it("matches the BIP39 reference vectors for given entropy", () => {
    expect(generateSeedKey(new Uint8Array(16))).toBe(ZERO_KEY);
    expect(generateSeedKey(new Uint8Array(16).fill(0x7f))).toBe(KEY);
    expect(generateSeedKey(new Uint8Array(16).fill(0x80))).toBe(
      "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
    );
    expect(generateSeedKey(new Uint8Array(16).fill(0xff))).toBe("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong");
  });
  it("refuses entropy that is not 128 bits", () => {
    expect(() => generateSeedKey(new Uint8Array(32))).toThrow(RangeError);
    expect(() => generateSeedKey(new Uint8Array(15))).toThrow(RangeError);
  });
});

describe("normaliseSeedKey / seedKeyWords", () => {
  it("trims, lower-cases and collapses any whitespace to single spaces", () => {
    expect(
      normaliseSeedKey(`\n  LEGAL Winner\tthank  year\r\nwave sausage worth useful legal winner thank yellow  `),
    ).toBe(KEY);
    expect(normaliseSeedKey("   ")).toBe("");
    expect(seedKeyWords("   ")).toEqual([]);
    expect(seedKeyWords(" A  b ")).toEqual(["a", "b"]);
  });
  it("applies NFKD (as BIP39 does), so compatibility forms of ASCII letters read the same", () => {
    expect(normaliseSeedKey("ｚｏｏ")).toBe("zoo");
  });
});

describe("isValidSeedKey", () => {
  it("accepts a valid key in any case and spacing", () => {
    expect(isValidSeedKey(KEY)).toBe(true);
    expect(isValidSeedKey(`  ${KEY.toUpperCase().replace(/ /g, "   ")} `)).toBe(true);
  });
  it("refuses the wrong number of words", () => {
    expect(isValidSeedKey(KEY.split(" ").slice(0, 11).join(" "))).toBe(false);
    expect(isValidSeedKey(`${KEY} abandon`)).toBe(false);
    const key24 = "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote";
    expect(isValidSeedKey(key24)).toBe(false);
    expect(isValidSeedKey("")).toBe(false);
  });
  it("refuses words that are not on the list and a bad checksum", () => {
    expect(isValidSeedKey(KEY.replace("yellow", "yelow"))).toBe(false);
    expect(isValidSeedKey(KEY.replace("yellow", "zoo"))).toBe(false);
  });
  it("agrees with @scure/bip39's validateMnemonic on any 12 words of the list (1 in 16 has a valid checksum)", () => {
    const words = fc.array(fc.constantFrom(...wordlist), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(words, (chosen) => {
        const key = chosen.join(" ");
        expect(isValidSeedKey(key)).toBe(validateMnemonic(key, wordlist));
      }),
      { numRuns: 2000 },
    );
  });
  it("accepts every key made from any 16 bytes of entropy, and refuses it with one word changed", () => {
    const entropy = fc.uint8Array({ minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(entropy, fc.nat(11), fc.nat(2047), (bytes, position, replacement) => {
        const key = generateSeedKey(bytes);
        expect(isValidSeedKey(key)).toBe(true);
        const words = key.split(" ");
        words[position] = wordlist[replacement] ?? "abandon";
        const changed = words.join(" ");
        expect(isValidSeedKey(changed)).toBe(validateMnemonic(changed, wordlist));
      }),
    );
  });
  it("isSeedKeyWord checks the list", () => {
    expect(isSeedKeyWord("abandon")).toBe(true);
    expect(isSeedKeyWord("zoo")).toBe(true);
    expect(isSeedKeyWord("Zoo")).toBe(false);
    expect(isSeedKeyWord("trinity")).toBe(false);
    expect(wordlist).toHaveLength(2048);
  });
});

describe("confirmationChallenge", () => {
  it("asks for two distinct 1-based positions, ascending", () => {
    for (let i = 0; i < 200; i += 1) {
      const { positions } = confirmationChallenge(KEY);
      const [a, b] = positions;
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(12);
      expect(a).toBeLessThan(b);
    }
  });
  it("reaches every position over time", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i += 1) for (const position of confirmationChallenge(KEY).positions) seen.add(position);
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
  it("uses the given random source", () => {
    const sequence =
      (...values: number[]) =>
      () =>
        values.shift() ?? 0;
    expect(confirmationChallenge(KEY, sequence(0, 0)).positions).toEqual([1, 2]);
    expect(confirmationChallenge(KEY, sequence(0.99, 0.99)).positions).toEqual([11, 12]);
    expect(confirmationChallenge(KEY, sequence(0.5, 0.5)).positions).toEqual([6, 7]);
    expect(confirmationChallenge(KEY, sequence(0.5, 0)).positions).toEqual([1, 7]);
  });
  it("stays in range and distinct with a broken random source (1, negative, NaN)", () => {
    for (const value of [1, -0.5, Number.NaN, 7]) {
      const [a, b] = confirmationChallenge(KEY, () => value).positions;
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(12);
      expect(a).not.toBe(b);
    }
  });
  it("refuses a key with fewer than two words", () => {
    expect(() => confirmationChallenge("zoo")).toThrow(RangeError);
  });
});

describe("checkConfirmation", () => {
  // KEY: 1 legal, 2 winner, 3 thank, 4 year, 5 wave, 6 sausage, 7 worth, 8 useful, 9 legal, 10 winner, 11 thank, 12 yellow
  it("accepts the right words, in any case and with stray spaces", () => {
    expect(checkConfirmation(KEY, { 3: "thank", 12: "yellow" })).toBe(true);
    expect(checkConfirmation(KEY, { 3: " THANK ", 12: "Yellow" })).toBe(true);
  });
  it("refuses a wrong word or a word from another position", () => {
    expect(checkConfirmation(KEY, { 3: "thank", 12: "yelow" })).toBe(false);
    expect(checkConfirmation(KEY, { 3: "winner", 12: "yellow" })).toBe(false);
    expect(checkConfirmation(KEY, { 3: "thank", 12: "" })).toBe(false);
  });
  it("needs at least two answers at valid positions", () => {
    expect(checkConfirmation(KEY, {})).toBe(false);
    expect(checkConfirmation(KEY, { 3: "thank" })).toBe(false);
    expect(checkConfirmation(KEY, { 0: "legal", 3: "thank" })).toBe(false);
    expect(checkConfirmation(KEY, { 13: "legal", 3: "thank" })).toBe(false);
    expect(checkConfirmation(KEY, { 1.5: "legal", 3: "thank" })).toBe(false);
  });
  it("with the challenge's positions, exactly those must be answered", () => {
    const { positions } = confirmationChallenge(KEY, () => 0);
    expect(positions).toEqual([1, 2]);
    expect(checkConfirmation(KEY, { 1: "legal", 2: "winner" }, positions)).toBe(true);
    expect(checkConfirmation(KEY, { 1: "legal", 3: "thank" }, positions)).toBe(false);
    expect(checkConfirmation(KEY, { 1: "legal", 2: "winner", 3: "thank" }, positions)).toBe(false);
  });
  it("works against the normalised form of the key", () => {
    expect(checkConfirmation(`  ${KEY.toUpperCase()} `, { 1: "legal", 12: "yellow" })).toBe(true);
  });
});
