/**
 * The registry port (DESIGN §5): what a registrar asks a registry. Checkout, transfers and the
 * dashboard call only this interface; `createRegistry()` (./index.ts) picks the implementation —
 * the simulated registry on D1 by default, or the HTTPS registrar/EPP gateway.
 *
 * Conventions:
 * - Names are ASCII (A-label) fully qualified names in lower case, "label.tld" ("bücher.de" is
 *   "xn--bcher-kva.de"), already validated by the caller. A name the adapter cannot even parse
 *   is a programming error and rejects with RegistryError("invalid_input").
 * - Times are UTC ISO 8601 strings (`Date.prototype.toISOString()`), money integer cents (USD).
 * - Every failure the caller should show to a person is a RegistryError with a stable `code`;
 *   anything else is a bug.
 */

/** Why a name cannot be registered. */
export type RegistryUnavailableReason = "registered" | "reserved" | "unsupported_tld";

export interface RegistryCheck {
  name: string;
  available: boolean;
  reason?: RegistryUnavailableReason;
  /**
   * The name is on the registry's premium list. Reported for available and registered names
   * alike (a registered premium name also renews at its premium renewal price), never for
   * reserved names or unsupported extensions.
   */
  premium: boolean;
  /** First-year price of a premium name (replaces the catalogue's registration price). */
  premiumPriceCents?: number;
  /** Yearly renewal price of a premium name when it differs from the catalogue's renewal price. */
  premiumRenewalCents?: number;
}

/**
 * A domain's status as the registry sees it: the SPEC §4 domain status values that a registry
 * can know. `expiring_soon` = active with 30 days or less left. After expiry the name is in
 * `grace_period` (renew at the normal price), then `redemption` (restore with a fee), then
 * `pending_delete`, then it is released and `info()` answers null. The storefront's own states
 * (`pending` while payment is processed, `pending_manual_intervention`, `transferred_out`,
 * `expired` as a label) live in its own tables. `pending` is reported only by the real
 * registry (EPP pendingCreate), `deleted` only by the gateway adapter when a delete purged the
 * name at once.
 */
export type RegistryDomainStatus =
  | "active"
  | "expiring_soon"
  | "pending"
  | "pending_transfer"
  | "transfer_out_pending"
  | "grace_period"
  | "redemption"
  | "pending_delete"
  | "deleted"
  | "suspended";

export interface RegistryDomainInfo {
  name: string;
  status: RegistryDomainStatus;
  /** Name of the sponsoring registrar ("MarkMonitor Inc."; ours when `heldHere`). */
  registrar: string;
  createdAt: string;
  /** Current expiry. Names held elsewhere auto-renew at the registry, as gTLDs do. */
  expiresAt: string;
  updatedAt: string;
  /** Date of the last completed transfer, if any. */
  transferredAt?: string;
  /** Registrar lock (EPP clientTransferProhibited): transfers away are refused while set. */
  locked: boolean;
  /** False for names the registry will not transfer at all (serverTransferProhibited). */
  transferable: boolean;
  /** Registered through us (we are the sponsoring registrar). */
  heldHere: boolean;
  /**
   * Our user who holds it; only for names held here, and only when the registry can say (the
   * gateway leaves it out for a registrant contact it cannot map back): use `heldBy`.
   */
  ownerId?: string;
  nameservers: string[];
  /** The DS records the registry publishes for the name (secDNS), when it answered them. */
  ds?: string[];
  /**
   * The most years `renew()` accepts right now: expiry + years may not pass now + 10 years
   * (SPEC §5). 0 when the name cannot be renewed (not held here, redemption, pending delete,
   * transfer pending, already 10 years ahead).
   */
  maxRenewalYears: number;
  /** When renewal at the normal price ends (set from expiry on, while the name is recoverable). */
  graceEndsAt?: string;
  /** When restore stops being possible. */
  redemptionEndsAt?: string;
  /** When the name is released and becomes available to everyone again. */
  releasesAt?: string;
}

/**
 * Transfer state. `in` = a name moving to us (we asked); `out` = a name held here that another
 * registrar asked for. `resolvedBy` says who settled it: "client" (a registrar acted: approve,
 * reject, cancel) or "server" (the registry approved it when the 5-day window ran out).
 */
export type RegistryTransferStatus = "pending" | "approved" | "rejected" | "cancelled";

export interface RegistryTransfer {
  name: string;
  direction: "in" | "out";
  status: RegistryTransferStatus;
  resolvedBy?: "client" | "server";
  /** The registrar taking the name (EPP reID). */
  gainingRegistrar: string;
  /** The registrar giving it up (EPP acID). */
  losingRegistrar: string;
  requestedAt: string;
  /** When the registry approves a still-pending transfer by itself (EPP acDate). */
  actionBy: string;
  resolvedAt?: string;
  /** Years added on approval (always 1, SPEC §5/§9). */
  years: number;
  /** The expiry once approved: projected while pending, actual after (EPP exDate). */
  expiresAt: string;
  /** Our user who asked for an incoming transfer. */
  ownerId?: string;
}

/**
 * The registrant as a person or company (the storefront's address-book entry that the order
 * snapshots): what a real registry's contact object (RFC 5733) is made from. The simulated
 * registry keeps only `ownerId` and ignores it.
 */
export interface RegistryContact {
  /** Full name ("Ada Lovelace"). */
  name: string;
  org?: string;
  /** 1–3 street lines. */
  street: string[];
  city: string;
  /** State or province. */
  state?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** As the customer typed it ("+33 1 23 45 67 89"); the gateway adapter writes EPP's +CC.NUMBER. */
  phone?: string;
  email: string;
}

