/**
 * The simulated registry (DESIGN §5): the default registry adapter, no network, no account.
 * A D1 ledger (migrations/0002_registry.sql) of names registered here and elsewhere, reserved
 * and premium names, transfers with auth codes, and the expiry lifecycle — all driven by the
 * injected clock, so reads need no cron job. Every change that touches more than one row is
 * one `db.batch()` (one transaction), guarded by the row's write token `rev`.
 */
import {
  MAX_CHECK_NAMES,
  MAX_YEARS,
  TRANSFER_AUTO_APPROVE_DAYS,
  TRANSFER_LOCK_DAYS,
  TRANSFER_YEARS,
  addDays,
  addYears,
  assertLabel,
  assertTld,
  assertYears,
  domainStatus,
  expiryAfterTransfer,
  isoDate,
  lifecycle,
  maxRenewalYears,
  normaliseNameservers,
  rolledExpiry,
  splitName,
  type LifecyclePhase,
} from "./lifecycle";
import {
  RegistryError,
  type RegistryAdapter,
  type RegistryCheck,
  type RegistryCreateInput,
  type RegistryDomainInfo,
  type RegistryRenewInput,
  type RegistryTransfer,
  type RegistryTransferInput,
} from "./types";

/** Our registrar's name in the ledger (the sponsor of names held here). */
export const SIMULATED_REGISTRAR = "Trinity Registrar";

/**
 * Fixed key of the simulated auth codes of names held elsewhere. Not a secret: it only exists
 * so that a tester can work out the code of any seeded name (see data/registry/README.md).
 */
const AUTH_CODE_KEY = "trinity simulated registry: auth codes v1";
const AUTH_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#";
const AUTH_CODE_LENGTH = 16;

/** The auth code the simulated registry expects for a name held elsewhere: HMAC-SHA256 of the name. */
export async function simulatedAuthCode(name: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(AUTH_CODE_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(name)));
  return encodeAuthCode(mac);
}

function randomAuthCode(): string {
  return encodeAuthCode(crypto.getRandomValues(new Uint8Array(AUTH_CODE_LENGTH)));
}

function encodeAuthCode(bytes: Uint8Array): string {
  // 64 symbols, so byte % 64 is unbiased.
  return Array.from(bytes.slice(0, AUTH_CODE_LENGTH), (byte) => AUTH_CODE_ALPHABET[byte % 64]).join("");
}

function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

// --- rows -----------------------------------------------------------------------------------------

interface DomainRow {
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
  rev: string;
  updated_at: string;
}

