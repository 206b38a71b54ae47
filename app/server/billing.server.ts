import type { AppLoadContext } from "@remix-run/cloudflare";
import { hc } from "hono/client";
import type { ApiApp } from "../../workers/api/app";
import type { ListStatus } from "../../workers/api/contract/checkout";
import { apiFetch } from "./api.server";
import { readUserApi, type AuthSession } from "./session.server";

/** A page of a list, as the pages ask for it. */
export interface ListPage<S extends string> {
  page: number;
  perPage: number;
  status: S | null;
}

/** SPEC §7 list paths keep their trailing slash (`/invoices/`); the typed client drops it (`/invoices/index` → `/invoices`). */
function withListSlash(input: RequestInfo | URL): RequestInfo | URL {
  return typeof input === "string" ? input.replace(/(\/api\/v1\/(?:invoices|payments|orders))(?=\?|$)/u, "$1/") : input;
}

/**
 * The typed client for the signed-in user's SPEC §7 lists (`GET /invoices/`, `/payments/`,
 * `/orders/` with query params): the answers' types come from the contract.
 */
function billingApi(request: Request, context: AppLoadContext, auth: AuthSession) {
  const fetch = apiFetch(context, request, { token: auth.token });
  return hc<ApiApp>(new URL(request.url).origin, { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(withListSlash(input), init) }).api.v1;
}

function listQuery<S extends string>(query: ListPage<S>) {
  return { page: String(query.page), per_page: String(query.perPage), ...(query.status ? { status: query.status } : {}) };
}

export async function readInvoices(request: Request, context: AppLoadContext, auth: AuthSession, query: ListPage<ListStatus>) {
  return readUserApi(request, context, await billingApi(request, context, auth).invoices.index.$get({ query: listQuery(query) }));
}

export async function readPayments(request: Request, context: AppLoadContext, auth: AuthSession, query: ListPage<ListStatus>) {
  return readUserApi(request, context, await billingApi(request, context, auth).payments.index.$get({ query: listQuery(query) }));
}

export async function readOrders(request: Request, context: AppLoadContext, auth: AuthSession, query: ListPage<ListStatus>) {
  return readUserApi(request, context, await billingApi(request, context, auth).orders.index.$get({ query: listQuery(query) }));
}
