import { DOMAIN_ERROR_MESSAGES, parseDomainName, parseLabel, type ParsedDomainName } from "../../../core/domain-name";
import {
  aiSuggestRoute,
  bulkSearchRoute,
  catalogueCheckRoute,
  domainSearchRoute,
  offerRoute,
  searchPlanRoute,
  suggestRoute,
  type RegistrationSummary,
} from "../contract/domains";
import { checkAt, checkOne } from "../adapters/registry";
import { insertOffer } from "../db/cart";
import { loadCatalogue, type CatalogueIndex } from "../db/catalogue";
import { domainWarnings, nameFromParts, searchResult, type DomainSearchResult } from "../domain-quote";
import { planSearch } from "../../../core/search-plan";
import { ApiError } from "../errors";
import { registrationSummary } from "../domain-registry-sync";
import type { ApiServices } from "../services";
import { contractRouter } from "../validate";
import { parseSearchName, registrableName } from "../search-name";

/** How many candidates Trinity generates before availability trims them to the limit. */
const SUGGESTION_CANDIDATES = 80;

async function searchOne(
  services: ApiServices,
  catalogue: CatalogueIndex,
  name: ParsedDomainName,
): Promise<DomainSearchResult & { registration: RegistrationSummary | null }> {
  const check = await checkOne(services.registry, name.ascii);
  const info = check.reason === "registered" ? await services.registry.info(name.ascii) : null;
  return {
    ...searchResult(name, catalogue.byTld.get(name.tld), check, domainWarnings(name)),
    registration: info ? registrationSummary(info) : null,
  };
}

/** Generates Trinity ideas, keeps the available ones, prices them, best first. */
async function suggest(
  services: ApiServices,
  catalogue: CatalogueIndex,
  phrase: string,
  options: { tlds?: string[]; limit: number; locale?: "en" | "tr" },
) {
  const tlds = options.tlds?.filter((tld) => catalogue.byTld.has(tld)) ?? catalogue.rows.map((row) => row.tld);
  if (tlds.length === 0)
    throw new ApiError(400, "unknown_extension", DOMAIN_ERROR_MESSAGES.unknown_extension, [
      { path: "tlds", message: "none of these extensions is in our catalogue" },
    ]);
  const candidates = await services.suggestions.suggest({
    phrase,
    tlds,
    max: SUGGESTION_CANDIDATES,
    locale: options.locale,
  });
  const known = candidates.filter((candidate) => catalogue.byTld.has(candidate.tld));
  const checks = known.length > 0 ? await services.registry.check(known.map((c) => `${c.label}.${c.tld}`)) : [];
  const suggestions = [];
  for (const [index, candidate] of known.entries()) {
    const check = checks[index];
    const row = catalogue.byTld.get(candidate.tld);
    if (!check?.available || !row) continue;
    const label = parseLabel(candidate.label);
    if (!label.ok) continue;
    suggestions.push({
      ...searchResult(nameFromParts(label, row), row, check),
      source: candidate.source,
      score: candidate.score,
    });
    if (suggestions.length >= options.limit) break;
  }
  return suggestions;
}

function localeOf(header: string | undefined): "en" | "tr" | undefined {
  return header?.toLowerCase().startsWith("tr") ? "tr" : header ? "en" : undefined;
}

