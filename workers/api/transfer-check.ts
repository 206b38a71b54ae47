// Can this name move to us (SPEC §5, §8)? The checks a transfer request meets before payment,
// shared by the transfer-check route and the cart's POST /cart/items (workers/api/routes/).
import type { NotTransferableReason } from "../../core/transfer";
import { addYears, MAX_YEARS, TRANSFER_LOCK_DAYS } from "./adapters/registry";
import { isRegistryError, type RegistryDomainInfo } from "./adapters/registry";
import type { CatalogueRow } from "../../core/catalogue";
import type { CatalogueIndex } from "./db/catalogue";
import { ApiError } from "./errors";
import type { ApiServices } from "./services";
import { parseSearchName } from "./search-name";
import type { ParsedDomainName } from "../../core/domain-name";

const DAY_MS = 86_400_000;

export interface TransferableName {
  name: ParsedDomainName;
  row: CatalogueRow;
  info: RegistryDomainInfo;
}

function notTransferable(name: ParsedDomainName, reason: NotTransferableReason, message: string): ApiError {
  return new ApiError(409, "not_transferable", `${name.unicode} cannot be transferred now: ${message}`, [
    { path: "domain", message: reason },
  ]);
}

/** Turns the domain parser's refusals into the wizard's two: invalid domain, extension not supported. */
function parseTransferName(input: string, catalogue: CatalogueIndex): ParsedDomainName {
  try {
    return parseSearchName(input, catalogue);
  } catch (error) {
    if (error instanceof ApiError && error.code !== "unknown_extension") {
      throw new ApiError(400, "invalid_domain", "Invalid domain.", error.errors);
    }
    throw error;
  }
}

/**
 * Every check a transfer request meets before payment (SPEC §5, §8), in the order a customer
 * can act on them. The auth code itself is checked by the registry at the transfer request.
 */
export async function assertTransferable(
  services: ApiServices,
  catalogue: CatalogueIndex,
  input: string,
): Promise<TransferableName> {
  const name = parseTransferName(input, catalogue);
  const row = catalogue.byTld.get(name.tld);
  if (!row) throw new ApiError(400, "unknown_extension", "This extension is not supported.");
  if (row.transfer_cents <= 0)
    throw new ApiError(409, "pricing_unavailable", `Transfer pricing is not available for .${row.display}.`);

  let info: RegistryDomainInfo | null;
  let pendingIn = false;
  try {
    info = await services.registry.info(name.ascii);
    if (info) {
      const transfer = await services.registry.transferQuery(name.ascii);
      pendingIn = transfer?.status === "pending";
    }
  } catch (error) {
    if (isRegistryError(error, "unavailable"))
      throw new ApiError(503, "server_error", "The registry cannot be reached. Please try again later.");
    throw error;
  }
  if (!info)
    throw new ApiError(
      409,
      "not_registered",
      `${name.unicode} is not registered, so it cannot be transferred. You can register it instead.`,
    );
  if (info.heldHere)
    throw new ApiError(409, "already_registered_here", `${name.unicode} is already registered with us.`);
  if (!info.transferable)
    throw new ApiError(
      409,
      "corporate_domain",
      `${name.unicode} is a protected corporate domain and cannot be transferred.`,
    );
  if (pendingIn || info.status === "pending_transfer")
    throw notTransferable(name, "pending_transfer", "a transfer is already pending.");
  if (!["active", "expiring_soon", "grace_period"].includes(info.status))
    throw notTransferable(name, "state", `its status at the registry is ${info.status}.`);

  const now = services.now();
  const since =
    [info.createdAt, info.transferredAt]
      .filter((value): value is string => Boolean(value))
      .sort()
      .at(-1) ?? info.createdAt;
  const allowedFrom = new Date(Date.parse(since) + TRANSFER_LOCK_DAYS * DAY_MS);
  if (now < allowedFrom) {
    throw notTransferable(
      name,
      "too_soon",
      `it was registered or transferred less than ${TRANSFER_LOCK_DAYS} days ago (possible from ${allowedFrom.toISOString().slice(0, 10)}).`,
    );
  }
  if (addYears(info.expiresAt, 1) > addYears(now.toISOString(), MAX_YEARS)) {
    throw notTransferable(
      name,
      "ten_years",
      `a transfer adds one year and the registration cannot exceed ${MAX_YEARS} years.`,
    );
  }
  if (info.locked)
    throw new ApiError(
      409,
      "locked_at_registrar",
      `${name.unicode} is locked at ${info.registrar}. Unlock it there first.`,
    );
  return { name, row, info };
}
