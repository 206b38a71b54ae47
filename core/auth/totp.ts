// Two-factor authentication with an authenticator app: RFC 4226 HOTP / RFC 6238 TOTP with
// HMAC-SHA-1, 6 digits and a 30-second step (what every authenticator app defaults to), the
// otpauth:// key URI for the QR code, and one-time recovery codes. WebCrypto only.
import { constantTimeEqual } from "./password";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Secret length in bytes (RFC 4226 recommends 160 bits for HMAC-SHA-1). */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = "Trinity";
/** Recovery codes: 12 symbols of this alphabet (60 bits), shown as xxxx-xxxx-xxxx. */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const RECOVERY_CODE_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, upper-case, without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * RFC 4648 base32 decoding, forgiving about what people and apps do to secrets: case, spaces,
 * hyphens and trailing `=` padding are ignored. Null on any other character.
 */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/[\s-]/gu, "").replace(/=+$/u, "").toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return new Uint8Array(out);
}

/** A new TOTP secret: 20 random bytes, base32 (32 characters). */
export function generateTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** The TOTP time step (RFC 6238 T) that contains `atMs`. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const key = base32Decode(secret);
  if (!key || key.length === 0) throw new RangeError("TOTP secret must be non-empty base32");
  return key;
}

/** RFC 4226 HOTP value for a counter, `digits` long (6 to 8), zero-padded. */
export async function hotpCode(secret: string, counter: number, digits: number = TOTP_DIGITS): Promise<string> {
  if (!Number.isSafeInteger(counter) || counter < 0)
    throw new RangeError("HOTP counter must be a non-negative integer");
  if (!Number.isInteger(digits) || digits < 6 || digits > 8) throw new RangeError("HOTP digits must be 6 to 8");
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  // RFC 4226 §5.3 dynamic truncation: the low nibble of the last byte picks four bytes, top bit cleared.
  const mac = new DataView(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac.getUint8(mac.byteLength - 1) & 0x0f;
  const binary = mac.getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The 6-digit TOTP code at `atMs` (epoch milliseconds). */
export function totpCode(secret: string, atMs: number): Promise<string> {
  return hotpCode(secret, totpStep(atMs));
}

/**
 * Checks a code typed by the user against the steps `window` either side of `atMs` (clock drift).
 * On success `step` is the matching time step: the caller stores it and passes it back as
 * `lastUsedStep` so that the same code (or an older one) cannot be used twice.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  atMs: number,
  window: number = 1,
  lastUsedStep?: number,
): Promise<{ ok: boolean; step?: number }> {
  const typed = code.replace(/\s/gu, "");
  if (!/^\d{6}$/u.test(typed)) return { ok: false };
  const current = totpStep(atMs);
  const span = Math.max(0, Math.floor(window));
  const typedBytes = new TextEncoder().encode(typed);
  let match: number | undefined;
  for (let step = current - span; step <= current + span; step += 1) {
    if (step < 0) continue;
    const expected = new TextEncoder().encode(await hotpCode(secret, step));
    if (constantTimeEqual(expected, typedBytes) && match === undefined) match = step;
  }
  if (match === undefined || (lastUsedStep !== undefined && match <= lastUsedStep)) return { ok: false };
  return { ok: true, step: match };
}

/** The otpauth:// key URI an authenticator app reads from the QR code. */
export function otpauthUri({
  secret,
  account,
  issuer = TOTP_ISSUER,
}: {
  secret: string;
  account: string;
  issuer?: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${base32Encode(secretBytes(secret))}`,
    `issuer=${encodeURIComponent(issuer)}`,
    "algorithm=SHA1",
    `digits=${TOTP_DIGITS}`,
    `period=${TOTP_PERIOD_SECONDS}`,
  ].join("&");
  return `otpauth://totp/${label}?${query}`;
}

function formatRecoveryCode(symbols: string): string {
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}`;
}

/** Fresh one-time recovery codes (distinct), formatted xxxx-xxxx-xxxx. Store them hashed. */
export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new RangeError("recovery code count must be 1 to 100");
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_LENGTH));
    // 256 is a multiple of 32, so `byte & 31` is uniform over the alphabet.
    codes.add(formatRecoveryCode(Array.from(bytes, (byte) => RECOVERY_CODE_ALPHABET[byte & 31]).join("")));
  }
  return [...codes];
}

/**
 * The canonical xxxx-xxxx-xxxx form of a typed recovery code, or null when it cannot be one.
 * Case, spaces and hyphens are ignored; the look-alikes i/l and o read as 1 and 0.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const symbols = input.toLowerCase().replace(/[\s-]/gu, "").replace(/[il]/gu, "1").replace(/o/gu, "0");
  if (symbols.length !== RECOVERY_CODE_LENGTH) return null;
  for (const symbol of symbols) if (!RECOVERY_CODE_ALPHABET.includes(symbol)) return null;
  return formatRecoveryCode(symbols);
}
