// The simulated registry's state machine: what a ledger row (migrations/0002_registry.sql) means
// at a moment, and which changes the registry allows — no database here. The SQL is in
// ./simulated-sql.ts; ./simulated.ts wires both into the registry port.
import {
  MAX_YEARS,
  TRANSFER_LOCK_DAYS,
  addDays,
  addYears,
  assertYears,
  domainStatus,
  expiryAfterTransfer,
  isoDate,
  lifecycle,
  maxRenewalYears,
  rolledExpiry,
  type LifecyclePhase,
} from "./lifecycle";
import { sameSecret, simulatedAuthCode } from "./simulated-auth-code";
import { RegistryError, type RegistryCheck, type RegistryDomainInfo, type RegistryTransfer } from "./types";

// --- rows -----------------------------------------------------------------------------------------

export interface DomainRow {
  name: string;
  label: string;
  tld: string;
  status: "active" | "suspended";
  registrar: string;
  created_at: string;
  expires_at: string;
  deleted_at: string | null;
  transferred_at: string | null;
  locked: 0 | 1;
  transferable: 0 | 1;
  held_here: 0 | 1;
  owner_id: string | null;
  auth_code: string | null;
  nameservers: string;
  /** JSON array of DS records ("keyTag alg digestType digest"), migration 0022. */
  ds: string;
  rev: string;
  updated_at: string;
}

export interface TransferRow {
  id: number;
  name: string;
  direction: "in" | "out";
  status: "pending" | "approved" | "rejected" | "cancelled";
  resolved_by: "client" | "server" | null;
  gaining_registrar: string;
  losing_registrar: string;
  owner_id: string | null;
  years: number;
  requested_at: string;
  action_by: string;
  resolved_at: string | null;
  expires_at: string | null;
}

/** A ledger row as it stands at `now`. */
export interface Standing {
  row: DomainRow;
  held: boolean;
  expiresAt: string;
  phase: Exclude<LifecyclePhase, "released">;
  pending: TransferRow | null;
}

/** Columns a change may set (the SQL names come from this list only). */
export type Changes = Partial<
  Pick<
    DomainRow,
    | "registrar"
    | "expires_at"
    | "deleted_at"
    | "transferred_at"
    | "locked"
    | "held_here"
    | "owner_id"
    | "auth_code"
    | "nameservers"
    | "ds"
  >
>;

/** What an availability check reads of a registered name. */
export interface LedgerHit {
  name: string;
  held_here: 0 | 1;
  expires_at: string;
  deleted_at: string | null;
}

/** A premium name's prices. */
export interface PremiumPrice {
  price_cents: number;
  renewal_cents: number | null;
}

// --- refusals -------------------------------------------------------------------------------------

export function notHeldHere(name: string): RegistryError {
  return new RegistryError("not_held_here", `${name} is registered with another registrar.`);
}

export function conflict(name: string): RegistryError {
  return new RegistryError("invalid_state", `${name} changed while we were updating it; please try again.`);
}

// --- reading --------------------------------------------------------------------------------------

/** The row at `at`: null when the name was released (its registration ran through its lifecycle). */
export function stand(row: DomainRow, latest: TransferRow | null, at: Date): Standing | null {
  const held = row.held_here === 1;
  const expiresAt = held ? row.expires_at : rolledExpiry(row.expires_at, at);
  const phase = held ? lifecycle({ expiresAt, deletedAt: row.deleted_at }, at).phase : "registered";
  if (phase === "released") return null;
  return { row, held, expiresAt, phase, pending: latest?.status === "pending" ? latest : null };
}

/**
 * A pending transfer whose 5 days ran out at `at`: the registry approves it on day 5
 * (serverApproved), settled as of that moment; a name that meanwhile went into redemption cannot
 * move (serverCancelled). Null when the latest transfer is not due.
 */
export function dueTransfer(
  row: DomainRow,
  latest: TransferRow | null,
  at: Date,
): { approve: Standing; transfer: TransferRow; when: Date } | { cancel: TransferRow } | null {
  if (latest?.status !== "pending" || at.toISOString() < latest.action_by) return null;
  const when = new Date(latest.action_by);
  const standing = stand(row, latest, when);
  if (standing !== null && (standing.phase === "registered" || standing.phase === "grace_period"))
    return { approve: standing, transfer: latest, when };
  return { cancel: latest };
}

/** A JSON array of strings (nameservers, DS records) as stored. */
function parseStringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((host): host is string => typeof host === "string") : [];
}

