import { describe, expect, it } from "vitest";
import api from "../../workers/api/app";
import { anchorOf, apiReference, UNTAGGED, type OpenApiInput } from "./api-reference.server";

// The /developers/api page's view of the OpenAPI document (issue 20): the real document of the
// API app, and a small one that has what the real one may not have yet (tags declared, a body,
// path-level parameters, references everywhere, an operation without a tag).

async function realDocument(): Promise<OpenApiInput> {
  const response = await api.request("/api/v1/openapi.json", {}, { ENVIRONMENT: "development" });
  expect(response.status).toBe(200);
  return response.json();
}

describe("apiReference of the API's own document", () => {
  it("shows every operation once, grouped by tag, with its error codes", async () => {
    const document = await realDocument();
    const reference = apiReference(document);
    const methods = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.keys(item as object).filter((key) => ["get", "put", "post", "delete", "patch"].includes(key)),
    );
    expect(reference.operationCount).toBe(methods.length);
    expect(reference.title).toBe(document.info.title);
    expect(reference.descriptionHtml).toContain("<code>Authorization: Bearer &lt;token&gt;</code>");
    // A session's access token and a personal API token (issue 20), both bearer schemes.
    expect(reference.auth).toEqual([
      expect.objectContaining({ name: "bearer", kind: "http bearer" }),
      expect.objectContaining({ name: "apiToken", kind: "http bearer" }),
    ]);

    const pricing = reference.groups.find((group) => group.name === "Pricing");
    expect(pricing?.anchor).toBe("tag-pricing");
    const one = pricing?.operations.find((operation) => operation.path === "/api/v1/tld/{tld}/pricing");
    expect(one).toMatchObject({ method: "GET", anchor: "get-api-v1-tld-tld-pricing", bearer: false, auth: [] });
    expect(one?.parameters).toContainEqual(
      expect.objectContaining({ name: "tld", in: "path", required: true, type: "string" }),
    );
    expect(one?.errors.map((error) => error.status)).toEqual(["400", "404", "429", "500", "502", "503"]);
    expect(one?.errors.find((error) => error.status === "500")?.codes).toEqual(["internal_error"]);
    expect(one?.errors.find((error) => error.status === "400")?.codes).toContain("invalid_parameter");
    // The answer's data (the envelope unwrapped), its fields from the TldPrice component.
    expect(one?.success?.status).toBe("200");
    expect(one?.success?.fields.map((field) => field.name)).toContain("registration_price");
    expect(one?.success?.fields.find((field) => field.name === "registration_price")?.type).toBe("number | null");

    const list = pricing?.operations.find((operation) => operation.path === "/api/v1/domains/tld-pricing");
    expect(list?.success?.fields.find((field) => field.name === "pricing")?.type).toBe("array of TldPrice");
    expect(list?.success?.fields.find((field) => field.name === "pagination")?.type).toBe("Pagination");

    const several = pricing?.operations.find((operation) => operation.method === "POST");
    expect(several?.body?.contentType).toBe("application/json");
    expect(several?.body?.fields.length).toBeGreaterThan(0);
  });
});

