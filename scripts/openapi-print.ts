// Prints the /api/v1 OpenAPI document (issue 20) without serving anything:
// `npx tsx scripts/openapi-print.ts > openapi.json`.
import api from "../workers/api/app";

const response = await api.request("/api/v1/openapi.json", {}, { ENVIRONMENT: "development" });
process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
