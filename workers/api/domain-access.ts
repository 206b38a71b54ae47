// Access to a customer's domain by the name in a path: theirs, or 404 as if it did not exist.
import { parseDomainName } from "../../core/domain-name";
import { domainStatusOf, isManageable } from "../../core/my-domains";
import { findUserDomain, type UserDomainRow } from "./db/user-domains";
import { ApiError } from "./errors";

export const domainNotFound = () => new ApiError(404, "domain_not_found", "No such domain in your account.");

/** A path's domain ("Bücher.com", "xn--bcher-kva.com") → its registry form; anything else is not a domain of ours (404). */
export function domainParam(raw: string): string {
  const parsed = parseDomainName(raw);
  if (!parsed.ok) throw domainNotFound();
  return parsed.name.ascii;
}

/** This user's domain by name (path), or 404. */
export async function ownDomain(db: D1Database, userId: string, raw: string): Promise<UserDomainRow> {
  const row = await findUserDomain(db, userId, domainParam(raw));
  if (!row) throw domainNotFound();
  return row;
}

/** Settings and DNS change only while the name is ours to manage (not deleted, transferred, pending). */
export function assertManageable(row: UserDomainRow, now: Date): void {
  const status = domainStatusOf(row, now);
  if (!isManageable(status)) {
    throw new ApiError(409, "domain_not_manageable", `${row.name} cannot be changed while its status is ${status}.`);
  }
}
