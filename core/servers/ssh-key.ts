// OpenSSH public keys: the one-line format parsed and checked (RFC 4251/4253 wire format), and its fingerprint.
import { z } from "../zod";
import { SERVER_MESSAGES as M } from "./messages";

export const SSH_KEY_TYPES = [
  "ssh-ed25519",
  "ssh-rsa",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

export interface SshPublicKey {
  type: SshKeyType;
  /** The key blob (the wire format), base64 as in the key line. */
  blob: string;
  comment: string;
  /** RSA modulus size, ECDSA curve size, 256 for Ed25519. */
  bits: number;
}

export type SshKeyProblem = "format" | "rsa_short";

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/u.test(text) || text.length % 4 !== 0) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** Reads the SSH wire format's length-prefixed strings (RFC 4251 §5). */
class WireReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  string(): Uint8Array | null {
    if (this.offset + 4 > this.bytes.length) return null;
    const length = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).getUint32(this.offset);
    this.offset += 4;
    if (length > this.bytes.length - this.offset) return null;
    const value = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
  get done(): boolean {
    return this.offset === this.bytes.length;
  }
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Bit length of an SSH mpint (big-endian, two's complement, positive here). */
function mpintBits(bytes: Uint8Array): number {
  const index = bytes.findIndex((byte) => byte !== 0);
  const first = bytes[index];
  if (first === undefined) return 0;
  return (bytes.length - index - 1) * 8 + (32 - Math.clz32(first));
}

const ECDSA_POINT: Record<string, { curve: string; length: number; bits: number }> = {
  "ecdsa-sha2-nistp256": { curve: "nistp256", length: 65, bits: 256 },
  "ecdsa-sha2-nistp384": { curve: "nistp384", length: 97, bits: 384 },
  "ecdsa-sha2-nistp521": { curve: "nistp521", length: 133, bits: 521 },
};

/**
 * Parses one OpenSSH public key line (`type base64 [comment]`): decodes the blob and checks that
 * the key type inside matches the line's, and the key's own fields (Ed25519 32 bytes, RSA ≥ 2048
 * bits, an uncompressed ECDSA point on the named curve's size). Options before the type (as in
 * authorized_keys) are not accepted.
 */
export function parseSshPublicKey(
  line: string,
): { ok: true; key: SshPublicKey } | { ok: false; problem: SshKeyProblem } {
  const fail = (problem: SshKeyProblem = "format") => ({ ok: false as const, problem });
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > 16_384 || /[\r\n]/u.test(trimmed)) return fail();
  const [type = "", data, ...rest] = trimmed.split(/[ \t]+/u);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type) || !data) return fail();
  const bytes = decodeBase64(data);
  if (!bytes) return fail();
  const reader = new WireReader(bytes);
  const inner = reader.string();
  if (!inner || ascii(inner) !== type) return fail();
  let bits: number;
  if (type === "ssh-ed25519") {
    const key = reader.string();
    if (!key || key.length !== 32) return fail();
    bits = 256;
  } else if (type === "ssh-rsa") {
    const exponent = reader.string();
    const modulus = reader.string();
    if (!exponent || !modulus || mpintBits(exponent) === 0 || mpintBits(exponent) > 64) return fail();
    bits = mpintBits(modulus);
    if (bits < 2048) return bits > 0 ? fail("rsa_short") : fail();
    if (bits > 16_384) return fail();
  } else {
    const spec = ECDSA_POINT[type];
    if (!spec) return fail();
    const curve = reader.string();
    const point = reader.string();
    if (!curve || ascii(curve) !== spec.curve || !point || point.length !== spec.length || point[0] !== 4)
      return fail();
    bits = spec.bits;
  }
  if (!reader.done) return fail();
  return { ok: true, key: { type: type as SshKeyType, blob: data, comment: rest.join(" ").slice(0, 200), bits } };
}

/** OpenSSH's fingerprint of a key: `SHA256:` + unpadded base64 of the blob's SHA-256. */
export async function sshFingerprint(key: SshPublicKey): Promise<string> {
  const bytes = decodeBase64(key.blob) ?? new Uint8Array(0);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `SHA256:${btoa(String.fromCharCode(...digest)).replace(/=+$/u, "")}`;
}

/** An optional SSH key: empty means none (root password only); otherwise a valid public key line. */
export const sshKeySchema = z
  .string({ error: M.sshKey })
  .trim()
  .max(16_384, { error: M.sshKey })
  .optional()
  .transform((value) => (value ? value : undefined))
  .superRefine((value, ctx) => {
    if (value === undefined) return;
    const parsed = parseSshPublicKey(value);
    if (!parsed.ok)
      ctx.addIssue({ code: "custom", message: parsed.problem === "rsa_short" ? M.sshKeyRsaShort : M.sshKey });
  });
