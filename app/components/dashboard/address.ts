import type { AddressView } from "../../../workers/api/contract/account";

/** An address-book entry as GET /api/v1/account/addresses answers it (SPEC §3 Address). */
export type Address = AddressView;

/** The intents of the address book's one action (house style: named intents, 400 otherwise). */
export const ADDRESS_INTENTS = {
  create: "create-address",
  update: "update-address",
  makeDefault: "make-default-address",
  delete: "delete-address",
} as const;

export const fullName = (address: Pick<Address, "firstName" | "lastName">) =>
  `${address.firstName} ${address.lastName}`;
