import type { SubmissionResult } from "@conform-to/react";

// The checkout page's names (shared by the page, its parts and its action in
// app/server/checkout-page.server.ts).

export const CHECKOUT_PATH = "/checkout";
/** The id of the registrant contact list: focused (and the URL's fragment) after a contact is added. */
export const CONTACTS_ID = "checkout-contacts";
/** The address book, coming back here after a save. */
export const ADDRESS_BOOK_PATH = `/dashboard/settings/addresses?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`;

/** The intents of the checkout's one action (house style: named intents, 400 otherwise). */
export const CHECKOUT_INTENTS = { pay: "pay", addContact: "add-contact" } as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[keyof typeof CHECKOUT_INTENTS];

/**
 * A refused attempt's reply, with the key of the next attempt: an action answering 4xx does not
 * revalidate the loader (Remix single fetch), so a new key must come from here.
 */
export type CheckoutActionData = {
  intent: CheckoutIntent | null;
  result: SubmissionResult<string[]> | null;
  nextKey: string;
  message?: string;
};
