import type { AddressInput } from "../../../core/auth/schemas";

interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  organization: string | null;
  address: string;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  is_default: number;
  contact_id: number;
  created_at: string;
  updated_at: string;
}

/** SPEC §3 Address as the API answers it. */
export interface AddressView {
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
  /** The numeric registrant contact id used for domain operations (SPEC §3, §5). */
  contactId: number;
  created_at: string;
  updated_at: string;
}

function toView(row: AddressRow): AddressView {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    organization: row.organization,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
    email: row.email,
    isDefault: row.is_default === 1,
    contactId: row.contact_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listAddresses(db: D1Database, userId: string): Promise<AddressView[]> {
  const { results } = await db
    .prepare("SELECT * FROM addresses WHERE user_id = ?1 ORDER BY is_default DESC, created_at, id")
    .bind(userId)
    .all<AddressRow>();
  return results.map(toView);
}

export async function getAddress(db: D1Database, userId: string, id: string): Promise<AddressView | null> {
  const row = await db
    .prepare("SELECT * FROM addresses WHERE id = ?1 AND user_id = ?2")
    .bind(id, userId)
    .first<AddressRow>();
  return row ? toView(row) : null;
}

const clearDefault = (db: D1Database, userId: string) =>
  db.prepare("UPDATE addresses SET is_default = 0 WHERE user_id = ?1").bind(userId);

/** The columns ?3 … ?13 of the insert and the update: first_name … email, is_default. */
function addressColumns(input: AddressInput, isDefault: boolean) {
  return [
    input.firstName,
    input.lastName,
    input.organization,
    input.address,
    input.city,
    input.state,
    input.postalCode,
    input.country,
    input.phone,
    input.email,
    isDefault ? 1 : 0,
  ];
}

/** Adds an address; the first one, or one marked default, becomes the only default. */
export async function createAddress(
  db: D1Database,
  userId: string,
  input: AddressInput,
  now: Date,
): Promise<AddressView> {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const count = await db
    .prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?1")
    .bind(userId)
    .first<number>("n");
  const isDefault = input.isDefault || count === 0;
  await db.batch([
    ...(isDefault ? [clearDefault(db, userId)] : []),
    db
      .prepare(
        `INSERT INTO addresses (id, user_id, first_name, last_name, organization, address, city, state, postal_code, country, phone, email, is_default, created_at, updated_at, contact_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14, (SELECT COALESCE(MAX(contact_id), 100000) + 1 FROM addresses))`,
      )
      .bind(id, userId, ...addressColumns(input, isDefault), at),
  ]);
  const created = await getAddress(db, userId, id);
  if (!created) throw new Error("address vanished after insert");
  return created;
}

/** Replaces an address of this user; null when it is not theirs. */
export async function updateAddress(
  db: D1Database,
  userId: string,
  id: string,
  input: AddressInput,
  now: Date,
): Promise<AddressView | null> {
  const existing = await getAddress(db, userId, id);
  if (!existing) return null;
  const isDefault = input.isDefault || existing.isDefault;
  await db.batch([
    ...(isDefault ? [clearDefault(db, userId)] : []),
    db
      .prepare(
        `UPDATE addresses SET first_name = ?3, last_name = ?4, organization = ?5, address = ?6, city = ?7, state = ?8, postal_code = ?9,
           country = ?10, phone = ?11, email = ?12, is_default = ?13, updated_at = ?14 WHERE id = ?1 AND user_id = ?2`,
      )
      .bind(id, userId, ...addressColumns(input, isDefault), now.toISOString()),
  ]);
  return getAddress(db, userId, id);
}

export async function setDefaultAddress(
  db: D1Database,
  userId: string,
  id: string,
  now: Date,
): Promise<AddressView | null> {
  if (!(await getAddress(db, userId, id))) return null;
  await db.batch([
    clearDefault(db, userId),
    db
      .prepare("UPDATE addresses SET is_default = 1, updated_at = ?3 WHERE id = ?1 AND user_id = ?2")
      .bind(id, userId, now.toISOString()),
  ]);
  return getAddress(db, userId, id);
}

/** Deletes an address of this user; when it was the default, the oldest remaining one takes over. */
export async function deleteAddress(db: D1Database, userId: string, id: string): Promise<boolean> {
  const existing = await getAddress(db, userId, id);
  if (!existing) return false;
  await db.prepare("DELETE FROM addresses WHERE id = ?1 AND user_id = ?2").bind(id, userId).run();
  if (existing.isDefault) {
    await db
      .prepare(
        "UPDATE addresses SET is_default = 1 WHERE id = (SELECT id FROM addresses WHERE user_id = ?1 ORDER BY created_at, id LIMIT 1)",
      )
      .bind(userId)
      .run();
  }
  return true;
}

/** The user's address with this numeric contact id, or null (unknown, or someone else's). */
export async function getAddressByContactId(
  db: D1Database,
  userId: string,
  contactId: number,
): Promise<AddressView | null> {
  const row = await db
    .prepare("SELECT * FROM addresses WHERE contact_id = ?1 AND user_id = ?2")
    .bind(contactId, userId)
    .first<AddressRow>();
  return row ? toView(row) : null;
}
