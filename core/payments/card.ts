// Card input rules (SPEC §8 "Payment"): the server-rendered card form of the test payments
// provider, shared by Conform in the browser and the action on the server, and by the test
// provider itself. Pure: no I/O. Messages are the SPEC §8 payment error codes, which the UI
// translates (namespace "payment", key errors.<code>) and the API returns as they are.
import { z } from "../zod";
import { type CardErrorCode } from "./card-codes";

export { CARD_ERROR_CODES } from "./card-codes";
export type { CardErrorCode } from "./card-codes";

/** Card networks we recognise by number prefix. */
export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

/** Digits only: spaces and dashes that people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the number's prefix (IIN ranges as the networks publish them). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/** How many digits a complete number of that brand has (the longest accepted first). */
function numberLengths(brand: CardBrand): number[] {
  switch (brand) {
    case "amex":
      return [15];
    case "diners":
      return [14, 16];
    case "visa":
      return [16, 13, 19];
    case "unionpay":
    case "jcb":
    case "discover":
      return [16, 17, 18, 19];
    default:
      return [16];
  }
}

/** CVC length: 4 digits for American Express, 3 for the others. */
export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** `incomplete_number` (too short for its brand), `invalid_number` (fails Luhn or too long) or null. */
export function numberError(digits: string): "incomplete_number" | "invalid_number" | null {
  if (!/^\d*$/.test(digits)) return "invalid_number";
  const lengths = numberLengths(cardBrand(digits));
  if (digits.length < Math.min(...lengths)) return "incomplete_number";
  if (!lengths.includes(digits.length) || !luhnValid(digits)) return "invalid_number";
  return null;
}

/** "MM/YY", "MM / YY", "MM/YYYY" or "MMYY" → month and four-digit year, or null. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [, monthText = "", yearText = ""] = match;
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

/** The most years ahead an expiry may lie (issuers print at most ~20). */
export const MAX_EXPIRY_YEARS_AHEAD = 30;

/** A card as the test provider receives it: digits, month, year, CVC. Never stored as a whole. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The card form (number, expiry "MM / YY", CVC, optional name on the card). Parsing yields a
 * `CardInput` plus the name; every failure message is a CardErrorCode. `now` decides expiry.
 */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      // Empty, too long or malformed values are judged in superRefine (one message per field).
      number: z.string({ error: "incomplete_number" }).trim(),
      expiry: z.string({ error: "incomplete_expiry" }).trim(),
      cvc: z.string({ error: "incomplete_cvc" }).trim(),
      name: z.string().trim().max(100, { error: "must be at most 100 characters" }).optional(),
    })
    .superRefine((value, ctx) => {
      const digits = cardDigits(value.number).slice(0, 40);
      const numberProblem = numberError(digits);
      if (numberProblem) ctx.addIssue({ code: "custom", path: ["number"], message: numberProblem });
      const expiry = parseExpiry(value.expiry);
      if (!expiry) ctx.addIssue({ code: "custom", path: ["expiry"], message: "incomplete_expiry" });
      else if (isExpired(expiry, now())) ctx.addIssue({ code: "custom", path: ["expiry"], message: "expired_card" });
      else if (expiry.year > now().getUTCFullYear() + MAX_EXPIRY_YEARS_AHEAD)
        ctx.addIssue({ code: "custom", path: ["expiry"], message: "incomplete_expiry" });
      const brand = cardBrand(digits);
      if (!/^\d+$/.test(value.cvc) || value.cvc.length !== cvcLength(brand)) {
        ctx.addIssue({ code: "custom", path: ["cvc"], message: "incomplete_cvc" });
      }
    })
    .transform((value) => {
      const expiry = parseExpiry(value.expiry) ?? { month: 0, year: 0 };
      const card: CardInput = {
        number: cardDigits(value.number),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: value.cvc,
      };
      return { card, name: value.name || undefined };
    });
}

/** The same checks on an already split card (the API's JSON body), as one error code or null. */
export function cardInputError(card: CardInput, now: Date): CardErrorCode | null {
  const numberProblem = numberError(card.number);
  if (numberProblem) return numberProblem;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear))
    return "incomplete_expiry";
  if (isExpired({ month: card.expMonth, year: card.expYear }, now)) return "expired_card";
  if (card.expYear > now.getUTCFullYear() + MAX_EXPIRY_YEARS_AHEAD) return "incomplete_expiry";
  if (!/^\d+$/.test(card.cvc) || card.cvc.length !== cvcLength(cardBrand(card.number))) return "incomplete_cvc";
  return null;
}

/** "4242" → "•••• 4242" style masks are the UI's; this is the stored summary of a card. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export function summariseCard(card: CardInput): CardSummary {
  return {
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}
