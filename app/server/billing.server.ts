import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiFetch, type ApiResult } from "./api.server";
import { readUserApi, type AuthSession } from "./session.server";

/**
 * One page of a SPEC §7 list (`GET /invoices/`, `/payments/`, `/orders/` with query params) for the
 * signed-in user. Called through `apiFetch`: the typed client drops the paths' trailing slash.
 */
export async function readBillingList<T>(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  list: "invoices" | "payments" | "orders",
  query: { page: number; perPage: number; status: string | null },
): Promise<ApiResult<T>> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
  if (query.status) params.set("status", query.status);
  const response = await apiFetch(context, request, { token: auth.token })(`${new URL(request.url).origin}/api/v1/${list}/?${params}`);
  return readUserApi<T>(request, context, response);
}
