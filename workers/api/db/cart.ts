import type { CartDomainItem, CartItem, CartServerItem, CartView, DomainOperation } from "../../../core/cart";
import { parseItemDetails } from "../../../core/servers/item-details";
import { findPlan, serverCatalogue, serverLineCents } from "../servers/catalogue";
import { domainTotalCents } from "../../../core/cart";
import { centsToDecimal } from "../../../core/money";

/** A cart may hold at most this many items. */
export const MAX_CART_ITEMS = 50;

interface CartItemRow {
  id: string;
  name: string;
  unicode: string;
  tld: string;
  operation: DomainOperation;
  years: number;
  max_years: number;
  first_year_cents: number;
  renewal_cents: number;
  transfer_cents: number;
  icann_fee_cents: number;
  currency: string;
  on_sale: number;
  is_popular: number;
  premium: number;
  added_at: string;
}

/** A new line; `auth_code` only for a transfer (kept for checkout, never shown in the cart view). */
export type NewCartItem = Omit<CartItemRow, "id" | "added_at"> & { auth_code?: string | null };

function toServerItem(row: CartItemRow & { details?: string | null }): CartServerItem {
  const details = parseItemDetails(row.details ?? null);
  const plan = details ? findPlan(details.plan) : null;
  const os = details?.os
    ? (serverCatalogue().operating_systems.find((entry) => entry.id === details.os) ?? null)
    : null;
  const cents = details ? (serverLineCents(details) ?? row.first_year_cents) : row.first_year_cents;
  return {
    id: row.id,
    type: "vps",
    product_type: plan?.kind === "hosting" ? "hosting" : "vps",
    name: row.name,
    unicode: row.unicode,
    selectedAction: row.operation === "renewal" ? "renewal" : "registration",
    plan: details?.plan ?? "",
    planName: plan?.name ?? details?.plan ?? "",
    kind: plan?.kind ?? "vps",
    billingCycle: details?.cycle ?? "monthly",
    os: details?.os ?? null,
    osName: os?.name ?? null,
    datacenter: details?.datacenter ?? "",
    hostname: details?.hostname ?? row.unicode,
    serverId: details?.server_id ?? null,
    years: 1,
    maxAllowedYears: 1,
    price: centsToDecimal(cents),
    totalPrice: centsToDecimal(cents),
    quantity: 1,
    addedAt: row.added_at,
  };
}

function toItem(row: CartItemRow & { type?: string; details?: string | null }): CartItem {
  return row.type === "vps" ? toServerItem(row) : toDomainItem(row);
}

function toDomainItem(row: CartItemRow): CartDomainItem {
  const prices = { firstYear: row.first_year_cents, renewal: row.renewal_cents, transfer: row.transfer_cents };
  const first =
    row.operation === "transfer"
      ? row.transfer_cents
      : row.operation === "renewal"
        ? row.renewal_cents
        : row.first_year_cents;
  return {
    id: row.id,
    type: "domain",
    product_type: "domain",
    name: row.name,
    unicode: row.unicode,
    tld: row.tld,
    selectedAction: row.operation,
    years: row.years,
    maxAllowedYears: row.max_years,
    price: centsToDecimal(first),
    registrationPrice: centsToDecimal(row.first_year_cents),
    renewalPrice: centsToDecimal(row.renewal_cents),
    transferPrice: centsToDecimal(row.transfer_cents),
    icannFee: centsToDecimal(row.icann_fee_cents),
    totalPrice: centsToDecimal(domainTotalCents(row.operation, row.years, prices)),
    onSale: row.on_sale === 1,
    isPopular: row.is_popular === 1,
    premium: row.premium === 1,
    quantity: 1,
    addedAt: row.added_at,
  };
}

/** The cart with its items, or null when there is no cart with that id. */
export async function getCart(db: D1Database, cartId: string): Promise<CartView | null> {
  const [cart, items] = await db.batch([
    db.prepare("SELECT id FROM carts WHERE id = ?1").bind(cartId),
    db.prepare("SELECT * FROM cart_items WHERE cart_id = ?1 ORDER BY added_at, id").bind(cartId),
  ]);
  if (!cart || !items) throw new Error("D1 batch: a statement has no result");
  if (cart.results.length === 0) return null;
  const list = (items.results as unknown as (CartItemRow & { type: string; details: string | null })[]).map(toItem);
  const subtotalCents = list.reduce((sum, item) => sum + Math.round(item.totalPrice * 100), 0);
  return { id: cartId, items: list, totalItems: list.length, subtotal: centsToDecimal(subtotalCents), currency: "USD" };
}

