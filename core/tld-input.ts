import { tldToAscii } from "./domain-name";
import { SUPPORTED_CURRENCIES } from "./money";
import { z } from "./zod";

export const tldInputSchema = z.string().transform((value, ctx) => {
  const ascii = tldToAscii(value);
  if (ascii === null) {
    ctx.addIssue({ code: "custom", message: `"${value.slice(0, 70)}" is not a valid extension` });
    return z.NEVER;
  }
  return ascii;
});

export const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    })
    .describe(name);

export const PRICING_FILTERS = ["all", "popular", "recommended", "on_sale"] as const;
export type PricingFilter = (typeof PRICING_FILTERS)[number];

/** GET /domains/tld-pricing ?currency&count_per_page&page&filter (SPEC §7; defaults USD, 10). */
export const tldPricingQuerySchema = z.object({
  currency: z
    .string()
    .optional()
    .transform((value) => (value ?? "USD").trim().toUpperCase())
    .pipe(z.enum(SUPPORTED_CURRENCIES, { error: `must be one of: ${SUPPORTED_CURRENCIES.join(", ")}` })),
  count_per_page: intParam("count_per_page", 1, 100, 10),
  page: intParam("page", 1, 10_000, 1),
  filter: z
    .string()
    .optional()
    .transform((value) => (value ?? "all").trim().toLowerCase())
    .pipe(z.enum(PRICING_FILTERS, { error: `must be one of: ${PRICING_FILTERS.join(", ")}` })),
});

/** GET /domains/tlds/search ?q&limit */
export const tldSearchQuerySchema = z.object({
  q: z
    .string({ error: "is required" })
    .transform((value) => value.trim().toLowerCase().replace(/^\./, ""))
    .pipe(z.string().min(1, { error: "is required" }).max(63, { error: "must be at most 63 characters" })),
  limit: intParam("limit", 1, 50, 10),
});

/** POST /tld/pricing {tlds} — the home page's one multi-TLD call. */
export const tldPricingBodySchema = z.object({
  tlds: z
    .array(tldInputSchema, { error: "must be a list of extensions" })
    .min(1, { error: "must name at least one extension" })
    .max(100, { error: "must name at most 100 extensions" }),
});

/** GET /tld/{tld}/pricing */
export const tldParamSchema = z.object({ tld: tldInputSchema });
