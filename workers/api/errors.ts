import type { ContentfulStatusCode } from "hono/utils/http-status";

/** One error shape for the whole API (DESIGN §6): `{ success:false, code, message, errors? }`. */
export interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
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

export function notFound(code: string, message: string): ApiError {
  return new ApiError(404, code, message);
}
