import { Hono } from "hono";
import { DOMAIN_ERROR_MESSAGES } from "../../../core/domain-name";
import { parseLookupName } from "../../../core/whois";
import type { ApiBindings } from "../env";
import { ApiError } from "../errors";
import { createLookupClient } from "../lookup-client";

/** A name typed in a tool → its ASCII form; 400 with the SPEC §5 code (required, invalid_format…). */
function lookupName(input: string): string {
  const parsed = parseLookupName(input);
  if (!parsed.ok) throw new ApiError(400, parsed.error, DOMAIN_ERROR_MESSAGES[parsed.error], [{ path: "domain", message: parsed.detail }]);
  return parsed.name.ascii;
}

/**
 * The free tools (SPEC §2, §7): WHOIS/RDAP (`GET /domains/whois/{domain}`), the SSL check
 * (`GET /ssl?host`) and the DNS check (`GET /dns/check?name&type`), answered by the lookup
 * worker through the LOOKUP binding with the visitor's address for its per-client limits.
 */
export const toolRoutes = new Hono<ApiBindings>()
  .get("/domains/whois/:domain", async (c) => {
    const domain = lookupName(c.req.param("domain"));
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).whois(domain);
    return c.json({ success: true as const, data });
  })
  /** GET /ssl ?host — one poll of the SSL check: `running` with progress, or `ready` with the result. */
  .get("/ssl", async (c) => {
    const host = lookupName(c.req.query("host") ?? "");
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).ssl(host);
    return c.json({ success: true as const, data });
  });
