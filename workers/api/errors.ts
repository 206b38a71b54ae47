import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode, ApiErrorStatus } from "./contract/errors";

export type { ApiErrorBody, ApiErrorCode } from "./contract/errors";

/**
 * An error the API answers in its one shape (DESIGN §6): `{ success:false, code, message, errors? }`.
 * The code comes from contract/errors.ts and the status must be one of that code's statuses,
 * so `new ApiError(404, "cart_full", …)` or an unknown code does not compile.
 */
export class ApiError<C extends ApiErrorCode = ApiErrorCode> extends Error {
  constructor(
    readonly status: ApiErrorStatus<C> & ContentfulStatusCode,
    readonly code: C,
    message: string,
    readonly errors?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return { success: false, code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export function notFound<C extends ApiErrorCode>(
  code: C & (ApiErrorStatus<C> extends 404 ? C : never),
  message: string,
): ApiError<C> {
  return new ApiError<C>(404 as ApiErrorStatus<C> & ContentfulStatusCode, code, message);
}
