import type { Context } from "hono";
import { z } from "zod";
import type { ApiBindings } from "./bindings";
import { findCartOwner, findUserCartId } from "./db/cart";
import { ApiError } from "./errors";

/**
 * The server-side cart (DESIGN §1). A visitor's cart is addressed by an unguessable id that the
 * client keeps (the storefront in a signed cookie) and sends as `X-Cart-Id`; adding to a cart
 * without one creates it and answers the new id.
 *
 * Ownership (issue 12): a cart that belongs to an account answers only to that account's bearer
 * token — to anyone else, with or without a token, it does not exist (404). With a token, the
 * cart is the user's own (visitor carts join it at sign-in); a visitor cart or unknown id named
 * in `X-Cart-Id` is ignored.
 */
const CART_HEADER = "x-cart-id";
const cartIdSchema = z.uuid();

function cartIdFrom(header: string | undefined): string | null {
  if (!header) return null;
  const parsed = cartIdSchema.safeParse(header.trim());
  if (!parsed.success) throw new ApiError(400, "invalid_cart", 'Header "X-Cart-Id" must be a cart id.');
  return parsed.data;
}

export const cartNotFound = () => new ApiError(404, "cart_not_found", "There is no such cart.");

/**
 * The cart this request may use: its id (null when it has none yet) and the owner to create it
 * for. Throws 404 for another account's cart. Writes nothing.
 */
export async function resolveCart(c: Context<ApiBindings>): Promise<{ id: string | null; ownerId: string | null }> {
  const db = c.env.DB;
  const named = cartIdFrom(c.req.header(CART_HEADER));
  const userId = c.var.auth?.userId ?? null;
  const owner = named ? await findCartOwner(db, named) : null;
  if (owner?.userId && owner.userId !== userId) throw cartNotFound();
  if (!userId) return { id: named, ownerId: null };
  return { id: owner?.userId === userId ? named : await findUserCartId(db, userId), ownerId: userId };
}
