// A customer's domain row brought in line with the registry (the authority on dates, lock,
// nameservers and who holds the name): the "my domains" routes and the lifecycle job both use it;
// and what the registry says of a name, as the API shows it (search results and "my domains").
import { PENDING_DELETE_DAYS, REDEMPTION_DAYS } from "../../core/my-domains";
import { heldBy, type RegistryDomainInfo } from "./adapters/registry";
import { updateUserDomain, type UserDomainRow } from "./db/user-domains";

const DAY_MS = 86_400_000;

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
  if (!heldBy(info, row.user_id)) {
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
  // A restored name is out of redemption: its delete date no longer counts. A name the registry
  // put into redemption before its expiry was deleted there (a deletion notice, a delete whose
  // answer was lost): it gets the registry's date of that change, as our own delete would.
  const deleted = info.status === "redemption" || info.status === "pending_delete";
  const deletedEarly = deleted && row.deleted_at === null && Date.parse(info.expiresAt) > now.getTime();
  const deletedAt = deleted ? (deletedEarly ? info.updatedAt : row.deleted_at) : null;
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

/**
 * A name of ours that the registry released (purged: `info` answers null after a deletion notice)
 * is `deleted` for the customer: its delete date is set back past redemption and pending delete,
 * which is how the stored row says "deleted" (core/my-domains domainStatusOf). Only for a row
 * still `active` (a pending transfer or a name gone elsewhere has its own status).
 */
export async function markReleased(db: D1Database, row: UserDomainRow, now: Date): Promise<UserDomainRow> {
  if (row.status !== "active") return row;
  const released = new Date(now.getTime() - (REDEMPTION_DAYS + PENDING_DELETE_DAYS) * DAY_MS - 1).toISOString();
  if (row.deleted_at !== null && row.deleted_at <= released) return row;
  return (await updateUserDomain(db, row.user_id, row.id, { deleted_at: released, auto_renew: 0 }, now)) ?? row;
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
