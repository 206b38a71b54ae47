import type { TFunction } from "i18next";
import { apiErrorText } from "../i18n/api-errors";
import type { ApiResult } from "./api.server";

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
  return apiErrorText(
    t,
    answer,
    options.prefix === "whois.errors" ? "tools.whois" : options.prefix === "ssl.errors" ? "tools.ssl" : "tools",
    options.values,
  );
}
