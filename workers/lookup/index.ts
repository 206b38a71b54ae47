/**
 * The lookup worker (DESIGN §1): TLD-pricing lookups from the catalogue behind a KV read-through
 * cache and per-client rate limits. The storefront reaches it through the LOOKUP service binding
 * and forwards the visitor's address in `x-client-ip`. WHOIS/RDAP (whois.ts, rdap.ts), our own
 * RDAP service (own-rdap.ts), the SSL check (ssl.ts), the DNS check (dns.ts) and the URL
 * performance analysis through PageSpeed Insights (pagespeed.ts).
 */
import { Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { tldToAscii as normaliseTld, tldToDisplay as displayTld } from "../../core/domain-name";
import type { TldPrice } from "../../core/pricing";
import { readThrough, readThroughMany } from "./cache";
import { findTldPrice, findTldPrices, MAX_TLDS_PER_QUERY } from "./catalogue";
import { errorBody, LookupFailure, type LookupEnv } from "./env";
import { findOwnDomain, ownRdapDomain } from "./own-rdap";
import { rateLimit } from "./rate-limit";
import { analyticsFormSchema, dnsFormSchema, parseDnsName, parseLookupName } from "../../core/lookup-forms";
import { checkDns } from "./dns";
import { checkSsl } from "./ssl";
import { analysePage } from "./pagespeed";
import { lookupWhois } from "./whois";

export type { LookupEnv } from "./env";

const tldInput = z.string().transform((value, ctx) => {
  const ascii = normaliseTld(value);
  if (ascii === null) {
    ctx.addIssue({
      code: "custom",
      message: `contains "${value.trim().slice(0, 70)}", which is not a valid extension`,
    });
    return z.NEVER;
  }
  return ascii;
});

/** `?tlds=com,.net,рф` (or the parameter repeated) → ASCII TLDs in request order, without duplicates. */
const pricingQuerySchema = z.object({
  tlds: z
    .preprocess((value) => (Array.isArray(value) ? value.join(",") : value), z.string({ error: "is required" }))
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(
      z
        .array(tldInput)
        .min(1, { error: "must name at least one extension" })
        .max(MAX_TLDS_PER_QUERY, { error: `must name at most ${MAX_TLDS_PER_QUERY} extensions` }),
    )
    .transform((tlds) => [...new Set(tlds)]),
});

const tldParamSchema = z.object({
  tld: tldInput,
});

/** A Hono validator from a zod schema: 400 invalid_parameter naming the parameter, else the parsed value. */
function zodValidator<Target extends "query" | "param", Schema extends z.ZodType>(target: Target, schema: Schema) {
  return validator(target, (value, c) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const errors = parsed.error.issues.map((issue) => ({
      // The parameter's name ("tlds", not "tlds.3" for the fourth entry of the list).
      path: issue.path.length > 0 ? String(issue.path[0]) : target,
      message: issue.message,
    }));
    const [first = { path: target, message: "is invalid" }] = errors;
    return c.json(errorBody("invalid_parameter", `Parameter "${first.path}" ${first.message}.`, errors), 400);
  });
}

