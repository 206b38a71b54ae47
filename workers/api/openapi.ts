// The /api/v1 contract as an OpenAPI 3.1 document (issue 20): generated from the routes declared
// with `apiRoute` (workers/api/contract/), served at GET /api/v1/openapi.json and rendered for
// people at /developers/api. Built once per isolate: the routes do not change while it lives.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Schema } from "hono";
import type { ApiBindings } from "./env";

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
  "`Authorization: Bearer <token>`.",
].join("\n");

export function openApiDocument(app: OpenAPIHono<ApiBindings, Schema, string>): OpenApiDocument {
  built ??= buildDocument(app);
  return built;
}

function buildDocument(app: OpenAPIHono<ApiBindings, Schema, string>): OpenApiDocument {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "A session's access token (POST /auth/login) or a personal API token.",
  });
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Trinity API", version: "1.0.0", description: API_DESCRIPTION },
    servers: [{ url: "/" }],
  });
}