interface TransferRow {
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
interface Standing {
  row: DomainRow;
  held: boolean;
  expiresAt: string;
  phase: Exclude<LifecyclePhase, "released">;
  pending: TransferRow | null;
}

/** Columns a change may set (the SQL names come from this list only). */
type Changes = Partial<
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
  >
>;

export interface SimulatedRegistry extends RegistryAdapter {
  /**
   * Simulation only: another registrar asks for a name held here (with its auth code). The
   * transfer shows as `transfer_out_pending` until we approve or reject it, or the registry
   * approves it after 5 days.
   */
  requestTransferOut(input: { name: string; authCode: string; gainingRegistrar: string }): Promise<RegistryTransfer>;
}

export interface SimulatedRegistryOptions {
  /** Our registrar's name in the ledger; default SIMULATED_REGISTRAR. */
  registrarName?: string;
}

export function createSimulatedRegistry(
  db: D1Database,
  now: () => Date = () => new Date(),
  options: SimulatedRegistryOptions = {},
): SimulatedRegistry {
  const ourRegistrar = options.registrarName ?? SIMULATED_REGISTRAR;

  // --- reading ------------------------------------------------------------------------------------

  function stand(row: DomainRow, latest: TransferRow | null, at: Date): Standing | null {
    const held = row.held_here === 1;
    const expiresAt = held ? row.expires_at : rolledExpiry(row.expires_at, at);
    const phase = held ? lifecycle({ expiresAt, deletedAt: row.deleted_at }, at).phase : "registered";
    if (phase === "released") return null;
    return { row, held, expiresAt, phase, pending: latest?.status === "pending" ? latest : null };
  }

  /**
   * The row and latest transfer of a name, after letting the registry approve a transfer whose
   * 5 days ran out. `standing` is null when the name is not registered (or was released; `row`
   * then still holds the old row so create can replace it).
   */
  async function load(
    name: string,
  ): Promise<{ row: DomainRow | null; latest: TransferRow | null; standing: Standing | null; at: Date }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const at = now();
      const [domains, transfers] = await db.batch([
        db.prepare("SELECT * FROM registry_domains WHERE name = ?1").bind(name),
        db.prepare("SELECT * FROM registry_transfers WHERE name = ?1 ORDER BY id DESC LIMIT 1").bind(name),
      ]);
      if (!domains || !transfers) throw new Error("D1 batch: a statement has no result");
      const row = (domains.results as DomainRow[])[0] ?? null;
      const latest = (transfers.results as TransferRow[])[0] ?? null;
      if (row === null) return { row, latest, standing: null, at };
      if (latest?.status === "pending" && at.toISOString() >= latest.action_by) {
        // The registry approves on day 5 (serverApproved) and settles it as of that moment; a
        // name that meanwhile went into redemption cannot move (serverCancelled). Then reload.
        const when = new Date(latest.action_by);
        const standing = stand(row, latest, when);
        if (standing !== null && (standing.phase === "registered" || standing.phase === "grace_period")) {
          await settleApproved(standing, latest, "server", when);
        } else {
          await db
            .prepare(
              `UPDATE registry_transfers SET status = 'cancelled', resolved_by = 'server', resolved_at = ?1
                WHERE id = ?2 AND status = 'pending'`,
            )
            .bind(latest.action_by, latest.id)
            .run();
        }
        continue;
      }
      return { row, latest, standing: stand(row, latest, at), at };
    }
    throw conflict(name);
  }

  async function registered(name: string): Promise<{ standing: Standing; latest: TransferRow | null; at: Date }> {
    splitName(name);
    const { standing, latest, at } = await load(name);
    if (standing === null) throw new RegistryError("not_found", `${name} is not registered.`);
    return { standing, latest, at };
  }

  /** A name held here and not past the grace period (redemption and pending delete refuse). */
  async function heldHere(
    name: string,
    action: string,
  ): Promise<{ standing: Standing; latest: TransferRow | null; at: Date }> {
    const found = await registered(name);
    if (!found.standing.held) throw notHeldHere(name);
    if (found.standing.phase === "redemption" || found.standing.phase === "pending_delete") {
      throw new RegistryError(
        "invalid_state",
        found.standing.phase === "redemption"
          ? `${name} is in redemption: restore it before you ${action}.`
          : `${name} is pending deletion: it can no longer be changed.`,
      );
    }
    return found;
  }

  function toInfo(standing: Standing, at: Date): RegistryDomainInfo {
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
      nameservers: parseNameservers(row.nameservers),
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

  function toTransfer(transfer: TransferRow, standing: Standing | null, at: Date): RegistryTransfer {
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

  async function infoOf(name: string): Promise<RegistryDomainInfo> {
    const { standing, at } = await load(name);
    if (standing === null) throw new RegistryError("not_found", `${name} is not registered.`);
    return toInfo(standing, at);
  }

  async function transferOf(name: string): Promise<RegistryTransfer> {
    const { standing, latest, at } = await load(name);
    if (latest === null) throw new RegistryError("invalid_state", `${name} has no transfer.`);
    return toTransfer(latest, standing, at);
  }

  // --- writing ------------------------------------------------------------------------------------

  /** UPDATE of one ledger row, guarded by the write token it was read with. */
  function update(row: DomainRow, changes: Changes, rev: string, at: Date): D1PreparedStatement {
    const columns = Object.keys(changes) as (keyof Changes)[];
    const assignments = columns.map((column, index) => `${column} = ?${index + 1}`);
    const base = columns.length;
    return db
      .prepare(
        `UPDATE registry_domains SET ${[...assignments, `rev = ?${base + 1}`, `updated_at = ?${base + 2}`].join(", ")}
          WHERE name = ?${base + 3} AND rev = ?${base + 4}`,
      )
      .bind(...columns.map((column) => changes[column] ?? null), rev, at.toISOString(), row.name, row.rev);
  }

  /** Runs `statements` (the first one guarded by the row's token); false when someone else changed the row first. */
  async function commit(statements: D1PreparedStatement[], checked = 0): Promise<boolean> {
    const results = await db.batch(statements);
    return (results[checked]?.meta.changes ?? 0) === 1;
  }

  /** Load, decide, write; again from the start when the row changed in between. */
  async function change(name: string, attemptOnce: () => Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await attemptOnce()) return;
    }
    throw conflict(name);
  }

  /** Statement that applies only when this batch's own row update went through. */
  function afterRowChange(
    sql: string,
    name: string,
    rev: string,
    values: (string | number | null)[],
  ): D1PreparedStatement {
    const base = values.length;
    return db
      .prepare(`${sql} AND EXISTS (SELECT 1 FROM registry_domains WHERE name = ?${base + 1} AND rev = ?${base + 2})`)
      .bind(...values, name, rev);
  }

  async function settleApproved(
    standing: Standing,
    transfer: TransferRow,
    by: "client" | "server",
    at: Date,
  ): Promise<boolean> {
    const rev = crypto.randomUUID();
    const expiresAt = expiryAfterTransfer(standing.expiresAt, at);
    const when = at.toISOString();
    const moved: Changes =
      transfer.direction === "in"
        ? {
            registrar: ourRegistrar,
            held_here: 1,
            owner_id: transfer.owner_id,
            auth_code: randomAuthCode(),
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
    return commit([
      update(standing.row, moved, rev, at),
      afterRowChange(
        `UPDATE registry_transfers SET status = 'approved', resolved_by = ?1, resolved_at = ?2, expires_at = ?3
          WHERE id = ?4 AND status = 'pending'`,
        standing.row.name,
        rev,
        [by, when, expiresAt, transfer.id],
      ),
    ]);
  }

  async function settle(name: string, outcome: "approve" | "reject" | "cancel"): Promise<RegistryTransfer> {
    await change(name, async () => {
      const { standing, latest, at } = await registered(name);
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
      if (outcome === "approve") return settleApproved(standing, pending, "client", at);
      const rev = crypto.randomUUID();
      return commit([
        update(standing.row, {}, rev, at),
        afterRowChange(
          `UPDATE registry_transfers SET status = ?1, resolved_by = 'client', resolved_at = ?2 WHERE id = ?3 AND status = 'pending'`,
          name,
          rev,
          [outcome === "reject" ? "rejected" : "cancelled", at.toISOString(), pending.id],
        ),
      ]);
    });
    return transferOf(name);
  }

  /** The refusals a transfer request meets at the registry, in EPP's order: state, policy, lock, auth code. */
  async function assertTransferable(standing: Standing, authCode: string, at: Date): Promise<void> {
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

  function insertTransfer(
    standing: Standing,
    rev: string,
    at: Date,
    transfer: { direction: "in" | "out"; gaining: string; losing: string; ownerId: string | null },
  ): D1PreparedStatement {
    return afterRowChange(
      `INSERT INTO registry_transfers
         (name, direction, status, gaining_registrar, losing_registrar, owner_id, years, requested_at, action_by)
       SELECT ?1, ?2, 'pending', ?3, ?4, ?5, ?6, ?7, ?8
        WHERE NOT EXISTS (SELECT 1 FROM registry_transfers WHERE name = ?1 AND status = 'pending')`,
      standing.row.name,
      rev,
      [
        standing.row.name,
        transfer.direction,
        transfer.gaining,
        transfer.losing,
        transfer.ownerId,
        TRANSFER_YEARS,
        at.toISOString(),
        addDays(at.toISOString(), TRANSFER_AUTO_APPROVE_DAYS),
      ],
    );
  }

  // --- availability ---------------------------------------------------------------------------------

  interface LedgerHit {
    name: string;
    held_here: 0 | 1;
    expires_at: string;
    deleted_at: string | null;
  }

  function isRegistered(hit: LedgerHit | undefined, at: Date): boolean {
    if (hit === undefined) return false;
    if (hit.held_here === 0) return true;
    return lifecycle({ expiresAt: hit.expires_at, deletedAt: hit.deleted_at }, at).phase !== "released";
  }

  function answer(
    name: string,
    facts: {
      supported: boolean;
      reserved: boolean;
      hit: LedgerHit | undefined;
      premium: { price_cents: number; renewal_cents: number | null } | undefined;
    },
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

  async function availableOrThrow(name: string): Promise<{ row: DomainRow | null; maxYears: number; at: Date }> {
    const { label, tld } = splitName(name);
    const [catalogue, reserved] = await db.batch([
      db.prepare("SELECT max_years FROM tlds WHERE tld = ?1").bind(tld),
      db
        .prepare("SELECT 1 AS hit FROM registry_reserved WHERE label = ?1 AND tld IN (?2, '*') LIMIT 1")
        .bind(label, tld),
    ]);
    if (!catalogue || !reserved) throw new Error("D1 batch: a statement has no result");
    const extension = (catalogue.results as { max_years: number }[])[0];
    if (extension === undefined) throw new RegistryError("not_available", `.${tld} is not an extension we offer.`);
    if (reserved.results.length > 0) throw new RegistryError("not_available", `${name} is reserved by the registry.`);
    const { row, standing, at } = await load(name);
    if (standing !== null) throw new RegistryError("not_available", `${name} is already registered.`);
    return { row, maxYears: Math.min(MAX_YEARS, extension.max_years), at };
  }

  // --- the port -------------------------------------------------------------------------------------

  return {
    async check(names) {
      if (names.length > MAX_CHECK_NAMES) {
        throw new RegistryError("invalid_input", `At most ${MAX_CHECK_NAMES} names can be checked at once.`);
      }
      if (names.length === 0) return [];
      const parsed = names.map((name) => ({ name, ...splitName(name) }));
      const json = (values: string[]) => JSON.stringify([...new Set(values)]);
      const at = now();
      const [domains, reserved, premium, catalogue] = await db.batch([
        db
          .prepare(
            "SELECT name, held_here, expires_at, deleted_at FROM registry_domains WHERE name IN (SELECT value FROM json_each(?1))",
          )
          .bind(json(names)),
        db
          .prepare("SELECT label, tld FROM registry_reserved WHERE label IN (SELECT value FROM json_each(?1))")
          .bind(json(parsed.map((entry) => entry.label))),
        db
          .prepare(
            "SELECT name, price_cents, renewal_cents FROM registry_premium WHERE name IN (SELECT value FROM json_each(?1))",
          )
          .bind(json(names)),
        db.prepare(UNSUPPORTED_TLDS_SQL).bind(json(parsed.map((entry) => entry.tld))),
      ]);
      if (!domains || !reserved || !premium || !catalogue) throw new Error("D1 batch: a statement has no result");
      const hits = new Map((domains.results as LedgerHit[]).map((hit) => [hit.name, hit]));
      const reservedSet = new Set(
        (reserved.results as { label: string; tld: string }[]).map((r) => `${r.label}.${r.tld}`),
      );
      const prices = new Map(
        (premium.results as { name: string; price_cents: number; renewal_cents: number | null }[]).map((p) => [
          p.name,
          p,
        ]),
      );
      const unsupported = new Set((catalogue.results as { tld: string }[]).map((row) => row.tld));
      return parsed.map(({ name, label, tld }) =>
        answer(
          name,
          {
            supported: !unsupported.has(tld),
            reserved: reservedSet.has(`${label}.${tld}`) || reservedSet.has(`${label}.*`),
            hit: hits.get(name),
            premium: prices.get(name),
          },
          at,
        ),
      );
    },

    async checkLabel(label, tlds) {
      assertLabel(label);
      tlds.forEach(assertTld);
      if (tlds.length === 0) return [];
      const at = now();
      // One round trip: four statements, three index lookups on the label and one probe of the
      // catalogue's key per extension that returns only the unsupported ones.
      const [domains, reserved, premium, catalogue] = await db.batch([
        db
          .prepare("SELECT name, tld, held_here, expires_at, deleted_at FROM registry_domains WHERE label = ?1")
          .bind(label),
        db.prepare("SELECT tld FROM registry_reserved WHERE label = ?1").bind(label),
        db.prepare("SELECT tld, price_cents, renewal_cents FROM registry_premium WHERE label = ?1").bind(label),
        db.prepare(UNSUPPORTED_TLDS_SQL).bind(JSON.stringify([...new Set(tlds)])),
      ]);
      if (!domains || !reserved || !premium || !catalogue) throw new Error("D1 batch: a statement has no result");
      const hits = new Map((domains.results as (LedgerHit & { tld: string })[]).map((hit) => [hit.tld, hit]));
      const reservedTlds = new Set((reserved.results as { tld: string }[]).map((row) => row.tld));
      const prices = new Map(
        (premium.results as { tld: string; price_cents: number; renewal_cents: number | null }[]).map((p) => [
          p.tld,
          p,
        ]),
      );
      const unsupported = new Set((catalogue.results as { tld: string }[]).map((row) => row.tld));
      return tlds.map((tld) =>
        answer(
          `${label}.${tld}`,
          {
            supported: !unsupported.has(tld),
            reserved: reservedTlds.has(tld) || reservedTlds.has("*"),
            hit: hits.get(tld),
            premium: prices.get(tld),
          },
          at,
        ),
      );
    },

    async info(name) {
      splitName(name);
      const { standing, at } = await load(name);
      return standing === null ? null : toInfo(standing, at);
    },

    async create(input: RegistryCreateInput) {
      const { name } = input;
      const { label, tld } = splitName(name);
      if (typeof input.ownerId !== "string" || input.ownerId === "") {
        throw new RegistryError("invalid_input", "A registration needs the owner's id.");
      }
      const nameservers = normaliseNameservers(input.nameservers ?? [], true);
      await change(name, async () => {
        const { row, maxYears, at } = await availableOrThrow(name);
        assertYears(input.years, 1, maxYears, "registration");
        const when = at.toISOString();
        const rev = crypto.randomUUID();
        const statements: D1PreparedStatement[] = [];
        if (row !== null) {
          // The old registration ran through its lifecycle: it goes, with its transfer history.
          statements.push(db.prepare("DELETE FROM registry_domains WHERE name = ?1 AND rev = ?2").bind(name, row.rev));
        }
        statements.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO registry_domains
                 (name, label, tld, status, registrar, created_at, expires_at, locked, transferable, held_here,
                  owner_id, auth_code, nameservers, rev, updated_at)
               VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, 1, 1, ?8, ?9, ?10, ?11, ?5)`,
            )
            .bind(
              name,
              label,
              tld,
              ourRegistrar,
              when,
              addYears(when, input.years),
              input.locked === false ? 0 : 1,
              input.ownerId,
              randomAuthCode(),
              JSON.stringify(nameservers),
              rev,
            ),
          afterRowChange("DELETE FROM registry_transfers WHERE name = ?1", name, rev, [name]),
        );
        return commit(statements, row === null ? 0 : 1);
      });
      return infoOf(name);
    },

    async renew(input: RegistryRenewInput) {
      const { name } = input;
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "renew it");
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
        const rev = crypto.randomUUID();
        return commit([update(standing.row, { expires_at: addYears(standing.expiresAt, input.years) }, rev, at)]);
      });
      return infoOf(name);
    },

    async transferRequest(input: RegistryTransferInput) {
      const { name } = input;
      assertYears(input.years, TRANSFER_YEARS, TRANSFER_YEARS, "transfer");
      if (typeof input.ownerId !== "string" || input.ownerId === "") {
        throw new RegistryError("invalid_input", "A transfer needs the owner's id.");
      }
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (standing.held) throw new RegistryError("already_held_here", `${name} is already registered with us.`);
        await assertTransferable(standing, input.authCode, at);
        const rev = crypto.randomUUID();
        return commit([
          update(standing.row, {}, rev, at),
          insertTransfer(standing, rev, at, {
            direction: "in",
            gaining: ourRegistrar,
            losing: standing.row.registrar,
            ownerId: input.ownerId,
          }),
        ]);
      });
      return transferOf(name);
    },

    async requestTransferOut(input) {
      const { name } = input;
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (!standing.held) throw notHeldHere(name);
        await assertTransferable(standing, input.authCode, at);
        const rev = crypto.randomUUID();
        return commit([
          update(standing.row, {}, rev, at),
          insertTransfer(standing, rev, at, {
            direction: "out",
            gaining: input.gainingRegistrar,
            losing: ourRegistrar,
            ownerId: null,
          }),
        ]);
      });
      return transferOf(name);
    },

    async transferQuery(name) {
      splitName(name);
      const { standing, latest, at } = await load(name);
      return latest === null ? null : toTransfer(latest, standing, at);
    },

    transferApprove(name) {
      return settle(name, "approve");
    },

    transferReject(name) {
      return settle(name, "reject");
    },

    transferCancel(name) {
      return settle(name, "cancel");
    },

    async setLock(name, locked) {
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "change its lock");
        if ((standing.row.locked === 1) === locked) return true;
        return commit([update(standing.row, { locked: locked ? 1 : 0 }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async setNameservers(name, nameservers) {
      const hosts = normaliseNameservers(nameservers);
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "change its nameservers");
        return commit([update(standing.row, { nameservers: JSON.stringify(hosts) }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async getAuthCode(name) {
      const { standing } = await heldHere(name, "transfer it");
      if (standing.row.auth_code === null) throw notHeldHere(name);
      return standing.row.auth_code;
    },

    async delete(name) {
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (!standing.held) throw notHeldHere(name);
        if (standing.phase === "redemption" || standing.phase === "pending_delete") {
          throw new RegistryError("invalid_state", `${name} is already deleted.`);
        }
        if (standing.pending !== null) {
          throw new RegistryError("pending_transfer", `${name} has a pending transfer and cannot be deleted now.`);
        }
        return commit([update(standing.row, { deleted_at: at.toISOString() }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async restore(name) {
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (!standing.held) throw notHeldHere(name);
        if (standing.phase !== "redemption") {
          throw new RegistryError(
            "invalid_state",
            standing.phase === "pending_delete"
              ? `${name} is pending deletion: it can no longer be restored.`
              : `${name} is not in redemption; only a name in redemption can be restored.`,
          );
        }
        // A restored name that had expired comes back renewed to its next anniversary ahead.
        const nowIso = at.toISOString();
        let expiresAt = standing.expiresAt;
        while (expiresAt <= nowIso) expiresAt = addYears(expiresAt, 1);
        return commit([update(standing.row, { deleted_at: null, expires_at: expiresAt }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },
  };
}

/** The extensions of a JSON array that are not in the catalogue: usually none, so nothing to send back. */
const UNSUPPORTED_TLDS_SQL =
  "SELECT DISTINCT value AS tld FROM json_each(?1) WHERE value NOT IN (SELECT tld FROM tlds)";

function parseNameservers(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((host): host is string => typeof host === "string") : [];
}

function notHeldHere(name: string): RegistryError {
  return new RegistryError("not_held_here", `${name} is registered with another registrar.`);
}

function conflict(name: string): RegistryError {
  return new RegistryError("invalid_state", `${name} changed while we were updating it; please try again.`);
}
