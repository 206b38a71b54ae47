import { validator } from "hono/validator";
import type { z } from "zod";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiBindings } from "./env";
import { ApiError } from "./errors";

type Target = "query" | "json" | "param";

/**
 * Hono validator backed by a zod schema from core/. Failures become one 400 naming each
 * offending parameter: `Parameter "page" must be …`. The typed client (`hc`) sends what the
 * schema accepts (its input type); handlers get what it produces (its output type).
 */
export function zValidate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const validate = async (value: z.input<S>): Promise<z.output<S>> => {
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data;
    throw validationError(target, result.error);
  };
  return validator<z.input<S>, string, string, T, string, typeof validate>(target, validate);
}

/** A failed validation of one part of the request as the one 400 naming each offending parameter. */
export function validationError(target: string, error: z.ZodError): ApiError {
  const errors = error.issues.map((issue) => ({
    // An unknown field of a strict object is named by its key, not by the body as a whole.
    path: issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : target),
    message: issue.message,
  }));
  // zod reports at least one issue for a failed parse.
  const [first = { path: target, message: "is invalid" }] = errors;
  return new ApiError(
    400,
    "invalid_parameter",
    target === "json" && first.path === "json"
      ? "The request body must be JSON."
      : `Parameter "${first.path}" ${first.message}`,
    errors,
  );
}

/**
 * The /api/v1 router for contract routes (`app.openapi(route, handler)`): request parts are
 * validated by the route's schemas, and a failure is the same 400 as `zValidate`'s.
 */
export function contractRouter() {
  return new OpenAPIHono<ApiBindings>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.target, result.error);
    },
  });
}
