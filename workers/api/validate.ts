import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError } from "./errors";

type Target = "query" | "json" | "param";

/**
 * Hono validator backed by a zod schema from core/. Failures become one 400 naming each
 * offending parameter: `Parameter "page" must be …`.
 */
export function zValidate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value) => {
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data as z.output<S>;
    const errors = result.error.issues.map((issue) => ({
      path: issue.path.join(".") || target,
      message: issue.message,
    }));
    const first = errors[0];
    throw new ApiError(
      400,
      "invalid_parameter",
      target === "json" && first.path === "json"
        ? "The request body must be JSON."
        : `Parameter "${first.path}" ${first.message}`,
      errors,
    );
  });
}