/** A domain name as typed (Unicode or ASCII) → its forms; 400 with the SPEC §5 error code. */
const domainParamSchema = z.object({
  domain: z.string().transform((value, ctx) => {
    const parsed = parseLookupName(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return { ascii: parsed.name.ascii, unicode: parsed.name.unicode };
  }),
});

const RDAP_HEADERS = { "content-type": "application/rdap+json", "access-control-allow-origin": "*" };

function rdapError(status: 400 | 404, title: string, description: string): Response {
  return new Response(
    JSON.stringify({ rdapConformance: ["rdap_level_0"], errorCode: status, title, description: [description] }),
    { status, headers: RDAP_HEADERS },
  );
}

const app = new Hono<{ Bindings: LookupEnv }>()
  // Hono's "/pricing/*" also matches "/pricing" itself: one count per request for both routes.
  .use("/pricing/*", rateLimit("pricing"))
  .use("/whois/*", rateLimit("whois"))
  .use("/rdap/*", rateLimit("whois"))
  .get(
    "/whois/:domain",
    validator("param", (value, c) => {
      const parsed = domainParamSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const code = parsed.error.issues[0]?.message ?? "invalid_format";
      return c.json(
        errorBody(code, `Parameter "domain" is not a domain name we can look up (${code}).`, [
          { path: "domain", message: code },
        ]),
        400,
      );
    }),
    async (c) => {
      const { domain } = c.req.valid("param");
      const { result, cache } = await lookupWhois(c.env, domain, {
        waitUntil: (work) => c.executionCtx.waitUntil(work),
      });
      c.header("x-cache", cache);
      return c.json({ success: true as const, data: result }, 200);
    },
  )
  .use("/ssl", rateLimit("ssl"))
  .get(
    "/ssl",
    validator("query", (value, c) => {
      const raw = value.host;
      const parsed = domainParamSchema.safeParse({ domain: Array.isArray(raw) ? raw[0] : (raw ?? "") });
      if (parsed.success) return parsed.data.domain;
      const code = parsed.error.issues[0]?.message ?? "invalid_format";
      return c.json(
        errorBody(code, `Parameter "host" is not a host name we can check (${code}).`, [
          { path: "host", message: code },
        ]),
        400,
      );
    }),
    async (c) => {
      const host = c.req.valid("query");
      const { check, cache } = await checkSsl(c.env, host.ascii, {
        waitUntil: (work) => c.executionCtx.waitUntil(work),
      });
      c.header("x-cache", cache);
      return c.json({ success: true as const, data: check }, 200);
    },
  )
  .use("/dns", rateLimit("dns"))
  .get(
    "/dns",
    validator("query", (value, c) => {
      const one = (key: string) => {
        const raw = value[key];
        return Array.isArray(raw) ? raw[0] : raw;
      };
      const parsed = dnsFormSchema.safeParse({
        name: one("name") ?? "",
        type: one("type") || undefined,
        expected: one("expected"),
      });
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      const path = String(issue?.path[0] ?? "name");
      const code = issue?.message ?? "invalid_format";
      return c.json(
        errorBody(path === "type" ? "invalid_type" : code, `Parameter "${path}" is invalid (${code}).`, [
          { path, message: code },
        ]),
        400,
      );
    }),
    async (c) => {
      const { name, type, expected } = c.req.valid("query");
      const parsed = parseDnsName(name);
      const unicode = parsed.ok ? parsed.name.unicode : name;
      const { check, cache } = await checkDns(
        c.env,
        { name, unicode, type, expected: expected ?? null },
        { waitUntil: (work) => c.executionCtx.waitUntil(work) },
      );
      c.header("x-cache", cache);
      return c.json({ success: true as const, data: check }, 200);
    },
  )
  .use("/pagespeed", rateLimit("pagespeed"))
  .get(
    "/pagespeed",
    validator("query", (value, c) => {
      const one = (key: string) => {
        const raw = value[key];
        return Array.isArray(raw) ? raw[0] : raw;
      };
      const parsed = analyticsFormSchema.safeParse({ url: one("url") ?? "", strategy: one("strategy") || undefined });
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      const path = String(issue?.path[0] ?? "url");
      const code = issue?.message ?? "invalid_url";
      return c.json(errorBody(code, `Parameter "${path}" is invalid (${code}).`, [{ path, message: code }]), 400);
    }),
    async (c) => {
      const asked = c.req.valid("query");
      const { result, cache } = await analysePage(c.env, asked, {
        waitUntil: (work) => c.executionCtx.waitUntil(work),
      });
      c.header("x-cache", cache);
      return c.json({ success: true as const, data: result }, 200);
    },
  )
  // Our own RDAP service (RFC 9082 path), for the names registered with us.
  .get("/rdap/domain/:name", async (c) => {
    const parsed = parseLookupName(c.req.param("name"));
    if (!parsed.ok)
      return rdapError(
        400,
        "Bad Request",
        `"${c.req.param("name").slice(0, 100)}" is not a domain name (${parsed.error}).`,
      );
    const row = await findOwnDomain(c.env.DB, parsed.name.ascii);
    if (!row) return rdapError(404, "Not Found", `${parsed.name.unicode} is not registered with us.`);
    // The URL the visitor queried, as the storefront or the API received it (links name it).
    const queryUrl = c.req.header("x-rdap-query-url");
    return new Response(JSON.stringify(ownRdapDomain(row, new Date(), { queryUrl })), {
      status: 200,
      headers: RDAP_HEADERS,
    });
  })
  .get("/pricing", zodValidator("query", pricingQuerySchema), async (c) => {
    const { tlds } = c.req.valid("query");
    const { values, status } = await readThroughMany(
      c.env.CACHE,
      "pricing",
      tlds,
      (missing) => findTldPrices(c.env.DB, missing),
      { waitUntil: (work) => c.executionCtx.waitUntil(work) },
    );
    const pricing: TldPrice[] = [];
    const notFound: string[] = [];
    for (const tld of tlds) {
      const price = values.get(tld);
      if (price) pricing.push(price);
      else notFound.push(tld);
    }
    c.header("x-cache", status);
    return c.json({ success: true as const, data: { pricing, not_found: notFound } }, 200);
  })
  .get("/pricing/:tld", zodValidator("param", tldParamSchema), async (c) => {
    const { tld } = c.req.valid("param");
    const { value, status } = await readThrough(c.env.CACHE, "pricing", tld, () => findTldPrice(c.env.DB, tld), {
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    });
    c.header("x-cache", status);
    if (value === null) {
      return c.json(errorBody("tld_not_found", `The extension .${displayTld(tld)} is not in our catalogue.`), 404);
    }
    return c.json({ success: true as const, data: value }, 200);
  });

app.notFound((c) => c.json(errorBody("not_found", `There is no lookup at ${c.req.method} ${c.req.path}.`), 404));

app.onError((error, c) => {
  if (error instanceof LookupFailure) {
    if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
    return c.json(errorBody(error.code, error.message), error.status);
  }
  console.error(`lookup ${c.req.method} ${c.req.path} failed`, error);
  return c.json(errorBody("internal_error", "The lookup failed on our side. Please try again shortly."), 500);
});

export type LookupApp = typeof app;
export default app;
