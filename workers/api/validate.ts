import { validator } from "hono/validator";
import type { z } from "zod";
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
    const errors = result.error.issues.map((issue) => ({
      // An unknown field of a strict object is named by its key, not by the body as a whole.
      path: issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : target),
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
  };
  return validator<z.input<S>, string, string, T, string, typeof validate>(target, validate);
}
