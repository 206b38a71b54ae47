import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiClient } from "./api.server";
import { getCartId } from "./cookies.server";
import { getSessionState } from "./session.server";

/**
 * The API client for this visitor's cart: the cart id from the signed `cart` cookie and, when
 * signed in, the user's bearer token — a cart that belongs to an account answers only to that
 * account's token (issue 12), so a signed-in page must always send it.
 */
export async function cartApi(request: Request, context: AppLoadContext) {
  const [cartId, { auth }] = await Promise.all([getCartId(request, context), getSessionState(request, context)]);
  return {
    cartId,
    signedIn: auth !== null,
    client: apiClient(context, request, { cartId, token: auth?.token }).api.v1.cart,
  };
}
