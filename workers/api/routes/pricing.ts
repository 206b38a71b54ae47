import { toTldPrice } from "../../../core/catalogue";
import { tldToAscii, tldToDisplay } from "../../../core/domain-name";
import { tldPriceRoute, tldPricesRoute, tldPricingRoute, tldSearchRoute } from "../contract/pricing";
import { listCatalogue, searchCatalogue } from "../db/catalogue";
import { createLookupClient } from "../lookup-client";
import { contractRouter } from "../validate";

/** Catalogue and pricing: SPEC §7 "DNS and domains" pricing calls. */
export const pricingRoutes = contractRouter()
  .openapi(tldPricingRoute, async (c) => {
    const { currency, count_per_page, page, filter } = c.req.valid("query");
    const { rows, total } = await listCatalogue(c.env.DB, {
      filter,
      limit: count_per_page,
      offset: (page - 1) * count_per_page,
    });
    return c.json(
      {
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
      },
      200,
    );
  })
  .openapi(tldSearchRoute, async (c) => {
    const { q, limit } = c.req.valid("query");
    const ascii = tldToAscii(q) ?? q;
    const rows = await searchCatalogue(c.env.DB, { ascii, display: tldToDisplay(ascii) }, limit);
    return c.json({ success: true as const, data: { query: q, tlds: rows.map(toTldPrice) } }, 200);
  })
  .openapi(tldPriceRoute, async (c) => {
    const { tld } = c.req.valid("param");
    const entry = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).tldPricing(tld);
    return c.json({ success: true as const, data: entry }, 200);
  })
  .openapi(tldPricesRoute, async (c) => {
    const { tlds } = c.req.valid("json");
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).pricing(tlds);
    return c.json({ success: true as const, data }, 200);
  });
