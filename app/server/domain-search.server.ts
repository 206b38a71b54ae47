import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { tldToAscii } from "../../core/domain-name";
import { offerSchema } from "../../core/domain-offer";
import { safeRedirectPath } from "../../core/safe-redirect";
import { apiErrorText } from "../i18n/api-errors";
import type { CatalogueCheck, DomainSuggestion, ExactSearchResult } from "../../workers/api/contract/domains";
import { apiClient, readApi } from "./api.server";
import { streamsDocument } from "./document-streaming.server";
import { getTranslator } from "./i18n.server";
import { redirectWithToast } from "./toast.server";
import { whoisSummary } from "./whois-summary.server";

export type { CatalogueCheck };
export type ExactResult = ExactSearchResult;
export type Suggestion = DomainSuggestion;

export function domainApi(context: AppLoadContext, request: Request) {
  const client = apiClient(context, request);
  return {
    /** What the query checks (the API plans it: GET /domains/search-plan). */
    plan: async (query: string, tld: string | null) =>
      readApi(await client.api.v1.domains["search-plan"].$get({ query: tld ? { q: query, tld } : { q: query } })),
    search: async (name: string) =>
      readApi(await client.api.v1.domains.search[":domain"].$get({ param: { domain: name } })),
    suggest: async (keyword: string, limit: number) =>
      readApi(await client.api.v1.domains.suggest.$get({ query: { keyword, limit: String(limit) } })),
    check: async (label: string, countPerPage: number) =>
      readApi(
        await client.api.v1.domains.check[":keyword"].$get({
          param: { keyword: label },
          query: { page: "1", count_per_page: String(countPerPage) },
        }),
      ),
  };
}

/** All results come in pages of this many extensions ("show more" adds a page). */
const ALL_PAGE = 20;
const SUGGESTION_LIMIT = 6;

/**
 * The results page's data (SPEC §5): the API plans the query (GET /domains/search-plan), then the
 * exact match is awaited while Trinity, the whole catalogue and a taken name's WHOIS view stream.
 */
export async function loadDomainSearch(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const { t } = await getTranslator(request);
  const rawQuery = (url.searchParams.get("q") ?? "").trim();
  const rawTld = url.searchParams.get("tld");
  const more = Math.min(Math.max(Number.parseInt(url.searchParams.get("more") ?? "1", 10) || 1, 1), 40);
  const api = domainApi(context, request);
  const planned = rawQuery === "" ? null : await api.plan(rawQuery, rawTld);
  if (!planned?.ok) {
    return {
      title: t("search.metaTitle"),
      description: t("search.metaDescription"),
      query: "",
      tld: rawTld ? tldToAscii(rawTld) : null,
      more,
      exact: null,
      error: null,
      suggestions: null,
      all: null,
      whois: null,
    };
  }
  const plan = planned.data;
  const { query, tld } = plan;
  // Slow, optional parts are streamed (house style 6); the exact match is awaited. A streamed
  // document shows the exact match once it is known, so it is asked for alone first: started
  // beside it, the other two delay it (their work runs first, their D1 reads queue before its
  // own; 3 ms of its 12, issue 25). A document sent whole is ready when its slowest part is, so
  // there all three are asked for at once.
  const searching = api.search(plan.exact_name);
  if (streamsDocument(request)) await searching;
  const suggestions = api.suggest(plan.suggest_keyword, SUGGESTION_LIMIT);
  const all = plan.label ? api.check(plan.label, ALL_PAGE * more) : null;
  const exact = await searching;
  // Keep the streams from rejecting unobserved when the page ends up not rendering them.
  suggestions.catch(() => undefined);
  all?.catch(() => undefined);
  // A taken name's public WHOIS view is streamed too: it never holds up the results.
  const whois =
    exact.ok && !exact.data.available && exact.data.reason === "registered"
      ? whoisSummary(context, request, exact.data.domain, exact.data.unicode)
      : null;
  whois?.catch(() => undefined);
  const error = exact.ok ? null : apiErrorText(t, exact, "domainSearch");
  return {
    title: t("search.metaTitleQuery", { query }),
    description: t("search.metaDescription"),
    query,
    tld,
    more,
    exact: exact.ok ? exact.data : null,
    error,
    suggestions,
    all,
    whois,
  };
}

/** The offer form's action: one schema (core/domain-schemas.ts), then POST /domains/offers. */
export async function sendOffer(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: offerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { t } = await getTranslator(request);
  const response = await apiClient(context, request).api.v1.domains.offers.$post({
    json: {
      ...submission.value,
      amount: submission.value.amount / 100,
      message: submission.value.message ?? undefined,
    },
  });
  const answer = await readApi(response);
  if (!answer.ok) {
    const message = apiErrorText(t, answer, "domainSearch.offer");
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: answer.status });
  }
  const back = new URL(request.url);
  return redirectWithToast(
    safeRedirectPath(`${back.pathname}${back.search}`, "/domain-search"),
    {
      type: "success",
      description: t("search.offerSent", { domain: answer.data.unicode, email: submission.value.email }),
    },
    { status: 303 },
  );
}