/** Domain search, the whole-catalogue check, Trinity and offers (SPEC §7; public, no bearer). */
export const domainRoutes = contractRouter()
  .openapi(domainSearchRoute, async (c) => {
    const catalogue = await loadCatalogue(c.env.DB);
    const name = parseSearchName(c.req.valid("param").domain, catalogue);
    return c.json({ success: true as const, data: await searchOne(c.var.services, catalogue, name) }, 200);
  })
  .openapi(searchPlanRoute, (c) => {
    const { q, tld } = c.req.valid("query");
    const plan = planSearch(q, tld);
    // q is non-empty after trimming (the contract), so there is always a plan.
    if (!plan) throw new ApiError(400, "invalid_parameter", "q is required", [{ path: "q", message: "is required" }]);
    const data = {
      query: plan.query,
      tld: plan.tld,
      exact_name: plan.exactName,
      label: plan.label,
      suggest_keyword: plan.suggestKeyword,
    };
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(bulkSearchRoute, async (c) => {
    const { domains } = c.req.valid("json");
    const catalogue = await loadCatalogue(c.env.DB);
    const parsed = domains.map((input) => {
      const parsedName = parseDomainName(input, (tld) => catalogue.byTld.has(tld));
      const result = parsedName.ok ? { ...parsedName, name: registrableName(parsedName.name, catalogue) } : parsedName;
      return { input, result };
    });
    const valid = parsed.flatMap(({ result }) => (result.ok ? [result.name] : []));
    const checks = valid.length > 0 ? await c.var.services.registry.check(valid.map((name) => name.ascii)) : [];
    let next = 0;
    const results = parsed.map(({ input, result }) => {
      if (!result.ok) return { input, error: result.error, message: DOMAIN_ERROR_MESSAGES[result.error] };
      const check = checkAt(checks, next++);
      return {
        input,
        ...searchResult(result.name, catalogue.byTld.get(result.name.tld), check, domainWarnings(result.name)),
      };
    });
    return c.json({ success: true as const, data: { results } }, 200);
  })
  .openapi(catalogueCheckRoute, async (c) => {
    const { page, count_per_page } = c.req.valid("query");
    const label = parseLabel(c.req.valid("param").keyword);
    if (!label.ok) {
      throw new ApiError(400, label.error, DOMAIN_ERROR_MESSAGES[label.error], [
        { path: "keyword", message: label.detail },
      ]);
    }
    const catalogue = await loadCatalogue(c.env.DB);
    const checks = await c.var.services.registry.checkLabel(
      label.ascii,
      catalogue.rows.map((row) => row.tld),
    );
    const total = catalogue.rows.length;
    const start = (page - 1) * count_per_page;
    const results = catalogue.rows.slice(start, start + count_per_page).map((row, index) => {
      const check = checkAt(checks, start + index);
      return searchResult(nameFromParts(label, row), row, check);
    });
    return c.json(
      {
        success: true as const,
        data: {
          keyword: label.unicode,
          label: label.ascii,
          available_count: checks.filter((check) => check.available).length,
          results,
          pagination: { page, count_per_page, total, total_pages: Math.max(1, Math.ceil(total / count_per_page)) },
        },
      },
      200,
    );
  })
  .openapi(suggestRoute, async (c) => {
    const { keyword, limit } = c.req.valid("query");
    const catalogue = await loadCatalogue(c.env.DB);
    const suggestions = await suggest(c.var.services, catalogue, keyword, {
      limit,
      locale: localeOf(c.req.header("accept-language")),
    });
    return c.json({ success: true as const, data: { keyword, suggestions } }, 200);
  })
  .openapi(aiSuggestRoute, async (c) => {
    const { query, tlds, limit } = c.req.valid("json");
    const catalogue = await loadCatalogue(c.env.DB);
    const suggestions = await suggest(c.var.services, catalogue, query, {
      tlds,
      limit: limit ?? 10,
      locale: localeOf(c.req.header("accept-language")),
    });
    return c.json({ success: true as const, data: { query, suggestions } }, 200);
  })
  .openapi(offerRoute, async (c) => {
    const offer = c.req.valid("json");
    const catalogue = await loadCatalogue(c.env.DB);
    const name = parseSearchName(offer.domain, catalogue);
    const check = await checkOne(c.var.services.registry, name.ascii);
    if (check.available) {
      throw new ApiError(
        409,
        "domain_available",
        `${name.unicode} is available: you can register it instead of making an offer.`,
      );
    }
    const id = await insertOffer(
      c.env.DB,
      {
        domain: name.ascii,
        unicode: name.unicode,
        amountCents: offer.amount,
        currency: offer.currency,
        email: offer.email,
        message: offer.message,
      },
      c.var.services.now(),
    );
    return c.json(
      {
        success: true as const,
        data: { id, domain: name.ascii, unicode: name.unicode, status: "received" as const },
        message: `Your offer for ${name.unicode} has been received. We will contact the owner and reply to ${offer.email}.`,
      },
      201,
    );
  });
