// Contract of domain search (SPEC §7 "DNS and domains"): one name, a list, one keyword across the
// catalogue, Trinity's suggestions and offers on taken names. Public: no bearer.
import { z } from "zod";
import {
  aiSuggestBodySchema,
  bulkSearchBodySchema,
  catalogueCheckQuerySchema,
  suggestQuerySchema,
} from "../../../core/domain-schemas";
import { offerSchema } from "../../../core/domain-offer";
import { DOMAIN_NAME_ERRORS as DOMAIN_NAME_CODES } from "../../../core/domain-name";
import type { DomainWarning } from "../../../core/homograph";
import type { DomainPrices, DomainSearchResult } from "../domain-quote";
import type { ApiErrorCode } from "./errors";
import { paginationSchema } from "./pricing";
import { apiRoute, jsonBody, ok } from "./route";

/** What a typed name can be refused for (SPEC §5): the one list, core/domain-name.ts. */
export const DOMAIN_NAME_ERRORS = DOMAIN_NAME_CODES satisfies readonly ApiErrorCode[];
const domainNameErrorSchema = z.enum(DOMAIN_NAME_ERRORS);
/** The registry could not be asked (adapters/registry `unavailable`). */
const REGISTRY_ERRORS = ["unavailable"] as const satisfies readonly ApiErrorCode[];

const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

export const domainPricesSchema = z
  .object({
    registration: money.meta({ description: "First-year price (sale and premium prices applied)." }),
    renewal: money,
    transfer: money,
    icann_fee: money,
    sale: money
      .nullable()
      .meta({ description: "The sale price when the extension is on sale (already in `registration`)." }),
    currency: z.string().meta({ example: "USD" }),
    max_years: z.number().int(),
  })
  .meta({ id: "DomainPrices" });

export const domainWarningSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("mixed_script"), label: z.string(), scripts: z.array(z.string()) }),
    z.object({
      kind: z.literal("confusable"),
      characters: z.array(z.object({ char: z.string(), looksLike: z.string(), script: z.string() })),
    }),
    z.object({ kind: z.literal("brand_lookalike"), brand: z.string() }),
    z.object({ kind: z.literal("punycode"), ascii: z.string(), unicode: z.string() }),
  ])
  .meta({ id: "DomainWarning", description: "Why a name may deceive (homographs, look-alikes of brands)." });

export const domainSearchResultSchema = z
  .object({
    domain: z.string().meta({ description: "Registry (ASCII) form.", example: "example.com" }),
    unicode: z.string().meta({ description: "Display form.", example: "example.com" }),
    label: z.string().meta({ example: "example" }),
    tld: z.string().meta({ example: "com" }),
    tld_unicode: z.string().meta({ example: "com" }),
    available: z.boolean(),
    premium: z.boolean(),
    reason: z
      .enum(["registered", "reserved", "unsupported_tld"])
      .optional()
      .meta({ description: "Why it cannot be registered." }),
    prices: domainPricesSchema.nullable(),
    warnings: z.array(domainWarningSchema),
  })
  .meta({ id: "DomainSearchResult" });

export const registrationSummarySchema = z
  .object({
    status: z.string().meta({ description: "The domain's status at the registry.", example: "active" }),
    registrar: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    locked: z.boolean(),
    transferable: z.boolean(),
    held_here: z.boolean().meta({ description: "Registered through us." }),
  })
  .meta({ id: "RegistrationSummary", description: "What the registry says about a taken name." });

export const domainSuggestionSchema = domainSearchResultSchema
  .extend({
    source: z.enum(["exact", "keyword", "affix", "synonym", "tld_hack", "ai"]),
    score: z.number(),
  })
  .meta({ id: "DomainSuggestion" });

export const exactSearchResultSchema = domainSearchResultSchema.extend({
  registration: registrationSummarySchema.nullable(),
});

export const catalogueCheckSchema = z.object({
  keyword: z.string().meta({ description: "Display form." }),
  label: z.string().meta({ description: "ASCII form." }),
  available_count: z.number().int().meta({ description: "Available over the whole catalogue." }),
  results: z.array(domainSearchResultSchema),
  pagination: paginationSchema,
});

export type DomainPricesData = z.infer<typeof domainPricesSchema>;
export type ExactSearchResult = z.infer<typeof exactSearchResultSchema>;
export type CatalogueCheck = z.infer<typeof catalogueCheckSchema>;
export type DomainSearchResultData = z.infer<typeof domainSearchResultSchema>;
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;
export type DomainSuggestion = z.infer<typeof domainSuggestionSchema>;

export const domainSearchRoute = apiRoute(
  {
    method: "get",
    path: "/domains/search/{domain}",
    tags: ["Domains"],
    summary: "Is this name available, and at what price",
    request: {
      params: z.object({
        domain: z.string().meta({ description: "The name as typed (IDN accepted).", example: "example.com" }),
      }),
    },
    responses: {
      200: ok(exactSearchResultSchema, "The name, its prices, and the registry's summary when it is taken."),
    },
  },
  [...DOMAIN_NAME_ERRORS, ...REGISTRY_ERRORS],
);