export interface RegistryCreateInput {
  name: string;
  /** 1…10 (SPEC §5), and at most the extension's own maximum when the caller knows it. */
  years: number;
  ownerId: string;
  /** The registrant contact the registry records (a real registry needs one; optional for the simulated one). */
  registrant?: RegistryContact;
  /** Empty or absent: registered without nameservers (the caller sets its defaults). */
  nameservers?: string[];
  /** Registrar lock, on by default as at most registrars. */
  locked?: boolean;
}

export interface RegistryRenewInput {
  name: string;
  years: number;
  /**
   * The expiry the caller saw (ISO date or date-time). Only the date (UTC) is compared, as EPP's
   * curExpDate: a mismatch means the caller's view is stale and the renewal is refused, so a
   * retried request never renews twice.
   */
  currentExpiry: string;
}

export interface RegistryTransferInput {
  name: string;
  authCode: string;
  /** Must be 1: a transfer adds one year (SPEC §5), capped so that expiry stays ≤ 10 years ahead. */
  years: number;
  ownerId: string;
  /** The registrant contact the name takes on with us (see RegistryCreateInput). */
  registrant?: RegistryContact;
}

export interface RegistryAdapter {
  /** Many names at once (up to 1000), answered in input order. */
  check(names: string[]): Promise<RegistryCheck[]>;
  /** One label across many TLDs (the whole catalogue, ~730) in one or two indexed queries. Answered in the given TLD order. */
  checkLabel(label: string, tlds: string[]): Promise<RegistryCheck[]>;
  /** The registry's record of a registered name; null when the name is not registered (or was released). */
  info(name: string): Promise<RegistryDomainInfo | null>;
  /** Registers an available name for `ownerId`. */
  create(input: RegistryCreateInput): Promise<RegistryDomainInfo>;
  /** Renews a name held here (also in the grace period) by `years`. */
  renew(input: RegistryRenewInput): Promise<RegistryDomainInfo>;
  /** Asks for a name held elsewhere to move to us. */
  transferRequest(input: RegistryTransferInput): Promise<RegistryTransfer>;
  /** The latest transfer of the name (pending or settled), or null when there never was one. */
  transferQuery(name: string): Promise<RegistryTransfer | null>;
  /**
   * Answer a pending transfer. In EPP only the losing registrar may; the simulated registry
   * also accepts them for incoming transfers, standing in for the losing side, so the whole
   * flow can be tried locally.
   */
  transferApprove(name: string): Promise<RegistryTransfer>;
  transferReject(name: string): Promise<RegistryTransfer>;
  /** Withdraw our own pending incoming transfer. */
  transferCancel(name: string): Promise<RegistryTransfer>;
  setLock(name: string, locked: boolean): Promise<RegistryDomainInfo>;
  /** Replaces the nameservers (1–13 host names, ASCII). */
  setNameservers(name: string, nameservers: string[]): Promise<RegistryDomainInfo>;
  /**
   * Replaces the DS records of a name held here (RFC 5910 secDNS, DS data interface: each
   * "keyTag algorithm digestType digest"); [] removes them, which unsigned delegation needs first.
   */
  setDsRecords(name: string, ds: string[]): Promise<RegistryDomainInfo>;
  /** The transfer auth code (EPP authInfo) of a name held here. */
  getAuthCode(name: string): Promise<string>;
  /** Deletes a name held here: it goes into redemption (restorable for 30 days), then pending delete. */
  delete(name: string): Promise<RegistryDomainInfo>;
  /** Restores a name held here from redemption (the caller charges the restore fee). */
  restore(name: string): Promise<RegistryDomainInfo>;
}

export type RegistryErrorCode =
  /** No such registered name (EPP 2303). */
  | "not_found"
  /** The name cannot be registered: taken or reserved (EPP 2302, 2306 on create). */
  | "not_available"
  /** The registry refuses to move this name (serverTransferProhibited; recently registered or transferred; EPP 2106). */
  | "not_transferable"
  /** The name is locked at its registrar (clientTransferProhibited; EPP 2304 on transfer). */
  | "locked"
  /** Wrong transfer auth code (EPP 2202). */
  | "invalid_auth_code"
  /** Years outside what the operation allows (EPP 2004 on period, 2105, 2306 on renew/transfer). */
  | "invalid_period"
  /** The name's state forbids the operation (EPP 2304, 2301, 2308). */
  | "invalid_state"
  /** A transfer is already pending for the name (EPP 2300). */
  | "pending_transfer"
  /** The operation needs a name held here and it is held elsewhere (EPP 2201). */
  | "not_held_here"
  /** Transfer request for a name that is already held here. */
  | "already_held_here"
  /** Input the caller should have rejected: malformed name, nameserver, auth code, date (EPP 2001/2003/2005). */
  | "invalid_input"
  /** The registry cannot be reached or is misconfigured; try again later. */
  | "unavailable";

export class RegistryError extends Error {
  override readonly name = "RegistryError";

  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    /** The EPP result code behind it, when a real registry answered. */
    readonly eppCode?: number,
  ) {
    super(message);
  }
}

export function isRegistryError(error: unknown, code?: RegistryErrorCode): error is RegistryError {
  return error instanceof RegistryError && (code === undefined || error.code === code);
}

/**
 * Whether the registry's record gives the name to this user of ours: held here, and for this owner
 * when the registry names one. A gateway that cannot name the owner (it knows only the registrant
 * contact, e.g. after losing its owner map) leaves `ownerId` out; our own records decide then, so a
 * name is never taken for transferred out for want of an owner id.
 */
export function heldBy(info: RegistryDomainInfo | null | undefined, userId: string): info is RegistryDomainInfo {
  return Boolean(info?.heldHere) && (info?.ownerId === undefined || info.ownerId === userId);
}
