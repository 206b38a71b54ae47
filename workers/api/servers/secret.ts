// Root passwords at rest: AES-GCM with a key derived (HKDF-SHA-256) from SERVERS_SECRET. The
// password is shown only after the account password is confirmed; a database leak alone does not
// reveal it. Stored as `v1.<iv>.<ciphertext>` (base64url).
import type { ApiEnv } from "../env";
import { ApiError } from "../errors";

/** Used only outside production when SERVERS_SECRET is not set. */
const DEVELOPMENT_SECRET = "trinity-development-servers-secret-not-for-production";

function secretOf(env: ApiEnv): string {
  if (env.SERVERS_SECRET) return env.SERVERS_SECRET;
  if (env.ENVIRONMENT !== "production") return DEVELOPMENT_SECRET;
  console.error(
    "SERVERS_SECRET is not set in production: root passwords cannot be stored or shown (wrangler secret put SERVERS_SECRET)",
  );
  throw new ApiError(503, "server_misconfigured", "Root passwords are not available right now.");
}

async function keyOf(env: ApiEnv): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secretOf(env)), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new TextEncoder().encode("trinity-servers"),
      info: new TextEncoder().encode("root-password-v1"),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/gu, "-")
    .replace(/\//gu, "_")
    .replace(/=+$/u, "");
function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/gu, "+").replace(/_/gu, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function sealPassword(env: ApiEnv, password: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOf(env), new TextEncoder().encode(password)),
  );
  return `v1.${b64url(iv)}.${b64url(sealed)}`;
}

export async function openPassword(env: ApiEnv, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("unknown sealed password format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromB64url(iv) },
    await keyOf(env),
    fromB64url(data),
  );
  return new TextDecoder().decode(plain);
}