const searchPlanSchema = z
  .object({
    query: z.string().meta({ description: "The query in its display form.", example: "bücher.com" }),
    tld: z.string().nullable().meta({ description: "The extension chosen (ASCII), or null.", example: "net" }),
    exact_name: z.string().meta({
      description:
        "The name checked as typed (GET /domains/search/{domain}): the query when it is a name, else <label>.<tld or com>.",
      example: "bücher.com",
    }),
    label: z.string().nullable().meta({
      description:
        "The label to check under every extension (GET /domains/check/{keyword}), or null when the query has no valid label.",
      example: "bücher",
    }),
    suggest_keyword: z.string().meta({
      description: "What to ask Trinity for (GET /domains/suggest): a name's label, or the phrase as typed.",
      example: "bücher",
    }),
  })
  .meta({ id: "SearchPlan" });

export type SearchPlanData = z.infer<typeof searchPlanSchema>;

export const searchPlanRoute = apiRoute(
  {
    method: "get",
    path: "/domains/search-plan",
    tags: ["Domains"],
    summary: "What a search box query checks: the exact name, the label for the whole catalogue, Trinity's keyword",
    request: {
      query: z.object({
        q: z
          .string({ error: "is required" })
          .trim()
          .min(1, { error: "is required" })
          .max(2048, { error: "must be at most 2048 characters" })
          .meta({ description: "The query as typed: a name, a keyword or a phrase.", example: "XN--BCHER-KVA.com" }),
        tld: z.string().max(255, { error: "must be at most 255 characters" }).optional().meta({
          description: "The extension chosen (ASCII or Unicode); ignored when it is not one.",
          example: "net",
        }),
      }),
    },
    responses: { 200: ok(searchPlanSchema, "The checks the results page makes for this query.") },
  },
  [],
);

export const bulkSearchRoute = apiRoute(
  {
    method: "post",
    path: "/domains/bulk-search",
    tags: ["Domains"],
    summary: "Availability of up to 100 names at once",
    request: { body: jsonBody(bulkSearchBodySchema) },
    responses: {
      200: ok(
        z.object({
          results: z.array(
            z.union([
              domainSearchResultSchema.extend({ input: z.string() }),
              z
                .object({ input: z.string(), error: domainNameErrorSchema, message: z.string() })
                .meta({ description: "A name that could not be read." }),
            ]),
          ),
        }),
        "One result per name, in order; unreadable names carry their error.",
      ),
    },
  },
  REGISTRY_ERRORS,
);

export const catalogueCheckRoute = apiRoute(
  {
    method: "get",
    path: "/domains/check/{keyword}",
    tags: ["Domains"],
    summary: "One keyword under every extension of the catalogue, a page at a time",
    request: {
      params: z.object({ keyword: z.string().meta({ example: "example" }) }),
      query: catalogueCheckQuerySchema,
    },
    responses: {
      200: ok(catalogueCheckSchema, "One page of the catalogue for the keyword."),
    },
  },
  [...DOMAIN_NAME_ERRORS, ...REGISTRY_ERRORS],
);

export const suggestRoute = apiRoute(
  {
    method: "get",
    path: "/domains/suggest",
    tags: ["Domains"],
    summary: "Available name ideas for a keyword (Trinity)",
    request: { query: suggestQuerySchema },
    responses: {
      200: ok(
        z.object({ keyword: z.string(), suggestions: z.array(domainSuggestionSchema) }),
        "Available ideas, best first.",
      ),
    },
  },
  ["unknown_extension", ...REGISTRY_ERRORS],
);

export const aiSuggestRoute = apiRoute(
  {
    method: "post",
    path: "/ai/domain-suggestions",
    tags: ["Domains"],
    summary: "Available name ideas for a phrase, optionally under some extensions (Trinity)",
    request: { body: jsonBody(aiSuggestBodySchema) },
    responses: {
      200: ok(
        z.object({ query: z.string(), suggestions: z.array(domainSuggestionSchema) }),
        "Available ideas, best first.",
      ),
    },
  },
  ["unknown_extension", ...REGISTRY_ERRORS],
);

export const offerRoute = apiRoute(
  {
    method: "post",
    path: "/domains/offers",
    tags: ["Domains"],
    summary: "An offer for a taken name (we contact the owner)",
    request: { body: jsonBody(offerSchema) },
    responses: {
      201: ok(
        z.object({ id: z.string(), domain: z.string(), unicode: z.string(), status: z.literal("received") }),
        "The offer was received.",
      ),
    },
  },
  [...DOMAIN_NAME_ERRORS, "domain_available", ...REGISTRY_ERRORS],
);

// workers/api/domain-quote.ts types and the schemas describe the same answers.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<DomainPrices, DomainPricesData>,
  Same<DomainSearchResult, DomainSearchResultData>,
  Same<DomainWarning, z.infer<typeof domainWarningSchema>>,
] = [true, true, true];
void sameShapes;
