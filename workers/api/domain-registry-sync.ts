// A customer's domain row brought in line with the registry (the authority on dates, lock,
// nameservers and who holds the name): the "my domains" routes and the lifecycle job both use it;
// and what the registry says of a name, as the API shows it (search results and "my domains").
import type { RegistryDomainInfo } from "./adapters/registry";
import { updateUserDomain, type UserDomainRow } from "./db/user-domains";

/**
 * Brings the stored row in line with the registry (the authority on dates, lock and
 * nameservers) for a name this user holds here. Returns the row after.
 */
export async function syncWithRegistry(
  db: D1Database,
  row: UserDomainRow,
  info: RegistryDomainInfo | null,
  now: Date,
): Promise<UserDomainRow> {
  if (!info) return row;
  if (!info.heldHere || info.ownerId !== row.user_id) {
    // A name of ours that the registry now gives to another registrar (approved, or after 5 days): transferred out.
    if (row.status === "active" || row.status === "transfer_out_pending") {
      return (
        (await updateUserDomain(db, row.user_id, row.id, { status: "transferred_out", auto_renew: 0 }, now)) ?? row
      );
    }
    return row;
  }
  const nameservers = JSON.stringify(info.nameservers);
  const locked = info.locked ? 1 : 0;
  const settled =
    row.status === "pending" || row.status === "pending_transfer" || row.status === "transfer_out_pending"
      ? "active"
      : row.status;
  const status = info.status === "transfer_out_pending" ? "transfer_out_pending" : settled;
  // A restored name is out of redemption: its delete date no longer counts.
  const deletedAt = info.status === "redemption" || info.status === "pending_delete" ? row.deleted_at : null;
  if (
    row.expires_at === info.expiresAt &&
    row.locked === locked &&
    row.nameservers === nameservers &&
    row.status === status &&
    row.registered_at !== null &&
    row.deleted_at === deletedAt
  )
    return row;
  return (
    (await updateUserDomain(
      db,
      row.user_id,
      row.id,
      {
        expires_at: info.expiresAt,
        locked,
        nameservers,
        status,
        registered_at: row.registered_at ?? info.createdAt,
        deleted_at: deletedAt,
      },
      now,
    )) ?? row
  );
}

/** What the registry says of a name as the API shows it (RegistrationSummary; "my domains" adds to it). */
export function registrationSummary(info: RegistryDomainInfo) {
  return {
    status: info.status,
    registrar: info.registrar,
    created_at: info.createdAt,
    expires_at: info.expiresAt,
    locked: info.locked,
    transferable: info.transferable,
    held_here: info.heldHere,
  };
}
