// Slow hashing for low-entropy secrets (passwords, seed keys) and a fast hash for high-entropy
// ones (refresh tokens, verification codes), both through WebCrypto so the same code runs in
// Node 20, local workerd and production Workers.
//
// Production Workers refuse PBKDF2 above 100,000 iterations ("NotSupportedError: Pbkdf2 failed:
// iteration counts above 100000 are not supported") while local workerd and Node accept any
// count (reference/external-services.md §9), so a hash made with more would work in every test
// and fail only in production. `hashSecret` therefore refuses anything above the cap.
//
// Stored form (self-describing, so parameters can change and old hashes still verify):
//   pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>

/** The production Workers PBKDF2 cap (workerd limit-enforcer DEFAULT_MAX_PBKDF2_ITERATIONS). */
export const PBKDF2_MAX_ITERATIONS = 100_000;
/** Iterations used for new hashes: the highest count production accepts. */
export const PBKDF2_DEFAULT_ITERATIONS = PBKDF2_MAX_ITERATIONS;
/** Algorithm tag of new hashes. */
export const SECRET_HASH_ALGORITHM = "pbkdf2-sha256";
/** Random salt per hash, in bytes. */
export const SECRET_SALT_BYTES = 16;
/** Derived key length, in bytes. */
export const SECRET_HASH_BYTES = 32;

/** Algorithms `verifySecret` can read; only the first is written. */
const DIGESTS = { "pbkdf2-sha256": "SHA-256", "pbkdf2-sha512": "SHA-512" } as const;
type Algorithm = keyof typeof DIGESTS;

const encoder = new TextEncoder();

/** Base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/u, "");
}

/** Strict base64url decoding (no padding, no other alphabet); null on anything else. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/u.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Compares two byte strings in time that depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function checkIterations(iterations: number): void {
  if (!Number.isSafeInteger(iterations) || iterations < 1) {
    throw new RangeError("PBKDF2 iterations must be a positive integer");
  }
  if (iterations > PBKDF2_MAX_ITERATIONS) {
    throw new RangeError(
      `PBKDF2 iterations above ${PBKDF2_MAX_ITERATIONS} are not supported on production Workers (asked for ${iterations})`,
    );
  }
}

async function derive(
  secret: string,
  salt: Uint8Array,
  iterations: number,
  digest: "SHA-256" | "SHA-512",
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), "PBKDF2", false, ["deriveBits"]);
  const params = { name: "PBKDF2", hash: digest, salt: Uint8Array.from(salt), iterations };
  const bits = await crypto.subtle.deriveBits(params, key, bytes * 8);
  return new Uint8Array(bits);
}

/**
 * Hashes a password or a (normalised) seed key. `iterations` defaults to the production cap and
 * may not exceed it; `salt` is for known-answer tests only (production lets it be random).
 */
export async function hashSecret(
  secret: string,
  options: { iterations?: number; salt?: Uint8Array } = {},
): Promise<string> {
  if (secret.length === 0) throw new RangeError("cannot hash an empty secret");
  const iterations = options.iterations ?? PBKDF2_DEFAULT_ITERATIONS;
  checkIterations(iterations);
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(SECRET_SALT_BYTES));
  if (salt.length < SECRET_SALT_BYTES) throw new RangeError(`salt must be at least ${SECRET_SALT_BYTES} bytes`);
  const hash = await derive(secret, salt, iterations, "SHA-256", SECRET_HASH_BYTES);
  return `${SECRET_HASH_ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

/** The parts of a stored hash, or null when it is not one this module can read. */
export function parseSecretHash(
  stored: string,
): { algorithm: Algorithm; iterations: number; salt: Uint8Array; hash: Uint8Array } | null {
  const parts = stored.split("$");
  if (parts.length !== 4) return null;
  const [algorithm, iterationText = "", saltText = "", hashText = ""] = parts;
  if (algorithm !== "pbkdf2-sha256" && algorithm !== "pbkdf2-sha512") return null;
  if (!/^[1-9]\d{0,8}$/u.test(iterationText)) return null;
  const iterations = Number(iterationText);
  const salt = fromBase64Url(saltText);
  const hash = fromBase64Url(hashText);
  if (!salt || !hash || salt.length < SECRET_SALT_BYTES || hash.length < 16 || hash.length > 64) return null;
  return { algorithm, iterations, salt, hash };
}

/**
 * Checks a secret against a stored hash. `ok` is false for a wrong secret and for a stored
 * string this module cannot use (malformed, unknown algorithm, iterations above the production
 * cap — such a hash could never be verified on Workers). `needsRehash` is true after a
 * successful check when the stored parameters differ from today's, so the caller stores
 * `hashSecret(secret)` in its place (rehash on login).
 */
export async function verifySecret(secret: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parsed = parseSecretHash(stored);
  if (!parsed || parsed.iterations > PBKDF2_MAX_ITERATIONS || secret.length === 0) {
    return { ok: false, needsRehash: false };
  }
  const candidate = await derive(secret, parsed.salt, parsed.iterations, DIGESTS[parsed.algorithm], parsed.hash.length);
  const ok = constantTimeEqual(candidate, parsed.hash);
  const current =
    parsed.algorithm === SECRET_HASH_ALGORITHM &&
    parsed.iterations === PBKDF2_DEFAULT_ITERATIONS &&
    parsed.salt.length === SECRET_SALT_BYTES &&
    parsed.hash.length === SECRET_HASH_BYTES;
  return { ok, needsRehash: ok && !current };
}

/**
 * SHA-256 of a UTF-8 string as lower-case hex. Only for high-entropy values (refresh tokens,
 * opaque ids) or short-lived, attempt-limited ones (6-digit codes): never for passwords.
 */
export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
