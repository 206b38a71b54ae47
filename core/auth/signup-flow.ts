// The sign-up flow's state between its pages (SPEC §2 sign-up: form → seed key confirmed as saved
// → email verification). Pure: the cookie that carries it lives in app/server/signup-flow.server.ts.
import { z } from "../zod";
import { confirmationChallenge, normaliseSeedKey, seedKeyWords } from "./seed-key";

/** How long the flow lasts after the sign-up form (seconds): the key must be confirmed by then. */
export const SIGNUP_FLOW_MAX_AGE_SECONDS = 30 * 60;
/** Seconds between two verification mails asked from the verify page (the visible countdown). */
export const RESEND_COOLDOWN_SECONDS = 60;

export const signupFlowSchema = z.object({
  /** The account the flow belongs to (as the API answered it, lower-case). */
  username: z.string().min(1),
  email: z.string().min(1),
  /** The one-time seed key until the user confirms it was saved; null afterwards. */
  seedKey: z.string().nullable(),
  /** The two 1-based positions asked back on /createkey (stable across re-renders). */
  positions: z.tuple([z.number().int().min(1), z.number().int().min(1)]).nullable(),
  /** When the last verification code was mailed (epoch ms), for the resend countdown. */
  lastCodeSentAt: z.number().nullable(),
  /** When the flow started (epoch ms): nothing in it is used after SIGNUP_FLOW_MAX_AGE_SECONDS. */
  startedAt: z.number(),
});
export type SignupFlow = z.output<typeof signupFlowSchema>;

/** The flow right after a sign-up: the key to confirm with its challenge; the first code just went out. */
export function startSignupFlow(
  answer: { username: string; email: string; seedKey: string },
  now: number,
  random?: () => number,
): SignupFlow {
  const seedKey = normaliseSeedKey(answer.seedKey);
  return {
    username: answer.username,
    email: answer.email,
    seedKey,
    positions: confirmationChallenge(seedKey, random).positions,
    lastCodeSentAt: now,
    startedAt: now,
  };
}

/** The stored flow if it is well-formed and not older than the flow's lifetime; else null. */
export function readSignupFlow(value: unknown, now: number): SignupFlow | null {
  const parsed = signupFlowSchema.safeParse(value);
  if (!parsed.success) return null;
  if (now - parsed.data.startedAt > SIGNUP_FLOW_MAX_AGE_SECONDS * 1000 || parsed.data.startedAt > now + 60_000)
    return null;
  return parsed.data;
}

/** True when the flow still holds a key waiting to be confirmed (the "registered flag" of /createkey). */
export function hasUnconfirmedKey(
  flow: SignupFlow | null,
): flow is SignupFlow & { seedKey: string; positions: [number, number] } {
  return flow !== null && flow.seedKey !== null && flow.positions !== null && seedKeyWords(flow.seedKey).length > 0;
}

/** Seconds until another code may be asked for (0 = now). */
export function resendWaitSeconds(
  lastCodeSentAt: number | null,
  now: number,
  cooldownSeconds = RESEND_COOLDOWN_SECONDS,
): number {
  if (lastCodeSentAt === null) return 0;
  const elapsed = now - lastCodeSentAt;
  if (elapsed < 0) return cooldownSeconds;
  return Math.max(0, Math.ceil((cooldownSeconds * 1000 - elapsed) / 1000));
}

/**
 * Which of the asked positions were answered wrongly (answers normalised like the key, so case
 * and surrounding spaces do not matter). Empty = all right.
 */
export function wrongConfirmationWords(
  seedKey: string,
  answers: ReadonlyArray<readonly [position: number, answer: string]>,
): number[] {
  const words = seedKeyWords(seedKey);
  return answers
    .filter(([position, answer]) => normaliseSeedKey(answer) !== words[position - 1])
    .map(([position]) => position);
}

// ─── Sealing: the flow travels encrypted (AES-256-GCM, key derived from the cookie secret) ─────

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function sealingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]).then((material) =>
      crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: encoder.encode("trinity-signup-flow"),
          info: encoder.encode("signup-flow v1"),
        },
        material,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, "-").replace(/\//gu, "_").replace(/=+$/u, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/u.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/gu, "+").replace(/_/gu, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The flow as an opaque string: a random 12-byte IV and the AES-GCM ciphertext of its JSON. */
export async function sealSignupFlow(flow: SignupFlow, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv },
      await sealingKey(secret),
      encoder.encode(JSON.stringify(flow)),
    ),
  );
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv);
  out.set(cipher, iv.length);
  return toBase64Url(out);
}

/** The flow inside a sealed string, or null when it was not sealed with this secret, altered, expired or malformed. */
export async function openSignupFlow(sealed: unknown, secret: string, now: number): Promise<SignupFlow | null> {
  if (typeof sealed !== "string" || sealed.length > 4000) return null;
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length <= 12) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12) },
      await sealingKey(secret),
      bytes.slice(12),
    );
    return readSignupFlow(JSON.parse(new TextDecoder().decode(plain)), now);
  } catch {
    return null;
  }
}