const SMALL: OpenApiInput = {
  openapi: "3.1.0",
  info: { title: "Small", version: "2.0.0", description: "Plain **text**." },
  tags: [{ name: "Zeta", description: "Declared first." }, { name: "Unused" }],
  paths: {
    "/things/{id}": {
      parameters: [
        { $ref: "#/components/parameters/Id" },
        { name: "x-trace", in: "header", schema: { type: "string" } },
      ],
      put: {
        tags: ["Alpha", "Zeta"],
        summary: "Replace a thing",
        description: "Long `text`.",
        security: [{ bearer: [] }],
        parameters: [{ name: "x-trace", in: "header", required: true, schema: { type: "string", format: "uuid" } }],
        requestBody: { $ref: "#/components/requestBodies/Thing" },
        responses: {
          "401": { $ref: "#/components/responses/Unauthorized" },
          "200": {
            description: "The thing.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { success: { const: true }, data: { $ref: "#/components/schemas/Thing" } },
                },
              },
            },
          },
          "409": {
            description: "Conflict",
            content: {
              "application/json": {
                schema: {
                  anyOf: [
                    { $ref: "#/components/schemas/Err" },
                    { type: "object", properties: { code: { const: "locked" } } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    "/feed.ics": {
      get: {
        summary: "A calendar",
        security: [{}, { bearer: [] }],
        responses: {
          "200": { description: "iCalendar", content: { "text/calendar": { schema: { type: "string" } } } },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: "A token." },
      key: { type: "apiKey", in: "header", name: "X-Key" },
    },
    parameters: { Id: { name: "id", in: "path", schema: { type: "string", description: "The thing's id." } } },
    requestBodies: {
      Thing: {
        content: {
          "application/json": {
            schema: {
              allOf: [
                { $ref: "#/components/schemas/Thing" },
                { type: "object", properties: { note: { type: ["string", "null"] } } },
              ],
            },
          },
        },
      },
    },
    responses: {
      Unauthorized: {
        description: "No token",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Err" } } },
      },
    },
    schemas: {
      Thing: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", description: "Its name." },
          kind: { type: "string", enum: ["a", "b"] },
          tags: { type: "array", items: { type: "string" } },
          self: { $ref: "#/components/schemas/Thing" },
        },
      },
      Err: { type: "object", properties: { code: { type: "string", enum: ["unauthorized", "token_expired"] } } },
    },
  },
};

describe("apiReference of a document with references, tags and other content types", () => {
  const reference = apiReference(SMALL);

  it("orders declared tags first, drops empty ones and gives an untagged operation its group", () => {
    expect(reference.groups.map((group) => [group.name, group.anchor, group.description])).toEqual([
      ["Zeta", "tag-zeta", "Declared first."],
      ["Alpha", "tag-alpha", null],
      [UNTAGGED, "tag-other", null],
    ]);
    expect(reference.operationCount).toBe(2);
    // The operation under two tags has a distinct id in each.
    expect(reference.groups[0]?.operations[0]?.anchor).toBe("put-things-id");
    expect(reference.groups[1]?.operations[0]?.anchor).toBe("put-things-id-2");
  });

  it("reads auth, parameters (path-level ones merged), body fields and the data's fields through references", () => {
    const put = reference.groups[0]?.operations[0];
    expect(put).toMatchObject({
      method: "PUT",
      path: "/things/{id}",
      summary: "Replace a thing",
      bearer: true,
      auth: ["bearer"],
      authOptional: false,
    });
    expect(put?.descriptionHtml).toContain("<code>text</code>");
    expect(put?.parameters).toEqual([
      { name: "id", in: "path", required: true, type: "string", description: "The thing's id." },
      { name: "x-trace", in: "header", required: true, type: "string (uuid)", description: "" },
    ]);
    expect(put?.body?.type).toBe("Thing & object");
    expect(put?.body?.fields).toEqual([
      { name: "name", in: null, required: true, type: "string", description: "Its name." },
      { name: "kind", in: null, required: false, type: '"a" | "b"', description: "" },
      { name: "tags", in: null, required: false, type: "array of string", description: "" },
      { name: "self", in: null, required: false, type: "Thing", description: "" },
      { name: "note", in: null, required: false, type: "string | null", description: "" },
    ]);
    expect(put?.success).toMatchObject({ status: "200", type: "Thing", contentType: "application/json" });
    expect(put?.success?.fields.map((field) => field.name)).toEqual(["name", "kind", "tags", "self"]);
  });

  it("lists errors by status with their codes, from references and unions", () => {
    const put = reference.groups[0]?.operations[0];
    expect(put?.errors).toEqual([
      { status: "401", description: "No token", codes: ["unauthorized", "token_expired"] },
      { status: "409", description: "Conflict", codes: ["unauthorized", "token_expired", "locked"] },
    ]);
  });

  it("shows a non-JSON answer by its content type, and an optional token", () => {
    const feed = reference.groups[2]?.operations[0];
    expect(feed).toMatchObject({
      method: "GET",
      bearer: true,
      authOptional: true,
      errors: [],
      parameters: [],
      body: null,
    });
    expect(feed?.success).toEqual({
      status: "200",
      description: "iCalendar",
      contentType: "text/calendar",
      type: "string",
      fields: [],
    });
  });

  it("describes every auth scheme and renders the description as Markdown", () => {
    expect(reference.descriptionHtml).toBe("<p>Plain <strong>text</strong>.</p>");
    expect(reference.auth).toEqual([
      { name: "bearer", kind: "http bearer", descriptionHtml: "<p>A token.</p>" },
      { name: "key", kind: "apiKey header X-Key", descriptionHtml: null },
    ]);
  });

  it("makes ids of any text", () => {
    expect(anchorOf("GET", "/api/v1/tld/{tld}/pricing")).toBe("get-api-v1-tld-tld-pricing");
    expect(anchorOf("tag", "Domains & DNS")).toBe("tag-domains-dns");
    expect(anchorOf("", "—")).toBe("section");
  });
});
