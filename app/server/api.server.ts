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
export function apiClient(context: AppLoadContext, request: Request, options: { cartId?: string | null; token?: string } = {}) {
  // The page's own origin, so the API builds absolute links (payment return URLs) that point here.
  return hc<ApiApp>(new URL(request.url).origin, { fetch: apiFetch(context, request, options) });
}

/**
 * The in-process fetch behind `apiClient`, for a call the typed client cannot spell: it drops the
 * trailing slash of SPEC §7's list paths (`/invoices/`, `/payments/`, `/orders/`: its `index`
 * segment), which the API keeps. `input` is an absolute URL on the page's origin, e.g.
 * `${origin}/api/v1/invoices/?page=2`.
 */
export function apiFetch(context: AppLoadContext, request: Request, options: { cartId?: string | null; token?: string } = {}) {
  const { env, ctx } = context.cloudflare;
  const clientIp = request.headers.get("cf-connecting-ip") ?? "local";
  // The API answers (and an account stores, at sign-up and sign-in, for its mails) the PAGE's
  // language: its ?lang or `locale` cookie, else Accept-Language (issue 19).
  let language: ReturnType<typeof getLocale> | undefined;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const inner = new Request(input, init);
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
      typeof detail === "object" && detail !== null && typeof (detail as { path?: unknown }).path === "string" && typeof (detail as { message?: unknown }).message === "string",
  );
}

export async function readApi<T>(response: Pick<Response, "json" | "status" | "statusText" | "headers">): Promise<ApiResult<T>> {
  const body = (await response.json().catch(() => null)) as
    | { success: true; data: T }
    | { success: false; code: string; message: string; details?: unknown; errors?: unknown }
    | null;
  if (body?.success) return { ok: true, data: body.data };
  return {
    ok: false,
    status: response.status,
    code: body?.code ?? "invalid_response",
    message: body?.message ?? `API call failed: ${response.status} ${response.statusText}`,
    retryAfter: Number.parseInt(response.headers.get("retry-after") ?? "", 10) || null,
    details: detailsOf(body?.details ?? body?.errors),
  };
}