export function toInfo(standing: Standing, at: Date): RegistryDomainInfo {
  const { row, held, expiresAt, phase, pending } = standing;
  const status = domainStatus({
    phase,
    stored: row.status,
    pendingTransfer: pending?.direction ?? null,
    expiresAt,
    now: at,
  });
  const renewable = held && pending === null && (phase === "registered" || phase === "grace_period");
  const info: RegistryDomainInfo = {
    name: row.name,
    status,
    registrar: row.registrar,
    createdAt: row.created_at,
    expiresAt,
    updatedAt: row.updated_at,
    locked: row.locked === 1,
    transferable: row.transferable === 1,
    heldHere: held,
    nameservers: parseStringList(row.nameservers),
    ds: parseStringList(row.ds ?? "[]"),
    maxRenewalYears: renewable ? maxRenewalYears(expiresAt, at) : 0,
  };
  if (row.transferred_at !== null) info.transferredAt = row.transferred_at;
  if (held && row.owner_id !== null) info.ownerId = row.owner_id;
  if (held && phase !== "registered") {
    const { dates } = lifecycle({ expiresAt, deletedAt: row.deleted_at }, at);
    Object.assign(info, dates);
  }
  return info;
}

export function toTransfer(transfer: TransferRow, standing: Standing | null, at: Date): RegistryTransfer {
  const current = standing?.expiresAt ?? transfer.expires_at ?? transfer.action_by;
  const view: RegistryTransfer = {
    name: transfer.name,
    direction: transfer.direction,
    status: transfer.status,
    gainingRegistrar: transfer.gaining_registrar,
    losingRegistrar: transfer.losing_registrar,
    requestedAt: transfer.requested_at,
    actionBy: transfer.action_by,
    years: transfer.years,
    expiresAt:
      transfer.status === "approved"
        ? (transfer.expires_at ?? current)
        : transfer.status === "pending"
          ? expiryAfterTransfer(current, at)
          : current,
  };
  if (transfer.resolved_by !== null) view.resolvedBy = transfer.resolved_by;
  if (transfer.resolved_at !== null) view.resolvedAt = transfer.resolved_at;
  if (transfer.owner_id !== null) view.ownerId = transfer.owner_id;
  return view;
}

// --- availability ---------------------------------------------------------------------------------

function isRegistered(hit: LedgerHit | undefined, at: Date): boolean {
  if (hit === undefined) return false;
  if (hit.held_here === 0) return true;
  return lifecycle({ expiresAt: hit.expires_at, deletedAt: hit.deleted_at }, at).phase !== "released";
}

/** One name's availability from what the ledger, the reserved list, the premium list and the catalogue say. */
export function checkAnswer(
  name: string,
  facts: { supported: boolean; reserved: boolean; hit: LedgerHit | undefined; premium: PremiumPrice | undefined },
  at: Date,
): RegistryCheck {
  if (!facts.supported) return { name, available: false, reason: "unsupported_tld", premium: false };
  if (facts.reserved) return { name, available: false, reason: "reserved", premium: false };
  const result: RegistryCheck = isRegistered(facts.hit, at)
    ? { name, available: false, reason: "registered", premium: false }
    : { name, available: true, premium: false };
  if (facts.premium !== undefined) {
    result.premium = true;
    result.premiumPriceCents = facts.premium.price_cents;
    if (facts.premium.renewal_cents !== null) result.premiumRenewalCents = facts.premium.renewal_cents;
  }
  return result;
}

// --- the allowed changes --------------------------------------------------------------------------

/** A name held here and not past the grace period (redemption and pending delete refuse). */
export function assertChangeable(standing: Standing, name: string, action: string): void {
  if (!standing.held) throw notHeldHere(name);
  if (standing.phase === "redemption" || standing.phase === "pending_delete") {
    throw new RegistryError(
      "invalid_state",
      standing.phase === "redemption"
        ? `${name} is in redemption: restore it before you ${action}.`
        : `${name} is pending deletion: it can no longer be changed.`,
    );
  }
}

/** The row after an approved transfer: ours (locked, a new auth code) or the gaining registrar's. */
export function approvedTransferChanges(
  standing: Standing,
  transfer: TransferRow,
  at: Date,
  ourRegistrar: string,
  newAuthCode: string,
): { changes: Changes; expiresAt: string } {
  const expiresAt = expiryAfterTransfer(standing.expiresAt, at);
  const when = at.toISOString();
  const changes: Changes =
    transfer.direction === "in"
      ? {
          registrar: ourRegistrar,
          held_here: 1,
          owner_id: transfer.owner_id,
          auth_code: newAuthCode,
          locked: 1,
          expires_at: expiresAt,
          deleted_at: null,
          transferred_at: when,
        }
      : {
          registrar: transfer.gaining_registrar,
          held_here: 0,
          owner_id: null,
          auth_code: null,
          locked: 0,
          expires_at: expiresAt,
          deleted_at: null,
          transferred_at: when,
        };
  return { changes, expiresAt };
}

