// The checkout form's field values as the browser sends them, apart from its zod schema
// (checkout.ts, which re-exports these): the page renders the form without loading zod.

/** "new" (type a card, test provider) or the id of a saved payment method. */
export const CHECKOUT_NEW_CARD = "new";

/** The checkout form's fields as the browser sends them (for Conform's field metadata). */
export type CheckoutFormFields = {
  idempotency_key: string;
  contact_id: string;
  method: string;
  save_card?: boolean;
  card: { number: string; expiry: string; cvc: string; name?: string };
};
