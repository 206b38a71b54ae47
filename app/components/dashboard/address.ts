/** An address-book entry as GET /api/v1/account/addresses answers it (SPEC §3 Address). */
export type Address = {
  id: string;
  firstName: string;
  lastName: string;
  organization: string | null;
  address: string;
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  isDefault: boolean;
  created_at: string;
  updated_at: string;
};

/** The intents of the address book's one action (house style: named intents, 400 otherwise). */
export const ADDRESS_INTENTS = {
  create: "create-address",
  update: "update-address",
  makeDefault: "make-default-address",
  delete: "delete-address",
} as const;

export const fullName = (address: Pick<Address, "firstName" | "lastName">) => `${address.firstName} ${address.lastName}`;
