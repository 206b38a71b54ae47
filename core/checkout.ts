import { domainTotalCents, type DomainOperation } from "./cart";
import { cardFormSchema } from "./payments/card";
import { safeRedirectPath } from "./safe-redirect";
import { z } from "./zod";
import { CHECKOUT_NEW_CARD } from "./checkout-fields";

export { CHECKOUT_NEW_CARD } from "./checkout-fields";
export type { CheckoutFormFields } from "./checkout-fields";

export { INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, paymentProgress } from "./order-status";
export type { InvoiceStatus, OrderStatus, PaymentProgress, PaymentStatus } from "./order-status";

/**
 * Checkout rules (issue 13, SPEC §5, §7, §9): the priced lines of an order, discounts, totals.
 * Everything is integer cents and computed on the server from the catalogue — never from
 * numbers a client sent.
 */

export interface PricedLine {
  /** Stable key of the line (cart item id). */
  key: string;
  type: "domain" | "vps";
  name: string;
  tld: string | null;
  operation: string;
  years: number;
  /** The line's price before fees and discount (SPEC §9 formula for domains). */
  totalCents: number;
  /** ICANN fee per year (domains; 0 for servers). */
  icannFeeCents: number;
}

/** A domain line's price per SPEC §9 plus nothing else: ICANN fees are added per year apart. */
export function domainLineCents(
  operation: DomainOperation,
  years: number,
  prices: { firstYear: number; renewal: number; transfer: number },
): number {
  return domainTotalCents(operation, years, prices);
}

export interface DiscountRule {
  id: number;
  code: string;
  percentage: number;
  minOrderCents: number;
  /** Extensions the code applies to; empty = all. */
  tlds: string[];
  active: boolean;
}

/** Why a code does not apply (each maps to a translated text, SPEC §8 "Discount"). */
export type DiscountRefusal =
  | "discount_required"
  | "discount_signin_required"
  | "discount_invalid"
  | "discount_not_applicable"
  | "discount_min_order";

export type DiscountOutcome =
  | { ok: true; rule: DiscountRule; eligibleCents: number; discountCents: number; perLine: Map<string, number> }
  | { ok: false; reason: DiscountRefusal; rule?: DiscountRule; eligibleCents?: number };

/** Codes are compared trimmed and upper-cased ("welcome10 " is WELCOME10). */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The discount a code gives on these lines: `percentage` of the eligible lines (matching
 * extensions; discounts never apply to ICANN fees), if their subtotal reaches the minimum order.
 * Rounded down per line so the parts add up to the whole.
 */
export function applyDiscount(
  rule: DiscountRule | null,
  lines: readonly PricedLine[],
  signedIn: boolean,
): DiscountOutcome {
  if (!signedIn) return { ok: false, reason: "discount_signin_required" };
  if (!rule || !rule.active) return { ok: false, reason: "discount_invalid" };
  const eligible = lines.filter(
    (line) => rule.tlds.length === 0 || (line.tld !== null && rule.tlds.includes(line.tld)),
  );
  if (eligible.length === 0) return { ok: false, reason: "discount_not_applicable", rule };
  const eligibleCents = eligible.reduce((sum, line) => sum + line.totalCents, 0);
  if (eligibleCents < rule.minOrderCents) return { ok: false, reason: "discount_min_order", rule, eligibleCents };
  const perLine = new Map<string, number>();
  for (const line of eligible) perLine.set(line.key, Math.floor((line.totalCents * rule.percentage) / 100));
  const discountCents = [...perLine.values()].reduce((sum, value) => sum + value, 0);
  return { ok: true, rule, eligibleCents, discountCents, perLine };
}

/** The cart's money summary as GET /cart answers it beside the items (decimals, USD). */
export interface CartSummaryView {
  subtotal: number;
  icannFees: number;
  discountAmount: number;
  tax: number;
  total: number;
  discount: {
    code: string;
    percentage: number;
    isValid: boolean;
    message: string;
    reason: DiscountRefusal | null;
    codeId: number | null;
  } | null;
}

