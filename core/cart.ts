import { z } from "./zod";
import { type DomainOperation, MAX_REGISTRATION_YEARS } from "./cart-pricing";

export {
  DOMAIN_OPERATIONS,
  MAX_REGISTRATION_YEARS,
  TRANSFER_YEARS,
  capYears,
  domainTotalCents,
  maxYearsFor,
} from "./cart-pricing";
export type { DomainOperation, DomainPriceCents } from "./cart-pricing";

/** A period in years as the API takes it: a JSON number (never a string or boolean), whole, 1…10. */
export const yearsSchema = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(MAX_REGISTRATION_YEARS, { error: `must be at most ${MAX_REGISTRATION_YEARS}` });

/** POST /cart/items — what a visitor adds: a domain and an operation, optionally years (strict JSON). */
export const addDomainToCartSchema = z.object({
  domain: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(253, { error: "is too long" }),
  operation: z
    .enum(["registration", "transfer"], { error: "must be registration or transfer" })
    .default("registration"),
  years: yearsSchema.default(1),
  auth_code: z.string().trim().max(128).optional(),
});

/**
 * The same from an HTML form (all values are text): years are read from their digits. Only the
 * storefront's actions use it; they then call the API with real numbers.
 */
export const addDomainToCartFormSchema = addDomainToCartSchema.extend({
  years: z.preprocess(
    (value) =>
      value === "" ? undefined : typeof value === "string" && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value,
    yearsSchema.default(1),
  ),
});

/**
 * PATCH /cart/items/:id (strict JSON): a new period, or a quantity (SPEC §4: 0 or less removes
 * the item; a domain is bought once, so 1 is the only other quantity).
 */
export const cartYearsBodySchema = z
  .object({
    years: yearsSchema.optional(),
    quantity: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(-1_000_000, { error: "is too small" })
      .max(1, { error: "must be at most 1 for a domain" })
      .optional(),
  })
  .refine((body) => body.years !== undefined || body.quantity !== undefined, { error: "is required", path: ["years"] });
export type AddDomainToCart = z.output<typeof addDomainToCartSchema>;

/** One domain line in the cart as the API answers it (decimal prices, SPEC field names). */
export interface CartDomainItem {
  id: string;
  type: "domain";
  product_type: "domain";
  name: string;
  unicode: string;
  tld: string;
  selectedAction: DomainOperation;
  years: number;
  maxAllowedYears: number;
  price: number;
  registrationPrice: number;
  renewalPrice: number;
  transferPrice: number;
  icannFee: number;
  totalPrice: number;
  onSale: boolean;
  isPopular: boolean;
  premium: boolean;
  quantity: 1;
  addedAt: string;
}

/** One server line (VPS, root or GPU server, hosting; issue 11): priced from the server catalogue. */
export interface CartServerItem {
  id: string;
  type: "vps";
  product_type: "vps" | "hosting";
  name: string;
  /** The hostname (what the line shows). */
  unicode: string;
  selectedAction: "registration" | "renewal";
  plan: string;
  planName: string;
  kind: "vps" | "root" | "gpu" | "hosting";
  billingCycle: "monthly" | "quarterly" | "annually" | "biennially";
  os: string | null;
  osName: string | null;
  datacenter: string;
  hostname: string;
  serverId: string | null;
  years: 1;
  maxAllowedYears: 1;
  price: number;
  totalPrice: number;
  quantity: 1;
  addedAt: string;
}

export type CartItem = CartDomainItem | CartServerItem;

export interface CartView {
  id: string;
  items: CartItem[];
  totalItems: number;
  subtotal: number;
  currency: string;
}
