// Contract of the server-side cart (DESIGN §1, SPEC §4 "Cart", §7 "Payments and discounts").
// A visitor's cart is named by the `X-Cart-Id` header (a uuid the client keeps; adding to a cart
// without one creates it and answers the new id); with a bearer token the cart is the user's own.
import { z } from "zod";
import { addDomainToCartSchema, cartYearsBodySchema, DOMAIN_OPERATIONS } from "../../../core/cart";
import { cartDiscountSchema } from "../../../core/checkout";
import { BILLING_CYCLES, SERVER_KINDS, serverOrderSchema } from "../../../core/servers";
import type { ApiErrorCode } from "./errors";
import { DOMAIN_NAME_ERRORS } from "./domains";
import { apiRoute, jsonBody, ok, OPTIONAL_BEARER } from "./route";
import { TRANSFER_CHECK_ERRORS } from "./transfers";

const money = z.number().meta({ description: "US dollars, two decimals (10.44)." });

/** Optional bearer token: without one the cart is the visitor's (X-Cart-Id). */

const CART_HEADER_NOTE =
  "A visitor names the cart with the `X-Cart-Id` header (the id a previous answer gave); with a bearer token the cart is the account's own and the header is ignored. A cart of another account answers 404 `cart_not_found`.";

export const cartDomainItemSchema = z
  .object({
    id: z.string(),
    type: z.literal("domain"),
    product_type: z.literal("domain"),
    name: z.string().meta({ description: "The name in ASCII (punycode).", example: "example.com" }),
    unicode: z.string().meta({ description: "The name as people read it." }),
    tld: z.string(),
    selectedAction: z.enum(DOMAIN_OPERATIONS),
    years: z.number().int(),
    maxAllowedYears: z.number().int(),
    price: money.meta({ description: "The first year's price for this operation." }),
    registrationPrice: money,
    renewalPrice: money,
    transferPrice: money,
    icannFee: money.meta({ description: "ICANN fee per year." }),
    totalPrice: money.meta({ description: "The line's total for its years (SPEC §9), without ICANN fees." }),
    onSale: z.boolean(),
    isPopular: z.boolean(),
    premium: z.boolean(),
    quantity: z.literal(1),
    addedAt: z.string(),
  })
  .meta({ id: "CartDomainItem" });

export const cartServerItemSchema = z
  .object({
    id: z.string(),
    type: z.literal("vps"),
    product_type: z.enum(["vps", "hosting"]),
    name: z.string().meta({ example: "vps:web1.example.com" }),
    unicode: z.string().meta({ description: "The hostname (what the line shows)." }),
    selectedAction: z.enum(["registration", "renewal"]),
    plan: z.string(),
    planName: z.string(),
    kind: z.enum(SERVER_KINDS),
    billingCycle: z.enum(BILLING_CYCLES),
    os: z.string().nullable(),
    osName: z.string().nullable(),
    datacenter: z.string(),
    hostname: z.string(),
    serverId: z.string().nullable(),
    years: z.literal(1),
    maxAllowedYears: z.literal(1),
    price: money,
    totalPrice: money,
    quantity: z.literal(1),
    addedAt: z.string(),
  })
  .meta({ id: "CartServerItem" });

export const cartItemSchema = z.discriminatedUnion("type", [cartDomainItemSchema, cartServerItemSchema]);

/** The cart and its lines (what adding or changing a line answers). */
export const cartSchema = z
  .object({
    id: z.string().meta({ description: "The cart's id: send it back as X-Cart-Id." }),
    items: z.array(cartItemSchema),
    totalItems: z.number().int(),
    subtotal: money,
    currency: z.string().meta({ example: "USD" }),
  })
  .meta({ id: "Cart" });

export const cartDiscountViewSchema = z
  .object({
    code: z.string(),
    percentage: z.number(),
    isValid: z.boolean(),
    message: z.string(),
    reason: z
      .enum([
        "discount_required",
        "discount_signin_required",
        "discount_invalid",
        "discount_not_applicable",
        "discount_min_order",
      ])
      .nullable(),
    codeId: z.number().int().nullable(),
  })
  .meta({ id: "CartDiscount" });

