import { z } from "./zod";
import { DOMAIN_NAME_ERRORS } from "./domain-name-errors";

/**
 * Transfer in (issue 14, SPEC §2 wizard, §5 rules, §8 errors): the shapes the wizard and the API
 * share, and the stable error codes the API answers (the UI maps each to a translated text).
 */

/** SPEC §8 "Transfer" errors, as API codes. */
export const TRANSFER_ERROR_CODES = [
  "already_registered_here",
  "not_transferable",
  "invalid_domain",
  "server_error",
  "already_in_cart",
  "corporate_domain",
  "not_registered",
  "pricing_unavailable",
  "unknown_extension",
  "locked_at_registrar",
  "auth_code_required",
  "invalid_auth_code",
] as const;
export type TransferErrorCode = (typeof TRANSFER_ERROR_CODES)[number];

/** Why a registered name cannot move yet (`not_transferable` carries one of these in `reason`). */
export const NOT_TRANSFERABLE_REASONS = ["too_soon", "ten_years", "pending_transfer", "state"] as const;
export type NotTransferableReason = (typeof NOT_TRANSFERABLE_REASONS)[number];

/** The domain parser's errors are all "invalid domain" to the wizard, except an unknown extension. */
export function transferCodeOf(code: string): TransferErrorCode {
  if ((TRANSFER_ERROR_CODES as readonly string[]).includes(code)) return code as TransferErrorCode;
  if (code === "locked") return "locked_at_registrar";
  if (code === "already_held_here") return "already_registered_here";
  if (code === "invalid_parameter" || (DOMAIN_NAME_ERRORS as readonly string[]).includes(code)) return "invalid_domain";
  return "server_error";
}

/**
 * An EPP auth code (authInfo): 6–128 printable ASCII characters, no spaces. Registries differ
 * in their own rules (Verisign asks 6–48 with letters, digits and a symbol); the registry has the
 * last word at transfer time.
 */
export const authCodeSchema = z
  .string({ error: "auth_code_required" })
  .trim()
  .min(1, { error: "auth_code_required" })
  .min(6, { error: "invalid_auth_code" })
  .max(128, { error: "invalid_auth_code" })
  .regex(/^[\x21-\x7e]+$/u, { error: "invalid_auth_code" });

const domainField = z
  .string({ error: "invalid_domain" })
  .trim()
  .min(1, { error: "invalid_domain" })
  .max(253, { error: "invalid_domain" });

/** Step 1 (Domain): a GET form. */
export const transferDomainFormSchema = z.object({ domain: domainField });

/** Step 2 (Auth code) and the Review/Payment posts: the domain and its auth code. */
export const transferAuthFormSchema = z.object({ domain: domainField, auth_code: authCodeSchema });
