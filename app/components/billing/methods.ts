// The payment-methods page's path, intents and limits, apart from its add-card zod schema
// (method-forms.ts, which re-exports these): the page renders without loading zod.

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