/** The cart with its money summary, priced on the server (GET /cart, the discount calls). */
export const cartWithSummarySchema = cartSchema
  .extend({
    id: z.string().nullable().meta({ description: "Null while the visitor has no cart yet." }),
    icannFees: money,
    discountAmount: money,
    tax: money,
    total: money,
    discount: cartDiscountViewSchema.nullable(),
  })
  .meta({ id: "CartWithSummary" });

export type CartItemView = z.infer<typeof cartItemSchema>;
export type CartWithSummary = z.infer<typeof cartWithSummarySchema>;

/** Every cart call: a malformed X-Cart-Id, another account's cart. */
const CART_ERRORS = ["invalid_cart", "cart_not_found"] as const satisfies readonly ApiErrorCode[];

export const getCartRoute = apiRoute(
  {
    method: "get",
    path: "/cart",
    tags: ["Cart"],
    summary: "The cart with its lines and totals",
    description: CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    responses: { 200: ok(cartWithSummarySchema, "The cart (empty, with a null id, when there is none yet).") },
  },
  [...CART_ERRORS, "unavailable"],
);

export const putCartDiscountRoute = apiRoute(
  {
    method: "put",
    path: "/cart/discount",
    tags: ["Cart"],
    summary: "Apply a discount code to the cart (signed-in customers)",
    description: "The code is checked now and again at checkout. " + CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    request: { body: jsonBody(cartDiscountSchema) },
    responses: { 200: ok(cartWithSummarySchema, "The cart with the discount applied.") },
  },
  [
    ...CART_ERRORS,
    "discount_signin_required",
    "cart_empty",
    "discount_invalid",
    "discount_not_applicable",
    "discount_min_order",
    "pricing_unavailable",
    "unavailable",
  ],
);

export const deleteCartDiscountRoute = apiRoute(
  {
    method: "delete",
    path: "/cart/discount",
    tags: ["Cart"],
    summary: "Remove the cart's discount code",
    description: CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    responses: { 200: ok(cartWithSummarySchema, "The cart without a discount.") },
  },
  [...CART_ERRORS, "unavailable"],
);

export const addCartItemRoute = apiRoute(
  {
    method: "post",
    path: "/cart/items",
    tags: ["Cart"],
    summary: "Add a domain to register or transfer",
    description: "Creates the cart when the request names none. " + CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    request: { body: jsonBody(addDomainToCartSchema) },
    responses: { 201: ok(cartSchema, "The cart with the new line.") },
  },
  [
    ...CART_ERRORS,
    ...DOMAIN_NAME_ERRORS,
    "invalid_domain",
    "not_available",
    ...TRANSFER_CHECK_ERRORS,
    "auth_code_required",
    "invalid_auth_code",
    "already_in_cart",
    "cart_full",
    "unavailable",
  ],
);

export const addCartServerRoute = apiRoute(
  {
    method: "post",
    path: "/cart/servers",
    tags: ["Cart"],
    summary: "Add a server (plan, cycle, OS, datacenter, hostname, SSH key)",
    description: "Priced from the server catalogue, now and again at checkout. " + CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    request: { body: jsonBody(serverOrderSchema) },
    responses: { 201: ok(cartSchema, "The cart with the new line.") },
  },
  [...CART_ERRORS, "already_in_cart", "cart_full"],
);

const cartItemParamSchema = z.object({ id: z.string().meta({ description: "The line's id in the cart." }) });

export const updateCartItemRoute = apiRoute(
  {
    method: "patch",
    path: "/cart/items/{id}",
    tags: ["Cart"],
    summary: "Change a line's period, or remove it (quantity 0 or less)",
    description: CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    request: { params: cartItemParamSchema, body: jsonBody(cartYearsBodySchema) },
    responses: {
      200: ok(cartSchema.nullable(), "The cart after the change (null when the named cart does not exist yet)."),
    },
  },
  [...CART_ERRORS, "item_not_found", "invalid_years"],
);

export const removeCartItemRoute = apiRoute(
  {
    method: "delete",
    path: "/cart/items/{id}",
    tags: ["Cart"],
    summary: "Remove a line",
    description: CART_HEADER_NOTE,
    security: OPTIONAL_BEARER,
    request: { params: cartItemParamSchema },
    responses: { 200: ok(cartSchema, "The cart without the line.") },
  },
  [...CART_ERRORS, "item_not_found"],
);
