import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ListStatus } from "../../workers/api/contract/checkout";
import type { ReadableResponse } from "./api.server";
import { readUserApi, userApi, type AuthSession } from "./session.server";

/** A page of a list, as the pages ask for it. */
export interface ListPage<S extends string> {
  page: number;
  perPage: number;
  status: S | null;
}

/** The signed-in user's SPEC §7 lists (`GET /invoices/`, `/payments/`, `/orders/`): types from the contract. */
function billingApi(request: Request, context: AppLoadContext, auth: AuthSession) {
  return userApi(context, request, auth).api.v1;
}

type BillingApi = ReturnType<typeof billingApi>;
type ListQuery = { page: string; per_page: string; status?: ListStatus };

function listQuery(query: ListPage<ListStatus>): ListQuery {
  return {
    page: String(query.page),
    per_page: String(query.perPage),
    ...(query.status ? { status: query.status } : {}),
  };
}

/** One reader per list: the call differs, the paging and the 401 handling are the same. */
function listReader<R extends ReadableResponse>(call: (api: BillingApi, query: ListQuery) => Promise<R>) {
  return async (request: Request, context: AppLoadContext, auth: AuthSession, query: ListPage<ListStatus>) =>
    readUserApi(request, context, await call(billingApi(request, context, auth), listQuery(query)));
}

export const readInvoices = listReader((api, query) => api.invoices.index.$get({ query }));
export const readPayments = listReader((api, query) => api.payments.index.$get({ query }));
export const readOrders = listReader((api, query) => api.orders.index.$get({ query }));
