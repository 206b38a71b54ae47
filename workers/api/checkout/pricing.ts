// Pricing the cart on the server: every line priced now from the catalogue and the registry, the discount re-checked.
import {
  applyDiscount,
  normaliseDiscountCode,
  orderTotals,
  type CartSummaryView,
  type DiscountOutcome,
  type DiscountRule,
  type PricedLine,
} from "../../../core/checkout";
import type { DomainOperation } from "../../../core/cart";
import { centsToDecimal } from "../../../core/money";
import { cartDiscountCode, cartLines, discountRule, type CartLineRow } from "../db/cart";
import { loadCatalogue } from "../db/catalogue";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { parseItemDetails } from "../../../core/servers/item-details";
import { serverLineCents } from "../servers/catalogue";
import { priceDomainLine } from "../../../core/domain-pricing";

export interface PricedCart {
  cartId: string | null;
  rows: CartLineRow[];
  lines: (PricedLine & { row: CartLineRow; unitCents: number; available: boolean })[];
  discountCode: string | null;
  discount: DiscountOutcome | null;
  totals: ReturnType<typeof orderTotals>;
}

function toRule(row: NonNullable<Awaited<ReturnType<typeof discountRule>>>): DiscountRule {
  let tlds: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.tlds);
    if (Array.isArray(parsed)) tlds = parsed.filter((value): value is string => typeof value === "string");
  } catch {
    tlds = [];
  }
  return {
    id: row.id,
    code: row.code,
    percentage: row.percentage,
    minOrderCents: row.min_order_cents,
    tlds,
    active: row.active === 1,
  };
}

export async function findDiscountRule(db: D1Database, code: string): Promise<DiscountRule | null> {
  const row = await discountRule(db, normaliseDiscountCode(code));
  return row ? toRule(row) : null;
}

/**
 * The cart's lines priced now from the catalogue and the registry (a registration of a name
 * that was taken meanwhile is marked unavailable), with the cart's discount re-checked.
 */
export async function priceCart(
  db: D1Database,
  services: ApiServices,
  cartId: string | null,
  signedIn: boolean,
): Promise<PricedCart> {
  const rows = cartId ? await cartLines(db, cartId) : [];
  const catalogue = await loadCatalogue(db);
  const domainRows = rows.filter((row) => row.type === "domain");
  const checks = domainRows.length > 0 ? await services.registry.check(domainRows.map((row) => row.name)) : [];
  const checkOf = new Map(checks.map((check) => [check.name, check]));
  const lines: PricedCart["lines"] = [];
  for (const row of rows) {
    if (row.type === "vps") {
      // Servers: priced now from the catalogue (plan, cycle, OS licence), never from the cart row.
      const details = parseItemDetails(row.details);
      const cents = details ? serverLineCents(details) : null;
      if (cents === null)
        throw new ApiError(
          409,
          "pricing_unavailable",
          `Pricing for ${row.unicode} is not available. Please contact support.`,
        );
      lines.push({
        key: row.id,
        type: "vps",
        name: row.name,
        tld: null,
        operation: row.operation,
        years: 1,
        totalCents: cents,
        icannFeeCents: 0,
        unitCents: cents,
        available: true,
        row,
      });
      continue;
    }
    const tldRow = catalogue.byTld.get(row.tld);
    if (!tldRow)
      throw new ApiError(
        409,
        "pricing_unavailable",
        `Pricing for .${row.tld} is not available. Please contact support.`,
      );
    const check = checkOf.get(row.name);
    const operation = row.operation as DomainOperation;
    lines.push({
      key: row.id,
      type: "domain",
      name: row.name,
      tld: row.tld,
      operation,
      ...priceDomainLine(tldRow, operation, row.years, check),
      available: operation !== "registration" || check?.available === true,
      row,
    });
  }
  const discountCode = cartId ? await cartDiscountCode(db, cartId) : null;
  const discount = discountCode ? applyDiscount(await findDiscountRule(db, discountCode), lines, signedIn) : null;
  return {
    cartId,
    rows,
    lines,
    discountCode,
    discount,
    totals: orderTotals(lines, discount?.ok ? discount.discountCents : 0),
  };
}

/** The cart's money summary as the API answers it (decimals). */
export function cartSummary(priced: PricedCart): CartSummaryView {
  const { totals, discount } = priced;
  return {
    subtotal: centsToDecimal(totals.subtotalCents),
    icannFees: centsToDecimal(totals.icannFeesCents),
    discountAmount: centsToDecimal(totals.discountCents),
    tax: centsToDecimal(totals.taxCents),
    total: centsToDecimal(totals.totalCents),
    discount: priced.discountCode
      ? {
          code: priced.discountCode,
          percentage: discount?.ok ? discount.rule.percentage : (discount?.rule?.percentage ?? 0),
          isValid: discount?.ok === true,
          message: discount?.ok
            ? "Discount code is valid"
            : discountMessage(discount?.ok === false ? discount.reason : "discount_invalid"),
          reason: discount?.ok === false ? discount.reason : discount ? null : "discount_invalid",
          codeId: discount?.ok ? discount.rule.id : (discount?.rule?.id ?? null),
        }
      : null,
  };
}

export function discountMessage(reason: string): string {
  switch (reason) {
    case "discount_required":
      return "Please enter a discount code.";
    case "discount_signin_required":
      return "Sign in to use a discount code.";
    case "discount_not_applicable":
      return "This code applies only to .com, .xyz, .net and .org domains.";
    case "discount_min_order":
      return "This code needs an order of at least 10.00 USD.";
    default:
      return "Invalid discount code";
  }
}
