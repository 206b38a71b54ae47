// The simulated registry's auth codes (EPP transfer codes): derived for names held elsewhere,
// random for names held here, compared in constant time.

/**
 * Fixed key of the simulated auth codes of names held elsewhere. Not a secret: it only exists
 * so that a tester can work out the code of any seeded name (see data/registry/README.md).
 */
const AUTH_CODE_KEY = "trinity simulated registry: auth codes v1";
const AUTH_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#";
const AUTH_CODE_LENGTH = 16;

/** The auth code the simulated registry expects for a name held elsewhere: HMAC-SHA256 of the name. */
export async function simulatedAuthCode(name: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(AUTH_CODE_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(name)));
  return encodeAuthCode(mac);
}

/** A fresh auth code for a name registered or transferred in here. */
export function randomAuthCode(): string {
  return encodeAuthCode(crypto.getRandomValues(new Uint8Array(AUTH_CODE_LENGTH)));
}

function encodeAuthCode(bytes: Uint8Array): string {
  // 64 symbols, so byte % 64 is unbiased.
  return Array.from(bytes.slice(0, AUTH_CODE_LENGTH), (byte) => AUTH_CODE_ALPHABET[byte % 64]).join("");
}

/** Compares two codes in constant time (for codes of the same length). */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
