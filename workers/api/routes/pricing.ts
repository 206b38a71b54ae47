import { Hono } from "hono";
import { toTldPrice } from "../../../core/catalogue";
import {
  tldToAscii,
  tldToDisplay,
  tldParamSchema,
  tldPricingBodySchema,
  tldPricingQuerySchema,
  tldSearchQuerySchema,
} from "../../../core/tld-input";
import { listCatalogue, searchCatalogue } from "../db/catalogue";
import type { ApiBindings } from "../env";
import { createLookupClient } from "../lookup-client";
import { zValidate } from "../validate";

/** Catalogue and pricing: SPEC §7 "DNS and domains" pricing calls. */
export const pricingRoutes = new Hono<ApiBindings>()
  .get("/domains/tld-pricing", zValidate("query", tldPricingQuerySchema), async (c) => {
    const { currency, count_per_page, page, filter } = c.req.valid("query");
    const { rows, total } = await listCatalogue(c.env.DB, {
      filter,
      limit: count_per_page,
      offset: (page - 1) * count_per_page,
    });
    return c.json({
      success: true as const,
      data: {
        currency,
        filter,
        pricing: rows.map(toTldPrice),
        pagination: {
          page,
          count_per_page,
          total,
          total_pages: Math.max(1, Math.ceil(total / count_per_page)),
        },
      },
    });
  })
  .get("/domains/tlds/search", zValidate("query", tldSearchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid("query");
    const ascii = tldToAscii(q) ?? q;
    const rows = await searchCatalogue(c.env.DB, { ascii, display: tldToDisplay(ascii) }, limit);
    return c.json({ success: true as const, data: { query: q, tlds: rows.map(toTldPrice) } });
  })
  .get("/tld/:tld/pricing", zValidate("param", tldParamSchema), async (c) => {
    const { tld } = c.req.valid("param");
    const entry = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).tldPricing(tld);
    return c.json({ success: true as const, data: entry });
  })
  .post("/tld/pricing", zValidate("json", tldPricingBodySchema), async (c) => {
    const { tlds } = c.req.valid("json");
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).pricing(tlds);
    return c.json({ success: true as const, data });
  });