/** A cart's owner: null for a visitor's cart. Null when there is no cart with that id. */
export async function findCartOwner(db: D1Database, cartId: string): Promise<{ userId: string | null } | null> {
  const row = await db
    .prepare("SELECT user_id FROM carts WHERE id = ?1")
    .bind(cartId)
    .first<{ user_id: string | null }>();
  return row ? { userId: row.user_id } : null;
}

/** The user's cart id (their most recently used one), or null. */
export async function findUserCartId(db: D1Database, userId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT id FROM carts WHERE user_id = ?1 ORDER BY updated_at DESC LIMIT 1")
    .bind(userId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

export type AddItemOutcome = "added" | "duplicate" | "full";

/** Creates the cart row for a line about to go in (nothing when that name is already in the cart). */
function cartRowFor(
  db: D1Database,
  cartId: string,
  at: string,
  ownerId: string | null,
  name: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO carts (id, user_id, created_at, updated_at)
       SELECT ?1, ?3, ?2, ?2 WHERE NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1 AND name = ?4)`,
    )
    .bind(cartId, at, ownerId, name);
}

/**
 * Adds one line named `name` in one transaction: the cart row, the line (`insert` binds the new
 * line's id and time, and inserts nothing past MAX_CART_ITEMS), the cart's time. A refused line
 * (already there, cart full) writes nothing: the cart row is created only for the line it will
 * hold, and touched only when the line went in (issue 12).
 */
async function addLine(
  db: D1Database,
  cartId: string,
  name: string,
  now: Date,
  ownerId: string | null,
  insert: (id: string, at: string) => D1PreparedStatement,
): Promise<AddItemOutcome> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const [, inserted] = await db.batch([
    cartRowFor(db, cartId, at, ownerId, name),
    insert(id, at),
    db
      .prepare("UPDATE carts SET updated_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM cart_items WHERE id = ?3)")
      .bind(cartId, at, id),
  ]);
  if (!inserted) throw new Error("D1 batch: a statement has no result");
  if ((inserted.meta.changes ?? 0) > 0) return "added";
  const existing = await db
    .prepare("SELECT 1 FROM cart_items WHERE cart_id = ?1 AND name = ?2")
    .bind(cartId, name)
    .first();
  return existing ? "duplicate" : "full";
}

/**
 * Adds one item, creating the cart if needed, in one transaction. A name already in the cart is
 * refused (SPEC §4), and so is an item past MAX_CART_ITEMS.
 */
export async function addCartItem(
  db: D1Database,
  cartId: string,
  item: NewCartItem,
  now: Date,
  ownerId: string | null = null,
): Promise<AddItemOutcome> {
  return addLine(db, cartId, item.name, now, ownerId, (id, at) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO cart_items (id, cart_id, type, name, unicode, tld, operation, years, max_years,
           first_year_cents, renewal_cents, transfer_cents, icann_fee_cents, currency, on_sale, is_popular, premium, added_at, auth_code)
         SELECT ?1, ?2, 'domain', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?19
          WHERE (SELECT COUNT(*) FROM cart_items WHERE cart_id = ?2) < ?18`,
      )
      .bind(
        id,
        cartId,
        item.name,
        item.unicode,
        item.tld,
        item.operation,
        item.years,
        item.max_years,
        item.first_year_cents,
        item.renewal_cents,
        item.transfer_cents,
        item.icann_fee_cents,
        item.currency,
        item.on_sale,
        item.is_popular,
        item.premium,
        at,
        MAX_CART_ITEMS,
        item.auth_code ?? null,
      ),
  );
}

/** A server line: `name` is unique in the cart (vps:<hostname> or renew:<server id>), details as JSON. */
export interface NewServerLine {
  name: string;
  hostname: string;
  operation: "registration" | "renewal";
  cents: number;
  details: Record<string, unknown>;
}

