// The /api/v1 contract as an OpenAPI 3.1 document (issue 20): generated from the routes declared
// with `apiRoute` (workers/api/contract/), served at GET /api/v1/openapi.json and rendered for
// people at /developers/api. Built once per isolate: the routes do not change while it lives.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Schema } from "hono";
import { scopesAllowing } from "./auth/scopes";
import type { ApiBindings } from "./bindings";

type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

let built: OpenApiDocument | undefined;

export const API_DESCRIPTION = [
  "The Trinity provider API: domain search and pricing, cart and checkout, account, domains held",
  "here with their DNS, transfers, servers and the free tools. The storefront's own pages use",
  "exactly this API.",
  "",
  "Every JSON answer is `{ success: true, data, message? }` or the one error shape",
  "`{ success: false, code, message, errors? }`; `code` is stable and listed for each route,",
  "`message` follows Accept-Language (en or tr). Calls that act for a customer take",
  "`Authorization: Bearer <token>`: a session's access token, or a personal API token (`trn_…`)",
  "within its scopes (see the apiToken scheme).",
].join("\n");

export function openApiDocument(app: OpenAPIHono<ApiBindings, Schema, string>): OpenApiDocument {
  built ??= buildDocument(app);
  return built;
}

function buildDocument(app: OpenAPIHono<ApiBindings, Schema, string>): OpenApiDocument {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "A session's access token (POST /auth/login): every route that needs a bearer token takes it.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiToken", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "trn_…",
    description: [
      "A personal API token (`trn_…`), created in the dashboard (Settings → Security) or with POST /account/api-tokens.",
      "Each route lists the scopes that allow it (a token needs every scope of one entry): read (reads of domains, DNS,",
      "transfers, servers and billing), domains (+ changes to domains, DNS and transfers), billing (+ cart, checkout,",
      "cards and orders). Other calls answer 403 insufficient_scope; /account/** and /auth/** never take a personal token.",
      "Calls per token are limited (429 too_many_attempts with Retry-After).",
    ].join(" "),
  });
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Trinity API", version: "1.0.0", description: API_DESCRIPTION },
    servers: [{ url: "/" }],
  });
  addApiTokenSecurity(document);
  return document;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head"] as const;

/**
 * Each route under the bearer scheme also names the personal-token scopes that allow it, read
 * from the one scope rule (workers/api/auth/scopes.ts): `{ apiToken: [scopes] }` per allowing set.
 */
function addApiTokenSecurity(document: OpenApiDocument): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation?.security?.some((requirement) => "bearer" in requirement)) continue;
      const allowing = scopesAllowing(method, path.replace(/^\/api\/v1(?=\/)/, ""));
      operation.security = [...operation.security, ...allowing.map((scopes) => ({ apiToken: [...scopes] }))];
    }
  }
}
