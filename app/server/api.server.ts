import type { AppLoadContext } from "@remix-run/cloudflare";
import { hc } from "hono/client";
import api, { type ApiApp } from "../../workers/api/app";
import { getLocale } from "./i18n.server";

/**
 * A typed client of the /api/v1 app that calls it in-process (no network hop): the web UI is a
 * client of the API like any other (DESIGN §1). The visitor's address and user agent are forwarded
 * so per-client limits and the login history apply to them; `token` is the signed-in user's
 * bearer token (see session.server.ts `userApi`).
 */
export function apiClient(
  context: AppLoadContext,
  request: Request,
  options: { cartId?: string | null; token?: string } = {},
) {
  // The page's own origin, so the API builds absolute links (payment return URLs) that point here.
  return hc<ApiApp>(new URL(request.url).origin, { fetch: apiFetch(context, request, options) });
}

/**
 * SPEC §7's list paths keep their trailing slash (`GET /invoices/`, `/payments/`, `/orders/`,
 * `/vps/`, `/hosting/`); the typed client spells them without it (`vps.index.$get()` →
 * `/api/v1/vps`), so the in-process fetch puts it back.
 */
function withListSlash(input: RequestInfo | URL): RequestInfo | URL {
  return typeof input === "string"
    ? input.replace(/(\/api\/v1\/(?:invoices|payments|orders|vps|hosting))(?=\?|$)/u, "$1/")
    : input;
}

/** The in-process fetch behind `apiClient`: the visitor's address, language, cart and token travel with each call. */
function apiFetch(context: AppLoadContext, request: Request, options: { cartId?: string | null; token?: string } = {}) {
  const { env, ctx } = context.cloudflare;
  const clientIp = request.headers.get("cf-connecting-ip") ?? "local";
  // The API answers (and an account stores, at sign-up and sign-in, for its mails) the PAGE's
  // language: its ?lang or `locale` cookie, else Accept-Language (issue 19).
  let language: ReturnType<typeof getLocale> | undefined;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const inner = new Request(withListSlash(input), init);
    inner.headers.set("cf-connecting-ip", clientIp);
    inner.headers.set("accept-language", await (language ??= getLocale(request)));
    if (options.cartId) inner.headers.set("x-cart-id", options.cartId);
    if (options.token) inner.headers.set("authorization", `Bearer ${options.token}`);
    const userAgent = request.headers.get("user-agent");
    if (userAgent) inner.headers.set("user-agent", userAgent);
    return api.fetch(inner, env, ctx);
  };
}

/** The API's answer: its data on success, or its error (code + message) to show. */
export type ApiResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      /** seconds, from Retry-After (429) */
      retryAfter: number | null;
      /** The error's details (field path + message), as the API's one error shape has them. */
      details: { path: string; message: string }[];
    };

/** The field errors of an error body (`errors`, as the API's one error shape names them; `details` also read). */
function detailsOf(value: unknown): { path: string; message: string }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (detail): detail is { path: string; message: string } =>
      typeof detail === "object" &&
      detail !== null &&
      typeof (detail as { path?: unknown }).path === "string" &&
      typeof (detail as { message?: unknown }).message === "string",
  );
}

/** What a typed client response's `json()` holds on success: the contract's `data` type. */
export type ApiData<R> = R extends { json(): Promise<infer Body> }
  ? Body extends { success: true; data: infer D }
    ? D
    : never
  : never;

export type ReadableResponse = Pick<Response, "status" | "statusText" | "headers"> & { json(): Promise<unknown> };

/**
 * The API's answer as data or an error to show. Its type comes from the response the typed
 * client returned (the route's contract, workers/api/contract/): call sites name no type.
 */
export const readApi = async <R extends ReadableResponse>(response: R): Promise<ApiResult<ApiData<R>>> => {
  const body: unknown = await response.json().catch(() => null);
  if (isSuccess<ApiData<R>>(body)) return { ok: true, data: body.data };
  const failure =
    typeof body === "object" && body !== null
      ? (body as Partial<Record<"code" | "message" | "details" | "errors", unknown>>)
      : {};
  return {
    ok: false,
    status: response.status,
    code: typeof failure.code !== "string" ? "invalid_response" : failure.code,
    message:
      typeof failure.message === "string"
        ? failure.message
        : `API call failed: ${response.status} ${response.statusText}`,
    retryAfter: Number.parseInt(response.headers.get("retry-after") ?? "", 10) || null,
    details: detailsOf(failure.details ?? failure.errors),
  };
};

/**
 * The success envelope. Its `data` is what the route's contract declares: the handler that sent
 * it was compiled against that schema (workers/api/contract/), so the type is not a guess.
 */
function isSuccess<T>(body: unknown): body is { success: true; data: T } {
  return (
    typeof body === "object" && body !== null && (body as { success?: unknown }).success === true && "data" in body
  );
}
