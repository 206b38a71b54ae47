// Contract of the catalogue and pricing calls (SPEC §7 "DNS and domains" pricing).
import { z } from "zod";
import {
  tldParamSchema,
  tldPricingBodySchema,
  tldPricingQuerySchema,
  tldSearchQuerySchema,
} from "../../../core/tld-input";
import { apiRoute, jsonBody, ok } from "./route";

const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

export const tldPriceSchema = z
  .object({
    tld: z.string().meta({ description: "ASCII extension without the dot.", example: "com" }),
    display: z.string().meta({ description: "The extension as people read it.", example: "com" }),
    registration_price: money.nullable(),
    renewal_price: money.nullable(),
    transfer_price: money.nullable(),
    icann_fee: money,
    on_sale: z.boolean(),
    sale_price: money.nullable(),
    is_popular: z.boolean(),
    is_recommended: z.boolean(),
    max_years: z.number().int(),
    currency: z.string().meta({ example: "USD" }),
  })
  .meta({ id: "TldPrice" });

export const paginationSchema = z
  .object({
    page: z.number().int(),
    count_per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: "Pagination" });

export const tldPricingRoute = apiRoute({
  method: "get",
  path: "/domains/tld-pricing",
  tags: ["Pricing"],
  summary: "The price list of every extension, a page at a time",
  request: { query: tldPricingQuerySchema },
  responses: {
    200: ok(
      z.object({
        currency: z.string(),
        filter: z.string(),
        pricing: z.array(tldPriceSchema),
        pagination: paginationSchema,
      }),
      "One page of the catalogue.",
    ),
  },
});

export const tldSearchRoute = apiRoute({
  method: "get",
  path: "/domains/tlds/search",
  tags: ["Pricing"],
  summary: "Extensions whose name starts with what was typed",
  request: { query: tldSearchQuerySchema },
  responses: { 200: ok(z.object({ query: z.string(), tlds: z.array(tldPriceSchema) }), "Matching extensions.") },
});

export const tldPriceRoute = apiRoute(
  {
    method: "get",
    path: "/tld/{tld}/pricing",
    tags: ["Pricing"],
    summary: "The price of one extension",
    request: { params: tldParamSchema },
    responses: { 200: ok(tldPriceSchema, "The extension's prices.") },
  },
  ["tld_not_found", "rate_limited", "lookup_unavailable", "lookup_bad_response"],
);

export const tldPricesRoute = apiRoute(
  {
    method: "post",
    path: "/tld/pricing",
    tags: ["Pricing"],
    summary: "The prices of several extensions at once",
    request: { body: jsonBody(tldPricingBodySchema) },
    responses: {
      200: ok(
        z.object({ pricing: z.array(tldPriceSchema), not_found: z.array(z.string()) }),
        "Prices of the known extensions; the unknown ones listed.",
      ),
    },
  },
  ["rate_limited", "lookup_unavailable", "lookup_bad_response"],
);
