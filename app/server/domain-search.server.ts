import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseLabel } from "../../core/domain-name";
import type { DomainSearchResult } from "../../workers/api/domain-quote";
import type { RegistrationSummary } from "../../workers/api/routes/domains";
import { apiClient, readApi, type ApiResult } from "./api.server";

export type ExactResult = DomainSearchResult & { registration: RegistrationSummary | null };
export type Suggestion = DomainSearchResult & { source: string; score: number };
export interface CatalogueCheck {
  keyword: string;
  label: string;
  available_count: number;
  results: DomainSearchResult[];
  pagination: { page: number; count_per_page: number; total: number; total_pages: number };
}

/**
 * What a search query asks for: a full name ("bücher.com") is checked as typed; a keyword or a
 * phrase ("coffee shop") is checked as `<label>.<tld>` (com unless a TLD is chosen), and its
 * label is checked across the whole catalogue.
 */
export function planSearch(query: string, tld: string | null): { exactName: string; label: string | null } {
  const isName = query.includes(".") && !/\s/.test(query);
  if (isName) {
    const beforeTld = query.slice(0, query.lastIndexOf("."));
    const lastLabel = beforeTld.slice(beforeTld.lastIndexOf(".") + 1);
    const label = parseLabel(lastLabel);
    return { exactName: query, label: label.ok ? label.unicode : null };
  }
  const label = parseLabel(query);
  return { exactName: `${label.ok ? label.unicode : query}.${tld ?? "com"}`, label: label.ok ? label.unicode : null };
}

export function domainApi(context: AppLoadContext, request: Request) {
  const client = apiClient(context, request);
  return {
    search: async (name: string): Promise<ApiResult<ExactResult>> =>
      readApi<ExactResult>(await client.api.v1.domains.search[":domain"].$get({ param: { domain: name } })),
    suggest: async (keyword: string, limit: number): Promise<ApiResult<{ suggestions: Suggestion[] }>> =>
      readApi(await client.api.v1.domains.suggest.$get({ query: { keyword, limit: String(limit) } })),
    check: async (label: string, countPerPage: number): Promise<ApiResult<CatalogueCheck>> =>
      readApi<CatalogueCheck>(
        await client.api.v1.domains.check[":keyword"].$get({
          param: { keyword: label },
          query: { page: "1", count_per_page: String(countPerPage) },
        }),
      ),
  };
}