/** Adds a server line (same refusals as addCartItem: already there, cart full) in one transaction. */
export async function addServerLine(
  db: D1Database,
  cartId: string,
  line: NewServerLine,
  now: Date,
  ownerId: string | null = null,
): Promise<AddItemOutcome> {
  return addLine(db, cartId, line.name, now, ownerId, (id, at) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO cart_items (id, cart_id, type, name, unicode, tld, operation, years, max_years,
           first_year_cents, renewal_cents, transfer_cents, icann_fee_cents, currency, details, added_at)
         SELECT ?1, ?2, 'vps', ?3, ?4, '', ?5, 1, 1, ?6, ?6, 0, 0, 'USD', ?7, ?8
          WHERE (SELECT COUNT(*) FROM cart_items WHERE cart_id = ?2) < ?9`,
      )
      .bind(
        id,
        cartId,
        line.name,
        line.hostname,
        line.operation,
        line.cents,
        JSON.stringify(line.details),
        at,
        MAX_CART_ITEMS,
      ),
  );
}

/** Removes one line; the cart's discount goes with its last line (SPEC §4: clearing removes it). */
export async function removeCartItem(db: D1Database, cartId: string, itemId: string): Promise<boolean> {
  const [result] = await db.batch([
    db.prepare("DELETE FROM cart_items WHERE cart_id = ?1 AND id = ?2").bind(cartId, itemId),
    // Only when it has one: removing an item that is not there (404) writes nothing.
    db
      .prepare(
        "UPDATE carts SET discount_code = NULL WHERE id = ?1 AND discount_code IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1)",
      )
      .bind(cartId),
  ]);
  if (!result) throw new Error("D1 batch: a statement has no result");
  return (result.meta.changes ?? 0) > 0;
}

/** SPEC §4: changing years re-prices the item; callers check the range against max_years first. */
export async function setCartItemYears(
  db: D1Database,
  cartId: string,
  itemId: string,
  years: number,
): Promise<boolean> {
  const result = await db
    .prepare("UPDATE cart_items SET years = ?3 WHERE cart_id = ?1 AND id = ?2 AND ?3 BETWEEN 1 AND max_years")
    .bind(cartId, itemId, years)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export async function insertOffer(
  db: D1Database,
  offer: {
    domain: string;
    unicode: string;
    amountCents: number;
    currency: string;
    email: string;
    message: string | null;
  },
  now: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO domain_offers (id, domain, unicode, amount_cents, currency, email, message, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      id,
      offer.domain,
      offer.unicode,
      offer.amountCents,
      offer.currency,
      offer.email,
      offer.message,
      now.toISOString(),
    )
    .run();
  return id;
}

/** What a merge answers: the cart to keep using (null: none) and the names left behind. */
export interface CartMerge {
  cartId: string | null;
  /** Visitor lines the account cannot buy (or past MAX_CART_ITEMS), by their shown name. */
  dropped: string[];
}

/**
 * Visitor lines the account cannot buy (the cart's add rules, seen from the account): a domain
 * whose extension left the catalogue, a renewal/restore of a domain or server the account does
 * not own, a registration/transfer of a name the account already holds, a server whose plan is
 * no longer sold.
 */
async function unbuyableLines(
  db: D1Database,
  cartId: string,
  userId: string,
): Promise<{ id: string; unicode: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT v.id, v.unicode, v.type, v.details,
              ((v.type = 'domain' AND NOT EXISTS (SELECT 1 FROM tlds t WHERE t.tld = v.tld))
               OR (v.type = 'domain' AND v.operation IN ('renewal', 'restore')
                   AND NOT EXISTS (SELECT 1 FROM user_domains d WHERE d.user_id = ?2 AND d.name = v.name AND d.deleted_at IS NULL AND d.status NOT IN ('deleted', 'transferred_out')))
               OR (v.type = 'domain' AND v.operation IN ('registration', 'transfer', 'bulk_purchase')
                   AND EXISTS (SELECT 1 FROM user_domains d WHERE d.user_id = ?2 AND d.name = v.name AND d.deleted_at IS NULL AND d.status NOT IN ('deleted', 'transferred_out')))
               OR (v.type = 'vps' AND v.operation = 'renewal'
                   AND NOT EXISTS (SELECT 1 FROM servers s WHERE s.user_id = ?2 AND 'renew:' || s.id = v.name))) AS refused
         FROM cart_items v WHERE v.cart_id = ?1
        ORDER BY v.added_at, v.id`,
    )
    .bind(cartId, userId)
    .all<{ id: string; unicode: string; type: string; details: string | null; refused: number }>();
  // A server's plan is the catalogue's (in code): a line whose plan is no longer sold goes too.
  return results
    .filter((row) => row.refused === 1 || (row.type === "vps" && !findPlan(parseItemDetails(row.details)?.plan ?? "")))
    .map(({ id, unicode }) => ({ id, unicode }));
}

