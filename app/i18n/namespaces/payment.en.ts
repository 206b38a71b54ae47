/**
 * English texts of the "payment" namespace: the card form (app/components/payment/card-form.tsx)
 * and every SPEC §8 "Payment" error, keyed by the stable codes of core/payments/card.ts and the
 * payments port (`errors.<code>`). Shared by the billing pages and the checkout.
 */
const payment = {
  card: {
    legend: "Card details",
    number: "Card number",
    numberHint: "The 13 to 19 digits on the front of the card.",
    expiry: "Expiry date (MM / YY)",
    cvc: "Security code (CVC)",
    cvcHint: "3 digits on the back, 4 on the front for American Express.",
    name: "Name on the card (optional)",
    nameTooLong: "The name on the card can be at most 100 characters.",
    testHint:
      "Test payments: no real card is charged. Use 4242 4242 4242 4242 with any future date and any 3-digit code.",
    secretsCleared: "For your security, enter the card number and security code again.",
  },
  stripe: {
    loading: "Loading the secure card field…",
    needsJs:
      "The secure card field is provided by Stripe and needs JavaScript. Please turn JavaScript on to add a card, or use a card you have already saved.",
  },
  brands: {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
    diners: "Diners Club",
    jcb: "JCB",
    unionpay: "UnionPay",
    unknown: "Card",
  },
  errors: {
    payment_failed: "The payment failed. Please try again or use another card.",
    card_declined: "Your card was declined.",
    insufficient_funds: "Your card has insufficient funds.",
    expired_card: "Your card has expired.",
    incorrect_cvc: "Your card's security code is incorrect.",
    processing_error: "An error occurred while processing your card. Please try again.",
    incomplete_number: "Your card number is incomplete.",
    invalid_number: "Your card number is invalid.",
    incomplete_expiry: "Your card's expiry date is incomplete.",
    incomplete_cvc: "Your card's security code is incomplete.",
    three_d_secure_failed: "3-D Secure authentication failed. Please try again or use another card.",
    authentication_required: "Your bank asks you to confirm this payment (authentication required).",
    network_error: "Network error: unable to reach the payment service. Please try again.",
    not_initialized: "The payment system is not ready. Please refresh the page.",
    payment_start_failed: "The payment could not be started. Please try again.",
    address_save_failed: "The address could not be saved.",
    invalid_address: "The address is not valid.",
    server_error: "Server error. Please try again later.",
  },
};

export default payment;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PaymentResources = Widen<typeof payment>;
