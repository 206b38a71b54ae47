import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ListStatus } from "../../workers/api/contract/checkout";
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

function listQuery<S extends string>(query: ListPage<S>) {
  return {
    page: String(query.page),
    per_page: String(query.perPage),
    ...(query.status ? { status: query.status } : {}),
  };
}

export async function readInvoices(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  query: ListPage<ListStatus>,
) {
  return readUserApi(
    request,
    context,
    await billingApi(request, context, auth).invoices.index.$get({ query: listQuery(query) }),
  );
}

export async function readPayments(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  query: ListPage<ListStatus>,
) {
  return readUserApi(
    request,
    context,
    await billingApi(request, context, auth).payments.index.$get({ query: listQuery(query) }),
  );
}

export async function readOrders(
  request: Request,
  context: AppLoadContext,
  auth: AuthSession,
  query: ListPage<ListStatus>,
) {
  return readUserApi(
    request,
    context,
    await billingApi(request, context, auth).orders.index.$get({ query: listQuery(query) }),
  );
}
