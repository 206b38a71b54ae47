/**
 * English texts of the "checkout" namespace: the checkout page, the payment status page (the
 * SPEC's payment modal, a page of its own so it works without JavaScript) and the simulated
 * 3-D Secure page of the embedded test provider. Card and payment errors are in "payment".
 */
const checkout = {
  metaTitle: "Checkout — Trinity",
  title: "Checkout",
  backToCart: "Back to cart",
  emptyCart: "Your cart is empty: there is nothing to pay for.",
  items: "Items",
  contact: {
    legend: "Registrant contact",
    intro: "The contact registered as the owner of your domains, from your address book.",
    none: "Your address book is empty. Add the address to use as the registrant contact: it is saved in your address book and chosen here.",
    addAnother: "Add another contact",
    addIntro: "A new address for your address book, chosen for this order once saved.",
    added: "The address of {{name}} was added and chosen as the registrant contact.",
    addFailed: "The address could not be saved: {{message}}",
    manage: "Manage addresses",
    contactId: "Contact ID {{id}}",
  },
  method: {
    legend: "Payment method",
    saved: "{{brand}} ending in {{last4}}, expires {{month}}/{{year}}",
    default: "Default",
    newCard: "A new card",
    saveCard: "Save this card for renewals",
    stripeNeedsSaved: "Add a card in Billing first; it is then offered here.",
    addCard: "Add a card",
  },
  pay: "Pay {{amount}}",
  paying: "Paying…",
  terms: "By paying you agree to the registration agreement. The domain is registered in the contact's name.",
  errors: {
    invalid_contact_id: "Invalid contact id: choose an address from your address book.",
    contact_created_no_id:
      "The contact was created but no id was returned. Please reload the page and choose it again.",
    choose_method: "Choose a payment method.",
    payment_method_not_found: "That saved card no longer exists. Choose another one.",
    not_available: "A domain in your cart is no longer available: {{message}}",
    already_being_registered:
      "A domain in your cart is being registered by someone else right now. Remove it and try again.",
    order_in_progress: "This cart is already being paid for.",
    cart_empty: "Your cart is empty.",
    pricing_unavailable: "Prices could not be loaded. The purchase is disabled; please contact support.",
    item_not_supported: "An item in your cart cannot be bought online yet. Remove it to continue.",
    invalid_request: "The checkout form was incomplete. Please check it and try again.",
    verify_first: "Verify your email address before you check out.",
    unknown_intent: "This form action is not known. Please reload the page and try again.",
  },
  status: {
    metaTitle: "Order {{number}} — Trinity",
    title: "Order {{number}}",
    progressLabel: "Payment progress",
    steps: {
      pending: "Pending",
      processing: "Processing",
      completed: "Completed",
      failed: "Failed",
    },
    current: "current step",
    done: "done",
    pending: "Waiting for the payment to be confirmed…",
    processing: "Payment received. Registering your order with the registry…",
    completed: "Payment completed. Thank you! A receipt has been sent to your email.",
    completedWithRefunds: "Payment completed, but some items could not be carried out and were refunded.",
    authorized: "Your card is authorised, not charged yet. Asking the registry…",
    completedPartly:
      "Completed. You were charged {{amount}} for the items carried out; the others were not charged and the hold on your card for them was released.",
    released: "The order could not be completed. You were not charged; the hold on your card was released.",
    reasons: {
      invalid_auth_code:
        "The registry did not accept the auth code. Check it with the current registrar, correct it in your cart and try again.",
      other: "The registry refused the transfer.",
    },
    failed: "The payment did not go through. Nothing was charged.",
    refunded: "This order was refunded.",
    cancelled: "This order was cancelled. Nothing was charged.",
    checking: "This page updates by itself.",
    refresh: "Check again",
    authenticate: "Complete the 3-D Secure check",
    tryAgain: "Try again",
    myDomains: "Go to my domains",
    invoice: "View invoice",
    billing: "Payments and invoices",
    item: {
      pending: "Waiting",
      fulfilling: "In progress",
      completed: "Done",
      failed: "Failed",
      refunded: "Refunded",
      notCharged: "Failed — not charged",
    },
    operation: {
      registration: "Registration",
      transfer: "Transfer",
      renewal: "Renewal",
      restore: "Restore",
      bulk_purchase: "Registration",
    },
    years_one: "{{count}} year",
    years_other: "{{count}} years",
    cycles: {
      monthly: "1 month (monthly)",
      quarterly: "3 months (quarterly)",
      annually: "12 months (annually)",
      biennially: "24 months (biennially)",
    },
    paidWith: "Paid with {{brand}} ending in {{last4}}",
    summary: "Summary",
    subtotal: "Subtotal",
    discount: "Discount ({{code}})",
    tax: "Tax",
    total: "Total",
    refundedAmount: "Refunded",
  },
  threeDs: {
    metaTitle: "3-D Secure check — Trinity",
    title: "3-D Secure check",
    intro:
      "Test payments: this page stands in for your bank's check. Confirm or refuse the payment of {{amount}} with {{card}}.",
    complete: "Complete authentication",
    fail: "Fail authentication",
    done: "This check is finished.",
    back: "Back to the order",
  },
};

export default checkout;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CheckoutResources = Widen<typeof checkout>;
