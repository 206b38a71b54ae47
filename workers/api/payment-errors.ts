// Payment adapter refusals as the API's one error shape (the card routes and checkout answer them alike).
import type { CardError, PaymentErrorCode, PaymentsError } from "./adapters/payments";
import { ApiError } from "./errors";

export const methodNotFound = () => new ApiError(404, "payment_method_not_found", "No such payment method.");

/** A card refusal as the API's one error shape (HTTP 402, as Stripe answers card errors). */
export function cardErrorResponse(error: CardError): ApiError {
  return new ApiError(402, apiCardCode(error), error.message);
}

/** A card refusal's code as the API sends it (`network_error`, `not_initialized` are the UI's own). */
export function apiCardCode(error: CardError): Exclude<PaymentErrorCode, "network_error" | "not_initialized"> {
  return error.code === "network_error" || error.code === "not_initialized" ? "payment_failed" : error.code;
}

/** A provider failure as the API's one error shape; an unknown outcome is a 503 to try again. */
export function paymentsErrorResponse(error: PaymentsError): ApiError {
  switch (error.code) {
    case "not_found":
      return methodNotFound();
    case "invalid_request":
    case "idempotency_conflict":
      return new ApiError(409, "payment_request_refused", error.message);
    case "unsupported":
      return new ApiError(409, "not_supported_by_provider", error.message);
    default:
      console.error("payments provider", error.code, error.message);
      return new ApiError(
        503,
        "payment_provider_unavailable",
        "The payment service could not be reached. Please try again.",
      );
  }
}
