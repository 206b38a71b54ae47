import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RegistryError, type RegistryErrorCode } from "./adapters/registry";
import { API_ERRORS } from "./contract/errors";
import { ApiError } from "./errors";
import type { ApiBindings } from "./bindings";
import type { ApiEnv } from "./env";
import { accountRoutes } from "./routes/account";
import { apiTokenRoutes } from "./routes/api-tokens";
import { authRoutes } from "./routes/auth";
import { passkeyRoutes } from "./routes/passkeys";
import { cartRoutes } from "./routes/cart";
import { checkoutRoutes } from "./routes/checkout";
import { contentRoutes } from "./routes/content";
import { domainRoutes } from "./routes/domains";
import { calendarRoutes } from "./routes/calendar";
import { myDomainRoutes, transferStatusRoutes } from "./routes/my-domains";
import { dnsRoutes } from "./routes/dns";
import { transferInRoutes } from "./routes/transfer-in";
import { registryNoticeRoutes } from "./routes/registry-notices";
import { paymentMethodRoutes } from "./routes/payment-methods";
import { pricingRoutes } from "./routes/pricing";
import { serverRoutes } from "./routes/servers";
import { toolRoutes } from "./routes/tools";
import { analyticsRoutes } from "./routes/analytics";
import { defaultServices, type ApiServices } from "./services";
import { notConfiguredError, servicesNeededBy } from "./production-guard";
import { requestLocale, translateApiText } from "./texts";
import { contractRouter } from "./validate";
import { openApiDocument } from "./openapi";

/**
 * The /api/v1 app: the provider API (SPEC §7, DESIGN §6). The Remix loaders and actions call it
 * in-process with `api.fetch(...)`; scripts and apps call it over HTTP at the same paths.
 * `services` picks the outside systems (registry, suggestions, clock); tests hand in fakes.
 */
export function createApiApp(options: { services?: (env: ApiEnv) => ApiServices } = {}) {
  const app = contractRouter().basePath("/api/v1");

  app.use(async (c, next) => {
    c.set("clientIp", c.req.header("cf-connecting-ip") ?? c.req.header("x-client-ip") ?? "local");
    c.set("services", (options.services ?? defaultServices)(c.env));
    // Production: a route that would act through an unconfigured outside service is a 503 before
    // it writes anything (workers/api/production-guard.ts).
    const refusal = notConfiguredError(c.env, servicesNeededBy(c.req.method, c.req.path.slice("/api/v1".length)));
    if (refusal) throw refusal;
    await next();
  });

  const routes = app
    .route("/", pricingRoutes)
    .route("/", domainRoutes)
    .route("/", cartRoutes)
    .route("/", checkoutRoutes)
    .route("/", authRoutes)
    .route("/", passkeyRoutes)
    .route("/", accountRoutes)
    .route("/", apiTokenRoutes)
    .route("/", paymentMethodRoutes)
    .route("/", toolRoutes)
    .route("/", analyticsRoutes)
    .route("/", contentRoutes)
    .route("/", transferStatusRoutes)
    .route("/", transferInRoutes)
    .route("/", calendarRoutes)
    .route("/", myDomainRoutes)
    .route("/", dnsRoutes)
    .route("/", serverRoutes)
    .route("/", registryNoticeRoutes)
    // The contract as an OpenAPI 3.1 document (issue 20), built once per isolate.
    .get("/openapi.json", (c) => c.json(openApiDocument(app)));

  app.notFound((c) =>
    c.json(
      {
        success: false,
        code: "not_found",
        message: translated(c, "not_found", `No API endpoint at ${c.req.method} ${c.req.path}.`),
      },
      404,
    ),
  );
  app.onError(handleError);
  // The contract routes of every area, for the document and the contract tests (tests/api/contract.ts).
  return Object.assign(routes, { openAPIRegistry: app.openAPIRegistry });
}

/**
 * HTTP status for each registry refusal: the contract's status of the same code (every registry
 * code is an API code with one status, or this does not compile); its code and message pass through.
 */
const REGISTRY_STATUS: Record<RegistryErrorCode, ContentfulStatusCode> = API_ERRORS;

/** An error's message in the request's language (workers/api/texts.ts). */
function translated(c: Context<ApiBindings>, code: string, message: string): string {
  return translateApiText(requestLocale(c.req.header("accept-language")), "errors", message, code);
}

const NOT_JSON = "The request body must be JSON (Content-Type: application/json).";

function handleError(error: Error, c: Context<ApiBindings>) {
  if (error instanceof ApiError) {
    const body = error.toBody();
    return c.json({ ...body, message: translated(c, body.code, body.message) }, error.status, error.headers);
  }
  if (error instanceof RegistryError) {
    if (error.code === "unavailable") console.error("registry unavailable", error);
    const message = translateApiText(
      requestLocale(c.req.header("accept-language")),
      "registry",
      error.message,
      error.code,
    );
    return c.json({ success: false, code: error.code, message }, REGISTRY_STATUS[error.code]);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // A body that is not JSON is a 400 as before the contract routes (whose media-type gate says 415).
    if (error.status === 415)
      return c.json({ success: false, code: "bad_request", message: translated(c, "bad_request", NOT_JSON) }, 400);
    const message = /content-type/i.test(error.message) ? NOT_JSON : error.message || "Bad request.";
    return c.json(
      { success: false, code: "bad_request", message: translated(c, "bad_request", message) },
      error.status,
    );
  }
  console.error("api error", c.req.method, c.req.path, error);
  return c.json(
    {
      success: false,
      code: "internal_error",
      message: translated(c, "internal_error", "Something went wrong on our side."),
    },
    500,
  );
}

const api = createApiApp();
export type ApiApp = typeof api;
export default api;