export type CartOwnerRow = { id: string; user_id: string | null };

/** What a merge starts from: the account's newest cart and the visitor cart, as read. */
export interface CartMergeRead {
  userCart: string | null;
  visitorCart: CartOwnerRow | null;
}

/**
 * The two reads a merge starts from. The account is named by id, or by username for a sign-in,
 * which reads them in the batch that reads the account itself (issue 25: one round trip).
 */
export function cartMergeReadStatements(
  db: D1Database,
  visitorCartId: string | null,
  account: { userId: string } | { username: string },
): [D1PreparedStatement, D1PreparedStatement] {
  const owned =
    "userId" in account
      ? db
          .prepare("SELECT id, user_id FROM carts WHERE user_id = ?1 ORDER BY updated_at DESC LIMIT 1")
          .bind(account.userId)
      : db
          .prepare(
            "SELECT c.id, c.user_id FROM carts c JOIN users u ON u.id = c.user_id WHERE u.username = ?1 ORDER BY c.updated_at DESC LIMIT 1",
          )
          .bind(account.username);
  return [owned, db.prepare("SELECT id, user_id FROM carts WHERE id = ?1").bind(visitorCartId ?? "")];
}

/** The merge's starting point from the first rows of cartMergeReadStatements' two reads. */
export function cartMergeReadFrom(owned: CartOwnerRow | undefined, visitor: CartOwnerRow | undefined): CartMergeRead {
  return { userCart: owned?.id ?? null, visitorCart: visitor ?? null };
}

async function readCartsToMerge(
  db: D1Database,
  visitorCartId: string | null,
  account: { userId: string },
): Promise<CartMergeRead> {
  const [owned, visitor] = await db.batch<CartOwnerRow>(cartMergeReadStatements(db, visitorCartId, account));
  if (!owned || !visitor) throw new Error("D1 batch: a statement has no result");
  return cartMergeReadFrom(owned.results[0], visitor.results[0]);
}

/**
 * Sign-up and sign-in (DESIGN §1, issue 19): the visitor's cart joins the account's. Visitor
 * lines the account cannot buy are dropped (and named). A visitor cart without owner becomes the
 * account's cart when it has none; otherwise its lines move into the account's newest cart — a
 * name in both stays one line, with the larger years (within that line's maximum); lines past
 * MAX_CART_ITEMS are dropped — and the visitor cart is deleted. The account's own lines are never
 * removed, a cart of another user is never touched, and merging the same visitor cart again
 * changes nothing (it is the account's, or gone). `read`: the two carts as the caller already read
 * them (cartMergeReadStatements; the password sign-in reads them beside the account).
 */