/** The pending transfer an approve, reject or cancel settles (a cancel only of a transfer in). */
export function settleableTransfer(
  standing: Standing,
  latest: TransferRow | null,
  name: string,
  outcome: "approve" | "reject" | "cancel",
): TransferRow {
  const pending = standing.pending;
  if (pending === null) {
    throw new RegistryError(
      "invalid_state",
      `${name} has no pending transfer${latest ? ` (the last one was ${latest.status})` : ""}.`,
    );
  }
  if (outcome === "cancel" && pending.direction !== "in") {
    throw new RegistryError(
      "invalid_state",
      `The transfer of ${name} was asked for by ${pending.gaining_registrar}; only they can cancel it (reject it instead).`,
    );
  }
  return pending;
}

/** The refusals a transfer request meets at the registry, in EPP's order: state, policy, lock, auth code. */
export async function assertTransferable(standing: Standing, authCode: string, at: Date): Promise<void> {
  const { row } = standing;
  if (typeof authCode !== "string" || authCode.trim() === "") {
    throw new RegistryError("invalid_input", "The transfer auth code (EPP code) is required.");
  }
  if (standing.pending !== null) {
    throw new RegistryError("pending_transfer", `A transfer of ${row.name} is already pending.`);
  }
  if (standing.phase !== "registered" && standing.phase !== "grace_period") {
    throw new RegistryError("invalid_state", `${row.name} is being deleted and cannot be transferred.`);
  }
  if (row.status === "suspended") {
    throw new RegistryError("invalid_state", `${row.name} is suspended and cannot be transferred.`);
  }
  if (row.transferable === 0) {
    throw new RegistryError(
      "not_transferable",
      `${row.name} is protected at the registry (serverTransferProhibited) and cannot be transferred.`,
    );
  }
  const since =
    row.transferred_at !== null && row.transferred_at > row.created_at ? row.transferred_at : row.created_at;
  if (at.toISOString() < addDays(since, TRANSFER_LOCK_DAYS)) {
    throw new RegistryError(
      "not_transferable",
      `${row.name} was registered or transferred less than ${TRANSFER_LOCK_DAYS} days ago; it can be transferred from ${addDays(since, TRANSFER_LOCK_DAYS).slice(0, 10)}.`,
    );
  }
  if (row.locked === 1) {
    throw new RegistryError(
      "locked",
      `${row.name} is locked at ${row.registrar}: the holder must unlock it there before it can be transferred.`,
    );
  }
  const expected = row.auth_code ?? (await simulatedAuthCode(row.name));
  if (!sameSecret(authCode.trim(), expected)) {
    throw new RegistryError("invalid_auth_code", `The auth code for ${row.name} is not correct.`);
  }
}

/** The expiry after renewing for `years`, once the renewal is allowed (the expiry the caller saw, at most 10 years ahead). */
export function renewedExpiry(
  standing: Standing,
  name: string,
  input: { years: number; currentExpiry: string },
  at: Date,
): string {
  if (standing.pending !== null) {
    throw new RegistryError("pending_transfer", `${name} has a pending transfer and cannot be renewed now.`);
  }
  const seen = isoDate(input.currentExpiry);
  if (seen === null) throw new RegistryError("invalid_input", `"${input.currentExpiry}" is not a date.`);
  if (seen !== standing.expiresAt.slice(0, 10)) {
    throw new RegistryError(
      "invalid_state",
      `The current expiry of ${name} is ${standing.expiresAt.slice(0, 10)}, not ${seen}: it changed meanwhile.`,
    );
  }
  assertYears(input.years, 1, MAX_YEARS, "renewal");
  const most = maxRenewalYears(standing.expiresAt, at);
  if (input.years > most) {
    throw new RegistryError(
      "invalid_period",
      most === 0
        ? `${name} is already registered ${MAX_YEARS} years ahead; it cannot be renewed now.`
        : `${name} can be renewed for at most ${most} year${most === 1 ? "" : "s"}: a name is registered at most ${MAX_YEARS} years ahead.`,
    );
  }
  return addYears(standing.expiresAt, input.years);
}

/** A delete is allowed for a name held here, not already deleted, with no pending transfer. */
export function assertDeletable(standing: Standing, name: string): void {
  if (!standing.held) throw notHeldHere(name);
  if (standing.phase === "redemption" || standing.phase === "pending_delete") {
    throw new RegistryError("invalid_state", `${name} is already deleted.`);
  }
  if (standing.pending !== null) {
    throw new RegistryError("pending_transfer", `${name} has a pending transfer and cannot be deleted now.`);
  }
}

/** The expiry of a restored name (only one in redemption): one that had expired comes back renewed to its next anniversary ahead. */
export function restoredExpiry(standing: Standing, name: string, at: Date): string {
  if (!standing.held) throw notHeldHere(name);
  if (standing.phase !== "redemption") {
    throw new RegistryError(
      "invalid_state",
      standing.phase === "pending_delete"
        ? `${name} is pending deletion: it can no longer be restored.`
        : `${name} is not in redemption; only a name in redemption can be restored.`,
    );
  }
  const nowIso = at.toISOString();
  let expiresAt = standing.expiresAt;
  while (expiresAt <= nowIso) expiresAt = addYears(expiresAt, 1);
  return expiresAt;
}