export interface OrderTotals {
  subtotalCents: number;
  icannFeesCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal (SPEC §9 prices), ICANN fees (per year), discount, tax (none charged today), total. */
export function orderTotals(lines: readonly PricedLine[], discountCents: number): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const icannFeesCents = lines.reduce((sum, line) => sum + line.icannFeeCents * line.years, 0);
  const discount = Math.min(discountCents, subtotalCents);
  const taxCents = 0;
  return {
    subtotalCents,
    icannFeesCents,
    discountCents: discount,
    taxCents,
    totalCents: subtotalCents + icannFeesCents - discount + taxCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Request bodies (strict JSON: numbers are numbers).

const quantitySchema = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(50, { error: "must be at most 50" });

/** POST /discount/validate — the SPEC §7 payload. Prices in it are ignored (recomputed). */
export const discountValidateSchema = z.object({
  code: z.string({ error: "is required" }).trim().max(64, { error: "is too long" }),
  items: z
    .array(
      z.object({
        product_type: z.enum(["domain", "vps", "hosting"], { error: "must be domain, vps or hosting" }),
        plan_id: z
          .union([z.string().max(100), z.number()])
          .optional()
          .nullable(),
        plan_name: z.string().max(200).optional().nullable(),
        quantity: quantitySchema.default(1),
        years: z
          .number({ error: "must be a number" })
          .int({ error: "must be a whole number" })
          .min(1, { error: "must be at least 1" })
          .max(10, { error: "must be at most 10" })
          .default(1),
        pricing: z
          .object({ monthly_price: z.number().nonnegative().optional(), currency: z.string().max(3).optional() })
          .optional(),
        first_year_price: z.number().nonnegative().optional(),
        product_details: z
          .object({
            name: z.string().max(253).optional(),
            tld: z.string().max(63).optional(),
            domain_name: z.string().max(253).optional(),
          })
          .optional(),
      }),
      { error: "must be a list" },
    )
    .max(50, { error: "has too many items" })
    .default([]),
});

/** PUT /cart/discount. */
export const cartDiscountSchema = z.object({
  code: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(64, { error: "is too long" }),
});

/** The registrant contact id (SPEC §5: numeric). Strings of digits are accepted too. */
export const contactIdSchema = z.union(
  [
    z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .positive({ error: "must be a contact id" }),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/u, { error: "must be numeric" })
      .transform(Number),
  ],
  { error: "must be numeric" },
);

/** Card details for the embedded test provider (never stored; brand/last four only). */
export const testCardSchema = z.object({
  number: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(40, { error: "is too long" }),
  exp_month: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be 1 to 12" })
    .max(12, { error: "must be 1 to 12" }),
  exp_year: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(2000, { error: "must be a year" })
    .max(2100, { error: "must be a year" }),
  cvc: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(8, { error: "is too long" }),
  name: z.string().trim().max(200).optional(),
});

/** A checkout attempt's idempotency key (8 to 100 of letters, digits, `_ . : -`), with the caller's messages. */
function idempotencyKeySchema(messages: { required: string; short: string; long: string; chars: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(8, { error: messages.short })
    .max(100, { error: messages.long })
    .regex(/^[\w.:-]+$/u, { error: messages.chars });
}

/** POST /payment/unified — turns the signed-in user's cart into an order and pays it. */
export const unifiedPaymentSchema = z
  .object({
    /** One per checkout attempt (the form renders it): the same key is the same order, never a second charge. */
    idempotency_key: idempotencyKeySchema({
      required: "is required",
      short: "is too short",
      long: "is too long",
      chars: "has invalid characters",
    }),
    contact_id: contactIdSchema,
    /** A saved payment method (its id in GET /user/payment-methods) … */
    payment_method_id: z.string().trim().min(1).max(200).optional(),
    /** … or a card for the embedded test provider. */
    card: testCardSchema.optional(),
    /** Keep the card for later (auto-renew). */
    save_card: z.boolean({ error: "must be true or false" }).default(false),
    /** Where the provider sends the browser back after a 3-D Secure step (same-site path). */
    return_path: z.string().max(2048).optional(),
  })
  .refine((body) => body.payment_method_id !== undefined || body.card !== undefined, {
    message: "a saved payment method or a card is required",
    path: ["payment_method_id"],
  });
export type UnifiedPaymentBody = z.output<typeof unifiedPaymentSchema>;

// ---------------------------------------------------------------------------------------------
// The checkout page's form (one schema for Conform in the browser and the action on the server).

/**
 * The checkout form: the attempt's idempotency key (rendered with the form), the registrant
 * contact (numeric contact id, SPEC §5) and the payment method; the card fields only when a new
 * card is typed (`withCard`, from the submitted `method`). Messages are stable codes the page
 * translates ("invalid_contact_id", "choose_method", the card codes of core/payments/card.ts).
 */
export function checkoutFormSchema(options: { withCard: boolean; now?: () => Date }) {
  const base = z.object({
    idempotency_key: idempotencyKeySchema({
      required: "invalid_request",
      short: "invalid_request",
      long: "invalid_request",
      chars: "invalid_request",
    }),
    contact_id: z
      .string({ error: "invalid_contact_id" })
      .trim()
      .regex(/^\d{1,12}$/u, { error: "invalid_contact_id" })
      .transform(Number)
      .refine((value) => value > 0, { error: "invalid_contact_id" }),
    method: z
      .string({ error: "choose_method" })
      .trim()
      .refine(
        (value) =>
          value === CHECKOUT_NEW_CARD || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(value),
        { error: "choose_method" },
      ),
    save_card: z.boolean().optional().default(false),
  });
  return options.withCard
    ? base.extend({ card: cardFormSchema(options.now) })
    : base.extend({
        card: z
          .unknown()
          .optional()
          .transform(() => undefined),
      });
}
export type CheckoutForm = z.output<ReturnType<typeof checkoutFormSchema>>;

/**
 * Where to send the browser for a payment's next step (3-D Secure): a path of ours (the test
 * provider's page), or Stripe's own https pages; anything else falls back.
 */
export function paymentActionTarget(url: string, fallback: string): string {
  if (url.startsWith("/")) return safeRedirectPath(url, fallback);
  try {
    const target = new URL(url);
    const stripe = target.hostname === "stripe.com" || target.hostname.endsWith(".stripe.com");
    return target.protocol === "https:" && stripe && !target.username && !target.password ? target.href : fallback;
  } catch {
    return fallback;
  }
}
