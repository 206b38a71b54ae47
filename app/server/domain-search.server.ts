import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseLabel } from "../../core/domain-name";
import type { CatalogueCheck, DomainSuggestion, ExactSearchResult } from "../../workers/api/contract/domains";
import { apiClient, readApi } from "./api.server";

export type { CatalogueCheck };
export type ExactResult = ExactSearchResult;
export type Suggestion = DomainSuggestion;

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
