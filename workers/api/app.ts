import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError } from "./errors";
import type { ApiBindings } from "./env";
import { pricingRoutes } from "./routes/pricing";

/**
 * The /api/v1 app: the provider API (SPEC §7, DESIGN §6). The Remix loaders and actions call it
 * in-process with `api.request(...)`; scripts and apps call it over HTTP at the same paths.
 */
const app = new Hono<ApiBindings>().basePath("/api/v1");

app.use(async (c, next) => {
  c.set("clientIp", c.req.header("cf-connecting-ip") ?? c.req.header("x-client-ip") ?? "local");
  await next();
});

const routes = app.route("/", pricingRoutes);

app.notFound((c) =>
  c.json({ success: false, code: "not_found", message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404),
);

app.onError((error, c) => {
  if (error instanceof ApiError) {
    return c.json(error.toBody(), error.status, error.headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const message = /content-type/i.test(error.message)
      ? "The request body must be JSON (Content-Type: application/json)."
      : error.message || "Bad request.";
    return c.json({ success: false, code: "bad_request", message }, error.status);
  }
  console.error("api error", c.req.method, c.req.path, error);
  return c.json({ success: false, code: "internal_error", message: "Something went wrong on our side." }, 500);
});

export type ApiApp = typeof routes;
export default app;
