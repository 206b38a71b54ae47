import { cardFormSchema } from "../payment/card-form";
import { z } from "../../../core/zod";

// The payment-methods page (/dashboard/billing/methods): its intents and the add-a-card schema,
// shared by the forms and the action (server/payment-methods.server.ts).

export const METHODS_PATH = "/dashboard/billing/methods";

/** The page's actions (house style: named intents, a switch, 400 for any other). */
export const METHOD_INTENTS = {
  addCard: "add-card",
  stripeSetup: "stripe-setup-intent",
  stripeSave: "stripe-save",
  makeDefault: "make-default",
  remove: "remove",
} as const;

export const NICKNAME_MAX = 50;

/**
 * The add-a-card form of the embedded test provider: the card fields (core/payments/card.ts's
 * `cardFormSchema`, nested under "card"), a nickname and "use as default". One schema for Conform
 * in the browser and the action.
 */
export function addCardSchema(now?: () => Date) {
  return z.object({
    intent: z.literal(METHOD_INTENTS.addCard),
    card: cardFormSchema(now),
    nickname: z.string().trim().max(NICKNAME_MAX, { error: "nickname_too_long" }).optional(),
    set_as_default: z.boolean().optional(),
  });
}

export type MethodIntent = (typeof METHOD_INTENTS)[keyof typeof METHOD_INTENTS];

/** One saved card as the page shows it. */
export type PaymentMethodItem = {
  id: string;
  brand: string;
  last4: string;
  nickname: string | null;
  isDefault: boolean;
  /** "MM/YYYY". */
  expiry: string;
  expired: boolean;
};
