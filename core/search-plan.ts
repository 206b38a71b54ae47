import { normaliseSearchInput, parseLabel, tldToAscii } from "./domain-name";

/** What one search box query checks (SPEC §5 "Domain search"); GET /api/v1/domains/search-plan. */
export interface SearchPlan {
  /** The query in its display form ("xn--bcher-kva.com" → "bücher.com"). */
  query: string;
  /** The extension chosen (ASCII), or null when none or not an extension. */
  tld: string | null;
  /** The name checked as typed: the query when it is a name, else `<label>.<tld or com>`. */
  exactName: string;
  /** The label checked across the whole catalogue, or null when the query has no valid one. */
  label: string | null;
  /** What Trinity suggests from: a name's label (the query when it has none), else the query itself (a phrase). */
  suggestKeyword: string;
}

/**
 * A search query → what to check: a full name ("bücher.com") is checked as typed; a keyword or a
 * phrase ("coffee shop") is checked as `<label>.<tld>` (com unless a TLD is chosen), and its label
 * is checked across the whole catalogue. Null for an empty query (nothing to search).
 */
export function planSearch(rawQuery: string, rawTld: string | null | undefined): SearchPlan | null {
  const query = normaliseSearchInput(rawQuery);
  if (query === null) return null;
  const tld = rawTld ? tldToAscii(rawTld) : null;
  const isName = query.includes(".") && !/\s/.test(query);
  if (isName) {
    const beforeTld = query.slice(0, query.lastIndexOf("."));
    const lastLabel = beforeTld.slice(beforeTld.lastIndexOf(".") + 1);
    const label = parseLabel(lastLabel);
    const labelUnicode = label.ok ? label.unicode : null;
    return { query, tld, exactName: query, label: labelUnicode, suggestKeyword: labelUnicode ?? query };
  }
  const label = parseLabel(query);
  const exactName = `${label.ok ? label.unicode : query}.${tld ?? "com"}`;
  return {
    query,
    tld,
    exactName,
    label: label.ok ? label.unicode : null,
    suggestKeyword: query,
  };
}
