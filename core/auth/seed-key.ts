// The account seed key (SPEC §2 sign-up, §3 User): a 12-word BIP39 English mnemonic shown once
// at sign-up and asked for at every sign-in. Pure: randomness comes from WebCrypto
// (`crypto.getRandomValues`, present in Node 20, browsers and Workers), nothing else.
import { sha256 } from "@noble/hashes/sha2.js";
import { entropyToMnemonic, generateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";

// SEED_KEY_WORD_COUNT lives with the accounts messages (which quote it): pages read it there
// without this module, whose functions need the BIP39 word list.
import { SEED_KEY_WORD_COUNT } from "./messages";

export { SEED_KEY_WORD_COUNT };
/** Bits of entropy behind a seed key. */
export const SEED_KEY_ENTROPY_BITS = 128;
/** Words asked back during sign-up to confirm the key was saved. */
export const SEED_KEY_CONFIRM_WORDS = 2;

/** Each English word's index on the list (its 11 bits in a mnemonic). */
const wordIndex: ReadonlyMap<string, number> = new Map(wordlist.map((word, index) => [word, index]));

/**
 * A fresh seed key: 12 words from the BIP39 English list. `entropy` (16 bytes) is for tests and
 * known-answer vectors only; production callers pass nothing and get 128 random bits.
 */
export function generateSeedKey(entropy?: Uint8Array): string {
  if (entropy === undefined) return generateMnemonic(wordlist, SEED_KEY_ENTROPY_BITS);
  if (entropy.length !== SEED_KEY_ENTROPY_BITS / 8) {
    throw new RangeError(`seed key entropy must be ${SEED_KEY_ENTROPY_BITS / 8} bytes`);
  }
  return entropyToMnemonic(entropy, wordlist);
}

/**
 * The canonical form that is hashed and compared: NFKD (as BIP39 prescribes), trimmed,
 * lower-cased, words separated by one space (tabs, newlines and runs of spaces collapse).
 */
export function normaliseSeedKey(input: string): string {
  return input.normalize("NFKD").toLowerCase().split(/\s+/u).filter(Boolean).join(" ");
}

/** The words of a seed key after normalisation. */
export function seedKeyWords(input: string): string[] {
  const normalised = normaliseSeedKey(input);
  return normalised === "" ? [] : normalised.split(" ");
}

/** True when `word` (already lower-case) is on the BIP39 English list. */
export function isSeedKeyWord(word: string): boolean {
  return wordIndex.has(word);
}

/**
 * 12 words, all from the BIP39 English list, with a valid BIP39 checksum: the words' 12 × 11 bits
 * are 128 bits of entropy and 4 of checksum, the first 4 bits of the entropy's SHA-256. (What
 * @scure/bip39's validateMnemonic checks, without its linear search of the list per word and its
 * check of the whole list per call: a third of a millisecond on every sign-in, issue 25.)
 */
export function isValidSeedKey(input: string): boolean {
  const words = seedKeyWords(input);
  if (words.length !== SEED_KEY_WORD_COUNT) return false;
  const bytes = new Uint8Array(SEED_KEY_ENTROPY_BITS / 8 + 1);
  let carry = 0;
  let bits = 0;
  let at = 0;
  for (const word of words) {
    const index = wordIndex.get(word);
    if (index === undefined) return false;
    carry = (carry << 11) | index;
    bits += 11;
    while (bits >= 8) {
      bits -= 8;
      bytes[at++] = (carry >>> bits) & 0xff;
    }
    carry &= (1 << bits) - 1;
  }
  // 132 bits: 16 whole bytes of entropy, then the 4 checksum bits left in `carry`.
  const entropy = bytes.subarray(0, SEED_KEY_ENTROPY_BITS / 8);
  return (sha256(entropy)[0] ?? 0) >>> 4 === carry;
}

/** A uniform float in [0, 1) from WebCrypto. */
function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/** Index in [0, size) from a [0, 1) random source; tolerates sources that return 1 or junk. */
function pick(size: number, random: () => number): number {
  const value = random();
  const safe = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1 - Number.EPSILON) : 0;
  return Math.floor(safe * size);
}

/**
 * The sign-up confirmation step: which two words (1-based positions, distinct, ascending) the
 * user must type back to show the key was saved. The server keeps the positions in the session.
 */
export function confirmationChallenge(
  seedKey: string,
  random: () => number = cryptoRandom,
): { positions: [number, number] } {
  const count = seedKeyWords(seedKey).length;
  if (count < SEED_KEY_CONFIRM_WORDS) throw new RangeError("a seed key needs at least two words");
  const first = pick(count, random) + 1;
  let second = pick(count - 1, random) + 1;
  if (second >= first) second += 1;
  return { positions: first < second ? [first, second] : [second, first] };
}

/**
 * True when every answered position holds the right word (answers are normalised like the key)
 * and at least two distinct positions were answered. With `expected`, the answers must cover
 * exactly those positions (the ones the challenge asked for), no more and no fewer.
 */
export function checkConfirmation(
  seedKey: string,
  answers: Record<number, string>,
  expected?: readonly number[],
): boolean {
  const words = seedKeyWords(seedKey);
  const entries = Object.entries(answers);
  if (entries.length < SEED_KEY_CONFIRM_WORDS) return false;
  const answered = new Set<number>();
  for (const [key, answer] of entries) {
    if (!/^[1-9]\d*$/u.test(key)) return false;
    const position = Number(key);
    if (position > words.length || typeof answer !== "string") return false;
    if (normaliseSeedKey(answer) !== words[position - 1]) return false;
    answered.add(position);
  }
  if (expected === undefined) return true;
  const wanted = new Set(expected);
  return wanted.size === answered.size && [...wanted].every((position) => answered.has(position));
}
