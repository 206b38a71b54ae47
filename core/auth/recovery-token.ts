// The long random tokens of the recovery flows (issue 18): flow tokens, one-click link tokens and
// remembered-browser tokens are 32 random bytes (256 bits) in base64url without padding.
import { z } from "../zod";

export const RECOVERY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/u;

export const recoveryTokenSchema = z
  .string({ error: "is required" })
  .regex(RECOVERY_TOKEN_PATTERN, { error: "is not a valid token" });

export function isRecoveryToken(value: unknown): value is string {
  return typeof value === "string" && RECOVERY_TOKEN_PATTERN.test(value);
}
