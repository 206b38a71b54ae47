import type { TFunction } from "i18next";
import type { ApiResult } from "./api.server";

const INPUT_CODES = ["required", "invalid_format", "too_long", "invalid_characters", "unknown_extension"];
const TOOL_CODES: Record<string, string[]> = {
  "whois.errors": ["whois_not_found", "whois_no_rdap", "whois_rate_limited", "whois_failed"],
  "ssl.errors": ["ssl_rate_limited", "ssl_registration_required", "ssl_overloaded", "ssl_not_found", "ssl_failed", "ssl_invalid_host"],
};

/**
 * A failed tool lookup as the translated text the page shows (SPEC §8): the tool's own codes
 * (lookup failed, SSL rate limit, overloaded…), our per-client limit, the input rules, or the
 * generic "API call failed" text with the server's message. Never a blank page.
 */
export function toolFailure(
  t: TFunction,
  answer: Extract<ApiResult<unknown>, { ok: false }>,
  options: { prefix?: "whois.errors" | "ssl.errors"; values?: Record<string, string> } = {},
): string {
  const values = { ...options.values, message: answer.message };
  if (options.prefix && TOOL_CODES[options.prefix]?.includes(answer.code)) return t(`tools:${options.prefix}.${answer.code}`, values);
  if (answer.code === "dns_failed") return t("tools:errors.dns_failed");
  if (answer.code === "rate_limited") return t("tools:errors.rate_limited", { seconds: answer.retryAfter ?? 60 });
  if (answer.code === "lookup_unavailable" || answer.code === "lookup_bad_response") return t("tools:errors.lookup_unavailable");
  if (INPUT_CODES.includes(answer.code)) return t(`tools:inputErrors.${answer.code}`);
  return t("tools:errors.generic", { message: answer.message });
}
