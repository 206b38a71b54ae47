import { z } from "./zod";
import { intParam, tldInputSchema } from "./tld-input";

/** POST /domains/bulk-search {domains} — up to 100 names. */
export const bulkSearchBodySchema = z.object({
  domains: z
    .array(z.string({ error: "must be a list of domain names" }).max(300, { error: "is too long" }), {
      error: "must be a list of domain names",
    })
    .min(1, { error: "must name at least one domain" })
    .max(100, { error: "must name at most 100 domains" }),
});

/** GET /domains/check/{keyword} ?page&count_per_page — one keyword across the whole catalogue. */
export const catalogueCheckQuerySchema = z.object({
  page: intParam("page", 1, 1000, 1),
  count_per_page: intParam("count_per_page", 1, 200, 20),
});

/** What a visitor types to get suggestions: 1 to 200 characters, trimmed. */
const searchText = () =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(200, { error: "must be at most 200 characters" });

/** GET /domains/suggest ?keyword&limit (SPEC §7, §9: limit defaults to 10). */
export const suggestQuerySchema = z.object({
  keyword: searchText(),
  limit: intParam("limit", 1, 50, 10),
});

/** POST /ai/domain-suggestions {query, tlds} — Trinity; `tlds` narrows the extensions. */
export const aiSuggestBodySchema = z.object({
  query: searchText(),
  tlds: z.array(tldInputSchema).max(100, { error: "must name at most 100 extensions" }).optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
