import { decimalToCents } from "./money";
import { z } from "./zod";
import { OFFER_CURRENCIES } from "./offer-currencies";

export { OFFER_CURRENCIES } from "./offer-currencies";

/** The make-offer form on a taken name (Conform in the browser, the API on the server). */
export const offerSchema = z.object({
  domain: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(253),
  amount: z.union([z.string(), z.number()], { error: "is required" }).transform((value, ctx) => {
    const cents = decimalToCents(String(value).replace(/,/g, ""));
    if (cents === null || cents < 100 || cents > 1_000_000_000) {
      ctx.addIssue({ code: "custom", message: "must be an amount from 1 to 10,000,000" });
      return z.NEVER;
    }
    return cents;
  }),
  currency: z.enum(OFFER_CURRENCIES, { error: `must be one of: ${OFFER_CURRENCIES.join(", ")}` }).default("USD"),
  email: z
    .string({ error: "is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "must be a valid email address" })),
  message: z
    .string()
    .trim()
    .max(1000, { error: "must be at most 1000 characters" })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type OfferInput = z.input<typeof offerSchema>;
