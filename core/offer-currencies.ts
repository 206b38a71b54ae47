// The currencies an offer on a taken domain may be made in, apart from the offer's zod schema
// (domain-offer.ts, which re-exports them): the search page renders the form without loading zod.

export const OFFER_CURRENCIES = ["USD", "EUR", "GBP", "TRY"] as const;