export async function mergeCartIntoUser(
  db: D1Database,
  visitorCartId: string | null,
  userId: string,
  now: Date,
  read?: CartMergeRead,
): Promise<CartMerge> {
  const at = now.toISOString();
  const { userCart, visitorCart } = read ?? (await readCartsToMerge(db, visitorCartId, { userId }));
  if (!visitorCart || visitorCart.user_id === userId) return { cartId: visitorCart?.id ?? userCart, dropped: [] };
  if (visitorCart.user_id !== null) return { cartId: userCart, dropped: [] };

  const unbuyable = await unbuyableLines(db, visitorCart.id, userId);
  const dropIds = new Set(unbuyable.map((line) => line.id));
  const dropped = unbuyable.map((line) => line.unicode);
  const dropStatements = unbuyable.map((line) =>
    db.prepare("DELETE FROM cart_items WHERE cart_id = ?1 AND id = ?2").bind(visitorCart.id, line.id),
  );

  if (!userCart) {
    // Adopted only while still nobody's: a concurrent sign-in that got there first keeps it.
    await db.batch([
      ...dropStatements,
      db
        .prepare("UPDATE carts SET user_id = ?2, updated_at = ?3 WHERE id = ?1 AND user_id IS NULL")
        .bind(visitorCart.id, userId, at),
    ]);
    return { cartId: visitorCart.id, dropped };
  }

  const [visitorLines, accountLines] = await Promise.all([cartLines(db, visitorCart.id), cartLines(db, userCart)]);
  const accountNames = new Set(accountLines.map((line) => line.name));
  const joining = visitorLines.filter((line) => !dropIds.has(line.id) && !accountNames.has(line.name));
  const room = Math.max(0, MAX_CART_ITEMS - accountLines.length);
  const moving = joining.slice(0, room);
  dropped.push(...joining.slice(room).map((line) => line.unicode));
  await db.batch([
    ...dropStatements,
    // A name in both carts: the account's line, with the larger years its maximum allows.
    db
      .prepare(
        `UPDATE cart_items AS a
            SET years = MIN(a.max_years, MAX(a.years, (SELECT v.years FROM cart_items v WHERE v.cart_id = ?1 AND v.name = a.name)))
          WHERE a.cart_id = ?2 AND a.name IN (SELECT name FROM cart_items WHERE cart_id = ?1)`,
      )
      .bind(visitorCart.id, userCart),
    ...moving.map((line) =>
      db
        .prepare(
          "UPDATE cart_items SET cart_id = ?2 WHERE cart_id = ?1 AND id = ?3 AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?2 AND name = ?4)",
        )
        .bind(visitorCart.id, userCart, line.id, line.name),
    ),
    db.prepare("DELETE FROM cart_items WHERE cart_id = ?1").bind(visitorCart.id),
    db.prepare("DELETE FROM carts WHERE id = ?1 AND user_id IS NULL").bind(visitorCart.id),
    db.prepare("UPDATE carts SET updated_at = ?2 WHERE id = ?1").bind(userCart, at),
  ]);
  return { cartId: userCart, dropped };
}

/** A cart line as stored, with the columns checkout needs (auth code, server details). */
export type CartLineRow = CartItemRow & { type: "domain" | "vps"; auth_code: string | null; details: string | null };

export async function cartLines(db: D1Database, cartId: string): Promise<CartLineRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM cart_items WHERE cart_id = ?1 ORDER BY added_at, id")
    .bind(cartId)
    .all<CartLineRow>();
  return results;
}

/** The discount code applied to the cart, or null. */
export async function cartDiscountCode(db: D1Database, cartId: string): Promise<string | null> {
  return (
    (await db
      .prepare("SELECT discount_code FROM carts WHERE id = ?1")
      .bind(cartId)
      .first<string | null>("discount_code")) ?? null
  );
}

export async function setCartDiscountCode(
  db: D1Database,
  cartId: string,
  code: string | null,
  now: Date,
): Promise<boolean> {
  const result = await db
    .prepare("UPDATE carts SET discount_code = ?2, updated_at = ?3 WHERE id = ?1")
    .bind(cartId, code, now.toISOString())
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Removes bought names from the cart (after a paid order); an emptied cart loses its discount
 * (SPEC §4). Lines added after the order stay.
 */
export async function removeBoughtLines(
  db: D1Database,
  cartId: string,
  names: readonly string[],
  now: Date,
): Promise<void> {
  await db.batch([
    ...names.map((name) => db.prepare("DELETE FROM cart_items WHERE cart_id = ?1 AND name = ?2").bind(cartId, name)),
    db
      .prepare(
        "UPDATE carts SET discount_code = CASE WHEN (SELECT COUNT(*) FROM cart_items WHERE cart_id = ?1) = 0 THEN NULL ELSE discount_code END, updated_at = ?2 WHERE id = ?1",
      )
      .bind(cartId, now.toISOString()),
  ]);
}

export async function discountRule(
  db: D1Database,
  code: string,
): Promise<{
  id: number;
  code: string;
  percentage: number;
  min_order_cents: number;
  tlds: string;
  active: number;
} | null> {
  return db.prepare("SELECT * FROM discount_codes WHERE code = ?1").bind(code).first();
}
