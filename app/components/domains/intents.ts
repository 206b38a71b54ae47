/**
 * The named intents of the domain pages' forms, shared by the forms (app/components/domains) and
 * the actions (app/server/*.server.ts): a form posts one of these, the action `switch`es on it
 * and answers 400 for anything else.
 */

/** One domain's page (issue 14): renew/restore, lock, the three switches, nameservers, delete. */
export const DOMAIN_INTENTS = {
  renew: "renew",
  lock: "lock",
  autoRenew: "auto-renew",
  privacy: "whois-privacy",
  dnssec: "dnssec",
  nameservers: "nameservers",
  delete: "delete",
} as const;

/** The DNS editor: add/edit a record, delete one, roll the zone back, import a zone file. */
export const DNS_INTENTS = {
  save: "save",
  delete: "delete",
  rollback: "rollback",
  import: "import",
  importPreview: "import-preview",
} as const;

/** The transfer-in wizard: the auth code step to Review, Review to Payment. */
export const TRANSFER_INTENTS = { review: "review", pay: "pay" } as const;

/** My domains: a new private calendar link. */
export const MY_DOMAINS_INTENTS = { calendar: "calendar" } as const;
