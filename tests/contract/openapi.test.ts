// The OpenAPI document of /api/v1 (issue 20) passes an independent validator and describes what
// the app serves: every endpoint of the Hono app is in it, under the bearer scheme where it needs one.
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import api from "../../workers/api/app";

async function fetchDocument(): Promise<OpenAPIV3_1.Document> {
  const response = await api.request("/api/v1/openapi.json", {}, { ENVIRONMENT: "development" });
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    // validate() rejects with the first schema violation; it resolves to the dereferenced document.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toMatchObject({
      openapi: "3.1.0",
      info: { title: document.info.title },
    });
  });
});

/** SPEC §7's calls, as the SPEC writes them (the list endpoints keep their trailing slash there). */
const SPEC_CALLS = [
  "POST /auth/register",
  "POST /auth/login",
  "POST /auth/forgot-password",
  "POST /auth/reset-password",
  "POST /email/send-verification",
  "POST /auth/verify-email",
  "POST /auth/resend-verification",
  "POST /auth/refresh-token",
  "POST /auth/extend-session",
  "GET /profile",
  "PUT /account/email",
  "PUT /account/username",
  "PUT /account/password",
  "DELETE /account",
  "GET /hosting/",
  "GET /vps/",
  "GET /invoices/",
  "GET /dns/domains/{domain}/records",
  "POST /dns/domains/{domain}/records",
  "PUT /dns/domains/{domain}/nameservers",
  "PUT /domains/dns/{domain}/domain-lock",
  "DELETE /dns/domains/{domain}",
  "GET /domains/{domain}/transfer-status",
  "PUT /user-domains/{id}/auto-renew",
  "GET /domains/search/{domain}",
  "POST /domains/bulk-search",
  "GET /domains/suggest",
  "GET /domains/tld-pricing",
  "GET /domains/tlds/search",
  "GET /tld/{tld}/pricing",
  "POST /tld/pricing",
  "POST /ai/domain-suggestions",
  "GET /domains/whois/{domain}",
  "GET /ssl",
  "POST /discount/validate",
  "POST /payment/unified",
  "GET /user/payment-methods",
  "POST /user/payment-methods",
  "PUT /user/payment-methods/{id}/default",
  "DELETE /user/payment-methods/{id}",
  "POST /user/payment-method",
  "DELETE /user/payment-method",
];

/** `METHOD /path` of every operation of the document, `{name}` parameters, without the /api/v1 base. */
function operationsOf(document: OpenAPIV3_1.Document): Set<string> {
  return new Set(
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ["get", "post", "put", "patch", "delete"].includes(key))
        .map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
    ),
  );
}

describe("the document describes the whole API", () => {
  it("has every SPEC §7 call", async () => {
    const operations = operationsOf(await fetchDocument());
    const missing = SPEC_CALLS.filter((call) => !operations.has(call) && !operations.has(call.replace(/\/$/, "")));
    expect(missing).toEqual([]);
  });

  it("has every endpoint the app serves, each with its error responses", async () => {
    const document = await fetchDocument();
    const operations = operationsOf(document);
    const served = [
      ...new Set(
        api.routes
          .filter((route) => route.method !== "ALL")
          .map((route) => `${route.method} ${route.path.replace(/^\/api\/v1/, "").replace(/:(\w+)/g, "{$1}")}`),
      ),
    ];
    expect(served.filter((endpoint) => endpoint !== "GET /openapi.json" && !operations.has(endpoint))).toEqual([]);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        if (typeof operation !== "object" || operation === null || !("responses" in operation)) continue;
        expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).toContain("500");
      }
    }
  });
});
