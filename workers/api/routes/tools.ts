import { dnsFormSchema, parseLookupName } from "../../../core/lookup-forms";
import { DOMAIN_ERROR_MESSAGES, type DomainNameError } from "../../../core/domain-name";
import { ApiError } from "../errors";
import { createLookupClient } from "../lookup-client";
import { dnsCheckRoute, rdapRoute, sslRoute, whoisRoute } from "../contract/tools";
import { contractRouter } from "../validate";

/** A name typed in a tool → its ASCII form; 400 with the SPEC §5 code (required, invalid_format…). */
function lookupName(input: string): string {
  const parsed = parseLookupName(input);
  if (!parsed.ok)
    throw new ApiError(400, parsed.error, DOMAIN_ERROR_MESSAGES[parsed.error], [
      { path: "domain", message: parsed.detail },
    ]);
  return parsed.name.ascii;
}

/**
 * The URL the client queried, which our RDAP object's links name (ICANN RDAP profile 2.6.3,
 * 2.10): the storefront's `/rdap/domain/{name}` route calls this API in-process and hands its
 * own request URL in `x-rdap-query-url`; any other client queried this route itself. The header
 * is taken only for an `/rdap/domain/` URL of this same origin, so no client can make the answer
 * name another site.
 */
function rdapQueryUrl(request: Request): string {
  const own = new URL(request.url);
  const claimed = request.headers.get("x-rdap-query-url");
  if (claimed && URL.canParse(claimed)) {
    const url = new URL(claimed);
    if (url.origin === own.origin && /\/rdap\/domain\/[^/]+$/u.test(url.pathname)) return url.toString();
  }
  return own.toString();
}

/**
 * The free tools (SPEC §2, §7): WHOIS/RDAP (`GET /domains/whois/{domain}`), the SSL check
 * (`GET /ssl?host`) and the DNS check (`GET /dns/check?name&type`), answered by the lookup
 * worker through the LOOKUP binding with the visitor's address for its per-client limits.
 */
const router = contractRouter();
// The RDAP passthrough answers application/rdap+json, not the JSON envelope: a plain route, documented.
router.openAPIRegistry.registerPath(rdapRoute);

export const toolRoutes = router
  .openapi(whoisRoute, async (c) => {
    const domain = lookupName(c.req.valid("param").domain);
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).whois(domain);
    return c.json({ success: true as const, data }, 200);
  })
  /** GET /ssl ?host — one poll of the SSL check: `running` with progress, or `ready` with the result. */
  .openapi(sslRoute, async (c) => {
    const host = lookupName(c.req.query("host") ?? "");
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).ssl(host);
    return c.json({ success: true as const, data }, 200);
  })
  /** GET /dns/check ?name&type&expected — the DNS (propagation) checker. */
  .openapi(dnsCheckRoute, async (c) => {
    const parsed = dnsFormSchema.safeParse({
      name: c.req.query("name") ?? "",
      type: c.req.query("type") || undefined,
      expected: c.req.query("expected"),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = String(issue?.path[0] ?? "name");
      if (path === "type")
        throw new ApiError(
          400,
          "invalid_type",
          'Parameter "type" must be one of A, AAAA, CNAME, MX, NS, TXT, SRV, CAA, SOA.',
        );
      const code = (issue?.message ?? "invalid_format") as DomainNameError;
      throw new ApiError(400, code, DOMAIN_ERROR_MESSAGES[code] ?? "Invalid parameter.", [{ path, message: code }]);
    }
    const { name, type, expected } = parsed.data;
    const data = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).dns({ name, type, expected });
    return c.json({ success: true as const, data }, 200);
  })
  /**
   * GET /rdap/domain/{name} — our RDAP service (ICANN gTLD RDAP profile) for names registered
   * with us, passed through as application/rdap+json (RFC 9083 errors for the rest).
   */
  .get("/rdap/domain/:name", async (c) => {
    const upstream = await createLookupClient(c.env.LOOKUP, c.get("clientIp")).rdap(
      c.req.param("name"),
      rdapQueryUrl(c.req.raw),
    );
    return new Response(upstream.body, {
      status: upstream.status,
      headers: {
        "content-type": upstream.headers.get("content-type") ?? "application/rdap+json",
        "access-control-allow-origin": "*",
        ...(upstream.headers.get("retry-after")
          ? { "retry-after": upstream.headers.get("retry-after") as string }
          : {}),
      },
    });
  });
