import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatDay } from "../../core/format";
import { apiClient, readApi } from "./api.server";
import { getTranslator } from "./i18n.server";
import { toolFailure } from "./tools.server";

/**
 * The public WHOIS/RDAP view of a taken name, beside the domain results and on the domain's page:
 * registrar, dates and statuses in plain words, already translated here (the page streams it,
 * so the browser needs no extra namespace), or the SPEC §8 "lookup failed" text.
 */
export type WhoisSummary =
  | {
      ok: true;
      registrar: string | null;
      created: string | null;
      expires: string | null;
      statuses: { value: string; text: string | null }[];
    }
  | { ok: false; message: string };

export async function whoisSummary(
  context: AppLoadContext,
  request: Request,
  asciiDomain: string,
  unicode: string,
): Promise<WhoisSummary> {
  const [{ t, locale }, response] = await Promise.all([
    getTranslator(request, ["tools"]),
    apiClient(context, request).api.v1.domains.whois[":domain"].$get({ param: { domain: asciiDomain } }),
  ]);
  const answer = await readApi(response);
  if (!answer.ok)
    return { ok: false, message: toolFailure(t, answer, { prefix: "whois.errors", values: { domain: unicode } }) };
  const result = answer.data;
  return {
    ok: true,
    registrar: result.registrar?.name ?? null,
    created: formatDay(locale, result.createdAt),
    expires: formatDay(locale, result.expiresAt),
    statuses: result.statuses.map((status) => ({
      value: status.value,
      text: status.key ? t(`tools:whois.statuses.${status.key}`) : null,
    })),
  };
}
